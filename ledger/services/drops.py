"""Keeping the drop advisor's tallies in step with the closed nights.

A night's drops join ``DropTally`` when it closes and leave it when it reopens: a
closed night's hands cannot change, so what leaves is what came in. Saving a hand
writes nothing here.
"""

from collections.abc import Iterable

from ledger.models import DropTally, Hand
from ledger.reads.recount import standing_drops
from ledger.services.tallies import increment


def add_nights(nights: Iterable[int], sign: int = 1) -> None:
    """Add the nights' drops to the tallies (sign -1: take them away again)."""
    rows = [
        (player, season, count, sign * drops, sign * won, sign * caught)
        for player, season, count, drops, won, caught in standing_drops(
            Hand.objects.filter(night__in=list(nights))
        )
    ]
    increment(DropTally, ["player_id", "season_id", "count"], list(DropTally.COUNTERS), rows)
