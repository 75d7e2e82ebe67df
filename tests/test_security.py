"""CSRF, login rate limiting, security headers and the production settings check."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import Hand, League
from tests.commands import run_manage_py

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent


def test_a_post_without_a_csrf_token_is_refused(owner, night, players):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    url = reverse("ledger:hand_record", args=[night.season.league.slug, night.pk, "dead"])
    data = {"key": "k", "dealer": players["Elmo"].pk}
    assert client.post(url, data).status_code == 403
    assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 403
    assert (
        client.post(
            "/",
            {
                "name": "Sneaky",
                "unit": "$",
                "decimal_places": 2,
                "preset": "pagat",
                "default_stake": "1",
            },
        ).status_code
        == 403
    )
    assert not Hand.objects.exists()
    assert League.objects.count() == 1


def test_the_csrf_token_travels_in_an_htmx_header(owner, night):
    client = Client()
    client.force_login(owner)
    page = client.get(
        reverse("ledger:night", args=[night.season.league.slug, night.pk])
    ).content.decode()
    assert 'hx-headers=\'{"x-csrftoken": "' in page


def test_five_failed_logins_lock_the_account_out(owner):
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": "croaker", "password": "wrong"})
    locked = client.post(
        reverse("login"), {"username": "croaker", "password": "a-long-pass-phrase"}
    )
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_good_login_works(owner):
    client = Client()
    response = client.post(
        reverse("login"), {"username": "croaker", "password": "a-long-pass-phrase"}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(owner.pk)


def test_signing_up_logs_you_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "elmo",
            "password1": "a-long-pass-phrase-1",
            "password2": "a-long-pass-phrase-1",
        },
    )
    assert response["Location"] == reverse("ledger:home")
    assert "Your leagues" in client.get("/").content.decode()


def test_pages_send_the_security_headers(client):
    response = client.get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "style-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp


PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "a-real-secret-of-sufficient-length-0123456789-abcdefghijklmnopqrstuvwxyz",
    "DJANGO_ALLOWED_HOSTS": "tonk.example.org",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return run_manage_py(*args, **env)


def test_the_deploy_check_passes_with_production_settings():
    run = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert run.returncode == 0, run.stderr + run.stdout


def python(code: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")} | env
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environ,
        timeout=60,
    )


@pytest.mark.parametrize("entry", ["wsgi", "asgi"])
def test_the_app_refuses_to_serve_without_a_secret_key(entry):
    run = python(f"import tonk_tracker.{entry}", DJANGO_DEBUG="0")
    assert run.returncode != 0
    assert "DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off" in run.stderr
    assert (
        python(
            f"import tonk_tracker.{entry}", DJANGO_DEBUG="0", **{"DJANGO_SECRET_KEY": "x" * 60}
        ).returncode
        == 0
    )


def test_the_deploy_check_fails_with_the_development_key():
    run = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        DJANGO_ALLOWED_HOSTS="tonk.example.org",
    )
    assert run.returncode != 0
    assert "security.W009" in run.stderr + run.stdout


def test_command_line_tools_run_without_a_secret_key():
    run = manage("check", DJANGO_DEBUG="0")
    assert run.returncode == 0, run.stderr


def test_make_run_defaults_need_no_secret():
    assert manage("check", DJANGO_DEBUG="1").returncode == 0
