import itertools
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from ledger.models import Hand, League, Night

pytestmark = pytest.mark.django_db


def test_it_generates_a_league_that_passes_the_audit():
    out = StringIO()
    call_command("seed_demo", players=6, seasons=2, hands=150, stdout=out)
    assert out.getvalue().startswith(
        "Demo League (demo-league): 6 players, 2 seasons, 150 hands in "
    )
    league = League.objects.get()
    assert [(s.name, s.is_open) for s in league.seasons.all()] == [
        ("Season 2", True),
        ("Season 1", False),
    ]
    sizes = {night.seats.count() for night in Night.objects.all()}
    assert sizes <= {3, 4, 5, 6}
    assert Night.objects.filter(closed_at__isnull=True).count() == 1
    audit = StringIO()
    call_command("check_ledger", stdout=audit)
    assert audit.getvalue().strip().startswith("ledger OK: 150 hands")


def test_it_rotates_the_deal_to_the_left():
    call_command("seed_demo", players=6, seasons=1, hands=40, stdout=StringIO())
    night = Night.objects.order_by("pk").first()
    seats = [s.player_id for s in night.seats.all()]
    hands = night.hands.filter(replaces__isnull=True).order_by("number")
    dealers = [h.dealer_id for h in hands]
    for before, after in itertools.pairwise(dealers):
        assert seats.index(after) == (seats.index(before) + 1) % len(seats)


def test_if_missing_leaves_an_existing_league_alone():
    call_command("seed_demo", players=4, seasons=1, hands=10, stdout=StringIO())
    out = StringIO()
    call_command("seed_demo", "--if-missing", stdout=out)
    assert out.getvalue().strip() == "Demo League exists already: no demo generated"
    assert League.objects.count() == 1
    assert Hand.objects.count() == 10


def test_it_refuses_too_few_players():
    with pytest.raises(CommandError, match="at least 3 players"):
        call_command("seed_demo", players=2, stdout=StringIO())
