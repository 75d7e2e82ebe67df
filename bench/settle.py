"""Our settle-up against the ``debts`` package (IHateMoney's engine) on simulated Tonk nights.

    python manage.py bench_settle [--nights 2000]

``debts`` is installed only for benchmarks (``make bench``), never for the app.
"""

import itertools
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache

from bench.payouts import random_hand
from ledger.rules import PRESETS, parse_rules, score_json
from ledger.rules.settle import settle

TABLE = ["Croaker", "Goblin", "Elmo", "One-Eye", "Silent", "Lady", "Murgen", "Otto"]
ROSTER = [f"Player {i:02d}" for i in range(1, 21)]


def simulate_night(rng: random.Random, table: list[str]) -> dict[str, int]:
    """Net of 10-40 hands at one table under one random preset, with the deal moving left."""
    preset = rng.choice([p for p in sorted(PRESETS) if parse_rules(p).max_players >= len(table)])
    net: Counter[str] = Counter()
    dealer = rng.randrange(len(table))
    for _ in range(rng.randint(10, 40)):
        hand = random_hand(rng, players=table, preset=preset)
        hand["dealer"] = table[dealer]
        net.update(score_json(hand)["net"])
        dealer = (dealer + 1) % len(table)
    return {name: net[name] for name in table}


def fewest_payments(values: tuple[int, ...]) -> int:
    """Brute force, independent of ``settle``: try every way to split the players into groups."""
    values = tuple(v for v in values if v)

    @cache
    def most_groups(left: frozenset) -> int:
        if not left:
            return 0
        first, *others = sorted(left)
        best = -len(values)
        for size in range(len(others) + 1):
            for rest in itertools.combinations(others, size):
                group = {first, *rest}
                if sum(values[i] for i in group) == 0:
                    best = max(best, 1 + most_groups(left - group))
        return best

    return len(values) - most_groups(frozenset(range(len(values))))


def debts_transfers(balances: dict[str, int]) -> int:
    import debts  # the benchmark environment only

    return len(debts.settle([(name, amount) for name, amount in balances.items() if amount]) or [])


@dataclass
class Comparison:
    nights: int
    ours_transfers: int
    debts_transfers: int
    ours_minimal: int
    debts_minimal: int
    debts_worse: int
    ours_never_worse: bool


def compare(nights: int, seed: int = 2026) -> Comparison:
    rng = random.Random(seed)
    ours_total = debts_total = ours_minimal = debts_minimal = debts_worse = 0
    never_worse = True
    for _ in range(nights):
        table = rng.sample(TABLE, rng.randint(3, 8))
        balances = simulate_night(rng, table)
        ours = len(settle(balances).transfers)
        theirs = debts_transfers(balances)
        fewest = fewest_payments(tuple(balances.values()))
        ours_total += ours
        debts_total += theirs
        ours_minimal += ours == fewest
        debts_minimal += theirs == fewest
        debts_worse += theirs > ours
        never_worse &= ours <= theirs
    return Comparison(
        nights, ours_total, debts_total, ours_minimal, debts_minimal, debts_worse, never_worse
    )


def twenty_balances(seed: int) -> dict[str, int]:
    """A season of nights among 20 players: 20 non-zero balances, as a league would have."""
    rng = random.Random(seed)
    net: Counter[str] = Counter()
    while True:
        for _ in range(40):
            net.update(simulate_night(rng, rng.sample(ROSTER, rng.randint(3, 8))))
        if all(net[name] for name in ROSTER):
            return {name: net[name] for name in ROSTER}


def time_twenty(samples: int = 30) -> tuple[float, float]:
    """Median and worst milliseconds to settle 20 non-zero balances."""
    timings = []
    for seed in range(samples):
        balances = twenty_balances(seed)
        start = time.perf_counter()
        plan = settle(balances)
        timings.append((time.perf_counter() - start) * 1000)
        assert plan.minimal
    return statistics.median(timings), max(timings)
