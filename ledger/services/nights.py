"""A night at the table: who is seated, who deals, the stake and rules, closing it."""

from collections.abc import Sequence
from datetime import date as Date

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import (
    Night,
    NightEvent,
    Player,
    Season,
    Seat,
)
from ledger.reads.pot import bets_left_seated
from ledger.rules import RuleSet, normalize_rules, parse_rules
from ledger.rules.hand import left_of
from ledger.services import drops
from ledger.services.guards import lock_night, lock_open_night, touch
from ledger.services.players import add_player
from ledger.services.postings import (
    check_league,
    check_stake,
)
from ledger.services.ratings import night_closed, night_reopened


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
        night = lock_open_night(night)
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
        touch(night)
        return night


def seat_new_player(*, night: Night, name: str) -> Player:
    """Someone new to the league sits down at the dealer's right: the player is created
    and seated together, or neither (a closed night or a full table refuses both)."""
    with transaction.atomic():
        player = add_player(league=night.season.league, name=name)
        seat_player(night=night, player=player)
        return player


def unseat_player(*, night: Night, player: Player) -> Night:
    """A player leaves between hands; if they were to deal, the next player on the left deals.
    They drop out of the side bets set up (coming back, they are not in them unasked)."""
    with transaction.atomic():
        night = lock_open_night(night)
        order = seated_players(night)
        if player not in order:
            raise LedgerError("night_player_not_seated", player=player.name)
        if len(order) <= 2:
            raise LedgerError("night_last_two", player=player.name)
        moved = []
        if night.dealer == player:
            night.dealer = left_of(order, player)
            moved.append("dealer")
        night.seats.filter(player=player).update(seated=False)
        if night.side_bets:
            night.side_bets = bets_left_seated(night, [p.pk for p in order if p != player])
            moved.append("side_bets")
        touch(night, *moved)
        return night


def _update(night: Night, check=None, **fields) -> Night:
    """Lock the open night, let ``check`` refuse, then save ``fields`` on it."""
    with transaction.atomic():
        night = lock_open_night(night)
        if check is not None:
            check(night)
        for name, value in fields.items():
            setattr(night, name, value)
        touch(night, *fields)
        return night


def set_dealer(*, night: Night, player: Player) -> Night:
    def seated(night: Night) -> None:
        if player not in seated_players(night):
            raise LedgerError("night_dealer_not_seated", player=player.name)

    return _update(night, seated, dealer=player)


def change_stake(*, night: Night, stake: int) -> Night:
    """The stake of the hands to come; recorded hands keep theirs."""
    return _update(night, stake=check_stake(stake))


def set_big_one(*, night: Night, on: bool) -> Night:
    """ "The Big One": the last deals of the night at double stakes."""
    return _update(night, big_one=on)


def change_rules(*, night: Night, rules: object) -> Night:
    """The house rules of the hands to come; recorded hands keep theirs."""
    spec = normalize_rules(rules)

    def fits(night: Night) -> None:
        _check_table_size(len(seated_players(night)), parse_rules(spec))

    return _update(night, fits, rules=spec)


def close_night(
    *, night: Night, acting_user: User | None, kind: str = NightEvent.Kind.CLOSED
) -> Night:
    with transaction.atomic():
        night = lock_open_night(night)
        night.closed_at = timezone.now()
        touch(night, "closed_at")
        NightEvent.objects.create(night=night, kind=kind, by=acting_user)
        drops.add_nights([night.pk])
        night_closed(night)
        return night


def reopen_night(*, night: Night, acting_user: User | None) -> Night:
    """An explicit, logged step: a closed (or settled) night takes hands again."""
    with transaction.atomic():
        night = lock_night(night)
        if night.closed_at is None:
            raise LedgerError("night_open_already")
        if night.season.closed_at is not None:
            raise LedgerError("season_closed", season=night.season.name)
        night.closed_at = None
        touch(night, "closed_at")
        NightEvent.objects.create(night=night, kind=NightEvent.Kind.REOPENED, by=acting_user)
        drops.add_nights([night.pk], sign=-1)
        night_reopened(night)
        return night
