"""Each house-rule option, with payments worked out by hand (stake 100)."""

import pytest

from ledger.rules import RulesError, score_json
from tests.rules.examples import ABCD, hand

# A drops with 10; B 8 and C 5 catch; C is lowest; D is above everyone. Dealer D.
CAUGHT = {"A": 10, "B": 8, "C": 5, "D": 20}


def drop_under(catch, **drop_options):
    rules = {"preset": "pagat", "overrides": {"drop": {"catch": catch, **drop_options}}}
    return score_json(hand(rules, ABCD, "drop", dropper="A", counts=CAUGHT, dealer="D"))


@pytest.mark.parametrize(
    ("catch", "net"),
    [
        ("standard", {"A": -400, "B": 100, "C": 400, "D": -100}),
        ("speno", {"A": -400, "B": 200, "C": 300, "D": -100}),
        ("lowest_takes", {"A": -200, "B": -100, "C": 400, "D": -100}),
        ("table_to_lowest", {"A": -300, "B": 0, "C": 300, "D": 0}),
        ("single_catch", {"A": -300, "B": 0, "C": 400, "D": -100}),
        ("double_to_all", {"A": -600, "B": 200, "C": 200, "D": 200}),
        ("five_to_lowest", {"A": -500, "B": 0, "C": 500, "D": 0}),
        ("catchers_only", {"A": -400, "B": 200, "C": 200, "D": 0}),
        ("table_double_to_lowest", {"A": -600, "B": 0, "C": 600, "D": 0}),
    ],
)
def test_it_pays_a_catch_by_the_catch_rule(catch, net):
    result = drop_under(catch)
    assert result["result"] == "caught"
    assert result["net"] == net


def test_it_uses_the_catch_multiplier_only_for_catchers_only():
    assert drop_under("catchers_only", catch_multiplier=3)["net"]["B"] == 300
    assert drop_under("standard", catch_multiplier=3)["net"]["B"] == 100


@pytest.mark.parametrize(("dealer", "paid"), [("D", "B"), ("B", "C"), ("A", "B")])
def test_five_to_lowest_pays_the_tied_lowest_closest_to_the_dealers_left(dealer, paid):
    rules = {"preset": "pagat", "overrides": {"drop": {"catch": "five_to_lowest"}}}
    result = score_json(
        hand(
            rules,
            ABCD,
            "drop",
            dealer=dealer,
            dropper="A",
            counts={"A": 12, "B": 4, "C": 4, "D": 9},
        )
    )
    assert result["transfers"] == [{"from": "A", "to": paid, "amount": 500}]


def test_a_winning_drop_pays_the_win_multiplier_from_everyone():
    rules = {"preset": "pagat", "overrides": {"drop": {"win_multiplier": 3}}}
    result = score_json(hand(rules, ABCD, "drop", dropper="C", counts=CAUGHT))
    assert result["result"] == "drop_won"
    assert result["net"] == {"A": -300, "B": -300, "C": 900, "D": -300}


def test_it_pays_a_single_claim_its_tier_multiplier():
    result = score_json(
        hand("chicago", ["A", "B", "C"], "deal_tonk", claims=[{"player": "A", "count": 49}])
    )
    assert result == {
        "result": "deal_tonk",
        "net": {"A": 200, "B": -100, "C": -100},
        "transfers": [
            {"from": "B", "to": "A", "amount": 100},
            {"from": "C", "to": "A", "amount": 100},
        ],
    }


def claims(*pairs):
    return [{"player": player, "count": count} for player, count in pairs]


def test_best_with_tie_first_caller_gives_it_to_the_first_caller():
    rules = {"preset": "newark", "overrides": {"deal_tonk": {"tie": "first_caller"}}}
    result = score_json(
        hand(rules, ABCD, "deal_tonk", dealer="A", claims=claims(("D", 10), ("B", 10)))
    )
    assert result["net"] == {"A": -200, "B": -200, "C": -200, "D": 600}


def test_best_with_tie_draw_pays_nothing():
    result = score_json(hand("speno", ABCD, "deal_tonk", claims=claims(("B", 10), ("C", 10))))
    assert result["result"] == "draw"
    assert result["transfers"] == []


def test_best_prefers_the_higher_count_in_a_high_tier():
    rules = {"preset": "speno-es", "overrides": {"deal_tonk": {"several": "best"}}}
    result = score_json(hand(rules, ABCD, "deal_tonk", claims=claims(("A", 48), ("B", 50))))
    assert result["net"]["B"] == 600


def test_best_ranks_tiers_by_order_before_counts():
    # Chicago ranks fifty above low: 50 beats a 3.
    result = score_json(hand("chicago", ABCD, "deal_tonk", claims=claims(("A", 3), ("B", 50))))
    assert result["net"]["B"] == 600
    assert result["net"]["A"] == -200


