"""The only writers of the ledger: keyword-only, validated, atomic.

Each service validates before it writes and raises ``LedgerError`` (or the
engine's ``RulesError``) with nothing written. Writes that two phones can race
lock the night row first (``select_for_update``), so hands of one night are
numbered, keyed and voided one at a time; SQLite gets the same effect from its
IMMEDIATE transactions.
"""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date as Date

from django.db import IntegrityError, transaction
from django.db.models import Max, Subquery
from django.utils import timezone
from django.utils.text import slugify

from ledger import tallies
from ledger.access import new_token
from ledger.errors import LedgerError
from ledger.hands import HandDetails
from ledger.models import (
    Entry,
    Hand,
    Invitation,
    League,
    Membership,
    Night,
    NightEvent,
    Player,
    Role,
    Season,
    Seat,
    ShareLink,
    Transaction,
)
from ledger.money import Amount
from ledger.postings import (
    build_hand,
    build_reversal,
    check_key,
    check_league,
    check_stake,
    request_digest,
    save,
)
from ledger.rules import MAX_STAKE, RuleSet, normalize_rules, parse_rules
from ledger.rules.whole import is_whole
from ledger.settlement import night_settlement, season_settlement

# Leagues and players


def create_league(
    *,
    name: str,
    owner=None,
    unit: str = "$",
    decimal_places: int = 2,
    rules: object = "pagat",
    default_stake: int = 100,
    slug: str | None = None,
) -> League:
    name = (name or "").strip()
    if not name:
        raise LedgerError("league_name_blank")
    if not (unit or "").strip():
        raise LedgerError("league_unit_blank")
    if not is_whole(decimal_places, low=0, high=3):
        raise LedgerError("decimal_places_invalid", value=decimal_places)
    check_stake(default_stake)
    spec = normalize_rules(rules)
    fields = {
        "name": name,
        "unit": unit.strip(),
        "decimal_places": decimal_places,
        "rules": spec,
        "default_stake": default_stake,
    }
    with transaction.atomic():
        if slug is not None:
            league = _insert_or(
                League, LedgerError("league_slug_taken", slug=slug), slug=slug, **fields
            )
        else:
            league = _league_with_free_slug(slugify(name)[:50] or "league", fields)
        if owner is not None:
            Membership.objects.create(league=league, user=owner, role=Role.OWNER)
        return league


def _insert_or(model, error: LedgerError, **fields):
    """Insert a row, or raise ``error`` when a unique constraint refuses it.

    Checking first and inserting after leaves a gap that two requests can race
    through; the constraint closes it and this turns its refusal into a message.
    """
    try:
        with transaction.atomic():  # a savepoint: the outer transaction survives the refusal
            return model.objects.create(**fields)
    except IntegrityError:
        raise error from None


def _league_with_free_slug(base: str, fields: dict) -> League:
    """The league under ``base``, or ``base-2``, ``base-3``… whichever is free when it is saved."""
    for _attempt in range(5):
        slug = _free_slug(base)
        try:
            return _insert_or(
                League, LedgerError("league_slug_taken", slug=slug), slug=slug, **fields
            )
        except LedgerError:
            continue  # another league took it since we looked: look again
    raise LedgerError("league_slug_taken", slug=base)


# Members, invitations and share links


def invite(*, league: League, role: str, by) -> tuple[Invitation, str]:
    """A single-use invitation; returns it and the secret that goes in its link."""
    if role not in Role.values:
        raise LedgerError("role_invalid", value=role)
    lookup, secret = new_token()
    invitation = Invitation.objects.create(
        league=league, role=role, lookup=lookup, token=secret, created_by=by
    )
    return invitation, secret


def _invitation(invitations, lookup: str, secret: str) -> Invitation | None:
    """The invitation with this lookup key, if the secret matches (compared in constant time)."""
    invitation = invitations.filter(lookup=lookup).first()
    if invitation is None or not secrets.compare_digest(invitation.token.encode(), secret.encode()):
        return None
    return invitation


def pending_invitation(*, lookup: str, secret: str) -> Invitation | None:
    """What an invitation link offers, shown only to whoever holds its secret."""
    invitations = Invitation.objects.pending().select_related("league")
    return _invitation(invitations, lookup, secret)


