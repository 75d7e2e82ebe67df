"""Invariants of every hand under every rule set."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules import parse_rules, score
from tests.rules.strategies import custom_rule_options, hands, rule_sets


def scored(data, outcomes=None):
    rules = data.draw(rule_sets, label="rules")
    hand = data.draw(hands(rules, outcomes) if outcomes else hands(rules), label="hand")
    return rules, hand, score(hand, rules)


@settings(max_examples=400)
@given(st.data())
def test_every_hand_nets_to_zero_and_transfers_add_up(data):
    _, hand, result = scored(data)
    assert list(result.net) == list(hand.players)
    assert sum(result.net.values()) == 0
    pairs = Counter(frozenset((t.payer, t.payee)) for t in result.transfers)
    assert all(n == 1 for n in pairs.values()), "at most one transfer per pair"
    from_transfers = Counter()
    for transfer in result.transfers:
        assert transfer.amount > 0
        assert transfer.payer != transfer.payee
        from_transfers[transfer.payer] -= transfer.amount
        from_transfers[transfer.payee] += transfer.amount
    assert {p: from_transfers[p] for p in hand.players} == result.net
    if result.kind in ("draw", "dead"):
        assert not result.transfers


@settings(max_examples=300)
@given(st.data())
def test_a_caught_dropper_never_gains_and_a_clean_drop_pays_the_table(data):
    rules, hand, result = scored(data, outcomes=("drop",))
    others = [p for p in hand.players if p != hand.dropper]
    caught = any(hand.counts[p] <= hand.counts[hand.dropper] for p in others)
    assert result.kind == ("caught" if caught else "drop_won")
    if caught:
        assert result.net[hand.dropper] < 0
        assert set(result.catchers) == {
            p for p in others if hand.counts[p] <= hand.counts[hand.dropper]
        }
    else:
        expected = rules.drop.win_multiplier * hand.stake * (len(hand.players) - 1)
        assert result.net[hand.dropper] == expected


@settings(max_examples=200)
@given(st.data())
def test_a_single_winner_of_a_going_out_collects_from_everyone(data):
    _, hand, result = scored(data, outcomes=("tonk_out", "discard_out"))
    assert result.winners == (hand.winner,)
    assert all(result.net[p] < 0 for p in hand.players if p != hand.winner)


@given(custom_rule_options())
def test_custom_rule_sets_round_trip_through_json(options):
    rules = parse_rules(options)
    assert parse_rules(rules.to_json()) == rules
