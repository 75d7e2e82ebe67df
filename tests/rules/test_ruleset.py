import pytest

from ledger.rules import PRESETS, RulesError, parse_rules, score_json
from tests.rules.examples import hand

# Section 4 of docs/rules.md, column by column.
PRESET_TABLE = {
    # id: (deck, jokers, several, order, tie, catch, catch multiplier,
    #      (tonk_out, hit, first_turn, discard_out), stock-out tie)
    "pagat": (
        "52",
        0,
        "draw",
        ("fifty", "forty-nine"),
        "draw",
        "standard",
        2,
        (2, 2, None, 1),
        "all_paid",
    ),
    "speno": (
        "52",
        0,
        "best",
        ("low", "fifty", "forty-nine"),
        "draw",
        "speno",
        2,
        (1, 1, None, 1),
        "all_paid",
    ),
    "speno-es": (
        "52",
        0,
        "first_caller",
        ("low", "high"),
        "draw",
        "speno",
        2,
        (1, 1, None, 1),
        "all_paid",
    ),
    "washington": (
        "52",
        0,
        "all_paid",
        ("fifty", "forty-nine", "low"),
        "draw",
        "table_double_to_lowest",
        2,
        (2, 2, None, 1),
        "all_paid",
    ),
    "rushville": (
        "52",
        0,
        "draw",
        ("five-faces",),
        "draw",
        "catchers_only",
        4,
        (2, 2, None, 2),
        "dead",
    ),
    "chicago": (
        "52",
        2,
        "best",
        ("fifty", "low", "forty-nine"),
        "draw",
        "catchers_only",
        2,
        (1, 1, 2, 1),
        "all_paid",
    ),
    "newark": (
        "52",
        0,
        "best",
        ("fifty", "forty-nine", "low"),
        "dealer_left",
        "standard",
        2,
        (2, 2, 4, 1),
        "all_paid",
    ),
    "dc": (
        "52",
        0,
        "best",
        ("low", "fifty", "forty-nine"),
        "draw",
        "standard",
        2,
        (2, 2, None, 1),
        "all_paid",
    ),
    "baton-rouge": (
        "40",
        0,
        "draw",
        ("fifty", "forty-seven"),
        "draw",
        "standard",
        2,
        (2, 2, None, 1),
        "all_paid",
    ),
}

TIER_RANGES = {
    "pagat": {"fifty": (50, 50), "forty-nine": (49, 49)},
    "speno": {"low": (6, 15), "fifty": (50, 50), "forty-nine": (49, 49)},
    "speno-es": {"low": (6, 15), "high": (48, 50)},
    "washington": {"fifty": (50, 50), "forty-nine": (49, 49), "low": (6, 14)},
    "rushville": {"five-faces": (50, 50)},
    "chicago": {"fifty": (50, 50), "low": (3, 13), "forty-nine": (49, 49)},
    "newark": {"fifty": (50, 50), "forty-nine": (49, 49), "low": (6, 13)},
    "dc": {"low": (6, 11), "fifty": (50, 50), "forty-nine": (49, 49)},
    "baton-rouge": {"fifty": (50, 50), "forty-seven": (47, 47)},
}
# Push-ups are pagat played for points (test_pushups_and_side_bets.py scores them).
PRESET_TABLE["pushups"] = PRESET_TABLE["pagat"]
TIER_RANGES["pushups"] = TIER_RANGES["pagat"]


def test_there_are_exactly_the_ten_presets():
    assert set(PRESETS) == set(PRESET_TABLE)


@pytest.mark.parametrize("preset", PRESET_TABLE)
def test_each_preset_has_the_options_of_section_4(preset):
    deck, jokers, several, order, tie, catch, catch_multiplier, out, stock_tie = PRESET_TABLE[
        preset
    ]
    rules = parse_rules(preset)
    assert (rules.deck, rules.hand_size, rules.face_values, rules.jokers) == (
        deck,
        5,
        "ten",
        jokers,
    )
    assert (rules.deal_tonk.several, rules.deal_tonk.order, rules.deal_tonk.tie) == (
        several,
        order,
        tie,
    )
    assert (rules.drop.win_multiplier, rules.drop.catch) == (1, catch)
    assert rules.drop.catch_multiplier == catch_multiplier
    assert (
        rules.out.tonk_out_multiplier,
        rules.out.tonk_out_hit_multiplier,
        rules.out.first_turn_multiplier,
        rules.out.discard_out_multiplier,
    ) == out
    assert (rules.stock_out.rule, rules.stock_out.multiplier, rules.stock_out.tie) == (
        "lowest_wins",
        1,
        stock_tie,
    )
    assert rules.tier_ranges == TIER_RANGES[preset]


@pytest.mark.parametrize("preset", PRESET_TABLE)
def test_a_rule_set_round_trips_through_its_full_json(preset):
    rules = parse_rules(preset)
    assert parse_rules(rules.to_json()) == rules


