"""Push-ups and side bets are scored by the engine and the payouts command; until the scoring
screen and the ledger keep them, every way into the ledger refuses them with a message, and
nothing is dropped quietly."""

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Night
from ledger.tooling.exchange import ExchangeError, export_league, import_league
from ledger.web.forms import PRESET_CHOICES
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db

NOT_YET = "push-ups are scored by the payouts command for now"


def test_a_night_or_a_league_cannot_be_played_for_points_yet(league, season, players):
    seated = [players["Croaker"], players["Goblin"]]
    with pytest.raises(LedgerError, match=NOT_YET):
        services.start_night(season=season, players=seated, dealer=seated[0], rules="pushups")
    with pytest.raises(LedgerError, match=NOT_YET):
        services.set_league_rules(
            league=league, rules={"preset": "pagat", "overrides": {"scoring": "pushups"}}
        )
    with pytest.raises(LedgerError, match=NOT_YET):
        services.create_league(name="Points", rules="pushups")
    assert not Night.objects.exists()


def test_the_rules_forms_do_not_offer_push_ups():
    assert "pushups" not in dict(PRESET_CHOICES)
    assert "pagat" in dict(PRESET_CHOICES)


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