def accept_invitation(*, lookup: str, secret: str, user) -> Membership:
    """Join the league with the invited role; a used invitation is refused, even under a race."""
    with transaction.atomic():
        invitation = _invitation(Invitation.objects.select_for_update(), lookup, secret)
        if invitation is None:
            raise LedgerError("invitation_unknown")
        if invitation.used_at is not None:
            raise LedgerError("invitation_used")
        # The league's lock orders this with role changes and other invitations of the user.
        League.objects.select_for_update().filter(pk=invitation.league_id).first()
        membership = Membership.objects.filter(league=invitation.league, user=user).first()
        if membership is None:
            membership = Membership.objects.create(
                league=invitation.league, user=user, role=invitation.role
            )
        invitation.used_by, invitation.used_at = user, timezone.now()
        invitation.save(update_fields=["used_by", "used_at"])
        return membership


def _lock_membership(membership: Membership) -> tuple[Membership, int]:
    """The membership as it is now, and how many owners its league has, under the league's lock.

    Two owners demoting each other at once must not both see "another owner is left":
    locking the league row queues every change of its members. (A ``count()`` of rows
    selected for update locks nothing: Django drops FOR UPDATE from aggregates.)
    """
    League.objects.select_for_update().filter(pk=membership.league_id).first()
    fresh = Membership.objects.filter(pk=membership.pk).first()
    if fresh is None:
        raise LedgerError("member_gone")
    owners = Membership.objects.filter(league=membership.league_id, role=Role.OWNER).count()
    return fresh, owners


def set_role(*, membership: Membership, role: str) -> Membership:
    if role not in Role.values:
        raise LedgerError("role_invalid", value=role)
    with transaction.atomic():
        membership, owners = _lock_membership(membership)
        if membership.role == Role.OWNER and role != Role.OWNER and owners == 1:
            raise LedgerError("last_owner")
        membership.role = role
        membership.save(update_fields=["role"])
        return membership


def remove_member(*, membership: Membership) -> None:
    with transaction.atomic():
        membership, owners = _lock_membership(membership)
        if membership.role == Role.OWNER and owners == 1:
            raise LedgerError("last_owner")
        membership.delete()


def share(*, league: League, by, night: Night | None = None) -> ShareLink:
    """A read-only link to the league, or to one night of it."""
    lookup, secret = new_token()
    return ShareLink.objects.create(
        league=league, night=night, lookup=lookup, token=secret, created_by=by
    )


def revoke_share(*, link: ShareLink) -> ShareLink:
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return link


