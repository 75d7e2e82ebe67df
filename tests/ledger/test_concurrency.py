"""Phones racing each other: real transactions on a file SQLite database or PostgreSQL."""

import threading
from collections import Counter

import pytest
from django.db import connection

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, Transaction
from ledger.rows.details import HandDetails
from tests.helpers import drop

pytestmark = pytest.mark.django_db(transaction=True)


def race(workers: int, job) -> tuple[list, list[BaseException]]:
    """Run ``job(i)`` in ``workers`` threads released at once; results and exceptions."""
    start = threading.Barrier(workers)
    results, errors, lock = [], [], threading.Lock()

    def run(i):
        try:
            start.wait()
            value = job(i)
            with lock:
                results.append(value)
        except BaseException as exc:  # every failure is reported to the test
            with lock:
                errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a worker hung"
    return results, errors


def test_fifty_taps_with_one_key_record_one_hand(night, players):
    p = players
    details = drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25})
    results, errors = race(
        50,
        lambda i: (
            services.record_hand(
                night=night, key="double-tap", details=details, acting_user=None
            ).hand
        ),
    )
    assert errors == []
    assert len({hand.pk for hand in results}) == 1
    assert Hand.objects.count() == 1
    assert Entry.objects.count() == 4


def test_four_phones_log_a_hundred_hands_numbered_without_gaps(night):
    def log_25(worker):
        for i in range(25):
            services.record_hand(
                night=night,
                key=f"phone-{worker}-{i}",
                details=HandDetails(outcome="dead"),
                acting_user=None,
            )

    _, errors = race(4, log_25)
    assert errors == []
    numbers = sorted(Hand.objects.filter(night=night).values_list("number", flat=True))
    assert numbers == list(range(1, 101))


def test_twenty_voids_of_one_hand_append_one_reversal(night, players):
    p = players
    hand = services.record_hand(
        night=night,
        key="h",
        details=drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}),
        acting_user=None,
    ).hand
    results, errors = race(20, lambda i: services.void_hand(hand=hand, acting_user=None))
    assert len(results) == 1
    assert Counter(type(e) for e in errors) == Counter({LedgerError: 19})
    assert all(str(e) == "hand 1 is voided already" for e in errors)
    assert Transaction.objects.filter(hand=hand, kind="void").count() == 1
    assert sum(Entry.objects.values_list("amount", flat=True)) == 0
    assert not Entry.objects.balances()