def test_a_full_object_takes_defaults_for_what_it_omits():
    rules = parse_rules({"drop": {"catch": "speno"}})
    assert rules.drop == parse_rules("pagat").drop.__class__(1, "speno", 2)
    assert rules.out.tonk_out_multiplier == 2
    assert rules.deal_tonk.order == ("fifty", "forty-nine")


def test_overrides_merge_into_the_preset():
    rules = parse_rules({"preset": "speno", "overrides": {"out": {"first_turn_multiplier": 3}}})
    assert rules.out.first_turn_multiplier == 3
    assert rules.out.tonk_out_multiplier == 1
    assert rules.deal_tonk.several == "best"


def test_overriding_tiers_without_an_order_ranks_them_as_given():
    tiers = [{"name": "big", "min": 45, "max": 50, "multiplier": 3, "prefer": "high"}]
    rules = parse_rules({"preset": "speno", "overrides": {"deal_tonk": {"tiers": tiers}}})
    assert rules.deal_tonk.order == ("big",)


def test_hand_level_overrides_apply_to_the_preset():
    result = score_json(
        {
            **hand("pagat", ["A", "B"], "discard_out", winner="A"),
            "overrides": {"out": {"discard_out_multiplier": 3}},
        }
    )
    assert result["net"] == {"A": 300, "B": -300}


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("texas", "unknown preset 'texas': use one of pagat, speno"),
        (42, "rules must be a preset id or an object, not int"),
        ({"colour": "red"}, "unknown rule option 'colour'"),
        ({"drop": {"catch": "standard", "burn": 3}}, "unknown rule option 'drop.burn'"),
        ({"preset": "pagat", "overrides": {"out": {"rum": 2}}}, "unknown rule option 'out.rum'"),
        ({"preset": "pagat", "extra": 1}, "unknown rule option 'extra'"),
        ({"preset": "pagat", "overrides": []}, "rule option overrides must be an object"),
        ({"deck": 52}, 'rule option deck cannot be 52: use one of "52", "40"'),
        ({"hand_size": 6}, "rule option hand_size cannot be 6: use one of 5, 7"),
        ({"hand_size": 5.0}, "rule option hand_size cannot be 5.0"),
        ({"face_values": "ace-high"}, "rule option face_values cannot be 'ace-high'"),
        ({"jokers": 5}, "rule option jokers must be a whole number from 0 to 4, not 5"),
        ({"jokers": True}, "rule option jokers must be a whole number from 0 to 4, not True"),
        ({"drop": {"catch": "burned"}}, "rule option drop.catch cannot be 'burned'"),
        (
            {"drop": {"win_multiplier": 0}},
            "rule option drop.win_multiplier must be a whole number from 1 to 100",
        ),
        (
            {"out": {"first_turn_multiplier": "2"}},
            "rule option out.first_turn_multiplier must be a whole number",
        ),
        ({"stock_out": {"tie": "split"}}, "rule option stock_out.tie cannot be 'split'"),
        ({"stock_out": 1}, "rule option stock_out must be an object, not 1"),
        ({"deal_tonk": {"several": "most"}}, "rule option deal_tonk.several cannot be 'most'"),
        ({"deal_tonk": {"tie": "coin"}}, "rule option deal_tonk.tie cannot be 'coin'"),
        ({"deal_tonk": {"tiers": {}}}, "rule option deal_tonk.tiers must be a list"),
        (
            {"deal_tonk": {"tiers": [{"name": "x", "max": 9, "colour": 1}]}},
            "unknown rule option 'deal_tonk.tiers[0].colour'",
        ),
        (
            {"deal_tonk": {"tiers": [{"name": "", "max": 9}]}},
            "each deal-tonk tier needs a unique non-empty name",
        ),
        (
            {"deal_tonk": {"tiers": [{"name": "a", "max": 9}, {"name": "a", "min": 40}]}},
            "each deal-tonk tier needs a unique non-empty name; 'a'",
        ),
        ({"deal_tonk": {"tiers": [{"name": "a"}]}}, "deal-tonk tier 'a' needs a min or a max"),
        (
            {"deal_tonk": {"tiers": [{"name": "a", "min": 20, "max": 10}]}},
            "tier 'a' runs from 20 to 10",
        ),
        (
            {
                "deal_tonk": {
                    "tiers": [{"name": "low", "max": 15}, {"name": "mid", "min": 12, "max": 20}]
                }
            },
            "deal-tonk tiers 'low' and 'mid' share the count 12",
        ),
        (
            {"deal_tonk": {"tiers": [{"name": "a", "max": 9}], "order": ["b"]}},
            "deal_tonk.order must name every tier once",
        ),
        ({"deal_tonk": {"order": ["fifty", "fifty"]}}, "deal_tonk.order must name every tier once"),
    ],
)
def test_it_refuses_bad_rules_by_name(rules, message):
    with pytest.raises(RulesError) as caught:
        parse_rules(rules)
    assert message in str(caught.value)


def test_a_tier_without_min_starts_at_the_lowest_reachable_deal_count():
    rules = parse_rules({"jokers": 2, "deal_tonk": {"tiers": [{"name": "low", "max": 13}]}})
    assert rules.tier_ranges == {"low": (3, 13)}
