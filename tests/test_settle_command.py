import json
import subprocess

import pytest

from tests.commands import run_command, run_manage_py


def settle(stdin: str) -> subprocess.CompletedProcess:
    return run_command("settle", "-", stdin=stdin)


def test_it_prints_the_plan():
    run = run_manage_py(
        "settle",
        "-",
        stdin=json.dumps({"balances": {"Croaker": 350, "Goblin": -200, "Elmo": -150}}),
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {
        "transfers": [
            {"from": "Elmo", "to": "Croaker", "amount": 150},
            {"from": "Goblin", "to": "Croaker", "amount": 200},
        ],
        "minimal": True,
    }


def test_it_rounds_to_a_unit_and_shows_the_rounding():
    run = settle(
        json.dumps({"balances": {"Croaker": 360, "Goblin": -190, "Elmo": -170}, "unit": 25})
    )
    result = json.loads(run.stdout)
    assert all(t["amount"] % 25 == 0 for t in result["transfers"])
    assert result["rounding"] == {"Croaker": 15, "Elmo": -5, "Goblin": -10}


def test_an_array_gets_an_array():
    groups = [{"balances": {"A": 5, "B": -5}}, {"balances": {"A": 0}}]
    run = settle(json.dumps(groups))
    assert json.loads(run.stdout) == [
        {"transfers": [{"from": "B", "to": "A", "amount": 5}], "minimal": True},
        {"transfers": [], "minimal": True},
    ]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"balances": {"A": 100, "B": -90}}, "the balances must sum to zero, but they sum to 10"),
        ({"balances": {"A": 1.5, "B": -1.5}}, "A's balance must be a whole number, not 1.5"),
        (
            {"balances": {"A": 5, "B": -5}, "unit": 0},
            "the unit must be a whole number of at least 1, not 0",
        ),
        (
            {"balances": {"A": 5, "B": -5}, "unit": 0.25},
            "the unit must be a whole number of at least 1, not 0.25",
        ),
        ({"balance": {}}, "expected an object like"),
        ({"balances": {}, "currency": "$"}, "unknown field 'currency'"),
        (
            [{"balances": {"A": 1, "B": -1}}, {"balances": {"A": 1}}],
            "groups[1]: the balances must sum to zero",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(document, message):
    run = settle(json.dumps(document))
    assert (run.returncode, run.stdout) == (2, "")
    assert len(run.stderr.strip().splitlines()) == 1
    assert message in run.stderr


def test_malformed_json_exits_2():
    run = settle("{")
    assert (run.returncode, run.stdout) == (2, "")
    assert "malformed JSON" in run.stderr
