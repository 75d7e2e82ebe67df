"""Settling up: the fewest payments that bring every balance to zero.

A plan needs at least (players with a non-zero balance) minus (the most
disjoint groups that each sum to zero) payments, and a plan that settles each
such group on its own with one payment fewer than its size reaches that
minimum. ``settle`` finds the groups exactly for up to ``EXACT_LIMIT``
balances (after pairing equal and opposite ones, which is always optimal)
and settles inside each group greedily, debtor to creditor, so nobody passes
money through. Above the limit it falls back to greedy over everyone and says
the plan may not be minimal::

    >>> plan = settle({"Croaker": 350, "Goblin": -200, "Elmo": -150})
    >>> [(t.payer, t.payee, t.amount) for t in plan.transfers], plan.minimal
    ([('Elmo', 'Croaker', 150), ('Goblin', 'Croaker', 200)], True)

Balances are what each player is owed (+) or owes (-), as in a hand's ``net``.
"""

import heapq
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from ledger.rules.whole import is_whole

EXACT_LIMIT = 20


class SettleError(ValueError):
    """Balances that cannot be settled: not whole numbers, or not summing to zero."""


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Plan:
    transfers: tuple[Payment, ...]
    minimal: bool
    # What rounding to the cash unit added to each player's balance (rounded - exact).
    rounding: dict[str, int] = field(default_factory=dict)


def check_balances(balances: Mapping[str, object]) -> dict[str, int]:
    whole: dict[str, int] = {}
    for name, amount in balances.items():
        if not is_whole(amount):
            raise SettleError(f"{name}'s balance must be a whole number, not {amount!r}")
        whole[name] = amount
    total = sum(whole.values())
    if total:
        raise SettleError(f"the balances must sum to zero, but they sum to {total}")
    return whole


