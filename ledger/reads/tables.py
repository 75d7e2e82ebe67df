"""The tables a scorekeeper comes back to: the league's last one, and nights still open."""

from dataclasses import dataclass

from ledger.models import League, Night, Player


@dataclass(frozen=True)
class LastTable:
    """How the league's latest night ended: who sat where, who deals next, stake, rules."""

    night: Night
    players: list[Player]  # seated at the end, clockwise

    @property
    def dealer(self) -> Player:
        """The night's dealer has moved on after each hand: the next one deals first."""
        return self.night.dealer


def last_table(league: League) -> LastTable | None:
    night = (
        Night.objects.filter(season__league=league)
        .select_related("dealer")
        .order_by("-date", "-pk")
        .first()
    )
    if night is None:
        return None
    seats = night.seats.filter(seated=True, player__retired_at__isnull=True)
    players = [seat.player for seat in seats.select_related("player").order_by("position")]
    return LastTable(night, players) if len(players) >= 2 else None


def open_nights(user, limit: int = 3) -> list[Night]:
    """The user's nights still being played, newest first, for the home page."""
    return list(
        Night.objects.filter(
            season__league__in=League.objects.for_user(user),
            closed_at__isnull=True,
            season__closed_at__isnull=True,
        )
        .select_related("season__league")
        .order_by("-date", "-pk")[:limit]
    )
