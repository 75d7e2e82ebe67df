"""Time ``manage.py payouts`` on one array of random valid hands (the whole process).

python -m bench.payouts [HANDS]
"""

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ledger.rules import OUTCOMES, PRESETS, parse_rules
from ledger.rules.outcomes import Counts

NAMES = ["Croaker", "Goblin", "Elmo", "One-Eye", "Silent", "Lady"]


def random_hand(
    rng: random.Random, players: list[str] | None = None, preset: str | None = None
) -> dict:
    """A valid hand in its JSON form; the table and preset are drawn unless given."""
    preset = preset or rng.choice(sorted(PRESETS))
    rules = parse_rules(preset)
    players = players or rng.sample(NAMES, rng.randint(2, 6))
    hand = {
        "rules": preset,
        "stake": rng.choice([25, 100, 500]),
        "players": players,
        "dealer": rng.choice(players),
        "outcome": rng.choice(list(OUTCOMES)),
    }
    spec = OUTCOMES[hand["outcome"]]
    play = sorted(rules.play_counts)
    counts = {p: rng.choice(play[:20]) for p in players}
    claimable = [c for c in sorted(rules.deal_counts) if rules.tier_of(c)]
    drawn = {  # a value for each detail an outcome logs; the optional ones are left out
        "dropper": lambda: rng.choice(players),
        "winner": lambda: rng.choice(players),
        "counts": lambda: counts,
        "claims": lambda: [
            {"player": p, "count": rng.choice(claimable)}
            for p in rng.sample(players, rng.randint(1, 2))
        ],
    }
    hand.update({detail: drawn[detail]() for detail in spec.required})
    if rules.scoring == "pushups":  # what the losers are pushed up by
        needed = spec.counts_under_pushups
        if needed is Counts.EVERY_NON_CLAIMER:
            claimed = {claim["player"]: claim["count"] for claim in hand["claims"]}
            deal = sorted(rules.deal_counts)
            hand["counts"] = {p: claimed.get(p) or rng.choice(deal[:20]) for p in players}
        elif needed is not Counts.NONE:
            hand["counts"] = counts
    return hand


def main(count: int) -> None:
    rng = random.Random(2026)
    hands = [random_hand(rng) for _ in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.json"
        path.write_text(json.dumps(hands))
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            run = subprocess.run(
                [sys.executable, "manage.py", "payouts", str(path)], capture_output=True, check=True
            )
            timings.append(time.perf_counter() - start)
    assert len(json.loads(run.stdout)) == count
    timings.sort()
    print(
        f"payouts: {count} hands in one array, best {timings[0]:.2f} s, median {timings[2]:.2f} s "
        f"({count / timings[2]:,.0f} hands/s including start-up); goal < 3 s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
