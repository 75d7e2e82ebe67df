"""The save's hand-written reads (``ledger.rows.raw``) make the objects the ORM would."""

import pytest
from django.db import transaction
from django.test import RequestFactory

from ledger import services
from ledger.models import Night
from ledger.services.guards import lock_night
from ledger.services.hands import _lock_for_request
from ledger.web.access import SCORE, seated_night_for
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    """Every concrete field's value as Python has it, and its type."""
    return {
        f.attname: (getattr(instance, f.attname), type(getattr(instance, f.attname)))
        for f in instance._meta.concrete_fields
    }


@pytest.fixture
def busy_night(night, players):
    """A night with a hand, side bets (JSON), a set-up of its own and a date and time."""
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 20, p["Elmo"]: 30}))
    everyone = {"ante": 25, "players": [x.pk for x in (p["Croaker"], p["Goblin"], p["Elmo"])]}
    services.set_side_bets(night=night, bets={"naturals": everyone})
    return Night.objects.get(pk=night.pk)


def test_the_locked_night_is_the_one_the_orm_reads(busy_night):
    orm = Night.objects.select_related("season__league").get(pk=busy_night.pk)
    with transaction.atomic():
        locked = lock_night(busy_night)
    assert fields(locked) == fields(orm)
    assert fields(locked.season) == fields(orm.season)
    assert fields(locked.season.league) == fields(orm.season.league)
    assert locked.side_bets["naturals"]["ante"] == 25
    assert locked._state.adding is False  # saved as an update, never a second insert


def test_a_missing_night_is_refused_as_the_orm_refuses_it(busy_night):
    with transaction.atomic(), pytest.raises(Night.DoesNotExist):
        lock_night(Night(pk=busy_night.pk + 1000))


def test_the_seated_players_are_the_orm_s_clockwise(busy_night, players, owner):
    services.seat_player(night=busy_night, player=players["Silent"])
    services.unseat_player(night=busy_night, player=players["Goblin"])  # left: not listed
    orm = [seat.player for seat in busy_night.seats.filter(seated=True).order_by("position")]
    request = RequestFactory().get("/")
    request.user = owner
    night, seated = seated_night_for(request, busy_night.season.league.slug, busy_night.pk, SCORE)
    assert [fields(p) for p in seated] == [fields(p) for p in orm]
    fresh = Night.objects.select_related("dealer").get(pk=busy_night.pk)
    assert fields(night) == fields(fresh)
    assert fields(night.dealer) == fields(fresh.dealer)
    assert night.season.league.role == "owner"
    with transaction.atomic():
        locked = _lock_for_request(busy_night, "k" * 32, "digest")
    assert [fields(p) for p in locked.players] == [fields(p) for p in orm]
    assert locked.last_number == 1
    assert locked.replay is None


def test_a_retried_request_finds_its_hand_under_the_lock(busy_night):
    hand = busy_night.hands.get()
    with transaction.atomic():
        locked = _lock_for_request(busy_night, hand.idempotency_key, hand.request_digest)
    assert locked.replay == hand
    assert locked.last_number == hand.number
