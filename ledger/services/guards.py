"""What several services share: row locks, open-night checks, constraint refusals."""

from django.db import IntegrityError, transaction

from ledger.errors import LedgerError
from ledger.models import League, Night
from ledger.rules.money import Amount


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
    # of=self: lock the night only, not its season and league rows joined in.
    return (
        Night.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=night.pk)
    )


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
