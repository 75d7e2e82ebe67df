"""The app rings the doorbells when a change commits, on each database and bus.

The suite runs on SQLite and on PostgreSQL (``make test``), so these run on both."""

import pytest
import redis

from ledger import services
from ledger.doorbell import bus, tokens
from ledger.models import Night
from tests.doorbell.serving import KEY, Stream, doorbell
from tests.doorbell.test_doorbell import REDIS, wait_for
from tests.helpers import drop, record, rolled_back

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["udp", "redis"])
def running(request, settings):
    with doorbell(**({"EVENTS_BUS": REDIS} if request.param == "redis" else {})) as running:
        settings.EVENTS_BUS = running.bus
        yield running


def a_drop(players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    return drop(croaker, {croaker: 5, goblin: 20, elmo: 30})


def listen(running, night):
    return Stream.open(running.url + tokens.issue(KEY, night.pk, night.season.league_id))


def test_a_saved_hand_rings_its_night_with_the_new_version(
    running, night, players, django_capture_on_commit_callbacks
):
    with listen(running, night) as stream:
        wait_for(lambda: running.app.hub.streams == 1)
        if running.bus.startswith("redis"):
            client = redis.Redis.from_url(REDIS)
            wait_for(lambda: client.pubsub_numsub(bus.CHANNEL)[0][1] >= 1)
        with django_capture_on_commit_callbacks(execute=True) as rung:
            record(night, a_drop(players))
        assert len(rung) == 1
        version = Night.objects.get(pk=night.pk).version
        assert stream.next_event()["data"] == f"n{night.pk} {version}"


def test_a_void_and_a_league_rename_ring_too(
    running, night, players, league, owner, django_capture_on_commit_callbacks
):
    hand = record(night, a_drop(players))
    with listen(running, night) as stream:
        wait_for(lambda: running.app.hub.streams == 1)
        with django_capture_on_commit_callbacks(execute=True):
            services.void_hand(hand=hand, acting_user=owner)
        assert stream.next_event()["data"].startswith(f"n{night.pk} ")
        with django_capture_on_commit_callbacks(execute=True):
            services.rename_league(league=league, name="The Company")
        assert stream.next_event()["data"] == f"l{league.pk} 0"


def test_a_change_rolled_back_rings_no_one(
    settings, night, players, django_capture_on_commit_callbacks
):
    settings.EVENTS_BUS = "udp://127.0.0.1:9"
    with django_capture_on_commit_callbacks() as rung, rolled_back():
        record(night, a_drop(players))
    assert rung == []


def test_no_bus_no_ring(settings, night, players, django_capture_on_commit_callbacks):
    settings.EVENTS_BUS = ""
    with django_capture_on_commit_callbacks() as rung:
        record(night, a_drop(players))
    assert rung == []


def test_a_bus_that_does_not_answer_never_fails_the_save(
    settings, night, players, django_capture_on_commit_callbacks
):
    settings.EVENTS_BUS = "redis://127.0.0.1:1/0"  # nothing listens there
    with django_capture_on_commit_callbacks(execute=True) as rung:
        hand = record(night, a_drop(players))
    assert len(rung) == 1
    assert hand.pk
