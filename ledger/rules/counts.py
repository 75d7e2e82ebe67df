"""Which counts a hand of cards can add up to, for a given deck.

A *deal count* is the sum of exactly ``hand_size`` cards; a *play count* (at a
drop or a stock-out) the sum of 1 to ``hand_size`` cards. Both respect how many
cards of each value the deck holds::

    >>> deal, play = reachable_counts("40", 5, "ten", 0)
    >>> 47 in deal, 48 in deal, 49 in deal, 50 in deal
    (True, False, False, True)
"""

from collections import Counter
from functools import lru_cache

DECKS = ("52", "40")
FACE_VALUES = ("ten", "rank")


def deck_values(deck: str, face_values: str, jokers: int) -> Counter[int]:
    """How many cards of each value the deck holds (jokers count 0)."""
    pips = range(1, 11) if deck == "52" else (*range(1, 8),)
    values: Counter[int] = Counter({pip: 4 for pip in pips})
    for face in (11, 12, 13):
        values[10 if face_values == "ten" else face] += 4
    if jokers:
        values[0] += jokers
    return values


@lru_cache(maxsize=64)
def reachable_counts(
    deck: str, hand_size: int, face_values: str, jokers: int
) -> tuple[frozenset[int], frozenset[int]]:
    """(deal counts, play counts) reachable with this deck and hand size."""
    # sums[k]: every total that exactly k cards can make (a bounded knapsack).
    sums: list[set[int]] = [{0}] + [set() for _ in range(hand_size)]
    for value, copies in deck_values(deck, face_values, jokers).items():
        before = [set(totals) for totals in sums]
        for k, totals in enumerate(before):
            for total in totals:
                for taken in range(1, min(copies, hand_size - k) + 1):
                    sums[k + taken].add(total + taken * value)
    deal = frozenset(sums[hand_size])
    play = frozenset().union(*sums[1:])
    return deal, play
