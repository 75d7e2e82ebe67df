"""Undo takes a hand back and moves the deal back; redo posts it again. Both can be repeated."""

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Hand, Transaction
from ledger.reads.audit import audit
from tests.helpers import balances, drop, new_key, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_hands(night, players):
    p = players
    first = record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    second = record(night, drop(p["Goblin"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 20}))
    return first, second


def dealer(night):
    night.refresh_from_db()
    return night.dealer.name


def test_undo_takes_the_hand_back_and_the_deal_with_it(night, two_hands):
    first, second = two_hands
    after_first = balances(transaction__hand=first)
    dealt_by = second.dealer.name
    assert dealer(night) != dealt_by
    assert services.undo_hand(hand=second, acting_user=None) is None
    assert balances() == after_first
    assert dealer(night) == dealt_by
    assert list(Hand.objects.standing()) == [first]
    assert list(audit()) == []


def test_a_repeated_or_stale_undo_does_nothing_more(night, two_hands):
    first, second = two_hands
    services.undo_hand(hand=second, acting_user=None)
    standing = balances()
    for _ in range(3):
        assert services.undo_hand(hand=second, acting_user=None) is None
    assert Transaction.objects.filter(kind="void").count() == 1
    assert balances() == standing
    assert list(Hand.objects.standing()) == [first]


def test_only_the_newest_standing_hand_is_undone(night, two_hands):
    """A page drawn before hand 2 was saved offers "Undo hand 1": the server refuses it."""
    first, second = two_hands
    before, dealt = balances(), dealer(night)
    with pytest.raises(LedgerError) as refused:
        services.undo_hand(hand=first, acting_user=None)
    assert refused.value.code == "hand_not_newest"
    assert str(refused.value).startswith("hand 2 is the newest hand now, so hand 1 was not undone")
    assert (balances(), dealer(night)) == (before, dealt)
    assert list(Hand.objects.standing()) == [first, second]
    services.undo_hand(hand=second, acting_user=None)
    assert services.undo_hand(hand=first, acting_user=None) is None  # the newest standing one now
    assert list(Hand.objects.standing()) == []


def test_redo_posts_the_hand_again_once_and_the_deal_moves_on(night, two_hands):
    first, second = two_hands
    before = balances()
    dealer_before = dealer(night)
    services.undo_hand(hand=second, acting_user=None)
    again = services.redo_hand(hand=second, acting_user=None)
    assert again.is_redo
    assert again.replaces == second
    assert again.number == 3
    assert (again.dealer, again.stake, again.result) == (second.dealer, second.stake, second.result)
    assert services.redo_hand(hand=second, acting_user=None) == again
    assert balances() == before
    assert dealer(night) == dealer_before
    assert list(Hand.objects.standing()) == [first, again]
    assert list(audit()) == []


def test_undoing_a_redo_takes_it_back_again(night, two_hands):
    _, second = two_hands
    services.undo_hand(hand=second, acting_user=None)
    again = services.redo_hand(hand=second, acting_user=None)
    assert services.undo_hand(hand=again, acting_user=None) is None
    assert dealer(night) == second.dealer.name
    assert again not in Hand.objects.standing()


def test_undoing_a_correction_brings_the_original_back(night, players, two_hands):
    p = players
    first, second = two_hands
    before = balances()
    fixed = drop(p["Goblin"], {p["Croaker"]: 12, p["Goblin"]: 10, p["Elmo"]: 20})
    correction = services.correct_hand(
        hand=second, key=new_key(), details=fixed, acting_user=None
    ).hand
    assert balances() != before
    restored = services.undo_hand(hand=correction, acting_user=None)
    assert restored.is_restore
    assert restored.replaces == correction
    assert (restored.result, restored.dealer) == (second.result, second.dealer)
    assert balances() == before
    assert (
        services.undo_hand(hand=correction, acting_user=None) is None
    )  # a second tap: nothing more
    assert Hand.objects.filter(night=night).count() == 4
    # Redo the correction: the restored original gives way to it again.
    again = services.redo_hand(hand=correction, acting_user=None)
    assert again.replaces == restored
    assert again.result == correction.result
    assert list(Hand.objects.standing()) == [first, again]
    assert list(audit()) == []


def test_a_standing_hand_cannot_be_redone(two_hands):
    with pytest.raises(LedgerError) as refused:
        services.redo_hand(hand=two_hands[1], acting_user=None)
    assert refused.value.code == "hand_stands"
