"""Push-ups (docs/rules.md section 7) and side bets (section 8): the worked examples of
section 9, the errors, and the invariants as properties."""

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules import PRESETS, RulesError, parse_rules, score, score_json, score_night_json
from ledger.rules.hand import SideBet
from tests.rules.examples import ABC, ABCD, PUSHUP_EXAMPLES, SIDE_BET_NIGHT, hand, side_bet
from tests.rules.strategies import hands, pushup_hands, pushup_specs


@pytest.mark.parametrize("name", PUSHUP_EXAMPLES)
def test_it_scores_the_push_ups_example(name):
    data, kind, points, net = PUSHUP_EXAMPLES[name]
    result = score_json(data)
    assert result["result"] == kind
    assert result["points"] == points
    assert result["net"] == net
    assert "pot" not in result


def test_it_scores_the_side_bet_night_as_one_array():
    results = score_night_json([data for data, *_ in SIDE_BET_NIGHT])
    for (_, kind, net, pot), result in zip(SIDE_BET_NIGHT, results, strict=True):
        assert (result["result"], result["net"], result["pot"]) == (kind, net, pot)


def test_the_night_nets_are_the_hands_with_their_side_bets_netted_pair_by_pair():
    third = score_night_json([data for data, *_ in SIDE_BET_NIGHT])[2]
    assert third["transfers"] == [  # B owes D 100 for the hand, D owes B 20 from the pot
        {"from": "A", "to": "B", "amount": 30},
        {"from": "A", "to": "D", "amount": 100},
        {"from": "B", "to": "D", "amount": 80},
        {"from": "C", "to": "B", "amount": 30},
        {"from": "C", "to": "D", "amount": 100},
    ]


def test_a_pot_contributor_who_left_pays_the_winner_what_they_put_in():
    first = hand("pagat", ABCD, "dead", side_bets=[side_bet("naturals", 10, ABCD)])
    second = hand("pagat", ABC, "dead", side_bets=[side_bet("naturals", 10, ABC, "A")])
    results = score_night_json([first, second])
    assert results[1]["net"] == {"A": 50, "B": -20, "C": -20, "D": -10}
    assert results[1]["pot"] == 0


def test_a_high_card_nobody_held_pays_nothing_and_an_open_pot_stays_open():
    bets = [side_bet("high_card", 25, ABC), side_bet("naturals", 5, ["A", "B"])]
    result = score_json(hand("pagat", ABC, "dead", side_bets=bets))
    assert result["net"] == {"A": 0, "B": 0, "C": 0}
    assert result["transfers"] == []
    assert result["pot"] == 10


def test_a_hand_without_side_bets_in_a_night_with_an_open_pot_says_so():
    opened = hand("pagat", ABC, "dead", side_bets=[side_bet("naturals", 5, ABC)])
    quiet = hand("pagat", ABC, "dead")
    assert [r["pot"] for r in score_night_json([opened, quiet])] == [15, 15]


def test_side_bets_are_money_in_a_push_ups_game_too():
    data, _, _, net = PUSHUP_EXAMPLES["15 a drop wins"]
    bet = side_bet("high_card", 3, ["B", "C"], "C")
    result = score_json({**data, "side_bets": [bet]})
    assert result["net"] == {**net, "B": net["B"] - 3, "C": net["C"] + 3}
    assert result["points"] == PUSHUP_EXAMPLES["15 a drop wins"][2]


def test_a_win_named_twice_in_pushups_double_doubles_once():
    rules = parse_rules(
        {"preset": "pushups", "overrides": {"pushups": {"double": ["discard_out"] * 2}}}
    )
    assert rules.pushups.double == ("discard_out",)


def test_pushups_double_names_the_wins_that_double():
    data, *_ = PUSHUP_EXAMPLES["20 out on a discard, stake 5"]
    doubled = {**data, "overrides": {"pushups": {"double": ["discard_out"]}}}
    assert score_json(doubled)["points"] == {"A": 0, "B": 6, "C": 20}
    data, *_ = PUSHUP_EXAMPLES["16 a deal tonk doubles"]
    single = {**data, "overrides": {"pushups": {"double": []}}}
    assert score_json(single)["points"] == {"A": 30, "B": 0, "C": 12}


def test_the_pushups_preset_is_pagat_played_for_points():
    rules, pagat = parse_rules("pushups"), parse_rules("pagat")
    assert rules.scoring == "pushups"
    assert rules.pushups.double == ("deal_tonk", "tonk_out_spread")
    assert replace(rules, scoring="money") == pagat
    assert len(PRESETS) == 10
    assert parse_rules(rules.to_json()) == rules


