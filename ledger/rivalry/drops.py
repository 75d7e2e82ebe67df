"""The drop advisor: at each count, how often a drop won and how often it was caught.

>>> rows = [(9, 12, 11, 1), (3, 2, 2, 0), (9, 1, 0, 1)]
>>> [(f.count, f.drops, f.won, f.caught, f.won_percent) for f in drop_figures(rows)]
[(3, 2, 2, 0, None), (9, 13, 11, 2, 85)]
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

MIN_DROPS = 5  # fewer drops than this at a count, and a percentage would mislead


@dataclass(frozen=True)
class DropFigure:
    count: int  # the dropper's count
    drops: int
    won: int
    caught: int  # the rest of the drops were drawn (a tie the rules let stand)

    @property
    def drawn(self) -> int:
        return self.drops - self.won - self.caught

    @property
    def shown(self) -> bool:
        """Enough drops for a percentage to mean something."""
        return self.drops >= MIN_DROPS

    @property
    def won_percent(self) -> int | None:
        """Drops won, in whole percent rounded half up; None on too few drops."""
        return (200 * self.won + self.drops) // (2 * self.drops) if self.shown else None

    @property
    def caught_percent(self) -> int | None:
        return (200 * self.caught + self.drops) // (2 * self.drops) if self.shown else None


def drop_figures(rows: Iterable[tuple[int, int, int, int]]) -> list[DropFigure]:
    """Figures by count, lowest first, from ``(count, drops, won, caught)`` rows (a count
    may come in several rows: they add up)."""
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for count, drops, won, caught in rows:
        total = sums[count]
        total[0] += drops
        total[1] += won
        total[2] += caught
    return [DropFigure(count, *sums[count]) for count in sorted(sums) if sums[count][0]]
