"""Hands: record one (once per request key), void it, correct it, undo and redo it."""

from dataclasses import dataclass
from functools import cache

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max

from ledger.errors import LedgerError
from ledger.models import (
    Entry,
    Hand,
    Night,
    Player,
    Seat,
    Transaction,
)
from ledger.reads.pot import pot_for
from ledger.rows.details import HandDetails, stored_details
from ledger.rows.posting import Posting
from ledger.rows.raw import Part, fetch
from ledger.rules.hand import left_of
from ledger.services import side_bets, tallies
from ledger.services.guards import check_open, lock_night, lock_open_night, touch
from ledger.services.nights import seated_players
from ledger.services.postings import (
    build_hand,
    build_reversal,
    check_key,
    request_digest,
    save,
)
from ledger.services.writes import Writes


@dataclass(frozen=True)
class Recorded:
    """A recorded hand, with the rows this request wrote for it: None when a retried
    request got back the hand recorded the first time (its rows are in the database)."""

    hand: Hand
    posting: Posting | None


@dataclass
class Locked:
    """A night locked for a new hand, read in two queries: the lock, then the rest."""

    night: Night
    players: list[Player]  # seated now, clockwise
    last_number: int
    replay: Hand | None  # the hand a retried request recorded already


def _lock_for_request(night: Night, key: str, digest: str) -> Locked:
    """Lock the night; a retried request gets its hand back, whatever happened since.

    After the lock one query reads the seats with the night's last hand number and
    the hand already recorded under ``key``: it must run after the lock to see the
    hands that others committed meanwhile (PostgreSQL reads as of each statement).
    """
    key = check_key(key)
    night = lock_night(night)
    rows = fetch(_locked_sql(), [night.pk, night.pk, key, night.pk])  # two seated at least
    last_number, replayed = rows[0][-2:]
    replay = Hand.objects.get(pk=replayed) if replayed is not None else None
    if replay is not None and replay.request_digest != digest:
        raise LedgerError("key_reused", key=key, number=replay.number)
    if replay is None:
        check_open(night)
    players = [SEATED.take(row, 0) for row in rows]
    return Locked(night, players, last_number or 0, replay)


SEATED = Part(Player, "p")


@cache
def _locked_sql() -> str:
    """The seated players, clockwise, with the night's last hand number and the hand a
    retried request recorded, if any (``ledger.rows.raw``)."""
    seat, hand = Part(Seat, "s"), Part(Hand, "h")
    hands = f"FROM {hand.table} WHERE {hand.column('night')} = %s"
    return (
        f"SELECT {SEATED.columns}, (SELECT MAX({hand.column('number')}) {hands}),"
        f" (SELECT {hand.column('id')} {hands} AND {hand.column('idempotency_key')} = %s)"
        f" FROM {seat.table} JOIN {SEATED.table} ON {SEATED.column('id')} = {seat.column('player')}"
        f" WHERE {seat.column('night')} = %s AND {seat.column('seated')}"
        f" ORDER BY {seat.column('position')}"
    )


def record_hand(
    *,
    night: Night,
    key: str,
    details: HandDetails,
    stake: int | None = None,
    dealer: Player | None = None,
    acting_user: User | None,
) -> Recorded:
    """Score a hand under the night's rules and post its payouts; the deal moves left.

    ``key`` is the client's idempotency key: the same key with the same request
    returns the hand already recorded; with a different request it is refused.
    """
    digest = request_digest(details, stake=stake, dealer=dealer.pk if dealer else None)
    with transaction.atomic():
        locked = _lock_for_request(night, key, digest)
        if locked.replay is not None:
            return Recorded(locked.replay, None)
        night, players = locked.night, locked.players
        dealer = dealer or night.dealer
        writes = Writes()  # what needs no answer, sent as one statement where it can be
        posting = save(
            build_hand(
                night=night,
                number=locked.last_number + 1,
                players=players,
                dealer=dealer,
                stake=night.next_stake if stake is None else stake,
                spec=night.rules,
                details=details,
                key=key,
                digest=digest,
                logged_by=acting_user,
                pot=pot_for(night, details, players),
            ),
            writes,
        )
        night.dealer = left_of(players, dealer)
        touch(night, "dealer", *_suit_called(night, details), writes=writes)
        writes.run()
        return Recorded(posting.hand, posting)


def _suit_called(night: Night, details: HandDetails) -> list[str]:
    """The high card's suit called for this deal is the next deal's, until called again:
    kept in the night's set-up (its field named when it changed)."""
    high_card = night.side_bets.get("high_card")
    called = next((b.suit for b in details.side_bets if b.kind == "high_card" and b.suit), "")
    if high_card is None or not called or called == high_card.get("suit"):
        return []
    night.side_bets = {**night.side_bets, "high_card": {**high_card, "suit": called}}
    return ["side_bets"]


def void_hand(*, hand: Hand, acting_user: User | None) -> Transaction:
    """Append the reversal of a hand's payouts. A hand is voided once, however many phones try."""
    with transaction.atomic():
        night = lock_open_night(hand.night)
        reversal = _reverse(hand, acting_user)
        touch(night)
        return reversal


