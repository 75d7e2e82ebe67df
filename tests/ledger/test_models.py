"""The database refuses what the services must never write."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from ledger.models import Entry, Hand, Transaction
from ledger.rules import OUTCOMES, RESULTS
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def test_the_choices_are_the_registrys_translated(hand):
    field = Hand._meta.get_field
    assert [value for value, _ in field("outcome").choices] == list(OUTCOMES)
    assert [value for value, _ in field("result").choices] == list(RESULTS)
    with translation.override("nl"):
        assert hand.get_outcome_display() == "Vallen"
    assert hand.get_outcome_display() == OUTCOMES[hand.outcome].label


@pytest.fixture
def hand(night, players):
    p = players
    return record(
        night, drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}), key="k1"
    )


def copy_of(hand, **changes):
    fields = {
        f.attname: getattr(hand, f.attname) for f in Hand._meta.concrete_fields if f.name != "id"
    }
    return Hand(**{**fields, **changes})


@pytest.mark.parametrize(
    "changes",
    [
        {"idempotency_key": "k2"},  # same number twice in a night
        {"number": 2},  # same key twice in a night
        {"number": 2, "idempotency_key": "k2", "stake": 0},
        {"number": 0, "idempotency_key": "k2"},
        {"number": 2, "idempotency_key": "k2", "outcome": "gin"},
        {"number": 2, "idempotency_key": "k2", "dropper_id": None},
    ],
)
def test_it_refuses_a_bad_hand(hand, changes):
    with pytest.raises(IntegrityError), transaction.atomic():
        copy_of(hand, **changes).save()


def test_a_hand_has_one_reversal_at_most(hand):
    place = {"season_id": hand.night.season_id, "night_id": hand.night_id}
    Transaction.objects.create(hand=hand, kind="void", **place)
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(hand=hand, kind="void", **place)


@pytest.mark.parametrize(
    "fields",
    [{"kind": "hand", "hand": None}, {"kind": "payment"}, {"kind": "refund", "hand": None}],
)
def test_a_transaction_kind_matches_its_hand(hand, fields):
    fields = {"hand": hand, "season_id": hand.night.season_id, "night_id": hand.night_id, **fields}
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(**fields)


def test_a_payment_key_is_used_once_in_a_season(hand):
    Transaction.objects.create(
        kind="payment", season_id=hand.night.season_id, idempotency_key="pay-1"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(
            kind="payment", season_id=hand.night.season_id, idempotency_key="pay-1"
        )


@pytest.mark.parametrize(
    "changes",
    [{"amount": 0}, {"counterparty_id": "player_id"}, {}],
)
def test_it_refuses_a_bad_entry(hand, changes):
    entry = Entry.objects.filter(transaction__hand=hand).first()
    fields = {
        "transaction_id": entry.transaction_id,
        "player_id": entry.player_id,
        "counterparty_id": entry.counterparty_id,
        "amount": entry.amount,
    }
    fields.update({k: fields.get(v, v) for k, v in changes.items()})
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(**fields)
