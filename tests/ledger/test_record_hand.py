import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, HandPlayer, Transaction
from ledger.rows.details import HandDetails, stored_details
from ledger.rules import RulesError
from tests.helpers import balances, drop, record

pytestmark = pytest.mark.django_db


def rows() -> tuple[int, int, int, int]:
    return (
        Hand.objects.count(),
        HandPlayer.objects.count(),
        Transaction.objects.count(),
        Entry.objects.count(),
    )


def seed_one(players):
    p = players
    return drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25})


def test_it_works(night, players):
    hand = record(night, seed_one(players))
    assert (hand.number, hand.outcome, hand.result, hand.stake) == (1, "drop", "drop_won", 100)
    assert hand.rules == {"preset": "pagat", "overrides": {}}
    assert hand.dealer == players["Elmo"]
    assert balances(transaction__hand=hand) == {"Croaker": 200, "Goblin": -100, "Elmo": -100}
    assert sum(Entry.objects.values_list("amount", flat=True)) == 0
    seats = list(hand.seats.values_list("player__name", "position", "count", "role"))
    assert seats == [("Croaker", 0, 9, "winner"), ("Goblin", 1, 10, ""), ("Elmo", 2, 25, "")]


def test_the_deal_moves_one_seat_to_the_left(night, players):
    record(night, seed_one(players))
    night.refresh_from_db()
    assert night.dealer == players["Croaker"]
    record(night, HandDetails(outcome="dead"))
    night.refresh_from_db()
    assert night.dealer == players["Goblin"]


def test_hands_are_numbered_from_one_without_gaps(night, players):
    numbers = [record(night, HandDetails(outcome="dead")).number for _ in range(4)]
    assert numbers == [1, 2, 3, 4]


def test_a_caught_drop_records_roles(night, players):
    p = players
    hand = record(night, drop(p["Croaker"], {p["Croaker"]: 7, p["Goblin"]: 7, p["Elmo"]: 30}))
    assert hand.result == "caught"
    roles = dict(hand.seats.values_list("player__name", "role"))
    assert roles == {"Croaker": "caught", "Goblin": "catcher", "Elmo": ""}
    assert balances() == {"Croaker": -200, "Goblin": 300, "Elmo": -100}


def test_deal_tonk_claims_keep_their_calling_order(night, players):
    services.change_rules(night=night, rules="speno")
    p = players
    details = HandDetails(outcome="deal_tonk", claims=[(p["Elmo"], 50), (p["Goblin"], 12)])
    hand = record(night, details)
    claims = list(
        hand.seats.filter(claim_order__isnull=False).values_list(
            "player__name", "claim_order", "count"
        )
    )
    assert sorted(claims, key=lambda c: c[1]) == [("Elmo", 1, 50), ("Goblin", 2, 12)]
    assert balances() == {"Goblin": 400, "Croaker": -200, "Elmo": -200}
    assert stored_details(hand, list(hand.seats.select_related("player"))) == details


def test_the_stake_defaults_to_the_nights_and_can_be_given(night, players):
    services.change_stake(night=night, stake=250)
    assert record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"])).stake == 250
    assert (
        record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]), stake=50).stake
        == 50
    )
    assert balances()["Goblin"] == 2 * 2 * 250 + 2 * 2 * 50


def test_every_hand_keeps_the_rules_it_was_scored_with(night, players):
    p = players
    details = drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20})
    first = record(night, details)
    services.change_rules(
        night=night, rules={"preset": "pagat", "overrides": {"drop": {"catch": "double_to_all"}}}
    )
    second = record(night, details)
    assert first.rules["preset"] == "pagat"
    assert first.rules["overrides"] == {}
    assert second.rules["overrides"] == {"drop": {"catch": "double_to_all"}}
    assert balances(transaction__hand=first) == {"Croaker": -200, "Goblin": 300, "Elmo": -100}
    assert balances(transaction__hand=second) == {"Croaker": -400, "Goblin": 200, "Elmo": 200}


def test_the_same_key_and_request_returns_the_recorded_hand(night, players):
    first = record(night, seed_one(players), key="tap-1")
    before = rows()
    again = record(night, seed_one(players), key="tap-1")
    assert again.pk == first.pk
    assert rows() == before
    night.refresh_from_db()
    assert night.dealer == players["Croaker"], "a retry does not move the deal again"


def test_the_same_key_with_another_request_is_refused(night, players):
    record(night, seed_one(players), key="tap-1")
    before = rows()
    with pytest.raises(
        LedgerError, match="request key 'tap-1' was already used for a different hand"
    ):
        record(night, HandDetails(outcome="dead"), key="tap-1")
    assert rows() == before


def test_a_blank_key_is_refused(night):
    with pytest.raises(LedgerError, match="needs a request key"):
        record(night, HandDetails(outcome="dead"), key="  ")


@pytest.mark.parametrize(
    ("make_details", "error", "message"),
    [
        (
            lambda p, o: drop(o, {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}),
            LedgerError,
            "Outsider does not play in Black Company",
        ),
        (
            lambda p, o: drop(p["One-Eye"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}),
            RulesError,
            "dropper One-Eye is not one of the players",
        ),
        (
            lambda p, o: drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 51}),
            RulesError,
            "Elmo's count 51 is impossible with a 52-card deck",
        ),
        (
            lambda p, o: drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10}),
            RulesError,
            "Elmo's count is missing",
        ),
        (
            lambda p, o: HandDetails(outcome="deal_tonk", claims=[(p["Goblin"], 30)]),
            RulesError,
            "Goblin's deal count 30 is in no deal-tonk tier",
        ),
        (
            lambda p, o: HandDetails(outcome="tonk_out", winner=None),
            RulesError,
            "winner None is not one of the players",
        ),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(night, players, make_details, error, message):
    other = services.create_league(name="Other table")
    outsider = services.add_player(league=other, name="Outsider")
    before = rows()
    with pytest.raises(error, match=message):
        record(night, make_details(players, outsider))
    assert rows() == before


@pytest.mark.parametrize("stake", [0, -100, 1.5, "100", True])
def test_a_bad_stake_is_refused(night, players, stake):
    with pytest.raises(LedgerError, match="the stake must be a whole number from 1"):
        record(night, HandDetails(outcome="dead"), stake=stake)
    assert rows() == (0, 0, 0, 0)


def test_a_dealer_who_is_not_seated_is_refused(night, players):
    with pytest.raises(LedgerError, match="the dealer One-Eye is not seated"):
        record(night, HandDetails(outcome="dead"), dealer=players["One-Eye"])


def test_a_closed_night_takes_no_hands(night, players):
    services.close_night(night=night, acting_user=None)
    with pytest.raises(LedgerError, match="this night is closed"):
        record(night, HandDetails(outcome="dead"))
    assert rows() == (0, 0, 0, 0)


def test_a_closed_season_takes_no_hands(night, season):
    services.close_season(season=season, acting_user=None)
    with pytest.raises(LedgerError, match="this night is closed"):
        record(night, HandDetails(outcome="dead"))
    night.refresh_from_db()
    assert night.closed_at is not None
