"""The drop advisor's figures, counted over the standing drops (one query each).

Each drop keeps its dropper's count on its own row (``Hand.drop_count``, indexed), so
the advisor adds nothing to the save of a hand.
"""

from django.db.models import Count, Q, QuerySet

from ledger.models import Hand, League, Player, Season, voided
from ledger.rivalry import DropFigure, drop_figures


def drop_advice(
    league: League, player: Player | None = None, season: Season | None = None
) -> list[DropFigure]:
    """How drops went at each count: the league's, or one player's as the dropper."""
    drops = Hand.objects.filter(night__season__league=league)
    if season is not None:
        drops = drops.filter(night__season=season)
    if player is not None:
        drops = drops.filter(dropper=player)
    return _figures(drops)


def drops_at(league: League, count: int) -> DropFigure:
    """How the league's drops at one count went, all time: the drop sheet's line."""
    found = _figures(Hand.objects.filter(night__season__league=league, drop_count=count))
    return found[0] if found else DropFigure(count, 0, 0, 0)


def _figures(hands: QuerySet[Hand]) -> list[DropFigure]:
    sums = (
        hands.exclude(voided())
        .filter(drop_count__isnull=False)
        .values_list("drop_count")
        .annotate(
            drops=Count("id"),
            won=Count("id", filter=Q(result="drop_won")),
            caught=Count("id", filter=Q(result="caught")),
        )
        .order_by()
    )
    return drop_figures(sums)
