import pytest

from ledger.rules import RulesError, score_json
from tests.rules.examples import BATON_ROUGE_49, WORKED_EXAMPLES


@pytest.mark.parametrize("name", WORKED_EXAMPLES)
def test_it_scores_the_worked_example(name):
    hand, kind, net = WORKED_EXAMPLES[name]
    result = score_json(hand)
    assert result["result"] == kind
    assert result["net"] == net
    assert list(result["net"]) == hand["players"]


def test_it_rejects_49_with_the_40_card_deck():
    with pytest.raises(RulesError, match=r"^B's deal count 49 is impossible with a 40-card deck$"):
        score_json(BATON_ROUGE_49)


def test_it_gives_example_three_transfers_netted_per_pair():
    hand, _, _ = WORKED_EXAMPLES["3 pagat catchers B and C"]
    assert score_json(hand)["transfers"] == [
        {"from": "A", "to": "B", "amount": 200},
        {"from": "A", "to": "C", "amount": 200},
        {"from": "B", "to": "C", "amount": 100},
        {"from": "D", "to": "C", "amount": 100},
    ]


def test_it_prints_the_section_6_example_exactly():
    hand, _, _ = WORKED_EXAMPLES["1 seed example one (speno)"]
    assert score_json(hand) == {
        "result": "drop_won",
        "net": {"Croaker": 200, "Goblin": -100, "Elmo": -100},
        "transfers": [
            {"from": "Goblin", "to": "Croaker", "amount": 100},
            {"from": "Elmo", "to": "Croaker", "amount": 100},
        ],
    }
