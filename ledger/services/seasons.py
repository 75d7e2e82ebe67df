"""Seasons: start one, close it (its open nights close with it)."""

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import (
    Entry,
    League,
    Night,
    NightEvent,
    Season,
)
from ledger.services import drops, rings
from ledger.services.ratings import rerate


def start_season(*, league: League, name: str) -> Season:
    name = (name or "").strip()
    if not name:
        raise LedgerError("season_name_blank")
    with transaction.atomic():
        League.objects.select_for_update().get(pk=league.pk)  # one open season, even under a race
        open_season = league.seasons.open().first()
        if open_season is not None:
            raise LedgerError("season_open_exists", league=league.name, season=open_season.name)
        if league.seasons.filter(name__iexact=name).exists():
            raise LedgerError("season_name_taken", league=league.name, name=name)
        return Season.objects.create(league=league, name=name)


def close_season(*, season: Season, acting_user: User | None) -> Season:
    """Close the season and any night of it still open (each logs why): nothing more is
    recorded in it."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.closed_at is not None:
            raise LedgerError("season_closed", season=season.name)
        now = timezone.now()
        # Locking the open nights waits for a hand being logged on one to commit first.
        still_open = list(
            season.nights.select_for_update()
            .filter(closed_at__isnull=True)
            .values_list("pk", flat=True)
        )
        Night.objects.filter(pk__in=still_open).update(closed_at=now, version=F("version") + 1)
        for pk in still_open:
            rings.night_changed(pk)
        NightEvent.objects.bulk_create(
            NightEvent(night_id=pk, kind=NightEvent.Kind.SEASON_CLOSED, by=acting_user)
            for pk in still_open
        )
        season.closed_at = now
        season.hands_total = Entry.objects.filter(transaction__season=season).from_hands().total()
        season.save(update_fields=["closed_at", "hands_total"])
        if still_open:
            drops.add_nights(still_open)
            rerate(season.league)
        return season
