"""A real doorbell under uvicorn in a thread, and a reader of its event streams."""

import http.client
import json
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from bench.server import free_port  # below the ephemeral range: see there
from ledger.doorbell.app import Doorbell
from ledger.doorbell.serve import Server, config

KEY = "insecure-local-development-key"  # the test settings' SECRET_KEY


@dataclass
class Running:
    url: str  # the events URL prefix: http://127.0.0.1:PORT/events/
    bus: str
    app: Doorbell
    server: Server
    thread: threading.Thread

    def health(self) -> dict:
        with Stream.open(self.url + "health") as stream:
            return json.loads(stream.response.read())

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@contextmanager
def doorbell(port: int = 0, **environ):
    """A doorbell on 127.0.0.1 (``port`` 0: any free one), its bus a free UDP port unless
    ``EVENTS_BUS`` is given."""
    running = start(port, **environ)
    try:
        yield running
    finally:
        running.stop()


def start(port: int = 0, **environ) -> Running:
    environ.setdefault("DJANGO_SECRET_KEY", KEY)
    environ.setdefault("EVENTS_BUS", f"udp://127.0.0.1:{free_port(kind=socket.SOCK_DGRAM)}")
    app = Doorbell(environ)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    server = Server(config(app, timeout_graceful_shutdown=1, loop="asyncio"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the doorbell did not start"
        time.sleep(0.01)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/events/"
    return Running(url, environ["EVENTS_BUS"], app, server, thread)


class Stream:
    """One open GET on the doorbell; ``next_event`` reads its SSE events."""

    def __init__(self, connection, response):
        self.connection, self.response = connection, response

    @classmethod
    @contextmanager
    def open(cls, url: str, headers: dict | None = None, timeout: float = 5):
        parts = urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        connection.request("GET", parts.path, headers=headers or {})
        try:
            yield cls(connection, connection.getresponse())
        finally:
            connection.close()

    def next_event(self, name: str = "change") -> dict:
        """The next event called ``name`` (the others skipped), as its fields."""
        while True:
            fields: dict = {}
            while (line := self.response.readline().decode()) not in ("\n", ""):
                field, _, value = line.rstrip("\n").partition(": ")
                fields[field.rstrip(":")] = value
            if not fields and line == "":
                raise EOFError("the stream ended")
            if fields.get("event") == name:
                return fields
