"""Push-ups nights in the ledger (docs/rules.md section 8.1): the counts each push needs are
kept, each seat keeps its points, the night's tallies add them up, a void takes them away,
check_ledger re-scores them, and an export imports back the same."""

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, HandPlayer, PlayerNight
from ledger.reads.audit import audit
from ledger.rows.details import HandDetails, stored_details
from ledger.rules import RulesError
from ledger.tooling.exchange import export_league, import_league
from tests.helpers import balances, drop, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def pushups(pushups_night):
    return pushups_night


def points(night) -> dict[str, int]:
    return dict(PlayerNight.objects.filter(night=night).values_list("player__name", "points"))


def test_a_tonk_out_keeps_the_losers_counts_and_their_points(pushups, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    # Example 17 of docs/rules.md: a spread tonk-out pushes the losers up double.
    hand = record(
        pushups,
        HandDetails(outcome="tonk_out", winner=elmo, counts={croaker: 7, goblin: 22}),
    )
    seats = {s.player.name: (s.count, s.points) for s in hand.seats.select_related("player")}
    assert seats == {"Croaker": (7, 14), "Goblin": (22, 44), "Elmo": (None, 0)}
    assert points(pushups) == {"Croaker": 14, "Goblin": 44, "Elmo": 0}
    assert balances() == {"Croaker": 16, "Goblin": -74, "Elmo": 58}
    assert list(audit()) == []
    again = stored_details(hand, list(hand.seats.select_related("player")))
    assert again.counts == {croaker: 7, goblin: 22}


def test_a_deal_tonk_keeps_the_non_claimers_deal_counts(pushups, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    details = HandDetails(
        outcome="deal_tonk", claims=[(goblin, 50)], counts={croaker: 30, elmo: 12}
    )
    hand = record(pushups, details)
    assert points(pushups) == {"Croaker": 60, "Goblin": 0, "Elmo": 24}
    assert balances() == {"Croaker": -96, "Goblin": 84, "Elmo": 12}
    assert stored_details(hand, list(hand.seats.select_related("player"))) == details
    assert list(audit()) == []


def test_a_void_takes_the_points_away_and_the_audit_sees_a_tampered_seat(pushups, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    kept = record(pushups, drop(croaker, {croaker: 5, goblin: 9, elmo: 14}))
    gone = record(pushups, drop(goblin, {croaker: 2, goblin: 9, elmo: 14}))
    assert points(pushups) == {"Croaker": 0, "Goblin": 18, "Elmo": 28}
    services.void_hand(hand=gone, acting_user=None)
    assert points(pushups) == {"Croaker": 0, "Goblin": 9, "Elmo": 14}
    assert list(audit()) == []
    HandPlayer.objects.filter(hand=kept, player=elmo).update(points=15)
    problems = list(audit())
    assert any("stored push-ups points" in p for p in problems), problems


def test_a_missing_losers_count_is_refused_and_nothing_is_written(pushups, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    with pytest.raises(RulesError) as refused:
        record(pushups, HandDetails(outcome="discard_out", winner=elmo, counts={croaker: 7}))
    assert (refused.value.code, refused.value.params["player"]) == ("push_count_missing", "Goblin")
    with pytest.raises(RulesError) as refused:
        record(
            pushups, HandDetails(outcome="tonk_out", winner=elmo, counts={croaker: 7, goblin: 56})
        )
    assert refused.value.code == "count_unreachable"
    assert not Entry.objects.exists()
    assert not HandPlayer.objects.exists()


def test_a_money_night_keeps_no_count_its_outcome_does_not_log(night, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    hand = record(
        night, HandDetails(outcome="tonk_out", winner=elmo, counts={croaker: 7, goblin: 9})
    )
    assert set(hand.seats.values_list("count", "points")) == {(None, None)}
    assert list(audit()) == []


def test_an_unknown_scoring_is_refused(season, players):
    seated = [players["Croaker"], players["Goblin"]]
    with pytest.raises((RulesError, LedgerError)) as refused:
        services.start_night(
            season=season,
            players=seated,
            dealer=seated[0],
            rules={"preset": "pagat", "overrides": {"scoring": "points"}},
        )
    assert "scoring" in str(refused.value)


def test_a_pushups_league_round_trips(pushups, players):
    croaker, goblin, elmo = players["Croaker"], players["Goblin"], players["Elmo"]
    record(pushups, HandDetails(outcome="tonk_out", winner=elmo, counts={croaker: 7, goblin: 22}))
    record(
        pushups,
        HandDetails(outcome="deal_tonk", claims=[(goblin, 50)], counts={croaker: 30, elmo: 12}),
    )
    services.void_hand(
        hand=record(pushups, drop(croaker, {croaker: 5, goblin: 9, elmo: 14})), acting_user=None
    )
    record(pushups, HandDetails(outcome="dead"))
    document = export_league(pushups.season.league)
    document["league"]["slug"] = "copy"
    league = import_league(document)
    again = export_league(league)
    assert again == document
    copied = league.seasons.get().nights.get()
    assert points(copied) == points(pushups) == {"Croaker": 74, "Goblin": 44, "Elmo": 24}
    assert list(audit()) == []
