"""``manage.py payouts``: the worked examples through the command, and every bad input."""

import io
import json
import random
import subprocess

import pytest
from django.core.management import CommandError, call_command

from bench.payouts import random_hand
from ledger.rules import OUTCOMES, PRESETS
from ledger.rules.jsonform import score_json
from tests.commands import run_command, run_manage_py
from tests.rules.examples import (
    BATON_ROUGE_49,
    PUSHUP_EXAMPLES,
    SIDE_BET_NIGHT,
    WORKED_EXAMPLES,
    hand,
)


def payouts(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return run_command("payouts", *(args or ["-"]), stdin=stdin)


def test_it_scores_every_worked_example_as_one_array():
    hands = [example[0] for example in WORKED_EXAMPLES.values()]
    run = payouts(json.dumps(hands))
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    assert len(results) == len(hands)
    for (_, kind, net), result in zip(WORKED_EXAMPLES.values(), results, strict=True):
        assert (result["result"], result["net"]) == (kind, net)


def test_it_scores_the_push_ups_examples_with_their_points():
    hands = [example[0] for example in PUSHUP_EXAMPLES.values()]
    run = payouts(json.dumps(hands))
    assert run.returncode == 0, run.stderr
    for (_, kind, points, net), result in zip(
        PUSHUP_EXAMPLES.values(), json.loads(run.stdout), strict=True
    ):
        assert (result["result"], result["points"], result["net"]) == (kind, points, net)


def test_it_carries_the_naturals_pot_through_a_night_given_as_an_array():
    run = payouts(json.dumps([example[0] for example in SIDE_BET_NIGHT]))
    assert run.returncode == 0, run.stderr
    for (_, kind, net, pot), result in zip(SIDE_BET_NIGHT, json.loads(run.stdout), strict=True):
        assert (result["result"], result["net"], result["pot"]) == (kind, net, pot)


def test_a_bad_side_bet_in_a_night_names_its_hand():
    night = [example[0] for example in SIDE_BET_NIGHT]
    night[1] = {**night[1], "side_bets": [{"kind": "naturals", "ante": 10, "players": ["A", "Q"]}]}
    run = payouts(json.dumps(night))
    assert run.returncode == 2
    assert run.stdout == ""
    assert "hands[1]: bettor Q is not one of the players" in run.stderr


def test_it_scores_one_hand_from_a_file(tmp_path):
    example, _, net = WORKED_EXAMPLES["2 seed example two (speno)"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(example))
    run = payouts("", str(path))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {
        "result": "drop_won",
        "net": net,
        "transfers": [
            {"from": "Croaker", "to": "Goblin", "amount": 100},
            {"from": "Elmo", "to": "Goblin", "amount": 100},
        ],
    }


DROP = hand("pagat", ["A", "B", "C"], "drop", dropper="A", counts={"A": 5, "B": 9, "C": 12})

BAD_INPUT = {
    "unknown preset": ({**DROP, "rules": "vegas"}, "unknown preset 'vegas'"),
    "unknown option": ({**DROP, "rules": {"drop": {"bump": 1}}}, "unknown rule option 'drop.bump'"),
    "unknown option value": ({**DROP, "rules": {"deck": "36"}}, "rule option deck cannot be '36'"),
    "player named twice": (
        {**DROP, "players": ["A", "B", "A"]},
        "A is named twice among the players",
    ),
    "dealer not seated": ({**DROP, "dealer": "Z"}, "dealer Z is not one of the players"),
    "dropper not seated": ({**DROP, "dropper": "Z"}, "dropper Z is not one of the players"),
    "winner not seated": (
        hand("pagat", ["A", "B"], "tonk_out", winner="Q"),
        "winner Q is not one of the players",
    ),
    "claimer not seated": (
        hand("pagat", ["A", "B"], "deal_tonk", claims=[{"player": "Q", "count": 50}]),
        "claimer Q is not one of the players",
    ),
    "missing count": ({**DROP, "counts": {"A": 5, "B": 9}}, "C's count is missing"),
    "count of someone not seated": (
        {**DROP, "counts": {"A": 5, "B": 9, "C": 12, "Z": 3}},
        "counted player Z is not one of the players",
    ),
    "unreachable count": (
        {**DROP, "counts": {"A": 5, "B": 51, "C": 12}},
        "B's count 51 is impossible",
    ),
    "non-integer count": (
        {**DROP, "counts": {"A": 5, "B": 9.5, "C": 12}},
        "B's count must be a whole number",
    ),
    "unreachable deal count": (
        BATON_ROUGE_49,
        "B's deal count 49 is impossible with a 40-card deck",
    ),
    "claim outside every tier": (
        hand("pagat", ["A", "B"], "deal_tonk", claims=[{"player": "A", "count": 20}]),
        "A's deal count 20 is in no deal-tonk tier",
    ),
    "no claims": (
        hand("pagat", ["A", "B"], "deal_tonk", claims=[]),
        "claims must be a non-empty list",
    ),
    "fewer than two players": (
        {**DROP, "players": ["A"], "counts": {"A": 5}},
        "at least two players, not 1",
    ),
    "too many players": (
        hand("baton-rouge", [f"P{i}" for i in range(8)], "dead"),
        "8 players cannot each be dealt 5 cards",
    ),
    "non-integer stake": ({**DROP, "stake": 1.5}, "the stake must be a whole number from 1 to"),
    "string stake": ({**DROP, "stake": "100"}, "the stake must be a whole number"),
    "zero stake": ({**DROP, "stake": 0}, "the stake must be a whole number from 1"),
    "negative stake": ({**DROP, "stake": -100}, "not -100"),
    "missing stake": ({k: v for k, v in DROP.items() if k != "stake"}, "the hand has no 'stake'"),
    "missing rules": ({k: v for k, v in DROP.items() if k != "rules"}, "the hand has no 'rules'"),
    "unknown outcome": ({**DROP, "outcome": "gin"}, "unknown outcome 'gin'"),
    "field of another outcome": (
        {**hand("pagat", ["A", "B"], "tonk_out", winner="A"), "counts": {}},
        "a tonk_out hand has no field 'counts'",
    ),
    "bad method": (
        hand("pagat", ["A", "B"], "tonk_out", winner="A", method="run"),
        "method must be",
    ),
    "not a hand": ("drop", "a hand must be a JSON object, not str"),
}


@pytest.mark.parametrize("case", BAD_INPUT)
def test_it_refuses_bad_input_with_status_2_and_one_line(case):
    document, message = BAD_INPUT[case]
    run = payouts(json.dumps(document))
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1
    assert message in run.stderr


def test_it_refuses_malformed_json():
    run = run_manage_py("payouts", "-", stdin='{"rules": "pagat",')  # the shell's view, once
    assert (run.returncode, run.stdout) == (2, "")
    assert "malformed JSON" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_it_refuses_a_missing_file():
    run = payouts("", "/nonexistent/hands.json")
    assert (run.returncode, run.stdout) == (2, "")
    assert "cannot read /nonexistent/hands.json" in run.stderr


def test_a_bad_hand_in_an_array_is_named_by_its_index():
    good = WORKED_EXAMPLES["3 pagat catchers B and C"][0]
    run = payouts(json.dumps([good, good, {**DROP, "dealer": "Z"}]))
    assert (run.returncode, run.stdout) == (2, "")
    assert "hands[2]: dealer Z is not one of the players" in run.stderr


@pytest.mark.parametrize(
    "text", ["[" * 100_000 + "]" * 100_000, "[" + "9" * 5000 + "]"], ids=["deep", "huge number"]
)
def test_it_refuses_json_it_cannot_read_with_status_2(text, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    with pytest.raises(CommandError, match="malformed JSON in -") as refused:
        call_command("payouts", "-")
    assert refused.value.returncode == 2


def test_the_benchmarks_random_hands_are_every_outcome_and_all_valid():
    """``bench.payouts`` draws its hands from the outcome registry: each kind appears, under
    every preset, and each one scores (a detail left out or added would be refused)."""
    rng = random.Random(7)
    hands = [random_hand(rng) for _ in range(1500)]
    assert {h["outcome"] for h in hands} == set(OUTCOMES)
    assert {h["rules"] for h in hands} == set(PRESETS)
    for drawn in hands:
        result = score_json(drawn)
        assert sum(result["net"].values()) == 0, drawn
