"""Every statistic on a hand-built season whose answers were worked out by hand (stake 100, pagat)."""

import pytest

from ledger import services
from ledger.reads.standings import night_running_totals, player_nights, standings
from ledger.rows.details import HandDetails
from tests.helpers import drop, new_key, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(league, season, night, players):
    """Night 1 (Croaker, Goblin, Elmo): a won drop, a catch, a voided tonk-out, a corrected discard.
    Night 2 (Goblin, Elmo, One-Eye): a stock-out and a deal tonk."""
    p = players
    record(
        night, drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25})
    )  # C +200 G -100 E -100
    record(
        night, drop(p["Goblin"], {p["Croaker"]: 8, p["Goblin"]: 10, p["Elmo"]: 20})
    )  # C +300 G -200 E -100
    voided = record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    services.void_hand(hand=voided, acting_user=None)
    wrong = record(night, HandDetails(outcome="discard_out", winner=p["Goblin"]))
    services.correct_hand(
        hand=wrong,
        key=new_key(),
        details=HandDetails(outcome="discard_out", winner=p["Elmo"]),
        acting_user=None,
    )
    second = services.start_night(
        season=season, players=[p["Goblin"], p["Elmo"], p["One-Eye"]], dealer=p["One-Eye"]
    )
    record(
        second,
        HandDetails(outcome="stock_out", counts={p["Goblin"]: 3, p["Elmo"]: 9, p["One-Eye"]: 12}),
    )
    record(second, HandDetails(outcome="deal_tonk", claims=[(p["One-Eye"], 50)]))
    return night, second


def by_name(table):
    return {row.name: row for row in table.rows}


def test_nets_ranks_and_counts(built, league, season):
    table = standings(league, season)
    rows = by_name(table)
    assert [(r.rank, r.name, r.net) for r in table.rows] == [
        (1, "Croaker", 400),
        (2, "One-Eye", 300),
        (3, "Elmo", -300),
        (4, "Goblin", -400),
    ]
    assert table.total == 0
    assert table.balanced
    assert {n: (r.nights, r.hands) for n, r in rows.items()} == {
        "Croaker": (1, 3),
        "Goblin": (2, 5),
        "Elmo": (2, 5),
        "One-Eye": (1, 2),
    }


def test_wins_by_kind_catches_and_burns_count_only_standing_hands(built, league, season):
    rows = by_name(standings(league, season))
    wins = {name: {k: v for k, v in row.wins.items() if v} for name, row in rows.items()}
    assert wins == {
        "Croaker": {"drop_won": 1},
        "Goblin": {"stock_out": 1},
        "Elmo": {"discard_out": 1},  # the correction; the voided tonk-out does not count
        "One-Eye": {"deal_tonk": 1},
    }
    assert {n: (r.caught, r.catches) for n, r in rows.items()} == {
        "Croaker": (0, 1),
        "Goblin": (1, 0),
        "Elmo": (0, 0),
        "One-Eye": (0, 0),
    }


def test_per_hand_best_and_worst_nights(built, league, season):
    rows = by_name(standings(league, season))
    assert {n: r.net_per_hand for n, r in rows.items()} == {
        "Croaker": 133,
        "Goblin": -80,
        "Elmo": -60,
        "One-Eye": 150,
    }
    assert {n: (r.best_night, r.worst_night) for n, r in rows.items()} == {
        "Croaker": (400, 400),
        "Goblin": (0, -400),
        "Elmo": (0, -300),
        "One-Eye": (300, 300),
    }


def test_all_time_adds_up_the_seasons(built, league, season, players):
    services.close_season(season=season, acting_user=None)
    spring = services.start_season(league=league, name="Spring")
    night = services.start_night(
        season=spring, players=[players["Croaker"], players["Silent"]], dealer=players["Silent"]
    )
    record(night, HandDetails(outcome="tonk_out", winner=players["Silent"]))
    assert {r.name: r.net for r in standings(league, spring).rows} == {
        "Silent": 200,
        "Croaker": -200,
    }
    all_time = by_name(standings(league))
    assert all_time["Croaker"].net == 200
    assert all_time["Croaker"].nights == 2
    assert all_time["Silent"].rank == 2


def test_a_player_page_lists_nights_in_order(built, season, players):
    first, second = built
    lines = player_nights(players["Elmo"], season)
    assert [(line.night, line.net, line.hands) for line in lines] == [
        (first, 0, 3),
        (second, -300, 2),
    ]


def test_a_night_runs_hand_by_hand_without_voided_hands(built, players):
    first, _ = built
    numbers, running = night_running_totals(first)
    assert numbers == [1, 2, 5]  # hand 3 voided, hand 4 corrected by hand 5
    assert {p.name: line for p, line in running.items()} == {
        "Croaker": [200, 500, 400],
        "Goblin": [-100, -300, -400],
        "Elmo": [-100, -200, 0],
    }


def test_all_time_totals_closed_seasons_and_the_open_one(built, league, season, players):
    from django.db import connection

    from ledger.models import Entry, PlayerNight
    from ledger.reads.audit import audit
    from tests.conftest import corrupting_the_ledger

    services.close_season(season=season, acting_user=None)
    later = services.start_season(league=league, name="Spring 2027")
    night = services.start_night(
        season=later, players=[players["Croaker"], players["Silent"]], dealer=players["Silent"]
    )
    record(night, HandDetails(outcome="tonk_out", winner=players["Silent"]))
    every = standings(league)
    assert {r.name: r.net for r in every.rows}["Silent"] == 200
    assert every.total == 0
    # Damage to the open season's tallies shows at once; the closed one keeps the total it
    # closed with; damage to an entry is check_ledger's to find (the tallies no longer match).
    tally = PlayerNight.objects.filter(season=later).first()
    with corrupting_the_ledger(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {PlayerNight._meta.db_table} SET net = net + 7 WHERE id = %s", [tally.pk]
        )
    assert standings(league).total == 7
    assert standings(league, later).total == 7
    assert standings(league, season).total == 0
    entry = Entry.objects.filter(transaction__season=later).first()
    with corrupting_the_ledger(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Entry._meta.db_table} SET amount = amount + 5 WHERE id = %s", [entry.pk]
        )
    assert any("net" in problem for problem in audit())