def claim_player(*, player: Player, user) -> Player:
    """ "This is me": link a player record to the user's account (one per league)."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.user_id is not None and player.user_id != user.pk:
            raise LedgerError("player_claimed", player=player.name)
        already = LedgerError("already_a_player", league=player.league.name)
        if Player.objects.filter(league=player.league_id, user=user).exclude(pk=player.pk).exists():
            raise already
        player.user = user
        try:  # two players claimed at once: the constraint keeps one per user
            with transaction.atomic():
                player.save(update_fields=["user"])
        except IntegrityError:
            raise already from None
        return player


def _free_slug(base: str) -> str:
    taken = set(League.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _player_name(league: League, name: str, exclude: Player | None = None) -> str:
    name = (name or "").strip()
    if not name:
        raise LedgerError("player_name_blank")
    if len(name) > 60:
        raise LedgerError("player_name_long")
    clash = league.players.filter(name__iexact=name)
    if exclude is not None:
        clash = clash.exclude(pk=exclude.pk)
    if clash.exists():
        raise _name_taken(league, name)
    return name


def _name_taken(league: League, name: str) -> LedgerError:
    return LedgerError("player_name_taken", league=league.name, name=name)


def add_player(*, league: League, name: str) -> Player:
    with transaction.atomic():
        name = _player_name(league, name)
        return _insert_or(Player, _name_taken(league, name), league=league, name=name)


def rename_player(*, player: Player, name: str) -> Player:
    with transaction.atomic():
        player.name = _player_name(player.league, name, exclude=player)
        try:  # the same name typed on two phones at once: the constraint keeps one
            with transaction.atomic():
                player.save(update_fields=["name"])
        except IntegrityError:
            raise _name_taken(player.league, player.name) from None
        return player


def retire_player(*, player: Player) -> Player:
    """Retired players keep their history but cannot sit down at a new night."""
    with transaction.atomic():
        locked = Player.objects.select_for_update().filter(pk=player.pk)
        if locked.values_list("retired_at", flat=True).get() is not None:
            raise LedgerError("player_retired_already", player=player.name)
        player.retired_at = timezone.now()
        player.save(update_fields=["retired_at"])
        return player


# Seasons


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


def close_season(*, season: Season, by=None) -> Season:
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
        Night.objects.filter(pk__in=still_open).update(closed_at=now)
        NightEvent.objects.bulk_create(
            NightEvent(night_id=pk, kind=NightEvent.Kind.SEASON_CLOSED, by=by) for pk in still_open
        )
        season.closed_at = now
        season.hands_total = Entry.objects.filter(transaction__season=season).from_hands().total()
        season.save(update_fields=["closed_at", "hands_total"])
        return season


# Nights and seats


def _check_table_size(count: int, rules: RuleSet) -> None:
    if count < 2:
        raise LedgerError("night_too_few_players")
    rules.check_table_size(count)


def start_night(
    *,
    season: Season,
    players: Sequence[Player],
    dealer: Player | None,
    stake: int | None = None,
    rules: object = None,
    date: Date | None = None,
    new_player: str = "",
) -> Night:
    """Seat ``players`` in clockwise order; ``dealer`` deals the first hand.

    ``new_player`` names someone new to the league who sits last (and deals when
    ``dealer`` is None): the player and the night are created together, or neither.
    """
    league = season.league
    spec = normalize_rules(league.rules if rules is None else rules)
    stake = check_stake(league.default_stake if stake is None else stake)
    new_player = (new_player or "").strip()
    check_league(league, players)
    if len({player.pk for player in players}) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise LedgerError("player_twice", player=twice.name)
    _check_table_size(len(players) + bool(new_player), parse_rules(spec))
    if dealer is None and not new_player:
        raise LedgerError("night_dealer_missing")
    if dealer is not None and dealer not in players:
        raise LedgerError("night_dealer_not_seated", player=dealer.name)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.closed_at is not None:
            raise LedgerError("season_closed", season=season.name)
        _check_not_retired(players)
        players = list(players)
        if new_player:
            players.append(add_player(league=league, name=new_player))
        night = Night.objects.create(
            season=season,
            date=date or timezone.localdate(),
            rules=spec,
            stake=stake,
            dealer=dealer or players[-1],
        )
        Seat.objects.bulk_create(
            Seat(night=night, player=player, position=i) for i, player in enumerate(players)
        )
        return night


def _check_not_retired(players: Sequence[Player]) -> None:
    """Refuse a retired player, as the database has it now: the rows are locked, so a
    retirement committed a moment ago is seen and one in progress waits for the seat."""
    retired = dict(
        Player.objects.select_for_update()
        .filter(pk__in=[p.pk for p in players], retired_at__isnull=False)
        .values_list("pk", "name")
    )
    for player in players:
        if player.pk in retired:
            raise LedgerError("player_retired", player=player.name)


def _lock_night(night: Night) -> Night:
    # of=self: lock the night only, not its season and league rows joined in.
    return (
        Night.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=night.pk)
    )


def _check_open(night: Night) -> Night:
    if night.closed_at is not None:
        raise LedgerError("night_closed")
    if night.season.closed_at is not None:
        raise LedgerError("season_closed", season=night.season.name)
    return night


def _lock_open_night(night: Night) -> Night:
    return _check_open(_lock_night(night))


def seated_players(night: Night) -> list[Player]:
    """The players at the table now, clockwise."""
    return [seat.player for seat in night.seats.filter(seated=True).select_related("player")]


def _reseat(night: Night, order: Sequence[Player]) -> None:
    seats = {seat.player_id: seat for seat in night.seats.all()}
    for position, player in enumerate(order):
        seat = seats[player.pk]
        if (seat.position, seat.seated) != (position, True):
            seat.position, seat.seated = position, True
            seat.save(update_fields=["position", "seated"])


def seat_player(*, night: Night, player: Player) -> Night:
    """A late player sits down at the dealer's right: the dealer deals to them last."""
    with transaction.atomic():
        night = _lock_open_night(night)
        league = night.season.league
        check_league(league, [player])
        _check_not_retired([player])
        order = seated_players(night)
        if player in order:
            raise LedgerError("night_player_seated", player=player.name)
        _check_table_size(len(order) + 1, parse_rules(night.rules))
        order.insert(order.index(night.dealer), player)
        Seat.objects.get_or_create(
            night=night, player=player, defaults={"position": len(order), "seated": False}
        )
        _reseat(night, order)
        return night


def seat_new_player(*, night: Night, name: str) -> Player:
    """Someone new to the league sits down at the dealer's right: the player is created
    and seated together, or neither (a closed night or a full table refuses both)."""
    with transaction.atomic():
        player = add_player(league=night.season.league, name=name)
        seat_player(night=night, player=player)
        return player


