"""The drop advisor's figures, from the drop tallies of the closed nights (one query each)."""

from django.db.models import QuerySet, Sum

from ledger.models import DropTally, League, Player, Season
from ledger.rivalry import DropFigure, drop_figures


def drop_advice(
    league: League, player: Player | None = None, season: Season | None = None
) -> list[DropFigure]:
    """How drops went at each count: the league's, or one player's as the dropper."""
    rows = DropTally.objects.filter(season__league=league)
    if season is not None:
        rows = rows.filter(season=season)
    if player is not None:
        rows = rows.filter(player=player)
    return _figures(rows)


def drops_at(league: League, count: int) -> DropFigure:
    """How the league's drops at one count went, all time: the drop sheet's line."""
    found = _figures(DropTally.objects.filter(season__league=league, count=count))
    return found[0] if found else DropFigure(count, 0, 0, 0)


def _figures(rows: QuerySet[DropTally]) -> list[DropFigure]:
    sums = (
        rows.values_list("count")
        .annotate(drops=Sum("drops"), won=Sum("won"), caught=Sum("caught"))
        .order_by()
    )
    return drop_figures(sums)