ERRORS = {
    "a loser's count is missing": (
        hand("pushups", ABC, "tonk_out", winner="C", counts={"A": 7}),
        "B's count is missing: push-ups push them up by it",
    ),
    "a deal count nobody can hold": (
        hand(
            "pushups",
            ABC,
            "deal_tonk",
            claims=[{"player": "B", "count": 50}],
            counts={"A": 3, "C": 12},
        ),
        "A's deal count 3 is impossible with a 52-card deck",
    ),
    "a claimer's count unlike the claim": (
        hand(
            "pushups",
            ABC,
            "deal_tonk",
            claims=[{"player": "B", "count": 50}],
            counts={"A": 30, "B": 49, "C": 12},
        ),
        "B claimed with 50, so their count cannot be 49",
    ),
    "a count of someone not seated": (
        hand("pushups", ABC, "discard_out", winner="A", counts={"B": 3, "C": 10, "Z": 4}),
        "counted player Z is not one of the players",
    ),
    "counts on a money tonk-out": (
        hand("pagat", ABC, "tonk_out", winner="C", counts={"A": 7, "B": 22}),
        "a tonk_out hand has no field 'counts'",
    ),
    "a bet winner who did not bet": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("high_card", 5, ["A", "B"], "C")]),
        "C won the high_card bet but did not bet",
    ),
    "a bet winner who is not a name": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("high_card", 5, ["A", "B"], ["A"])]),
        "['A'] won the high_card bet but did not bet",
    ),
    "a bettor not seated": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("naturals", 5, ["A", "Z"])]),
        "bettor Z is not one of the players",
    ),
    "two pots at once": (
        hand(
            "pagat",
            ABC,
            "dead",
            side_bets=[side_bet("naturals", 5, ["A", "B"]), side_bet("naturals", 5, ["B", "C"])],
        ),
        "a hand has one naturals bet at most",
    ),
    "an ante of nothing": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("high_card", 0, ["A", "B"])]),
        "the high_card ante must be a whole number from 1 to 1,000,000,000, not 0",
    ),
    "a bet of one": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("high_card", 5, ["A"])]),
        "a high_card bet needs two players or more, not 1",
    ),
    "an unknown bet": (
        hand("pagat", ABC, "dead", side_bets=[side_bet("poker", 5, ["A", "B"])]),
        "unknown side bet 'poker': use one of high_card, naturals",
    ),
    "side bets not a list": (
        hand("pagat", ABC, "dead", side_bets={"kind": "naturals"}),
        "side_bets must be a list",
    ),
    "a double that is not a win": (
        {**hand("pushups", ABC, "dead"), "overrides": {"pushups": {"double": ["drop"]}}},
        "rule option pushups.double cannot be 'drop'",
    ),
}


@pytest.mark.parametrize("case", ERRORS)
def test_it_names_what_is_wrong(case):
    data, message = ERRORS[case]
    with pytest.raises(RulesError, match="^" + re.escape(message)):
        score_json(data)


def test_a_hand_that_pushes_nobody_needs_no_counts():
    assert score_json(hand("pushups", ABC, "dead"))["points"] == {"A": 0, "B": 0, "C": 0}


# Properties ------------------------------------------------------------------------------


@settings(max_examples=300)
@given(st.data())
def test_push_ups_pay_the_difference_and_only_losers_are_pushed(data):
    rules = data.draw(pushup_specs().map(parse_rules))
    drawn = data.draw(pushup_hands(rules))
    result = score(drawn, rules)
    money = score(replace(drawn, stake=1), replace(rules, scoring="money"))
    points, n = result.points, len(drawn.players)
    assert sum(result.net.values()) == 0
    for player in drawn.players:
        assert result.net[player] == drawn.stake * (sum(points.values()) - n * points[player])
    winners = [p for p in drawn.players if money.net[p] > 0]
    assert list(result.winners) == winners
    for player in drawn.players:
        if player in winners or not winners:
            assert points[player] == 0
        else:
            win = f"tonk_out_{drawn.method}" if money.kind == "tonk_out" else money.kind
            factor = 2 if win in rules.pushups.double else 1
            count = dict(drawn.counts).get(player)
            if drawn.outcome == "deal_tonk":
                count = {c.player: c.count for c in drawn.claims}.get(player, count)
            assert points[player] == factor * count >= 0


@st.composite
def side_bets(draw, players):
    bets = []
    for kind in draw(st.lists(st.sampled_from(["high_card", "naturals"]), unique=True)):
        bettors = draw(st.lists(st.sampled_from(players), min_size=2, unique=True))
        winner = draw(st.none() | st.sampled_from(bettors))
        bets.append(SideBet(kind, draw(st.integers(1, 500)), tuple(bettors), winner))
    return tuple(bets)


@settings(max_examples=150)
@given(st.data())
def test_over_a_night_side_bets_balance_and_a_pot_pays_back_what_was_put_in(data):
    rules = parse_rules(data.draw(st.sampled_from(sorted(PRESETS))))
    table = ("A", "B", "C", "D")
    pot: dict[str, int] = {}
    put_in: dict[str, int] = {}  # kept here, apart from the engine
    for _ in range(data.draw(st.integers(1, 8))):
        drawn = data.draw(
            pushup_hands(rules) if rules.scoring == "pushups" else hands(rules, players=table)
        )
        drawn = replace(drawn, side_bets=data.draw(side_bets(list(drawn.players))))
        result = score(drawn, rules, pot)
        plain = score(replace(drawn, side_bets=()), rules)
        assert sum(result.net.values()) == 0
        expected: dict[str, int] = dict.fromkeys(result.net, 0)
        for bet in drawn.side_bets:
            if bet.kind == "naturals":
                for player in bet.players:
                    put_in[player] = put_in.get(player, 0) + bet.ante
            if bet.winner is None:
                continue
            payers = bet.players if bet.kind == "high_card" else list(put_in)
            for payer in payers:
                if payer != bet.winner:
                    paid = bet.ante if bet.kind == "high_card" else put_in[payer]
                    expected[payer] -= paid
                    expected[bet.winner] += paid
            if bet.kind == "naturals":
                put_in = {}
        for player, net in result.net.items():
            assert net - plain.net.get(player, 0) == expected.get(player, 0)
        assert result.pot == put_in
        assert all(amount > 0 for amount in result.pot.values())
        pot = result.pot
