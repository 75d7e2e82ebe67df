"""The doorbell over real HTTP: tickets, rings from each bus, limits, hang-ups."""

import socket
import time

import pytest
import redis

from ledger.doorbell import bus, tokens
from ledger.doorbell.app import Doorbell
from tests.doorbell.serving import KEY, Stream, doorbell

REDIS = "redis://127.0.0.1:6379/0"


def ring_udp(url: str, topic: str, version: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
        for address in bus.addresses(url):
            sender.sendto(bus.line(topic, version), address)


def wait_for(condition, seconds=5):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def running():
    with doorbell() as running:
        yield running


def test_a_ring_reaches_the_streams_of_its_night_and_league_only(running):
    mine, other = tokens.issue(KEY, 12, 3), tokens.issue(KEY, 13, 4)
    with Stream.open(running.url + mine) as stream, Stream.open(running.url + other) as away:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type") == "text/event-stream"
        wait_for(lambda: running.app.hub.streams == 2)
        ring_udp(running.bus, "n12", 45)
        assert stream.next_event() == {"id": "n12.45", "event": "change", "data": "n12 45"}
        ring_udp(running.bus, "l3", 0)
        assert stream.next_event()["data"] == "l3 0"
        ring_udp(running.bus, "n13", 2)
        assert away.next_event()["data"] == "n13 2"  # the first it hears: not n12's nor l3's
    wait_for(lambda: running.app.hub.streams == 0)  # hanging up frees the stream


def test_every_stream_starts_with_a_spread_retry_and_a_heartbeat(running):
    retries = set()
    for _ in range(5):
        with Stream.open(running.url + tokens.issue(KEY, 1, 1)) as stream:
            first = stream.next_event("hb")
            assert 2000 <= int(first["retry"]) <= 20000  # EVENTS_RETRY's 2-20 s
            retries.add(first["retry"])
    assert len(retries) > 1  # spread, not one wait for all


def test_the_retry_spread_is_set_by_events_retry():
    with (
        doorbell(EVENTS_RETRY="0.5-1") as running,
        Stream.open(running.url + tokens.issue(KEY, 1, 1)) as stream,
    ):
        assert 500 <= int(stream.next_event("hb")["retry"]) <= 1000
    with pytest.raises(ValueError, match="EVENTS_RETRY='20-2'"):
        Doorbell({"DJANGO_SECRET_KEY": KEY, "EVENTS_RETRY": "20-2"})


def test_heartbeats_keep_coming_on_a_quiet_night():
    with (
        doorbell(EVENTS_HEARTBEAT="0.1") as running,
        Stream.open(running.url + tokens.issue(KEY, 1, 1)) as stream,
    ):
        for _ in range(3):  # the first, then two from the ticker
            stream.next_event("hb")


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        tokens.issue("another-key", 12, 3),
        tokens.issue(KEY, 12, 3)[:-1] + "x",
    ],
    # Named, not shown: a ticket holds the second it was issued, and xdist's workers must
    # collect the same test ids even when they collect a second apart.
    ids=["nonsense", "signed-with-another-key", "signature-mangled"],
)
def test_a_forged_or_mangled_ticket_is_refused(running, token):
    with Stream.open(running.url + token) as stream:
        assert stream.response.status == 403
        assert b"not valid" in stream.response.read()
    assert running.app.hub.streams == 0


def test_an_expired_ticket_is_refused(running, monkeypatch):
    token = tokens.issue(KEY, 12, 3)
    later = time.time() + tokens.MAX_AGE + 1
    monkeypatch.setattr("django.core.signing.time.time", lambda: later)
    with Stream.open(running.url + token) as stream:
        assert stream.response.status == 403


def test_a_visitor_past_the_limit_gets_429_and_others_still_connect():
    with doorbell(EVENTS_MAX_PER_VISITOR="3", EVENTS_MAX_STREAMS="5") as running:
        url = running.url + tokens.issue(KEY, 1, 1)
        with Stream.open(url) as a, Stream.open(url) as b, Stream.open(url) as c:
            assert {a.response.status, b.response.status, c.response.status} == {200}
            with Stream.open(url) as refused:
                assert refused.response.status == 429
                assert 10 <= int(refused.response.getheader("Retry-After")) <= 60
            # The refused stream holds no place.
            assert running.app.hub.streams == 3
        wait_for(lambda: running.app.hub.streams == 0)


def test_past_the_process_limit_a_stream_gets_503():
    with doorbell(EVENTS_MAX_PER_VISITOR="10", EVENTS_MAX_STREAMS="2") as running:
        url = running.url + tokens.issue(KEY, 1, 1)
        with Stream.open(url), Stream.open(url):
            with Stream.open(url) as refused:
                assert refused.response.status == 503
                assert refused.response.getheader("Retry-After")
            assert running.health()["streams"] == 2


def test_behind_the_proxy_the_visitor_is_the_forwarded_address():
    with doorbell(EVENTS_MAX_PER_VISITOR="1", DJANGO_BEHIND_PROXY="1") as running:
        url = running.url + tokens.issue(KEY, 1, 1)
        one, two = {"X-Forwarded-For": "198.51.100.1"}, {"X-Forwarded-For": "198.51.100.2"}
        with Stream.open(url, one) as a, Stream.open(url, two) as b:
            assert (a.response.status, b.response.status) == (200, 200)
            with Stream.open(url, one) as again:
                assert again.response.status == 429


def test_health_counts_streams_and_memory(running):
    with Stream.open(running.url + tokens.issue(KEY, 1, 1)):
        wait_for(lambda: running.app.hub.streams == 1)
        health = running.health()
    assert health["streams"] == 1
    assert health["visitors"] == 1
    assert health["topics"] == 2
    assert health["rss_kib"] > 10_000


def test_a_ring_through_redis_reaches_the_stream():
    with (
        doorbell(EVENTS_BUS=REDIS) as running,
        Stream.open(running.url + tokens.issue(KEY, 7, 2)) as stream,
    ):
        wait_for(lambda: running.app.hub.streams == 1)
        client = redis.Redis.from_url(REDIS)
        wait_for(lambda: client.pubsub_numsub(bus.CHANNEL)[0][1] >= 1)
        bus.Publisher(REDIS).send("n7", 9)
        assert stream.next_event()["data"] == "n7 9"


def test_stray_datagrams_are_ignored(running):
    with Stream.open(running.url + tokens.issue(KEY, 5, 1)) as stream:
        wait_for(lambda: running.app.hub.streams == 1)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            (address,) = bus.addresses(running.bus)
            for junk in (b"", b"\xff\xfe", b"x5 1", b"n5", b"n5 one", b"n5 1 2"):
                sender.sendto(junk, address)
        ring_udp(running.bus, "n5", 3)
        assert stream.next_event()["data"] == "n5 3"
    assert running.app.rings == 1


def test_only_get_is_answered(running):
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(running.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    connection.request("POST", parts.path + "x")
    assert connection.getresponse().status == 405