def unseat_player(*, night: Night, player: Player) -> Night:
    """A player leaves between hands; if they were to deal, the next player on the left deals."""
    with transaction.atomic():
        night = _lock_open_night(night)
        order = seated_players(night)
        if player not in order:
            raise LedgerError("night_player_not_seated", player=player.name)
        if len(order) <= 2:
            raise LedgerError("night_last_two", player=player.name)
        if night.dealer == player:
            night.dealer = _left_of(order, player)
            night.save(update_fields=["dealer"])
        night.seats.filter(player=player).update(seated=False)
        return night


def _left_of(order: Sequence[Player], player: Player) -> Player:
    return order[(order.index(player) + 1) % len(order)]


def set_dealer(*, night: Night, player: Player) -> Night:
    with transaction.atomic():
        night = _lock_open_night(night)
        if player not in seated_players(night):
            raise LedgerError("night_dealer_not_seated", player=player.name)
        night.dealer = player
        night.save(update_fields=["dealer"])
        return night


def change_stake(*, night: Night, stake: int) -> Night:
    """The stake of the hands to come; recorded hands keep theirs."""
    stake = check_stake(stake)
    with transaction.atomic():
        night = _lock_open_night(night)
        night.stake = stake
        night.save(update_fields=["stake"])
        return night


def set_big_one(*, night: Night, on: bool) -> Night:
    """ "The Big One": the last deals of the night at double stakes."""
    with transaction.atomic():
        night = _lock_open_night(night)
        night.big_one = on
        night.save(update_fields=["big_one"])
        return night


def set_league_rules(*, league: League, rules: object, name: str = "") -> League:
    """The house rules every new night of the league starts with."""
    spec = normalize_rules(rules)
    league.rules = spec
    league.rules_name = (name or "").strip()[:60]
    league.save(update_fields=["rules", "rules_name"])
    return league


def change_rules(*, night: Night, rules: object) -> Night:
    """The house rules of the hands to come; recorded hands keep theirs."""
    spec = normalize_rules(rules)
    with transaction.atomic():
        night = _lock_open_night(night)
        _check_table_size(len(seated_players(night)), parse_rules(spec))
        night.rules = spec
        night.save(update_fields=["rules"])
        return night


def close_night(*, night: Night, by=None, kind: str = NightEvent.Kind.CLOSED) -> Night:
    with transaction.atomic():
        night = _lock_open_night(night)
        night.closed_at = timezone.now()
        night.save(update_fields=["closed_at"])
        NightEvent.objects.create(night=night, kind=kind, by=by)
        return night


def reopen_night(*, night: Night, by=None) -> Night:
    """An explicit, logged step: a closed (or settled) night takes hands again."""
    with transaction.atomic():
        night = _lock_night(night)
        if night.closed_at is None:
            raise LedgerError("night_open_already")
        if night.season.closed_at is not None:
            raise LedgerError("season_closed", season=night.season.name)
        night.closed_at = None
        night.save(update_fields=["closed_at"])
        NightEvent.objects.create(night=night, kind=NightEvent.Kind.REOPENED, by=by)
        return night


def set_settling(*, league: League, settle_unit: int, points_rate: int = 0) -> League:
    """How a league settles up: the cash unit amounts round to, and cents per point."""
    if not is_whole(settle_unit, low=1):
        raise LedgerError("settle_unit_invalid", value=settle_unit)
    if settle_unit > MAX_STAKE:
        raise LedgerError("settle_unit_too_big", high=_money(league, MAX_STAKE))
    if not is_whole(points_rate, low=0):
        raise LedgerError("points_rate_invalid", value=points_rate)
    league.settle_unit, league.points_rate = settle_unit, points_rate
    league.save(update_fields=["settle_unit", "points_rate"])
    return league


