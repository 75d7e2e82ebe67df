"""Settle-up: against a brute-force oracle, and its invariants under hypothesis."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.settle import fewest_payments
from ledger.rules.settle import EXACT_LIMIT, SettleError, round_to_unit, settle


def check_plan(balances: dict[str, int], plan) -> None:
    left = dict(balances)
    pairs = set()
    for payment in plan.transfers:
        assert isinstance(payment.amount, int)
        assert payment.amount > 0
        assert balances[payment.payer] < 0 < balances[payment.payee], "nobody passes money through"
        assert (payment.payer, payment.payee) not in pairs
        pairs.add((payment.payer, payment.payee))
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    assert not any(left.values()), "every balance is cleared"


def zero_sum_vectors(players: int, amounts: range):
    for head in itertools.product(amounts, repeat=players - 1):
        yield (*head, -sum(head))


@pytest.mark.parametrize(
    ("players", "amounts"),
    [
        (2, range(-9, 10)),
        (3, range(-6, 7)),
        (4, range(-4, 5)),
        (5, range(-3, 4)),
        (6, range(-3, 4)),
        (7, range(-2, 3)),
    ],
)
def test_every_small_vector_gets_the_fewest_payments(players, amounts):
    for values in zero_sum_vectors(players, amounts):
        balances = {f"P{i}": v for i, v in enumerate(values)}
        plan = settle(balances)
        check_plan(balances, plan)
        assert plan.minimal
        assert len(plan.transfers) == fewest_payments(values), values


balance_lists = st.lists(st.integers(-40, 40).map(lambda v: v * 25), min_size=1, max_size=11).map(
    lambda head: [*head, -sum(head)]
)


@settings(max_examples=150, deadline=None)
@given(balance_lists)
def test_larger_groups_get_the_fewest_payments_too(values):
    balances = {f"P{i:02d}": v for i, v in enumerate(values)}
    plan = settle(balances)
    check_plan(balances, plan)
    assert len(plan.transfers) == fewest_payments(tuple(values))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-200, 200), min_size=13, max_size=EXACT_LIMIT - 1).map(
        lambda h: [*h, -sum(h)]
    )
)
def test_up_to_the_limit_plans_are_exact_and_valid(values):
    balances = {f"P{i:02d}": v for i, v in enumerate(values)}
    plan = settle(balances)
    check_plan(balances, plan)
    assert plan.minimal
    nonzero = sum(1 for v in values if v)
    assert len(plan.transfers) <= max(0, nonzero - 1)


def test_above_the_limit_it_falls_back_to_greedy_and_says_so():
    rng = random.Random(5)
    head = [rng.randint(1, 500) * 7 + 1 for _ in range(EXACT_LIMIT + 4)]
    values = [*head, -sum(head)]
    balances = {f"P{i:02d}": v for i, v in enumerate(values)}
    plan = settle(balances)
    check_plan(balances, plan)
    assert not plan.minimal


@given(
    st.lists(st.integers(-30, 30), min_size=1, max_size=9).map(lambda h: [*h, -sum(h)]),
    st.randoms(),
)
def test_the_plan_does_not_depend_on_the_order_of_players(values, rng):
    items = [(f"P{i}", v) for i, v in enumerate(values)]
    shuffled = items[:]
    rng.shuffle(shuffled)
    assert settle(dict(items)) == settle(dict(shuffled))


def test_it_prefers_two_small_groups_to_one_chain():
    # Greedy pays A->E, then needs three more; two zero-sum groups need three in all.
    balances = {"A": -7, "B": -3, "C": 3, "D": 7, "E": 0}
    plan = settle(balances)
    assert [(p.payer, p.payee, p.amount) for p in plan.transfers] == [("A", "D", 7), ("B", "C", 3)]


@pytest.mark.parametrize(
    ("balances", "message"),
    [
        ({"A": 100, "B": -99}, "the balances must sum to zero, but they sum to 1"),
        ({"A": 1.5, "B": -1.5}, "A's balance must be a whole number, not 1.5"),
        ({"A": True, "B": -1}, "A's balance must be a whole number, not True"),
    ],
)
def test_it_refuses_bad_balances(balances, message):
    with pytest.raises(SettleError, match=message):
        settle(balances)


@pytest.mark.parametrize("unit", [0, -25, 2.5, "25"])
def test_it_refuses_a_bad_unit(unit):
    with pytest.raises(SettleError, match="the unit must be a whole number of at least 1"):
        settle({"A": 5, "B": -5}, unit=unit)


@settings(max_examples=200)
@given(
    st.lists(st.integers(-5000, 5000), min_size=1, max_size=10).map(lambda h: [*h, -sum(h)]),
    st.sampled_from([1, 5, 10, 25, 50, 100]),
)
def test_rounding_to_a_cash_unit_stays_zero_sum_and_within_a_unit(values, unit):
    balances = {f"P{i}": v for i, v in enumerate(values)}
    rounded = round_to_unit(balances, unit)
    assert sum(rounded.values()) == 0
    assert all(amount % unit == 0 for amount in rounded.values())
    assert all(abs(rounded[name] - balances[name]) < unit for name in balances)
    plan = settle(balances, unit=unit)
    assert all(p.amount % unit == 0 for p in plan.transfers)
    assert plan.rounding == {
        n: rounded[n] - balances[n] for n in sorted(balances) if rounded[n] != balances[n]
    }


def test_rounding_is_shown_per_player():
    # Floors 350, -200, -175 leave one quarter to give: Croaker and Goblin tie on
    # the remainder (10), and the tie goes by name.
    plan = settle({"Croaker": 360, "Goblin": -190, "Elmo": -170}, unit=25)
    assert plan.rounding == {"Croaker": 15, "Elmo": -5, "Goblin": -10}
    assert sum(p.amount for p in plan.transfers) == 375
