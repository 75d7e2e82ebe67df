"""Side bets are scored by the engine and the payouts command; until the scoring screen and
the ledger keep them, an import that carries them is refused, never dropped quietly."""

import pytest

from ledger.tooling.exchange import ExchangeError, export_league, import_league
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def test_an_import_with_side_bets_is_refused_not_dropped(night, players):
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 9, p["Elmo"]: 20}))
    document = export_league(night.season.league)
    document["league"]["slug"] = "copy"
    hand = document["seasons"][0]["nights"][0]["hands"][0]["hand"]
    hand["side_bets"] = [
        {"kind": "high_card", "ante": 5, "players": ["Croaker", "Goblin"], "winner": "Goblin"}
    ]
    with pytest.raises(ExchangeError, match="side bets are not kept by the ledger yet"):
        import_league(document)
