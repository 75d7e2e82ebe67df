"""The app as deployed: gunicorn with production settings behind the real Caddy
(deploy/Caddyfile), on loopback with Caddy's internal CA and a test host name."""

import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from urllib.parse import urlencode

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from bench import server
from ledger.doorbell import tokens
from tests.doorbell import serving

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not shutil.which("caddy") and os.environ.get("CI") != "true",
        reason="needs Debian's caddy (make test installs it as root)",
    ),
]
HOST = "tonk.test"
PASSWORD = "a long enough password 7"
KEY = "through-caddy-test-key-0123456789-abcdefghijklmnopqrstuvwxyz"


def database_url() -> str:
    """The test database, for a server in another process to share."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Proxy:
    """Requests to Caddy by the test host name, from a chosen loopback address."""

    def __init__(self, https_port: int, http_port: int, root_ca):
        self.https_port, self.http_port = https_port, http_port
        self.tls = ssl.create_default_context(cafile=str(root_ca))
        self.origin = f"https://{HOST}:{https_port}"

    def ask(self, method, path, *, secure=True, source="127.0.0.1", headers=None, body=None):
        port = self.https_port if secure else self.http_port
        sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        if secure:
            sock = self.tls.wrap_socket(sock, server_hostname=HOST)
        link = http.client.HTTPConnection(HOST, port)
        link.sock = sock
        link.request(method, path, body=body, headers=headers or {})
        answer = link.getresponse()
        answer.body = answer.read()
        answer.text = answer.body.decode(errors="replace")
        link.close()
        return answer

    def wait_until_ready(self, seconds: float = 30) -> None:
        """Caddy listens before it has issued the host's certificate (a handshake then ends
        in an internal-error alert) and before its first health check saw the app (a 503):
        wait, as a phone's first request would not."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                if self.ask("GET", "/healthz").status == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            assert time.monotonic() < deadline, "Caddy did not serve the app over HTTPS"
            time.sleep(0.2)

    def log_in(self, name, password, *, source="127.0.0.1", origin=None):
        """A login as the browser posts it: the form's token, its cookie, the page's Origin."""
        page = self.ask("GET", "/accounts/login/", source=source)
        cookie = re.search(r"csrftoken=([^;]+)", page.getheader("Set-Cookie"))[1]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
        form = {"csrfmiddlewaretoken": token, "username": name, "password": password}
        headers = {
            "Cookie": f"csrftoken={cookie}",
            "Origin": origin or self.origin,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        return self.ask(
            "POST", "/accounts/login/", source=source, headers=headers, body=urlencode(form)
        )


@pytest.fixture
def proxy(tmp_path, django_user_model):
    # Hashed as the server hashes (the tests' own hasher is a faster one it does not know).
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "through-caddy", iterations=1000)
    django_user_model.objects.create(username="croaker", password=hashed)
    static = tmp_path / "static"
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": "tonk_tracker.storage.StaticFiles"}}
    with override_settings(STATIC_ROOT=static, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    https_port, http_port = server.free_port(), server.free_port()
    env = {
        "DATABASE_URL": database_url(),
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": KEY,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_CSRF_TRUSTED_ORIGINS": f"https://{HOST}:{https_port}",
        "DJANGO_BEHIND_PROXY": "1",
        "DJANGO_SSL_REDIRECT": "1",
        "DJANGO_SECURE_COOKIES": "1",
        "DJANGO_COLLECTED_STATIC": "1",
        "DJANGO_STATIC_ROOT": str(static),
    }
    events_bus = f"udp://127.0.0.1:{serving.free_port(kind=socket.SOCK_DGRAM)}"
    env |= {"EVENTS_URL": "/events/", "EVENTS_BUS": events_bus}
    doorbell = serving.doorbell(DJANGO_SECRET_KEY=KEY, EVENTS_BUS=events_bus)
    with server.gunicorn_process(env=env, workers=1) as (_, app_port), doorbell as events:
        options = ["local_certs", "skip_install_trust", "admin off", "default_bind 127.0.0.1"]
        options += [f"http_port {http_port}", f"https_port {https_port}"]
        caddy_env = {
            "TONK_DOMAIN": HOST,
            "TONK_APP_HOSTS": f"127.0.0.1:{app_port}",
            "TONK_EVENTS_HOSTS": events.url.split("/")[2],
            "TONK_CADDY_OPTIONS": "\n".join(options),
        }
        caddyfile = (settings.BASE_DIR / "deploy" / "Caddyfile").read_text()
        with server.caddy(caddyfile, tmp_path / "caddy", https_port, caddy_env) as root_ca:
            proxy = Proxy(https_port, http_port, root_ca)
            proxy.events_bus = events_bus
            proxy.wait_until_ready()
            yield proxy


def test_pages_come_over_https_and_plain_http_is_redirected(proxy):
    page = proxy.ask("GET", "/accounts/login/")
    assert page.status == 200
    assert "Log in" in page.text
    assert page.getheader("Strict-Transport-Security").startswith("max-age=31536000")
    assert "Secure" in page.getheader("Set-Cookie")
    plain = proxy.ask("GET", "/accounts/login/?next=/", secure=False)
    assert plain.status in (301, 308)
    # Caddy 2.6 leaves a non-standard https port out of its redirect; a server's is 443.
    location = plain.getheader("Location").replace(f":{proxy.https_port}", "")
    assert location == f"https://{HOST}/accounts/login/?next=/"


def test_static_files_are_served_hashed_and_compressed(proxy):
    page = proxy.ask("GET", "/accounts/login/")
    css = re.search(r'href="(/static/ledger/app\.[0-9a-f]{12}\.css)"', page.text)[1]
    answer = proxy.ask("GET", css, headers={"Accept-Encoding": "gzip"})
    assert answer.status == 200
    assert answer.getheader("Content-Type").startswith("text/css")
    assert "immutable" in answer.getheader("Cache-Control")
    assert answer.getheader("Content-Encoding") == "gzip"


def test_the_lock_out_counts_the_clients_address_not_the_proxys(proxy):
    tries = [proxy.log_in("croaker", "wrong", source="127.0.0.2") for _ in range(5)]
    assert [answer.status for answer in tries] == [200, 200, 200, 200, 429]
    assert AccessAttempt.objects.get().ip_address == "127.0.0.2"
    assert proxy.log_in("croaker", PASSWORD, source="127.0.0.2").status == 429
    # Another phone behind the same proxy still logs in with that name.
    elsewhere = proxy.log_in("croaker", PASSWORD, source="127.0.0.3")
    assert elsewhere.status == 302


def test_csrf_is_accepted_for_the_configured_origin_and_refused_for_another(proxy):
    assert proxy.log_in("croaker", PASSWORD).status == 302
    refused = proxy.log_in("croaker", PASSWORD, origin="https://evil.test")
    assert refused.status == 403


def test_healthz_answers_through_the_proxy_and_to_its_checks(proxy):
    answer = proxy.ask("GET", "/healthz")
    assert (answer.status, answer.text) == (200, "ok\n")


def test_a_ring_comes_through_the_proxy_at_once_and_uncompressed(proxy):
    sock = socket.create_connection(("127.0.0.1", proxy.https_port), timeout=10)
    link = http.client.HTTPConnection(HOST, proxy.https_port, timeout=10)
    link.sock = proxy.tls.wrap_socket(sock, server_hostname=HOST)
    link.request("GET", f"/events/{tokens.issue(KEY, 5, 1)}", headers={"Accept-Encoding": "gzip"})
    stream = serving.Stream(link, link.getresponse())
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Encoding") is None
        stream.next_event("hb")
        # The doorbell may hear of the stream a moment after its first bytes went out.
        deadline = time.monotonic() + 5
        while proxy.ask("GET", "/events/health").text.find('"streams": 1') < 0:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        sent = time.monotonic()
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            sender.sendto(b"n5 9", ("127.0.0.1", int(proxy.events_bus.rsplit(":", 1)[1])))
        assert stream.next_event()["data"] == "n5 9"
        assert time.monotonic() - sent < 0.5  # not held back by a buffer or an encoder
    finally:
        link.close()


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.table"])
def test_the_deploy_configurations_are_valid_caddy(name, tmp_path):
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "TONK_DOMAIN": "tonk.example.org",
        "TONK_ADDRESS": "192.168.1.20",
        "TONK_CA_DIR": str(tmp_path),
        "TONK_WELCOME_DIR": str(settings.BASE_DIR / "deploy" / "table"),
    }
    path = settings.BASE_DIR / "deploy" / name
    done = subprocess.run(
        ["caddy", "adapt", "--validate", "--adapter", "caddyfile", "--config", str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
