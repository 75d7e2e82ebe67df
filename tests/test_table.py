"""`make table` as a person at a table runs it: the laptop's address over HTTPS with Caddy's
internal CA, and a plain-http page that hands the phones the certificate."""

import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench import server

ROOT = Path(__file__).resolve().parent.parent


def wifi_address() -> str | None:
    """This machine's address on its network, as table.sh finds it (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


ADDRESS = wifi_address()
pytestmark = pytest.mark.skipif(
    not ADDRESS or (not shutil.which("caddy") and os.environ.get("CI") != "true"),
    reason="needs a network address and Debian's caddy",
)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_make_table_serves_the_phones_over_https_with_a_certificate_to_install(tmp_path):
    http_port, https_port, app_port = (server.free_port() for _ in range(3))
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "PY": sys.executable,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "TONK_ADDRESS": ADDRESS,
        "TONK_HTTP_PORT": str(http_port),
        "TONK_HTTPS_PORT": str(https_port),
        "TONK_BIND": f"127.0.0.1:{app_port}",
        "TONK_EVENTS_BIND": f"127.0.0.1:{server.free_port()}",
        "TONK_BUS_PORT": str(server.free_port()),
        "TONK_TABLE_DIR": str(tmp_path / "table"),
        "TONK_WORKERS": "1",
        "TONK_CADDY_OPTIONS": "admin off",
    }
    with open(tmp_path / "out", "w") as out:
        table = subprocess.Popen(
            ["sh", "deploy/table.sh"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 90
        while "Then every night" not in (tmp_path / "out").read_text():
            assert table.poll() is None, (tmp_path / "out").read_text()
            assert time.monotonic() < deadline, (tmp_path / "out").read_text()
            time.sleep(0.2)
        said = (tmp_path / "out").read_text()
        assert f"http://{ADDRESS}:{http_port}/" in said
        assert f"https://{ADDRESS}:{https_port}/" in said

        plain = f"http://{ADDRESS}:{http_port}"
        welcome = urllib.request.urlopen(f"{plain}/", timeout=10).read().decode()
        assert "Get the table's certificate" in welcome
        assert f'href="https://{ADDRESS}:{https_port}/"' in welcome
        certificate = urllib.request.urlopen(f"{plain}/tonk-tracker-ca.crt", timeout=10)
        assert certificate.headers["Content-Type"] == "application/x-x509-ca-cert"
        trusted = ssl.create_default_context(cadata=certificate.read().decode())

        page = urllib.request.urlopen(
            f"https://{ADDRESS}:{https_port}/accounts/login/", context=trusted, timeout=10
        )
        assert "Log in" in page.read().decode()
        events = f"https://{ADDRESS}:{https_port}/events/health"
        assert urllib.request.urlopen(events, context=trusted, timeout=10).status == 200
        assert page.headers["Strict-Transport-Security"]
        with pytest.raises(urllib.error.HTTPError) as moved:
            urllib.request.build_opener(NoRedirect).open(f"{plain}/accounts/login/", timeout=10)
        assert moved.value.headers["Location"] == f"https://{ADDRESS}:{https_port}/accounts/login/"
    finally:
        os.killpg(table.pid, signal.SIGTERM)
        table.wait(timeout=30)
