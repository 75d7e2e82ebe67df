"""Winning and losing nights in a row.

A night won is one with a net above zero, a night lost one below; a night that came
out level ends either streak.

    >>> s = streaks([5, 2, -1, 3, 4, 1, 0, -2, -2])
    >>> s.longest_won, s.longest_lost, s.current
    (3, 2, -2)

Where each longest run lies, as (first, last) positions in the nights given: the first
such run when two are as long.

    >>> s.won_span, s.lost_span
    ((3, 5), (7, 8))
"""

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Streaks:
    longest_won: int = 0
    longest_lost: int = 0
    current: int = 0  # nights in a row up to the last one: won above zero, lost below
    won_span: tuple[int, int] | None = None  # the longest winning run's first and last night
    lost_span: tuple[int, int] | None = None


def streaks(nets: Iterable[int]) -> Streaks:
    """The streaks of a player's nights, given their nets in the order played."""
    longest_won = longest_lost = current = 0
    won_span = lost_span = None
    for at, net in enumerate(nets):
        if net > 0:
            current = current + 1 if current > 0 else 1
        elif net < 0:
            current = current - 1 if current < 0 else -1
        else:
            current = 0
        if current > longest_won:
            longest_won, won_span = current, (at - current + 1, at)
        if -current > longest_lost:
            longest_lost, lost_span = -current, (at + current + 1, at)
    return Streaks(longest_won, longest_lost, current, won_span, lost_span)
