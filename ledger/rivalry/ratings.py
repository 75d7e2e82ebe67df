"""Skill ratings from the nights' rankings, with openskill's Plackett-Luce model.

Each rated night is one game of every player who played a hand in it, ranked by
their net for the night (equal nets tie). The money decides the ranking only: a big
win counts as much as a narrow one. Ratings are ordered by openskill's conservative
estimate, ``mu - 3 sigma``, which a new player starts at zero.

    >>> nights = [RatedNight(1, {1: 300, 2: -100, 3: -200}), RatedNight(2, {1: 50, 2: -50})]
    >>> after = rate_nights(nights)
    >>> after[1].nights, after[3].nights, after[1].mu > 25 > after[3].mu
    (2, 1, True)
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

PROVISIONAL_NIGHTS = 5  # a rating settles once a player has this many rated nights

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class RatedNight:
    night: int  # its id
    nets: Mapping[int, int] = field(default_factory=dict)  # player id -> net for the night


@dataclass(frozen=True)
class Rated:
    mu: float
    sigma: float
    nights: int  # rated nights played
    night: int  # the last of them

    @property
    def ordinal(self) -> float:
        """The conservative estimate: the rating is this or better, nearly surely."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.nights < PROVISIONAL_NIGHTS


def rate_nights(
    nights: Iterable[RatedNight], start: Mapping[int, Rated] | None = None
) -> dict[int, Rated]:
    """Every player's rating after ``nights`` (in the order played), from ``start``.

    A night of fewer than two players rates nobody. Players are taken in id order,
    so the same nights always give the same floats.
    """
    ratings: dict[int, Rated] = dict(start or {})
    for night in nights:
        players = sorted(night.nets)
        if len(players) < 2:
            continue
        before: list[Any] = [
            _MODEL.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)
            if p in ratings
            else _MODEL.rating()
            for p in players
        ]
        after = _MODEL.rate([[r] for r in before], scores=[night.nets[p] for p in players])
        for player, (rating,) in zip(players, after, strict=True):
            nights_before = ratings[player].nights if player in ratings else 0
            ratings[player] = Rated(rating.mu, rating.sigma, nights_before + 1, night.night)
    return ratings
