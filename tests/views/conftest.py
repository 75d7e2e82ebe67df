import pytest

from ledger.rows.details import HandDetails
from tests.helpers import drop, record

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client(client, owner):
    """The league's owner, logged in: the view tests are about what the views do."""
    client.force_login(owner)
    return client


@pytest.fixture
def urls(league, night):
    base = f"/l/{league.slug}/nights/{night.pk}/"
    return {"league": f"/l/{league.slug}/", "night": base, "watch": base + "watch/"}


@pytest.fixture
def settled_up(night, players):
    """Two hands: Elmo +$3.00 (a tonk-out worth $4.00), Goblin +$1.00, Croaker −$4.00
    (caught once); the plan is Croaker pays Elmo $3.00 and Goblin $1.00."""
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    return night
