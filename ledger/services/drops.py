"""Keeping the drop advisor's tallies in step with the closed nights.

A night's drops join ``DropTally`` when it closes and leave it when it reopens: a
closed night's hands cannot change, so what leaves is what came in. Saving a hand
writes nothing here.
"""

from collections.abc import Iterable

from django.db.models import Count, Q

from ledger.models import DropTally, Hand, voided
from ledger.services.tallies import increment


def night_drops(nights: Iterable[int]) -> list[tuple[int, int, int, int, int, int]]:
    """(dropper, season, count, drops, won, caught) over the nights' standing drops."""
    rows = (
        Hand.objects.filter(night__in=list(nights), drop_count__isnull=False)
        .exclude(voided())
        .values_list("dropper", "night__season", "drop_count")
        .annotate(
            drops=Count("id"),
            won=Count("id", filter=Q(result="drop_won")),
            caught=Count("id", filter=Q(result="caught")),
        )
        .order_by()
    )
    return [tuple(row) for row in rows]


def add_nights(nights: Iterable[int], sign: int = 1) -> None:
    """Add the nights' drops to the tallies (sign -1: take them away again)."""
    rows = [
        (player, season, count, sign * drops, sign * won, sign * caught)
        for player, season, count, drops, won, caught in night_drops(nights)
    ]
    increment(DropTally, ["player_id", "season_id", "count"], list(DropTally.COUNTERS), rows)
