import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, Transaction
from ledger.rows.details import HandDetails
from tests.helpers import balances, drop, new_key, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def caught(night, players):
    p = players
    return record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))


def test_voiding_appends_a_reversal(caught):
    posted = list(
        Entry.objects.order_by("pk").values_list("pk", "player_id", "counterparty_id", "amount")
    )
    reversal = services.void_hand(hand=caught, acting_user=None)
    assert reversal.kind == "void"
    assert (
        list(
            Entry.objects.filter(transaction__kind="hand")
            .order_by("pk")
            .values_list("pk", "player_id", "counterparty_id", "amount")
        )
        == posted
    ), "the posting is untouched"
    assert sorted(reversal.entries.values_list("player_id", "counterparty_id", "amount")) == sorted(
        (player, other, -amount) for _, player, other, amount in posted
    )
    assert balances() == {}
    assert list(Hand.objects.voided()) == [caught]
    assert list(Hand.objects.standing()) == []


def test_a_hand_is_voided_once(caught):
    services.void_hand(hand=caught, acting_user=None)
    with pytest.raises(LedgerError, match="hand 1 is voided already"):
        services.void_hand(hand=caught, acting_user=None)
    assert Transaction.objects.filter(kind="void").count() == 1


def test_a_correction_voids_and_replaces(caught, players):
    p = players
    fixed = drop(p["Croaker"], {p["Croaker"]: 5, p["Goblin"]: 8, p["Elmo"]: 20})
    correction = services.correct_hand(
        hand=caught, key=new_key(), details=fixed, acting_user=None
    ).hand
    assert (correction.number, correction.replaces, correction.result) == (2, caught, "drop_won")
    assert correction.dealer == caught.dealer
    assert correction.stake == caught.stake
    assert list(Hand.objects.standing()) == [correction]
    assert balances() == {"Croaker": 200, "Goblin": -100, "Elmo": -100}


def test_a_correction_keeps_the_original_players_and_rules(caught, players):
    p = players
    services.change_rules(night=caught.night, rules="speno")
    services.seat_player(night=caught.night, player=p["One-Eye"])
    correction = services.correct_hand(
        hand=caught,
        key=new_key(),
        details=drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 5}),
        acting_user=None,
    ).hand
    assert correction.rules == caught.rules
    assert list(correction.seats.values_list("player__name", flat=True)) == [
        "Croaker",
        "Goblin",
        "Elmo",
    ]


def test_a_correction_does_not_move_the_deal(caught, players):
    caught.night.refresh_from_db()
    dealer = caught.night.dealer
    services.correct_hand(
        hand=caught, key=new_key(), details=HandDetails(outcome="dead"), acting_user=None
    )
    caught.night.refresh_from_db()
    assert caught.night.dealer == dealer


def test_a_hand_is_corrected_once_and_a_retry_returns_the_correction(caught):
    first = services.correct_hand(
        hand=caught, key="fix-1", details=HandDetails(outcome="dead"), acting_user=None
    ).hand
    again = services.correct_hand(
        hand=caught, key="fix-1", details=HandDetails(outcome="dead"), acting_user=None
    )
    assert again.hand == first
    assert again.posting is None  # nothing written the second time
    with pytest.raises(LedgerError, match="hand 1 was corrected already, by hand 2"):
        services.correct_hand(
            hand=caught, key="fix-2", details=HandDetails(outcome="dead"), acting_user=None
        )
    with pytest.raises(LedgerError, match="hand 1 was corrected already, by hand 2"):
        services.void_hand(hand=caught, acting_user=None)


def test_a_bad_correction_writes_nothing(caught, players):
    before = (Hand.objects.count(), Transaction.objects.count(), Entry.objects.count())
    with pytest.raises(Exception, match="impossible"):
        services.correct_hand(
            hand=caught,
            key=new_key(),
            details=drop(
                players["Croaker"],
                {players["Croaker"]: 99, players["Goblin"]: 8, players["Elmo"]: 20},
            ),
            acting_user=None,
        )
    assert (Hand.objects.count(), Transaction.objects.count(), Entry.objects.count()) == before
    assert list(Hand.objects.voided()) == []


def test_a_closed_night_refuses_voids(caught):
    services.close_night(night=caught.night, acting_user=None)
    with pytest.raises(LedgerError, match="this night is closed"):
        services.void_hand(hand=caught, acting_user=None)


def test_the_guard_catches_an_update_of_an_entry(caught):
    from tests.conftest import AppendOnlyViolation

    with pytest.raises(AppendOnlyViolation):
        Entry.objects.filter(transaction__hand=caught).update(amount=1)
    with pytest.raises(AppendOnlyViolation):
        Entry.objects.filter(transaction__hand=caught).delete()