def _reverse(hand: Hand, by: User | None) -> Transaction:
    hand = Hand.objects.select_related("correction", "night").get(pk=hand.pk)
    if hand.transactions.filter(kind=Transaction.Kind.VOID).exists():
        correction = getattr(hand, "correction", None)
        if correction is not None:
            raise LedgerError(
                "hand_corrected_already", number=hand.number, correction=correction.number
            )
        raise LedgerError("hand_voided_already", number=hand.number)
    side_bets.check_not_paid_out(hand)
    posted = list(
        Entry.objects.filter(transaction__hand=hand, transaction__kind=Transaction.Kind.HAND)
    )
    reversal, entries = build_reversal(hand, posted, by)
    reversal.save()
    Entry.objects.bulk_create(entries)
    tallies.Changes().add(hand, hand.seats.all(), posted, sign=-1).apply()
    side_bets.realign(hand)  # a naturals win taken back: the pot it paid out is open again
    return reversal


def correct_hand(
    *,
    hand: Hand,
    key: str,
    details: HandDetails,
    stake: int | None = None,
    dealer: Player | None = None,
    acting_user: User | None,
) -> Recorded:
    """Void ``hand`` and record what really happened as a new hand that replaces it.

    The correction keeps the original's players and rules; stake and dealer too
    unless given.
    """
    digest = request_digest(
        details, stake=stake, dealer=dealer.pk if dealer else None, replaces=hand.pk
    )
    with transaction.atomic():
        locked = _lock_for_request(hand.night, key, digest)
        if locked.replay is not None:
            return Recorded(locked.replay, None)
        _reverse(hand, acting_user)
        touch(locked.night)
        posting = _post_at_table_of(
            hand,
            list(hand.seats.select_related("player")),
            night=locked.night,
            number=locked.last_number + 1,
            details=details,
            dealer=dealer or hand.dealer,
            stake=hand.stake if stake is None else stake,
            key=key,
            digest=digest,
            replaces=hand,
            by=acting_user,
        )
        return Recorded(posting.hand, posting)


def undo_hand(*, hand: Hand, acting_user: User | None) -> Hand | None:
    """Take ``hand`` back: its payouts are reversed and the deal returns to its dealer.

    Only the newest standing hand is undone: a page drawn before another hand was saved
    names an older one, which is refused (``hand_not_newest``; *Fix* voids any hand).
    Undoing a correction brings the hand it corrected back (posted again, replacing
    the correction), which is returned. A hand that no longer stands is left as it
    is, so a repeated undo does nothing more.
    """
    with transaction.atomic():
        night = lock_open_night(hand.night)
        hand = Hand.objects.with_voided().select_related("replaces").get(pk=hand.pk)
        if hand.is_voided:
            return None
        later = night.hands.standing().filter(number__gt=hand.number).order_by("-number").first()
        if later is not None:
            raise LedgerError("hand_not_newest", number=hand.number, newest=later.number)
        _reverse(hand, acting_user)
        corrected = hand.replaces
        if corrected is not None and not (hand.is_redo or hand.is_restore):
            touch(night)
            key = f"{Hand.RESTORE_KEY}{hand.pk}"
            return _post_again(night, corrected, replacing=hand, key=key, by=acting_user).hand
        if not hand.is_restore and hand.dealer in seated_players(night):
            night.dealer = hand.dealer
            touch(night, "dealer")
        else:
            touch(night)
        return None


def redo_hand(*, hand: Hand, acting_user: User | None, newest: int | None = None) -> Hand:
    """Post an undone (or voided) hand again, as a new hand replacing whatever stood in for it.

    Redone once: a repeated redo returns the same hand. The deal moves on as it did.
    ``newest`` is the newest hand number the scorekeeper's page showed: when a later hand
    has been saved since, the redo is refused (``hand_redo_stale``) rather than guessed.
    """
    with transaction.atomic():
        night = lock_open_night(hand.night)
        key = f"{Hand.REDO_KEY}{hand.pk}"
        again = night.hands.filter(idempotency_key=key).first()
        if again is not None:
            return again
        if newest is not None:
            later = night.hands.filter(number__gt=newest).order_by("-number").first()
            if later is not None:
                raise LedgerError("hand_redo_stale", number=hand.number, newest=later.number)
        hand = Hand.objects.with_voided().get(pk=hand.pk)
        if not hand.is_voided:
            raise LedgerError("hand_stands", number=hand.number)
        stand_in = Hand.objects.with_voided().filter(replaces=hand).first()
        if stand_in is not None:
            if stand_in.is_voided:
                raise LedgerError(
                    "hand_corrected_already", number=hand.number, correction=stand_in.number
                )
            _reverse(stand_in, acting_user)
        again = _post_again(night, hand, replacing=stand_in or hand, key=key, by=acting_user).hand
        players = seated_players(night)
        if stand_in is None and hand.dealer in players:
            night.dealer = left_of(players, hand.dealer)
            touch(night, "dealer")
        else:
            touch(night)
        return again


def _post_again(night: Night, hand: Hand, *, replacing: Hand, key: str, by) -> Posting:
    """``hand`` as it was recorded, posted as the next hand of the night."""
    seats = list(hand.seats.select_related("player"))
    details = stored_details(hand, seats)
    return _post_at_table_of(
        hand,
        seats,
        night=night,
        number=night.hands.aggregate(last=Max("number"))["last"] + 1,
        details=details,
        dealer=hand.dealer,
        stake=hand.stake,
        key=key,
        digest=request_digest(details, again=hand.pk),
        replaces=replacing,
        by=by,
    )


def _post_at_table_of(hand: Hand, seats: list, *, details: HandDetails, by, **columns) -> Posting:
    """A new hand at ``hand``'s table (``seats``: its seats, players loaded), under its rules."""
    players = [seat.player for seat in seats]
    return save(
        build_hand(
            players=players,
            spec=hand.rules,
            details=details,
            logged_by=by,
            pot=pot_for(columns["night"], details, players, again=True),
            **columns,
        )
    )
