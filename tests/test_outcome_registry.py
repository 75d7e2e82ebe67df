"""The outcome registry is the one place a kind of hand is described.

Registering an outcome (here a made-up "forfeit" that names a winner) is enough
for the engine's JSON form, the stored details and the hand form to know what it
logs; only how it pays and how it reads are written elsewhere.
"""

import dataclasses

import pytest
from django.utils.translation import trans_real

from ledger.models import PlayerNight
from ledger.reads.describe import HEADLINES
from ledger.rows.details import HandDetails
from ledger.rules import OUTCOMES, RulesError, hand_from_json, hand_to_json
from ledger.rules.hand import CHECKS
from ledger.rules.outcomes import (
    DETAILS,
    DOUBLE_WINS,
    DOUBLE_WORDS,
    RESULTS,
    WIN_RESULTS,
    OutcomeSpec,
)
from ledger.rules.scoring import PAYS
from ledger.tooling.demo import DETAIL_VALUES
from ledger.web.forms.hands import HandForm
from ledger.web.views.standings import WIN_LABELS

FORFEIT = OutcomeSpec("forfeit", "Forfeit", logs=("winner",))


@pytest.fixture
def forfeit(monkeypatch):
    monkeypatch.setitem(OUTCOMES, "forfeit", FORFEIT)


def test_every_detail_is_checked_kept_asked_for_and_dealt_in_the_demo():
    fields = {f.name for f in dataclasses.fields(HandDetails)} - {"outcome", "side_bets"}
    assert (
        set(DETAILS) == set(CHECKS) == fields == set(HandForm.DETAIL_FIELDS) == set(DETAIL_VALUES)
    )
    for detail in DETAILS:
        assert callable(HandForm.DETAIL_FIELDS[detail])


def test_every_outcome_logs_known_details_pays_and_reads_as_a_headline():
    for spec in OUTCOMES.values():
        assert set(spec.logs) <= set(DETAILS)
        assert set(spec.optional) <= set(spec.logs)
        assert spec.frequency > 0, "the demo deals it"
    assert list(HEADLINES) == list(OUTCOMES) == list(PAYS)


def test_every_label_of_the_registry_is_translated():
    """Buttons, results, the standings' win headings and the push-ups doubles: each label is
    in every catalogue, translated (the catalogues are checked for English game words)."""
    labels = [spec.label for spec in OUTCOMES.values()]
    labels += [spec.label for spec in RESULTS.values()]
    labels += [RESULTS[kind].wins_label for kind in WIN_RESULTS]
    labels += list(DOUBLE_WORDS.values())
    for language in ("nl", "it", "es"):
        catalog = trans_real.translation(language)._catalog
        untranslated = [label for label in labels if not catalog.get(label)]
        assert not untranslated, f"{language}: {untranslated}"


def test_the_double_wins_and_the_win_counters_come_from_the_registry():
    assert tuple(n for spec in OUTCOMES.values() for n in spec.doubles) == DOUBLE_WINS
    assert OUTCOMES["tonk_out"].double("tonk_out", "hit") == "tonk_out_hit"
    assert OUTCOMES["drop"].double("drop_won", "") == ""
    assert set(WIN_LABELS) == set(WIN_RESULTS) == {k for k, r in RESULTS.items() if r.win}
    assert not {f.name for f in PlayerNight._meta.get_fields()} & set(WIN_RESULTS), (
        "wins are counted a row per kind (WinTally), not a column per outcome"
    )


def test_a_registered_outcome_has_a_json_form(forfeit):
    data = {"rules": "pagat", "stake": 1, "players": ["A", "B"], "outcome": "forfeit"}
    with pytest.raises(RulesError) as missing:
        hand_from_json(data)
    assert missing.value.code == "hand_field_missing"
    assert missing.value.params == {"field": "winner"}
    with pytest.raises(RulesError) as unknown:
        hand_from_json({**data, "winner": "A", "counts": {"A": 1, "B": 2}})
    assert unknown.value.params["field"] == "counts"
    hand, _ = hand_from_json({**data, "winner": "A"})
    assert hand_to_json(hand, "pagat") == {**data, "dealer": "B", "winner": "A"}


@pytest.mark.django_db
def test_a_registered_outcome_keeps_and_asks_for_what_it_logs(forfeit, players):
    goblin, croaker = players["Goblin"], players["Croaker"]
    details = HandDetails(
        outcome="forfeit", winner=goblin, dropper=croaker, claims=[(croaker, 50)], counts={}
    )
    assert (details.winner, details.dropper, details.claims) == (goblin, None, ())
    # Counts stay: playing push-ups, a hand someone wins pushes the losers up by them.
    assert HandDetails(outcome="forfeit", winner=goblin, counts={croaker: 3}).counts == {croaker: 3}
    assert details.hand_columns()["method"] == ""
    form = HandForm(outcome="forfeit", players=list(players.values()), dealer=goblin)
    assert set(form.fields) == {"key", "dealer", "winner", "bets_seen"}
    assert not form.takes_counts