def round_to_unit(balances: Mapping[str, int], unit: int) -> dict[str, int]:
    """Each balance to a multiple of ``unit``, still summing to zero, each within one unit.

    Largest remainders round up (ties by name), so the result does not depend on order.
    """
    if not is_whole(unit, low=1):
        raise SettleError(f"the unit must be a whole number of at least 1, not {unit!r}")
    floors = {name: (amount // unit) * unit for name, amount in balances.items()}
    ups = -sum(floors.values()) // unit
    by_remainder = sorted(balances, key=lambda name: (-(balances[name] - floors[name]), name))
    for name in by_remainder[:ups]:
        floors[name] += unit
    return floors


def settle(balances: Mapping[str, int], unit: int = 1) -> Plan:
    """The plan with the fewest payments (exact up to EXACT_LIMIT open balances)."""
    exact = check_balances(balances)
    rounded = round_to_unit(exact, unit) if unit != 1 else exact
    open_balances = {name: amount for name, amount in sorted(rounded.items()) if amount}
    payments: list[Payment] = []
    rest = _pair_opposites(open_balances, payments)
    names = sorted(rest, key=lambda name: (rest[name], name))
    minimal = len(names) <= EXACT_LIMIT
    groups = _zero_sum_groups([rest[n] for n in names]) if minimal else [list(range(len(names)))]
    for group in groups:
        payments.extend(_greedy({names[i]: rest[names[i]] for i in group}))
    payments.sort(key=lambda p: (p.payer, p.payee))
    rounding = {
        name: rounded[name] - exact[name] for name in sorted(exact) if rounded[name] != exact[name]
    }
    return Plan(tuple(payments), minimal, rounding)


def _pair_opposites(balances: dict[str, int], payments: list[Payment]) -> dict[str, int]:
    """Settle each balance that has an equal and opposite one directly; return the rest."""
    owed: dict[int, list[str]] = defaultdict(list)
    for name, amount in balances.items():
        if amount > 0:
            owed[amount].append(name)
    rest = {}
    for name, amount in balances.items():
        if amount < 0 and owed[-amount]:
            payments.append(Payment(name, owed[-amount].pop(0), -amount))
        elif amount < 0:
            rest[name] = amount
    for amount, names in owed.items():
        for name in names:
            rest[name] = amount
    return rest


def _greedy(balances: dict[str, int]) -> list[Payment]:
    """The largest debtor pays the largest creditor until all are square (at most n-1 payments).

    Ties go to the name that sorts first; two heaps keep it O(n log n) for a big league.
    """
    debtors = [(amount, name) for name, amount in balances.items() if amount < 0]
    creditors = [(-amount, name) for name, amount in balances.items() if amount > 0]
    heapq.heapify(debtors)
    heapq.heapify(creditors)
    payments = []
    while debtors and creditors:
        owes, payer = heapq.heappop(debtors)
        owed, payee = heapq.heappop(creditors)
        amount = min(-owes, -owed)
        payments.append(Payment(payer, payee, amount))
        if owes + amount:
            heapq.heappush(debtors, (owes + amount, payer))
        if owed + amount:
            heapq.heappush(creditors, (owed + amount, payee))
    return payments


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups covering ``values`` (which sum to zero), as indices.

    Splitting into k groups is a chain of zero-sum subsets 0 < Z1 < ... < Zk = all
    (each group is the difference of two neighbours). Layer k holds every subset
    that tops such a chain of length k; layers are bitsets over all 2**n subsets
    (bit m set when subset m is in), grown a whole layer at a time with big-integer
    shifts, so 20 balances take milliseconds rather than a pass over a million
    subsets in Python.
    """
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    zero_sums = sorted(_subsets_summing_to(values, full, 0))
    zero = _bitset(zero_sums, n)
    without = [_without_bit(i, n) for i in range(n)]
    layers = [1]  # layer 0: only the empty subset
    while True:
        grown = 0
        for i in range(n):  # add one element to a subset of the last layer...
            grown |= (layers[-1] & without[i]) << (1 << i)
        for i in range(n):  # ...then any number more (all supersets)
            grown |= (grown & without[i]) << (1 << i)
        layer = grown & zero
        if not layer >> full & 1:
            break
        layers.append(layer)
    groups, top = [], full
    for k in range(len(layers) - 1, 0, -1):
        members = layers[k - 1].to_bytes(max(1, (1 << n) // 8), "little")
        below = next(
            m
            for m in [0, *zero_sums]
            if members[m >> 3] >> (m & 7) & 1 and m & ~top == 0 and m != top
        )
        groups.append(top ^ below)
        top = below
    return [[i for i in range(n) if group >> i & 1] for group in reversed(groups)]


def _bitset(masks: list[int], n: int) -> int:
    bits = bytearray(max(1, (1 << n) // 8))
    for mask in masks:
        bits[mask >> 3] |= 1 << (mask & 7)
    return int.from_bytes(bits, "little")


def _without_bit(i: int, n: int) -> int:
    """The bitset of all subsets of n elements that lack element i."""
    size = 1 << n
    if i < 3:
        pattern = bytes([(0x55, 0x33, 0x0F)[i]])
    else:
        block = 1 << (i - 3)
        pattern = b"\xff" * block + b"\x00" * block
    data = (pattern * (max(1, size // 8) // len(pattern) + 1))[: max(1, size // 8)]
    return int.from_bytes(data, "little") & ((1 << size) - 1)


def _subsets_summing_to(values: list[int], mask: int, target: int) -> Iterator[int]:
    """Every non-empty subset of ``mask`` whose values sum to ``target``, smallest first."""
    bits = [i for i in range(len(values)) if mask >> i & 1]
    left, right = bits[: len(bits) // 2], bits[len(bits) // 2 :]
    by_sum: dict[int, list[int]] = defaultdict(list)
    for sub, total in _sums(values, right):
        by_sum[total].append(sub)
    found = [
        left_sub | right_sub
        for left_sub, total in _sums(values, left)
        for right_sub in by_sum.get(target - total, ())
        if left_sub | right_sub
    ]
    found.sort(key=lambda sub: (sub.bit_count(), sub))
    yield from found


def _sums(values: list[int], bits: list[int]) -> list[tuple[int, int]]:
    sums = [(0, 0)]
    for i in bits:
        sums += [(sub | 1 << i, total + values[i]) for sub, total in sums]
    return sums
