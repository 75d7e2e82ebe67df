"""The load driver's phones on event streams (``bench/live.py``), against a live server and a
real doorbell: they hear every save, redraw, and come back after a restart."""

import pytest

from bench import live, load, server
from bench.tables import live_tables

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def doorbell(settings):
    """A doorbell process that reads the test's tickets, rung by the live server's saves."""
    env = {"DJANGO_SECRET_KEY": settings.SECRET_KEY, "EVENTS_MAX_PER_VISITOR": "1000"}
    with server.doorbell(env=env) as events:
        settings.EVENTS_URL, settings.EVENTS_BUS = "/events/", events.env["EVENTS_BUS"]
        yield events


@pytest.fixture
def tables(live_server, settings, doorbell, monkeypatch):
    settings.ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
    monkeypatch.setattr(load, "SAVE_EVERY", 1.5)  # a few saves in seconds, not one a minute
    return live_tables(2), int(live_server.url.rsplit(":", 1)[1])


def test_every_other_phone_hears_every_save_and_redraws(tables, doorbell):
    (tables, keeper), port = tables
    run = live.drive(port, doorbell.port, tables, keeper, seconds=5, warm_up=0)
    assert not run.errors
    assert run.streams == 8  # 2 tables x 4 phones, each holding one stream
    assert run.kib_per_stream > 0
    saved = len(run.latencies["save"])
    assert saved >= 4
    assert run.expected == 3 * saved  # the scorekeeper's three other phones
    assert run.lost == 0
    assert len(run.delivery) == run.expected
    assert len(run.fresh) == run.expected  # each drew every hand (at once or with the next)
    assert "events: delivery p95" in run.summary()


def test_a_restart_cuts_every_stream_and_every_phone_comes_back(tables, doorbell):
    (tables, keeper), port = tables
    run = live.drive(
        port, doorbell.port, tables, keeper, seconds=12, warm_up=0, restart=doorbell.restart
    )
    assert run.cut == 8
    assert run.not_back == 0
    assert 0 < run.back_within < live.STORM_GOAL
    assert not run.errors  # a stream cut by the storm is its figure, not an error
    assert sum(run.recorded) >= 8
    assert "8 streams cut" in run.storm_line()


def test_a_step_with_events_needs_every_event_and_both_p95s():
    def step(delivery, fresh, lost=0):
        run = live.LiveRun(tables=1, seconds=1, delivery=delivery, fresh=fresh, lost=lost)
        run.latencies["poll, something new"] = [10.0]
        return run

    assert step([50.0] * 20, [90.0] * 20).ok
    assert not step([50.0] * 18 + [600.0] * 2, [90.0] * 20).ok
    assert not step([50.0] * 20, [90.0] * 18 + [1100.0] * 2).ok
    assert not step([50.0] * 20, [90.0] * 20, lost=1).ok
    assert not step([], []).ok  # no event heard is no evidence


def test_a_boards_version_is_read_from_its_tag():
    assert live.version_of('W/"poll.latest.45.7.owner.en.1.2.0"') == 45
    assert live.version_of("") == 0


class _Transport:
    closed = False

    def write(self, data):
        pass

    def close(self):
        self.closed = True


def test_a_stream_ends_at_its_last_chunk_as_a_browsers_does():
    """A proxy whose doorbell died ends the answer with its last chunk and keeps the
    connection: the phone must take that as a cut and reconnect, not wait on it forever."""
    heard = []
    stream = live._Events(b"GET", lambda *event: heard.append(event), ended=None)
    transport = _Transport()
    stream.connection_made(transport)
    stream.data_received(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
    stream.data_received(b"1b\r\nevent: change\ndata: n7 12\n\n\r\n")
    assert heard == [("open", "200"), ("change", "n7 12")]
    assert not transport.closed
    stream.data_received(b"0\r\n\r\n")
    assert transport.closed
