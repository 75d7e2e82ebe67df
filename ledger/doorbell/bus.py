"""How a ring travels from the app to the doorbells: the bus named by ``EVENTS_BUS``.

- ``udp://127.0.0.1:8765`` (one address or several, comma-separated): the app sends each
  ring as one datagram to every doorbell named; each doorbell listens on its own. Nothing
  to install, for one host (``make table``). Bind it to loopback: anyone who can send to it
  can make the phones look again, which costs them a 304 and nothing more.
- ``redis://host:6379/0``: the app publishes on one Redis channel that every doorbell of
  every app host subscribes to. For several hosts.

A ring is a line ``<topic> <version>``: ``n12 45`` (night 12 is at version 45) or ``l3 7``
(league 3). The app's side is synchronous and never raises (a save has committed already);
the doorbell's side is asyncio.
"""

import asyncio
import logging
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

CHANNEL = "tonk:doorbell"
log = logging.getLogger(__name__)

Ring = tuple[str, int]


def line(topic: str, version: int) -> bytes:
    return f"{topic} {version}".encode()


def parse(message: bytes) -> Ring | None:
    """The ring a message carries, or None for anything else (it is ignored)."""
    try:
        topic, version = message.decode("ascii").split()
        if topic[0] not in "nl" or not topic[1:].isdigit():
            return None
        return topic, int(version)
    except (UnicodeDecodeError, ValueError, IndexError):
        return None


def addresses(url: str) -> list[tuple[str, int]]:
    """``udp://a:1,b:2`` -> [("a", 1), ("b", 2)]."""
    hosts = url.removeprefix("udp://").strip("/")
    found = []
    for host_port in filter(None, hosts.split(",")):
        parts = urlsplit(f"//{host_port}")
        if not parts.hostname or not parts.port:
            raise ValueError(f"EVENTS_BUS={url!r}: each doorbell needs host:port")
        found.append((parts.hostname, parts.port))
    return found


def check(url: str) -> str:
    """``url`` if it names a bus this module knows; raises ValueError otherwise."""
    if url.startswith("udp://"):
        if not addresses(url):
            raise ValueError(f"EVENTS_BUS={url!r} names no doorbell")
    elif not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"EVENTS_BUS={url!r}: use udp://host:port[,host:port] or redis://")
    return url


class Publisher:
    """The app's end: ``send`` rings every doorbell, once, and never fails a request."""

    def __init__(self, url: str):
        self.url = check(url)
        self._doorbells = addresses(url) if url.startswith("udp://") else []
        self._socket: socket.socket | None = None
        self._redis = None

    def send(self, topic: str, version: int) -> None:
        try:
            if self._doorbells:
                self._send_udp(line(topic, version))
            else:
                self._client().publish(CHANNEL, line(topic, version))
        except Exception:  # the phones still poll when no ring reaches them
            log.warning("could not ring the doorbell at %s", self.url, exc_info=True)

    def _send_udp(self, message: bytes) -> None:
        if self._socket is None:
            self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self._socket.setblocking(False)
        for address in self._doorbells:
            self._socket.sendto(message, address)

    def _client(self):
        if self._redis is None:
            import redis

            self._redis = redis.Redis.from_url(self.url, socket_timeout=0.5)
        return self._redis


class _Datagrams(asyncio.DatagramProtocol):
    def __init__(self, on_ring: Callable[[str, int], object]):
        self.on_ring = on_ring

    def datagram_received(self, data: bytes, addr) -> None:
        ring = parse(data)
        if ring is not None:
            self.on_ring(*ring)


async def listen(
    url: str, on_ring: Callable[[str, int], object], on_back: Callable[[], object]
) -> Callable[[], object]:
    """The doorbell's end: from now on call ``on_ring`` for every ring; returns what stops
    it. A UDP address another process holds raises OSError here, at start, rather than
    leave the phones with a stream that never rings. On Redis, a lost connection is
    retried every second, and ``on_back`` is called once it is back (a ring sent meanwhile
    was lost: everyone should look again)."""
    if url.startswith("udp://"):
        address = addresses(url)[0]  # a doorbell listens on the first address named
        loop = asyncio.get_running_loop()
        transport, _ = await loop.create_datagram_endpoint(
            lambda: _Datagrams(on_ring), local_addr=address
        )
        return transport.close
    return asyncio.create_task(_listen_redis(url, on_ring, on_back)).cancel


async def _listen_redis(url, on_ring, on_back):
    import redis.asyncio

    first = True
    while True:
        client = redis.asyncio.Redis.from_url(url)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                if not first:
                    on_back()
                first = False
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        ring = parse(message["data"])
                        if ring is not None:
                            on_ring(*ring)
        except (OSError, redis.RedisError):
            log.warning("the doorbell lost Redis at %s; retrying", url)
            first = False
            await asyncio.sleep(1)
        finally:
            await client.aclose()
