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


def table_env(folder: Path, **ports: int | str) -> dict[str, str]:
    """``make table``'s environment: its own database and folder, the given ports."""
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "TONK_"))},
        "PY": sys.executable,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "TONK_ADDRESS": ADDRESS,
        "TONK_TABLE_DIR": str(folder / "table"),
        "TONK_WORKERS": "1",
        **{f"TONK_{name.upper()}": str(value) for name, value in ports.items()},
    }


def start_table(folder: Path, **ports: int | str) -> tuple[subprocess.Popen, Path]:
    folder.mkdir(exist_ok=True)
    out = folder / "out"
    with open(out, "w") as written:
        table = subprocess.Popen(
            ["sh", "deploy/table.sh"],
            cwd=ROOT,
            env=table_env(folder, **ports),
            stdout=written,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return table, out


def until_ready(table: subprocess.Popen, out: Path) -> str:
    deadline = time.monotonic() + 90
    while "Then every night" not in out.read_text():
        assert table.poll() is None, out.read_text()
        assert time.monotonic() < deadline, out.read_text()
        time.sleep(0.2)
    return out.read_text()


def stop(table: subprocess.Popen) -> None:
    if table.poll() is None:
        os.killpg(table.pid, signal.SIGTERM)
    table.wait(timeout=30)


def trusted_by_its_certificate(http_port: int) -> ssl.SSLContext:
    certificate = urllib.request.urlopen(f"http://{ADDRESS}:{http_port}/tonk-tracker-ca.crt")
    return ssl.create_default_context(cadata=certificate.read().decode())


def test_make_table_serves_the_phones_over_https_with_a_certificate_to_install(tmp_path):
    http_port, https_port, app_port = (server.free_port() for _ in range(3))
    table, out = start_table(
        tmp_path,
        http_port=http_port,
        https_port=https_port,
        bind=f"127.0.0.1:{app_port}",
        events_bind=f"127.0.0.1:{server.free_port()}",
        bus_port=server.free_port(),
    )
    try:
        said = until_ready(table, out)
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
        stop(table)


def test_a_second_table_on_the_laptop_gets_its_own_ports_or_is_told_which_to_give(tmp_path):
    """Two at once, given only the phones' ports: each serves its own app and streams (the
    laptop's own ports, Caddy's admin and gunicorn's control socket never clash). A third
    on a phone port already taken stops at once and says what to type."""
    ports = [(server.free_port(), server.free_port()) for _ in range(2)]
    tables = []
    try:
        for i, (http, https) in enumerate(ports):  # the second once the first is serving
            table, out = start_table(tmp_path / f"table-{i}", http_port=http, https_port=https)
            tables.append((table, out))
            until_ready(table, out)
            trusted = trusted_by_its_certificate(http)
            page = urllib.request.urlopen(
                f"https://{ADDRESS}:{https}/accounts/login/", context=trusted, timeout=10
            )
            assert "Log in" in page.read().decode()
            events = f"https://{ADDRESS}:{https}/events/health"
            assert urllib.request.urlopen(events, context=trusted, timeout=10).status == 200
        third, out = start_table(
            tmp_path / "table-3", http_port=server.free_port(), https_port=ports[0][1]
        )
        assert third.wait(timeout=30) != 0
        said = out.read_text()
        assert f"TONK_HTTPS_PORT={ports[0][1]}" in said
        assert "TONK_HTTP_PORT=8081 TONK_HTTPS_PORT=8444 make table" in said
        assert all(table.poll() is None for table, _ in tables)  # the others still serve
    finally:
        for table, _ in tables:
            stop(table)
