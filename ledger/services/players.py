"""A league's players: add, rename, retire. Names are unique per league, any case."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import (
    League,
    Player,
)
from ledger.services.guards import insert_or, move_version


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
        return insert_or(Player, _name_taken(league, name), league=league, name=name)


def rename_player(*, player: Player, name: str) -> Player:
    with transaction.atomic():
        player.name = _player_name(player.league, name, exclude=player)
        try:  # the same name typed on two phones at once: the constraint keeps one
            with transaction.atomic():
                player.save(update_fields=["name"])
        except IntegrityError:
            raise _name_taken(player.league, player.name) from None
        move_version(League, player.league_id)  # the name on every night's screens
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
