"""The app under gunicorn (2 sync workers) on a free local port, for wrk and the load driver."""

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

WORKERS = 2


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise CommandError("gunicorn did not start")


@contextmanager
def gunicorn():
    """Yield the port of a gunicorn serving the app on this database; stop it afterwards."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
    }
    command = [sys.executable, "-m", "gunicorn", "tonk_tracker.wsgi", "-w", str(WORKERS)]
    command += ["-b", f"127.0.0.1:{port}", "--backlog", "4096", "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=Path(settings.BASE_DIR), env=env, start_new_session=True)
    try:
        wait_for(port)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
