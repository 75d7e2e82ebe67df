"""The skill ratings: the nights they are worked out from, and the league's table."""

from dataclasses import dataclass
from itertools import groupby

from ledger.models import League, Player, PlayerNight, PlayerRating
from ledger.rivalry import Rated, RatedNight


def rated_nights(league: League) -> list[RatedNight]:
    """The league's closed nights in the order played, each with the nets of those who
    played a standing hand in it (one query)."""
    rows = (
        PlayerNight.objects.filter(
            season__league=league, night__closed_at__isnull=False, hands__gt=0
        )
        .order_by("night__date", "night_id", "player_id")
        .values_list("night_id", "player_id", "net")
    )
    return [
        RatedNight(night, {player: net for _, player, net in group})
        for night, group in groupby(rows, key=lambda row: row[0])
    ]


def stored_ratings(league: League, players=None) -> dict[int, Rated]:
    """{player id: rating} as stored, for the league or some of its players (one query)."""
    rows = PlayerRating.objects.filter(league=league)
    if players is not None:
        rows = rows.filter(player__in=players)
    return {r.player_id: Rated(r.mu, r.sigma, r.nights, r.night_id) for r in rows}


@dataclass(frozen=True)
class RatingRow:
    rank: int | None  # None while provisional: those are listed after, unranked
    player: Player
    rating: Rated


def ratings_table(league: League) -> list[RatingRow]:
    """The league's ratings, settled ones first by the conservative estimate (one query)."""
    rows = (
        PlayerRating.objects.filter(league=league)
        .select_related("player")
        .order_by("-ordinal", "player__name")
    )
    rated = [(r.player, Rated(r.mu, r.sigma, r.nights, r.night_id)) for r in rows]
    settled = [(p, r) for p, r in rated if not r.provisional]
    provisional = [(p, r) for p, r in rated if r.provisional]
    return [RatingRow(i, p, r) for i, (p, r) in enumerate(settled, 1)] + [
        RatingRow(None, p, r) for p, r in provisional
    ]
