"""What several services share: row locks, open-night checks, constraint refusals."""

from functools import cache

from django.db import IntegrityError, connection, transaction
from django.db.models import F

from ledger.errors import LedgerError
from ledger.models import League, Night, Season
from ledger.rows.raw import Part, fetch, starts
from ledger.rules.money import Amount
from ledger.services import rings
from ledger.services.writes import Writes


def insert_or(model, error: LedgerError, **fields):
    """Insert a row, or raise ``error`` when a unique constraint refuses it.

    Checking first and inserting after leaves a gap that two requests can race
    through; the constraint closes it and this turns its refusal into a message.
    """
    try:
        with transaction.atomic():  # a savepoint: the outer transaction survives the refusal
            return model.objects.create(**fields)
    except IntegrityError:
        raise error from None


def lock_night(night: Night) -> Night:
    """The night as it stands, its row locked until the transaction ends (its season and
    league read with it, not locked). Written once (``ledger.rows.raw``): every save
    starts here."""
    rows = fetch(_lock_sql(), [night.pk])
    if not rows:
        raise Night.DoesNotExist(f"no night {night.pk}")
    row, at = rows[0], LOCKED_AT
    locked = LOCKED[0].take(row, at[0])
    locked.season = LOCKED[1].take(row, at[1])
    locked.season.league = LOCKED[2].take(row, at[2])
    return locked


LOCKED = (Part(Night, "n"), Part(Season, "se"), Part(League, "l"))
LOCKED_AT = starts(*LOCKED)


@cache
def _lock_sql() -> str:
    night, season, league = LOCKED
    lock = " FOR UPDATE OF n" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {', '.join(part.columns for part in LOCKED)} FROM {night.table}"
        f" JOIN {season.table} ON {season.column('id')} = {night.column('season')}"
        f" JOIN {league.table} ON {league.column('id')} = {season.column('league')}"
        f" WHERE {night.column('id')} = %s{lock}"
    )


def touch(night: Night, *fields: str, writes: Writes | None = None) -> None:
    """Save ``fields`` of a night this transaction has locked, and move its version on: a
    phone polling the night sees the change at its next poll, and never before it commits.
    With ``writes``, the update goes when it runs."""
    night.version += 1
    if writes is None:
        night.save(update_fields=[*fields, "version"])
    else:
        values = {name: getattr(night, name) for name in [*fields, "version"]}
        writes.update(Night.objects.filter(pk=night.pk), **values)
    rings.night_changed(night.pk, night.version)


def move_version(model: type[League] | type[Night], pk: int) -> None:
    """Move a row's version on without holding its lock (an increment in the database)."""
    model.objects.filter(pk=pk).update(version=F("version") + 1)
    if model is Night:
        rings.night_changed(pk)
    else:
        rings.league_changed(pk)


def check_open(night: Night) -> Night:
    if night.closed_at is not None:
        raise LedgerError("night_closed")
    if night.season.closed_at is not None:
        raise LedgerError("season_closed", season=night.season.name)
    return night


def lock_open_night(night: Night) -> Night:
    return check_open(lock_night(night))


def amount_of(league: League, amount: int) -> Amount:
    return Amount(max(amount, 0), league.unit, league.decimal_places)