def record_payment(
    *,
    season: Season,
    payer: Player,
    payee: Player,
    amount: int,
    key: str,
    night: Night | None = None,
    by=None,
) -> Transaction:
    """One payment, in full or in part, as its own balanced transaction.

    It may not be more than the payer still owes or the payee is still owed in
    the night (or season) being settled. When a night's plan is all paid, the
    night closes. A resubmitted form (same ``key``) records nothing new.
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
        state = night_settlement(night) if night else season_settlement(season)
        owes, is_owed = -state.owed.get(payer, 0), state.owed.get(payee, 0)
        if amount > owes:
            raise LedgerError(
                "payment_more_than_owes", player=payer.name, amount=_money(league, owes)
            )
        if amount > is_owed:
            raise LedgerError(
                "payment_more_than_owed", player=payee.name, amount=_money(league, is_owed)
            )
        payment = Transaction.objects.create(
            season=season,
            night=night,
            kind=Transaction.Kind.PAYMENT,
            idempotency_key=key,
            created_by=by,
        )
        Entry.objects.bulk_create(
            [
                Entry(transaction=payment, player=payer, counterparty=payee, amount=amount),
                Entry(transaction=payment, player=payee, counterparty=payer, amount=-amount),
            ]
        )
        if night is not None and night.closed_at is None and night_settlement(night).settled:
            close_night(night=night, by=by, kind=NightEvent.Kind.SETTLED)
        return payment


def _money(league: League, amount: int) -> Amount:
    return Amount(max(amount, 0), league.unit, league.decimal_places)


def _payment_of(payment: Transaction) -> tuple:
    entry = payment.entries.filter(amount__gt=0).first()
    return (entry.player_id, entry.counterparty_id, entry.amount, payment.night_id) if entry else ()


# Hands


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
    night = _lock_night(night)
    hands = Hand.objects.filter(night=night).order_by()
    seats = list(
        night.seats.filter(seated=True)
        .select_related("player")
        .annotate(
            last_number=Subquery(hands.values("night").annotate(last=Max("number")).values("last")),
            replay=Subquery(hands.filter(idempotency_key=key).values("pk")[:1]),
        )
    )
    first = seats[0]  # a night keeps at least two players seated
    replay = Hand.objects.get(pk=first.replay) if first.replay is not None else None
    if replay is not None and replay.request_digest != digest:
        raise LedgerError("key_reused", key=key, number=replay.number)
    if replay is None:
        _check_open(night)
    players = [seat.player for seat in seats]
    return Locked(night, players, first.last_number or 0, replay)


def record_hand(
    *,
    night: Night,
    key: str,
    details: HandDetails,
    stake: int | None = None,
    dealer: Player | None = None,
    logged_by=None,
) -> Hand:
    """Score a hand under the night's rules and post its payouts; the deal moves left.

    ``key`` is the client's idempotency key: the same key with the same request
    returns the hand already recorded; with a different request it is refused.
    """
    digest = request_digest(details, stake=stake, dealer=dealer.pk if dealer else None)
    with transaction.atomic():
        locked = _lock_for_request(night, key, digest)
        if locked.replay is not None:
            return locked.replay
        night, players = locked.night, locked.players
        dealer = dealer or night.dealer
        hand = save(
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
                logged_by=logged_by,
            )
        )
        night.dealer = _left_of(players, dealer)
        night.save(update_fields=["dealer"])
        return hand


def void_hand(*, hand: Hand, by=None) -> Transaction:
    """Append the reversal of a hand's payouts. A hand is voided once, however many phones try."""
    with transaction.atomic():
        _lock_open_night(hand.night)
        return _reverse(hand, by)


def _reverse(hand: Hand, by) -> Transaction:
    hand = Hand.objects.select_related("correction", "night").get(pk=hand.pk)
    if hand.transactions.filter(kind=Transaction.Kind.VOID).exists():
        correction = getattr(hand, "correction", None)
        if correction is not None:
            raise LedgerError(
                "hand_corrected_already", number=hand.number, correction=correction.number
            )
        raise LedgerError("hand_voided_already", number=hand.number)
    posted = list(
        Entry.objects.filter(transaction__hand=hand, transaction__kind=Transaction.Kind.HAND)
    )
    reversal, entries = build_reversal(hand, posted, by)
    reversal.save()
    Entry.objects.bulk_create(entries)
    tallies.add(tallies.changes(hand, hand.seats.all(), posted, sign=-1))
    tallies.add_pairs(tallies.pair_changes(hand, posted, sign=-1))
    return reversal


def correct_hand(
    *,
    hand: Hand,
    key: str,
    details: HandDetails,
    stake: int | None = None,
    dealer: Player | None = None,
    logged_by=None,
) -> Hand:
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
            return locked.replay
        _reverse(hand, logged_by)
        seats = list(hand.seats.select_related("player"))
        return save(
            build_hand(
                night=locked.night,
                number=locked.last_number + 1,
                players=[seat.player for seat in seats],
                dealer=dealer or hand.dealer,
                stake=hand.stake if stake is None else stake,
                spec=hand.rules,
                details=details,
                key=key,
                digest=digest,
                replaces=hand,
                logged_by=logged_by,
            )
        )
