import itertools

import pytest

from ledger import services
from ledger.hands import HandDetails
from ledger.models import Entry

_keys = itertools.count(1)


def new_key() -> str:
    return f"key-{next(_keys)}"


@pytest.fixture
def league():
    return services.create_league(
        name="Black Company", unit="$", decimal_places=2, default_stake=100
    )


@pytest.fixture
def players(league):
    names = ("Croaker", "Goblin", "Elmo", "One-Eye", "Silent")
    return {name: services.add_player(league=league, name=name) for name in names}


@pytest.fixture
def season(league):
    return services.start_season(league=league, name="Winter 2026")


@pytest.fixture
def night(season, players):
    """Croaker, Goblin, Elmo clockwise under pagat at stake 100; Elmo deals."""
    seated = [players["Croaker"], players["Goblin"], players["Elmo"]]
    return services.start_night(season=season, players=seated, dealer=players["Elmo"])


def drop(dropper, counts) -> HandDetails:
    return HandDetails(outcome="drop", dropper=dropper, counts=counts)


def record(night, details, **kwargs):
    return services.record_hand(
        night=night, key=kwargs.pop("key", None) or new_key(), details=details, **kwargs
    )


def balances(**filters) -> dict[str, int]:
    """Net per player name over the entries matching ``filters``."""
    from ledger.models import Player

    names = dict(Player.objects.values_list("pk", "name"))
    return {names[pk]: net for pk, net in Entry.objects.filter(**filters).balances().items()}
