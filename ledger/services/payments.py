"""Payments between players that settle what the hands left owing."""

from django.contrib.auth.models import User
from django.db import transaction

from ledger.errors import LedgerError
from ledger.models import Entry, League, Night, NightEvent, Player, Season, Transaction
from ledger.reads.settlement import Settlement, night_settlement, season_settlement
from ledger.rules.whole import is_whole
from ledger.services.guards import amount_of, move_version
from ledger.services.nights import close_night
from ledger.services.postings import check_key, check_league


def record_payment(
    *,
    season: Season,
    payer: Player,
    payee: Player,
    amount: int,
    key: str,
    night: Night | None = None,
    acting_user: User | None,
    at_most: int | None = None,
) -> Transaction:
    """One payment, in full or in part, as its own balanced transaction.

    It may not be more than the payer still owes or the payee is still owed in
    the night (or season) being settled, nor than ``at_most`` (what the plan the
    payer was shown has them pay). When a night's plan is all paid, the night
    closes. A resubmitted form (same ``key``) records nothing new, and is answered
    with the payment it recorded, whatever is owed since.
    """
    league = season.league
    check_league(league, [payer, payee])
    if not is_whole(amount, low=1):
        raise LedgerError("payment_invalid", value=amount)
    key = check_key(key)
    if payer == payee:
        raise LedgerError("payment_to_self", player=payer.name)
    if night is not None and night.season_id != season.pk:
        raise LedgerError("payment_night_elsewhere", season=season.name)
    with transaction.atomic():
        # One settle-up at a time per season: two phones marking the same payment queue up.
        season = Season.objects.select_for_update().get(pk=season.pk)
        existing = season.transactions.filter(idempotency_key=key).first()
        if existing is not None:
            if _payment_of(existing) != (payer.pk, payee.pk, amount, night.pk if night else None):
                raise LedgerError("payment_key_reused", key=key)
            return existing
        if at_most is not None and amount > at_most:
            raise LedgerError(
                "payment_more_than_planned",
                payer=payer.name,
                payee=payee.name,
                amount=amount_of(league, at_most),
            )
        state = night_settlement(night) if night else season_settlement(season)
        _check_owing(state, league, payer, payee, amount)
        payment = Transaction.objects.create(
            season=season,
            night=night,
            kind=Transaction.Kind.PAYMENT,
            idempotency_key=key,
            created_by=acting_user,
        )
        Entry.objects.bulk_create(
            [
                Entry(transaction=payment, player=payer, counterparty=payee, amount=amount),
                Entry(transaction=payment, player=payee, counterparty=payer, amount=-amount),
            ]
        )
        if night is not None:
            move_version(Night, night.pk)  # its settle-up page shows the payment
            if night.closed_at is None and night_settlement(night).settled:
                close_night(night=night, acting_user=acting_user, kind=NightEvent.Kind.SETTLED)
        return payment


def _check_owing(state: Settlement, league: League, payer: Player, payee: Player, amount: int):
    """A payment may not be more than the payer still owes, nor than the payee is owed."""
    owes, is_owed = -state.owed.get(payer, 0), state.owed.get(payee, 0)
    if amount > owes:
        raise LedgerError(
            "payment_more_than_owes", player=payer.name, amount=amount_of(league, owes)
        )
    if amount > is_owed:
        raise LedgerError(
            "payment_more_than_owed", player=payee.name, amount=amount_of(league, is_owed)
        )


def _payment_of(payment: Transaction) -> tuple:
    entry = payment.entries.filter(amount__gt=0).first()
    return (entry.player_id, entry.counterparty_id, entry.amount, payment.night_id) if entry else ()
