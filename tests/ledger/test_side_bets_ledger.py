"""Side bets in the ledger (docs/rules.md section 8.2): the naturals pot carries from hand to
hand as an account over the standing hands, a win pays it out in the hand's transaction, a
hand whose antes a later win paid out cannot be taken back before that win, the open pot's
ante is fixed, and an export imports back the same."""

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, League
from ledger.reads.audit import audit
from ledger.reads.pot import pot_of
from ledger.rows.details import Bet, HandDetails
from ledger.rules import RulesError
from ledger.tooling.exchange import ExchangeError, export_league, import_league
from tests.helpers import balances, record

pytestmark = pytest.mark.django_db
TABLE = ("Croaker", "Goblin", "Elmo", "One-Eye")  # A, B, C and D of example 21


@pytest.fixture
def table(season, players):
    seated = [players[name] for name in TABLE]
    night = services.start_night(season=season, players=seated, dealer=seated[0])
    return night, [players[name] for name in TABLE]


def bet(kind, ante, players, winner=None):
    return Bet(kind, ante, tuple(players), winner)


def pot(night) -> dict[str, int]:
    names = {p.pk: p.name for p in night.season.league.players.all()}
    return {names[pk]: amount for pk, amount in pot_of(night).amounts.items()}


def example_21(night, a, b, c, d) -> list[Hand]:
    """Docs/rules.md example 21: a pot fed for two hands and won in the third."""
    first = record(
        night,
        HandDetails(
            outcome="dead",
            side_bets=[bet("high_card", 25, [a, b, c], c), bet("naturals", 10, [a, b, c, d])],
        ),
        dealer=a,
    )
    assert balances() == {"Croaker": -25, "Goblin": -25, "Elmo": 50}
    assert pot(night) == {"Croaker": 10, "Goblin": 10, "Elmo": 10, "One-Eye": 10}
    second = record(
        night,
        HandDetails(
            outcome="tonk_out",
            winner=b,
            method="hit",
            side_bets=[bet("naturals", 10, [a, b, c])],
        ),
        dealer=b,
    )
    assert sum(pot(night).values()) == 70
    third = record(
        night,
        HandDetails(
            outcome="discard_out", winner=d, side_bets=[bet("naturals", 10, [a, b, c, d], b)]
        ),
        dealer=c,
    )
    return [first, second, third]


def test_example_21_carries_the_pot_and_pays_it_out(table):
    night, players = table
    hands = example_21(night, *players)
    assert balances() == {"Croaker": -355, "Goblin": 555, "Elmo": -280, "One-Eye": 80}
    assert pot(night) == {}
    assert hands[2].pot == {str(p.pk): 20 for p in players[:3]} | {str(players[3].pk): 10}
    assert list(audit()) == []


def test_a_hand_that_fed_a_won_pot_waits_for_the_win_to_be_undone(table):
    night, players = table
    first, _, third = example_21(night, *players)
    entries = Entry.objects.count()
    with pytest.raises(LedgerError) as refused:
        services.void_hand(hand=first, acting_user=None)
    assert refused.value.code == "side_bet_paid_out"
    assert refused.value.params == {"number": 1, "win": 3}
    assert Entry.objects.count() == entries
    services.undo_hand(hand=third, acting_user=None)
    assert pot(night) == {"Croaker": 20, "Goblin": 20, "Elmo": 20, "One-Eye": 10}
    services.void_hand(hand=first, acting_user=None)
    assert pot(night) == {"Croaker": 10, "Goblin": 10, "Elmo": 10}
    assert list(audit()) == []


def test_the_open_pots_ante_is_fixed_until_it_is_won(table):
    night, (a, b, *_) = table
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b])]))
    with pytest.raises(LedgerError) as refused:
        record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 20, [a, b])]))
    assert refused.value.code == "pot_ante_fixed"
    with pytest.raises(LedgerError):
        services.set_side_bets(
            night=night, bets={"naturals": {"ante": 20, "players": [a.pk, b.pk]}}
        )
    with pytest.raises(LedgerError) as refused:
        services.set_side_bets(night=night, bets={})
    assert str(refused.value).startswith("the naturals pot holds $0.20")
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], a)]))
    services.set_side_bets(night=night, bets={"naturals": {"ante": 20, "players": [a.pk, b.pk]}})
    night.refresh_from_db()
    assert night.side_bets == {"naturals": {"ante": 20, "players": sorted([a.pk, b.pk])}}


def test_a_contributor_who_left_still_pays_the_winner(table):
    night, (a, b, c, _) = table
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b, c])]))
    services.unseat_player(night=night, player=c)
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], a)]))
    assert balances() == {"Croaker": 30, "Goblin": -20, "Elmo": -10}
    assert list(audit()) == []


