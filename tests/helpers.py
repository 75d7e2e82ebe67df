"""Shorthands the tests share: the conftest's league, a drop, a recorded hand, balances
by name."""

import itertools
from contextlib import contextmanager

from django.db import transaction

from ledger import services
from ledger.models import Entry, Player
from ledger.rows.details import HandDetails

_keys = itertools.count(1)


def new_key() -> str:
    return f"key-{next(_keys)}"


PLAYERS = ("Croaker", "Goblin", "Elmo", "One-Eye", "Silent")


def black_company(owner):
    """The league of the conftest: dollars and cents, a stake of $1.00."""
    return services.create_league(
        name="Black Company", unit="$", decimal_places=2, default_stake=100, owner=owner
    )


def first_night(season, players):
    """Croaker, Goblin, Elmo clockwise under pagat at stake 100; Elmo deals."""
    seated = [players["Croaker"], players["Goblin"], players["Elmo"]]
    return services.start_night(season=season, players=seated, dealer=players["Elmo"])


def drop(dropper, counts) -> HandDetails:
    return HandDetails(outcome="drop", dropper=dropper, counts=counts)


def record(night, details, **kwargs):
    return services.record_hand(
        night=night,
        key=kwargs.pop("key", None) or new_key(),
        details=details,
        **kwargs,
        acting_user=None,
    ).hand


def balances(**filters) -> dict[str, int]:
    """Net per player name over the entries matching ``filters``."""
    names = dict(Player.objects.values_list("pk", "name"))
    return {names[pk]: net for pk, net in Entry.objects.filter(**filters).balances().items()}


@contextmanager
def rolled_back():
    """Run a request in a savepoint and undo it, so the next one meets the same data."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)
