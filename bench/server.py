"""Servers a check starts on this machine: the app under gunicorn on a free local port (for
wrk, the load driver, the proxy tests and the two-host check), the doorbell that pushes its
events, and Caddy in front of them."""

import os
import random
import runpy
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.core.management.base import CommandError

WORKERS = 2
ROOT = Path(settings.BASE_DIR)


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port(host: str = "127.0.0.1", kind: int = socket.SOCK_STREAM) -> int:
    """A port free now, for a server started a moment later. Taken below the kernel's
    ephemeral range: a port the kernel hands out (bind to 0) is also what the next outgoing
    connection of a browser or a database client may take before the server binds it."""
    top = _ephemeral_start()
    for _ in range(200):
        port = random.randrange(max(1024, top - 12000), top)
        with socket.socket(socket.AF_INET, kind) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    raise CommandError("no free port below the ephemeral range")


def wait_for(
    port: int,
    seconds: float = 20,
    host: str = "127.0.0.1",
    what="gunicorn",
    process: subprocess.Popen | None = None,
) -> None:
    """Until something listens on ``port``; a ``process`` that exits first fails at once."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise CommandError(f"{what} exited with {process.returncode} before it listened")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise CommandError(f"{what} did not start")


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop a server started in a session of its own, with all its workers."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    process.wait(timeout=20)


CONFIG = ROOT / "deploy" / "gunicorn.conf.py"


@contextmanager
def gunicorn_process(
    host: str = "127.0.0.1", env: dict[str, str] | None = None, workers: int | None = WORKERS
) -> Iterator[tuple[subprocess.Popen, int]]:
    """A gunicorn serving the app with the deploy's configuration (the process and its port);
    stopped afterwards. ``workers`` None keeps the configuration's count; ``env`` may set
    its other knobs (TONK_WORKER_CLASS, TONK_THREADS)."""
    port = free_port(host)
    environ = {
        **os.environ,
        "DJANGO_ALLOWED_HOSTS": host,
        "DJANGO_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "TONK_BIND": f"{host}:{port}",
        "TONK_ACCESS_LOG": "",  # a line per request would be the benchmark's own cost
        **({"TONK_WORKERS": str(workers)} if workers else {}),
        **(env or {}),
    }
    command = [sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=environ, start_new_session=True)
    try:
        wait_for(port, host=host, process=server)
        yield server, port
    finally:
        stop(server)


def configured(env: dict[str, str] | None = None) -> str:
    """What ``deploy/gunicorn.conf.py`` starts on this machine (with ``env``'s changes)."""
    with mock.patch.dict(os.environ, env or {}):
        config = runpy.run_path(str(CONFIG))
    threads = f" x {config['threads']} threads" if config["worker_class"] == "gthread" else ""
    return f"gunicorn, {config['workers']} {config['worker_class']} workers{threads}"


@contextmanager
def gunicorn(workers: int | None = WORKERS, env: dict[str, str] | None = None) -> Iterator[int]:
    """The port of a gunicorn serving the app on this database, for the benchmarks."""
    with gunicorn_process(workers=workers, env=env) as (_, port):
        yield port


@dataclass
class Events:
    """A doorbell started for a check: its process, its port and the app's settings for it."""

    process: subprocess.Popen
    host: str
    port: int
    env: dict[str, str]  # what gunicorn needs to ring it
    command: list[str]
    environ: dict[str, str]

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command, cwd=ROOT, env=self.environ, start_new_session=True
        )
        wait_for(self.port, host=self.host, what="the doorbell", process=self.process)

    def restart(self) -> None:
        """Stopped (every stream hung up at once) and started again on the same ports."""
        stop(self.process)
        self.start()


@contextmanager
def doorbell(host: str = "127.0.0.1", env: dict[str, str] | None = None) -> Iterator[Events]:
    """The events process as ``deploy/doorbell.sh`` starts it, on free ports (its streams
    and its UDP bus), in a session of its own; stopped afterwards. ``env`` adds to its
    settings (``EVENTS_MAX_PER_VISITOR``: a driver's phones all come from one address)."""
    port, bus = free_port(host), f"udp://{host}:{free_port(host)}"
    environ = {**os.environ, "EVENTS_BUS": bus, **(env or {})}
    command = [sys.executable, "-m", "ledger.doorbell.serve", f"{host}:{port}"]
    app_env = {"EVENTS_URL": "/events/", "EVENTS_BUS": bus}
    events = Events(None, host, port, app_env, command, environ)  # type: ignore[arg-type]
    events.start()
    try:
        yield events
    finally:
        stop(events.process)


@contextmanager
def caddy(
    caddyfile: str, home: Path, port: int, env: dict[str, str] | None = None
) -> Iterator[Path]:
    """Debian's Caddy running ``caddyfile``, its data (the internal CA) under ``home``;
    yields the internal CA's root certificate, which clients trust."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "Caddyfile").write_text(caddyfile)
    env = {**os.environ, **(env or {}), "HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    env["XDG_CONFIG_HOME"] = str(home / "config")
    command = ["caddy", "run", "--adapter", "caddyfile", "--config", str(home / "Caddyfile")]
    with open(home / "caddy.log", "w") as log:
        proxy = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            try:
                wait_for(port, what="Caddy", process=proxy)
            except CommandError as error:
                raise CommandError(
                    f"{error}; its log:\n{(home / 'caddy.log').read_text()}"
                ) from error
            yield home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        finally:
            stop(proxy)