def test_all_paid_pays_every_claimer_from_the_non_claimers():
    result = score_json(
        hand("washington", ABCD, "deal_tonk", stake=1, claims=claims(("A", 50), ("B", 12)))
    )
    assert result["result"] == "deal_tonk"
    assert result["net"] == {"A": 4, "B": 4, "C": -4, "D": -4}


def test_all_paid_when_everyone_claims_is_a_draw():
    result = score_json(
        hand("washington", ["A", "B"], "deal_tonk", claims=claims(("A", 50), ("B", 49)))
    )
    assert result["result"] == "draw"
    assert result["net"] == {"A": 0, "B": 0}


def test_first_caller_wins_even_against_a_better_claim():
    result = score_json(hand("speno-es", ABCD, "deal_tonk", claims=claims(("C", 15), ("A", 6))))
    assert result["net"] == {"A": -100, "B": -200, "C": 500, "D": -200}


def test_a_claim_outside_every_tier_is_refused():
    with pytest.raises(RulesError, match=r"A's deal count 30 is in no deal-tonk tier .*fifty: 50"):
        score_json(hand("pagat", ABCD, "deal_tonk", claims=claims(("A", 30))))


def test_a_claim_below_the_lowest_deal_count_is_impossible():
    with pytest.raises(RulesError, match="A's deal count 5 is impossible with a 52-card deck"):
        score_json(hand("speno", ABCD, "deal_tonk", claims=claims(("A", 5))))


def test_jokers_make_low_deal_counts_reachable():
    result = score_json(hand("chicago", ABCD, "deal_tonk", claims=claims(("A", 3))))
    assert result["net"]["A"] == 600


def test_a_player_cannot_claim_twice():
    with pytest.raises(RulesError, match="A claims tonk twice"):
        score_json(hand("speno", ABCD, "deal_tonk", claims=claims(("A", 12), ("A", 13))))


@pytest.mark.parametrize(
    ("method", "first_turn", "each"),
    [("spread", False, 200), ("spread", True, 400), ("hit", True, 300), ("hit", False, 300)],
)
def test_tonk_out_pays_by_method_and_first_turn(method, first_turn, each):
    rules = {"preset": "newark", "overrides": {"out": {"tonk_out_hit_multiplier": 3}}}
    result = score_json(
        hand(rules, ["A", "B", "C"], "tonk_out", winner="B", method=method, first_turn=first_turn)
    )
    assert result["net"] == {"A": -each, "B": 2 * each, "C": -each}


def test_discard_out_pays_the_discard_out_multiplier():
    result = score_json(hand("rushville", ["A", "B", "C"], "discard_out", winner="C"))
    assert result["result"] == "discard_out"
    assert result["net"] == {"A": -200, "B": -200, "C": 400}


def test_a_dead_hand_pays_nothing():
    assert score_json(hand("pagat", ["A", "B"], "dead")) == {
        "result": "dead",
        "net": {"A": 0, "B": 0},
        "transfers": [],
    }


def stock_out(rules, counts, dealer="C"):
    return score_json(hand(rules, ["A", "B", "C"], "stock_out", dealer=dealer, counts=counts))


def test_stock_out_lowest_collects_the_multiplier():
    rules = {"preset": "pagat", "overrides": {"stock_out": {"multiplier": 2}}}
    result = stock_out(rules, {"A": 9, "B": 3, "C": 20})
    assert result["result"] == "stock_out"
    assert result["net"] == {"A": -200, "B": 400, "C": -200}


def test_stock_out_tie_dead_is_a_draw():
    result = stock_out("rushville", {"A": 5, "B": 5, "C": 9})
    assert result["result"] == "draw"
    assert result["net"] == {"A": 0, "B": 0, "C": 0}


@pytest.mark.parametrize(("dealer", "winner"), [("C", "A"), ("A", "B")])
def test_stock_out_tie_dealer_left_pays_the_closest_to_the_dealers_left(dealer, winner):
    rules = {"preset": "pagat", "overrides": {"stock_out": {"tie": "dealer_left"}}}
    result = stock_out(rules, {"A": 5, "B": 5, "C": 9}, dealer=dealer)
    assert result["net"][winner] == 200
    assert sorted(result["net"].values()) == [-100, -100, 200]


def test_stock_out_rule_dead_is_a_dead_hand():
    rules = {"preset": "pagat", "overrides": {"stock_out": {"rule": "dead"}}}
    assert stock_out(rules, {"A": 5, "B": 7, "C": 9})["result"] == "dead"


def test_stock_out_with_everyone_tied_is_a_draw():
    assert stock_out("pagat", {"A": 5, "B": 5, "C": 5})["result"] == "draw"


def test_a_play_count_of_zero_needs_a_joker():
    assert stock_out("chicago", {"A": 0, "B": 5, "C": 9})["net"]["A"] == 200
    with pytest.raises(RulesError, match="A's count 0 is impossible with a 52-card deck"):
        stock_out("pagat", {"A": 0, "B": 5, "C": 9})
