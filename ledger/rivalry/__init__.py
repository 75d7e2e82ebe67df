"""The story between players: streaks, skill ratings and the drop advisor's figures.

Pure Python, like the rules engine: nights' nets and drops' counts in, streaks,
ratings and rates out. ``reads/rivalry.py`` and ``services/ratings.py`` feed it rows.
"""

from ledger.rivalry.drops import MIN_DROPS, DropFigure, drop_figures
from ledger.rivalry.ratings import PROVISIONAL_NIGHTS, Rated, RatedNight, rate_nights
from ledger.rivalry.streaks import Streaks, streaks

__all__ = [
    "MIN_DROPS",
    "PROVISIONAL_NIGHTS",
    "DropFigure",
    "Rated",
    "RatedNight",
    "Streaks",
    "drop_figures",
    "rate_nights",
    "streaks",
]