@pytest.mark.parametrize(
    ("bets", "code"),
    [
        ([bet("high_card", 0, "AB")], "side_bet_ante"),
        ([bet("high_card", 5, "AB", "C")], "side_bet_winner"),
        ([bet("naturals", 5, "AB"), bet("naturals", 5, "AB")], "side_bet_twice"),
        ([bet("high_card", 5, "AE")], "not_seated"),
        ([bet("naturals", 5, "A")], "side_bet_players"),
    ],
)
def test_a_bad_bet_is_refused_and_nothing_is_written(table, players, bets, code):
    night, (a, b, c, d) = table
    who = {"A": a, "B": b, "C": c, "D": d, "E": players["Silent"]}
    bets = [Bet(x.kind, x.ante, tuple(who[p] for p in x.players), who.get(x.winner)) for x in bets]
    with pytest.raises(RulesError) as refused:
        record(night, HandDetails(outcome="dead", side_bets=bets))
    assert refused.value.code == code
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("bets", "code"),
    [
        ({"high_card": {"ante": 0, "players": "AB"}}, "side_bet_ante"),
        ({"high_card": {"ante": 5, "players": "AE"}}, "side_bet_not_seated"),
        ({"naturals": {"ante": 5, "players": "A"}}, "side_bet_players"),
        ({"poker": {"ante": 5, "players": "AB"}}, "side_bet_kind"),
    ],
)
def test_a_bad_set_up_is_refused(table, players, bets, code):
    night, (a, b, *_) = table
    who = {"A": a.pk, "B": b.pk, "E": players["Silent"].pk}
    bets = {
        kind: {**bet, "players": [who[p] for p in bet["players"]]} for kind, bet in bets.items()
    }
    with pytest.raises((RulesError, LedgerError)) as refused:
        services.set_side_bets(night=night, bets=bets)
    assert refused.value.code == code
    night.refresh_from_db()
    assert night.side_bets == {}


def test_side_bets_and_the_pot_round_trip(table):
    night, players = table
    example_21(night, *players)
    a, b, c, d = players
    services.unseat_player(night=night, player=c)
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b, d])]))
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], a)]))
    services.set_side_bets(
        night=night,
        bets={
            "high_card": {"ante": 25, "players": [a.pk, d.pk], "suit": "♣"},
            "naturals": {"ante": 5, "players": [a.pk, b.pk, d.pk]},
        },
    )
    document = export_league(night.season.league)
    assert document["seasons"][0]["nights"][0]["side_bets"]["high_card"] == {
        "ante": 25,
        "players": ["Croaker", "One-Eye"],
        "suit": "♣",
    }
    hands = document["seasons"][0]["nights"][0]["hands"]
    assert hands[2]["pot"] == {"Croaker": 20, "Goblin": 20, "Elmo": 20, "One-Eye": 10}
    document["league"]["slug"] = "copy"
    league = import_league(document)
    assert export_league(league) == document
    assert list(audit()) == []


def test_the_audit_sees_a_tampered_pot(table):
    night, players = table
    third = example_21(night, *players)[2]
    Hand.objects.filter(pk=third.pk).update(pot={str(players[0].pk): 90})
    problems = list(audit())
    assert any("stored payouts" in problem for problem in problems), problems


def test_the_audit_sees_a_pot_paying_out_more_than_was_put_in(table):
    night, players = table
    example_21(night, *players)
    third = Hand.objects.get(number=3)
    Hand.objects.filter(pk=third.pk).update(pot={str(players[0].pk): 90})  # Croaker put in 20
    problems = list(audit())
    assert f"the naturals pot of night {night.pk} holds -70 for player {players[0].pk}" in problems
    assert (
        f"hand 3 of night {night.pk} pays out a naturals pot that is not what the hands "
        "before it put in"
    ) in problems


def test_taking_a_win_back_brings_the_set_up_back_to_its_pots_ante(table):
    night, (a, b, *_) = table
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b])]))
    win = record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], a)]))
    services.set_side_bets(night=night, bets={"naturals": {"ante": 20, "players": [a.pk, b.pk]}})
    services.undo_hand(hand=win, acting_user=None)
    night.refresh_from_db()
    assert pot(night) == {"Croaker": 10, "Goblin": 10}
    assert night.side_bets["naturals"]["ante"] == 10  # so the next deal can be saved
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b])]))
    assert list(audit()) == []


def test_a_win_corrected_after_a_new_pot_opened_keeps_its_own_ante(table):
    night, (a, b, *_) = table
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b])]))
    win = record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], a)]))
    services.set_side_bets(night=night, bets={"naturals": {"ante": 20, "players": [a.pk, b.pk]}})
    record(night, HandDetails(outcome="dead", side_bets=[bet("naturals", 20, [a, b])]))
    fix = HandDetails(outcome="dead", side_bets=[bet("naturals", 10, [a, b], b)])
    services.correct_hand(hand=win, key="fix", details=fix, acting_user=None)
    # Goblin wins what stood in the pot when the correction was saved: both pots' antes.
    assert balances() == {"Croaker": -40, "Goblin": 40}
    assert pot(night) == {}
    assert list(audit()) == []


def test_a_player_who_leaves_drops_out_of_the_set_up(table):
    night, (a, b, c, _) = table
    services.set_side_bets(
        night=night,
        bets={
            "high_card": {"ante": 25, "players": [a.pk, c.pk], "suit": "♠"},
            "naturals": {"ante": 10, "players": [a.pk, b.pk, c.pk]},
        },
    )
    services.unseat_player(night=night, player=c)
    services.seat_player(night=night, player=c)
    night.refresh_from_db()
    assert night.side_bets == {"naturals": {"ante": 10, "players": sorted([a.pk, b.pk])}}


def test_an_import_whose_pot_is_not_what_was_put_in_is_refused(table):
    night, players = table
    example_21(night, *players)
    document = export_league(night.season.league)
    document["league"]["slug"] = "copy"
    document["seasons"][0]["nights"][0]["hands"][2]["pot"]["Croaker"] = 10
    with pytest.raises(ExchangeError, match=r"hand 3 pays out a naturals pot that is not what"):
        import_league(document)
    assert not League.objects.filter(slug="copy").exists()
