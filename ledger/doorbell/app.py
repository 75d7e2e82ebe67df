"""The doorbell's ASGI app: ``GET /events/<token>`` is a night's event stream.

Served by uvicorn (``serve.py``, ``deploy/doorbell.sh``); configured by the environment:

- ``DJANGO_SECRET_KEY``: the app's, to read tickets (``DJANGO_DEBUG=1``: the development key);
- ``EVENTS_BUS``: where rings arrive (``bus.py``), default ``udp://127.0.0.1:8765``;
- ``EVENTS_MAX_STREAMS`` (default 20000) per process, ``EVENTS_MAX_PER_VISITOR`` (64) per
  address: past them a stream is refused with 503 or 429 and a ``Retry-After``;
- ``EVENTS_HEARTBEAT`` seconds (15): a heartbeat event to every stream, which keeps it
  through proxies and lets the page tell a stream gone silent from a quiet night;
- ``EVENTS_RETRY`` seconds, ``LOW-HIGH`` (2-20): each stream is told to reconnect after a
  random wait in that range, so after a restart 6,000 phones come back over 18 s, not at
  once (each then asks for its board: ``make bench-load LOAD="--storm 1500"``);
- ``DJANGO_BEHIND_PROXY=1``: the visitor is the last ``X-Forwarded-For`` address.

``GET /events/health`` answers the open streams, the visitors and the process's memory.
"""

import asyncio
import json
import logging
import os
import random
import resource
from contextlib import suppress

from ledger.doorbell import bus, tokens
from ledger.doorbell.hub import CLOSE, Full, Hub

PREFIX = "/events/"
DEV_KEY = "insecure-local-development-key"  # tonk_tracker/settings.py's, with DEBUG on
log = logging.getLogger("ledger.doorbell")


def _milliseconds(span: str) -> tuple[int, int]:
    """``EVENTS_RETRY``'s ``LOW-HIGH`` seconds as milliseconds."""
    low, _, high = span.partition("-")
    found = round(float(low) * 1000), round(float(high or low) * 1000)
    if not 0 < found[0] <= found[1]:
        raise ValueError(f"EVENTS_RETRY={span!r}: give LOW-HIGH seconds, as 2-20")
    return found


def _flag(environ, name: str) -> bool:
    return environ.get(name, "") in ("1", "true", "yes", "on")


def _key(environ) -> str:
    key = environ.get("DJANGO_SECRET_KEY", "").strip()
    if not key:
        if not _flag(environ, "DJANGO_DEBUG"):
            raise RuntimeError("the doorbell needs the app's DJANGO_SECRET_KEY")
        key = DEV_KEY
    return key


def memory_kib() -> int:
    """This process's resident memory (Linux), for the health answer and the benchmark."""
    with suppress(OSError), open("/proc/self/status") as status:
        for row in status:
            if row.startswith("VmRSS:"):
                return int(row.split()[1])
    return 0


def _open_files_limit() -> None:
    """A stream is a socket: let the process hold as many as the system allows it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Doorbell:
    def __init__(self, environ=os.environ):
        self.key = _key(environ)
        self.bus = bus.check(environ.get("EVENTS_BUS", "udp://127.0.0.1:8765"))
        self.hub = Hub(
            max_streams=int(environ.get("EVENTS_MAX_STREAMS", 20000)),
            max_per_visitor=int(environ.get("EVENTS_MAX_PER_VISITOR", 64)),
        )
        self.heartbeat = float(environ.get("EVENTS_HEARTBEAT", 15))
        self.retry = _milliseconds(environ.get("EVENTS_RETRY", "2-20"))
        self.behind_proxy = _flag(environ, "DJANGO_BEHIND_PROXY")
        self.rings = 0
        self._stop_bus = None
        self._beating: asyncio.Task | None = None

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)

    async def _lifespan(self, receive, send):
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                _open_files_limit()
                try:
                    self._stop_bus = await bus.listen(self.bus, self._ring, self.hub.ring_all)
                except OSError as error:
                    failed = f"the doorbell cannot listen at EVENTS_BUS={self.bus}: {error}"
                    await send({"type": "lifespan.startup.failed", "message": failed})
                    return
                self._beating = asyncio.create_task(self._beat())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self._stop_bus()
                self._beating.cancel()
                self.hub.hang_up_all()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _ring(self, topic: str, version: int) -> None:
        self.rings += 1
        self.hub.ring(topic, version)

    async def _beat(self):
        while True:
            await asyncio.sleep(self.heartbeat)
            self.hub.beat()

    async def _http(self, scope, receive, send):
        path = scope["path"]
        if scope["method"] not in ("GET", "HEAD"):
            return await _plain(send, 405, "Only GET: this is an event stream.")
        if path == PREFIX + "health":
            return await _plain(send, 200, json.dumps(self.health()), "application/json")
        ticket = path.startswith(PREFIX) and tokens.read(self.key, path.removeprefix(PREFIX))
        if not ticket:
            return await _plain(send, 403, "This events link is not valid (or has expired).")
        try:
            stream = self.hub.join(ticket.topics, self._visitor(scope))
        except Full as full:
            return await _plain(
                send,
                full.status,
                "Too many event streams from this address."
                if full.status == 429
                else "This server holds all the event streams it can.",
                retry_after=random.randint(10, 60),
            )
        try:
            await self._stream(stream, receive, send)
        finally:
            self.hub.leave(stream)

    async def _stream(self, stream, receive, send):
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream"),
                    (b"cache-control", b"no-cache, no-store"),
                    (b"x-accel-buffering", b"no"),  # nginx: do not hold events back
                    (b"access-control-allow-origin", b"*"),  # the ticket is the credential
                ],
            }
        )
        # Reconnects after a restart spread over EVENTS_RETRY rather than arriving at once.
        hello = f"retry: {random.randint(*self.retry)}\nevent: hb\ndata:\n\n".encode()
        await send({"type": "http.response.body", "body": hello, "more_body": True})
        gone = asyncio.create_task(_disconnected(receive, stream))
        try:
            while (event := await stream.queue.get()) != CLOSE:
                await send({"type": "http.response.body", "body": event, "more_body": True})
            with suppress(OSError):
                await send({"type": "http.response.body", "body": b""})
        finally:
            gone.cancel()

    def _visitor(self, scope) -> str:
        if self.behind_proxy:
            for name, value in scope["headers"]:
                if name == b"x-forwarded-for":
                    return value.decode("latin-1").split(",")[-1].strip()
        return (scope.get("client") or ("?", 0))[0]

    def health(self) -> dict:
        return {
            "streams": self.hub.streams,
            "visitors": len(self.hub.by_visitor),
            "topics": len(self.hub.by_topic),
            "rings": self.rings,
            "delivered": self.hub.delivered,
            "dropped": self.hub.dropped,
            "rss_kib": memory_kib(),
        }


async def _disconnected(receive, stream):
    """Wait for the phone to hang up, then end its stream."""
    while (await receive())["type"] != "http.disconnect":
        pass
    stream.close()


async def _plain(send, status, text, content_type="text/plain", retry_after=None):
    body = text.encode()
    headers = [
        (b"content-type", f"{content_type}; charset=utf-8".encode()),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"access-control-allow-origin", b"*"),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
