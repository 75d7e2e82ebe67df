"""Keeping the skill ratings in step with the league's closed nights.

A night is rated once it closes: each player who played a standing hand in it is
ranked by their net for the night (``ledger/rivalry/ratings.py``). Closing the newest
night rates it on top of the ratings as they stand; closing or reopening an older
one (a night corrected after others were played) rates every closed night again, in
the same transaction, so a rating is never left stale.
"""

from ledger.models import League, Night, PlayerNight, PlayerRating
from ledger.reads.ratings import rated_nights, stored_ratings
from ledger.rivalry import Rated, RatedNight, rate_nights


def rerate(league: League) -> None:
    """Rate every closed night of the league again, from the start."""
    PlayerRating.objects.filter(league=league).delete()
    _store(league, rate_nights(rated_nights(league)))


def night_closed(night: Night) -> None:
    """Rate a night that has just closed."""
    league = night.season.league
    last = (
        PlayerRating.objects.filter(league=league)
        .order_by("-night__date", "-night_id")
        .values_list("night__date", "night_id")
        .first()
    )
    if last is not None and (night.date, night.pk) <= last:
        rerate(league)  # an older night: the ones after it are rated on what it changes
        return
    nets = dict(
        PlayerNight.objects.filter(night=night, hands__gt=0).values_list("player_id", "net")
    )
    after = rate_nights([RatedNight(night.pk, nets)], stored_ratings(league, players=nets))
    _store(league, {player: after[player] for player in nets if player in after})


def night_reopened(night: Night) -> None:
    """A reopened night is rated no more, until it closes again."""
    rated = PlayerRating.objects.filter(league=night.season.league)
    if rated.filter(night__date__gte=night.date).exists():
        rerate(night.season.league)


def _store(league: League, ratings: dict[int, Rated]) -> None:
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(
                player_id=player,
                league=league,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                nights=r.nights,
                night_id=r.night,
            )
            for player, r in ratings.items()
        ],
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["mu", "sigma", "ordinal", "nights", "night"],
    )
