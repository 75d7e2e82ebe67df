"""Hypothesis strategies for rule sets and hands that the engine must accept."""

from dataclasses import replace

from hypothesis import strategies as st

from ledger.rules import OUTCOMES, PRESETS, Claim, Hand, parse_rules
from ledger.rules.counts import reachable_counts
from ledger.rules.ruleset import (
    CATCH,
    DOUBLE_WINS,
    SEVERAL,
    STOCK_OUT_RULES,
    STOCK_OUT_TIES,
    TIES,
)

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")
multipliers = st.integers(1, 5)


@st.composite
def custom_rule_options(draw) -> dict:
    """A full rule set object with random options and non-overlapping tiers."""
    deck = draw(st.sampled_from(["52", "40"]))
    hand_size = draw(st.sampled_from([5, 7]))
    faces = draw(st.sampled_from(["ten", "rank"]))
    jokers = draw(st.integers(0, 4))
    deal, _ = reachable_counts(deck, hand_size, faces, jokers)
    tier_count = draw(st.integers(1, 3))
    bounds = sorted(
        draw(
            st.sets(
                st.integers(min(deal), max(deal)), min_size=2 * tier_count, max_size=2 * tier_count
            )
        )
    )
    tiers = [
        {
            "name": f"tier-{i}",
            "min": bounds[2 * i],
            "max": bounds[2 * i + 1],
            "multiplier": draw(multipliers),
            "prefer": draw(st.sampled_from(["low", "high"])),
        }
        for i in range(tier_count)
    ]
    return {
        "deck": deck,
        "hand_size": hand_size,
        "face_values": faces,
        "jokers": jokers,
        "deal_tonk": {
            "tiers": tiers,
            "several": draw(st.sampled_from(SEVERAL)),
            "order": draw(st.permutations([tier["name"] for tier in tiers])),
            "tie": draw(st.sampled_from(TIES)),
        },
        "drop": {
            "win_multiplier": draw(multipliers),
            "catch": draw(st.sampled_from(CATCH)),
            "catch_multiplier": draw(multipliers),
        },
        "out": {
            "tonk_out_multiplier": draw(multipliers),
            "tonk_out_hit_multiplier": draw(multipliers),
            "first_turn_multiplier": draw(st.none() | multipliers),
            "discard_out_multiplier": draw(multipliers),
        },
        "stock_out": {
            "rule": draw(st.sampled_from(STOCK_OUT_RULES)),
            "multiplier": draw(multipliers),
            "tie": draw(st.sampled_from(STOCK_OUT_TIES)),
        },
    }


# Money scoring: push-ups have properties of their own (test_pushups_and_side_bets.py).
MONEY_PRESETS = sorted(p for p, preset in PRESETS.items() if "scoring" not in preset.options)
rule_specs = st.sampled_from(MONEY_PRESETS) | custom_rule_options()
rule_sets = rule_specs.map(parse_rules)


@st.composite
def hands(draw, rules, outcomes=OUTCOMES, max_players=6, players=None) -> Hand:
    """A valid hand under ``rules``; counts cluster low so catches and ties happen.

    ``players`` (names in seat order) fixes the table; otherwise it is drawn.
    """
    if players is None:
        most = min(max_players, rules.max_players)
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=most, unique=True))
    play = sorted(rules.play_counts)
    count = st.sampled_from(play[:12]) | st.sampled_from(play)
    claimable = sorted(c for c in rules.deal_counts if rules.tier_of(c) is not None)
    outcome = draw(st.sampled_from([o for o in outcomes if o != "deal_tonk" or claimable]))
    claimers = draw(st.permutations(players))[: draw(st.integers(1, len(players)))]
    return Hand(
        players=tuple(players),
        dealer=draw(st.sampled_from(players)),
        stake=draw(st.integers(1, 10_000)),
        outcome=outcome,
        dropper=draw(st.sampled_from(players)),
        counts={player: draw(count) for player in players},
        claims=tuple(Claim(p, draw(st.sampled_from(claimable))) for p in claimers)
        if claimable
        else (),
        winner=draw(st.sampled_from(players)),
        method=draw(st.sampled_from(["spread", "hit"])),
        first_turn=draw(st.booleans()),
    )


@st.composite
def pushup_specs(draw) -> dict:
    """A money preset played for push-ups, doubling on some wins."""
    preset = draw(st.sampled_from(MONEY_PRESETS))
    double = draw(st.lists(st.sampled_from(DOUBLE_WINS), unique=True))
    return {"preset": preset, "overrides": {"scoring": "pushups", "pushups": {"double": double}}}


@st.composite
def pushup_hands(draw, rules, players=None) -> Hand:
    """A valid hand with a count for everyone that push-ups may need: on a deal tonk the
    claimers' claims and the others' deal counts."""
    drawn = draw(hands(rules, players=players))
    if drawn.outcome != "deal_tonk":
        return drawn
    deal = sorted(rules.deal_counts)
    claimed = {claim.player: claim.count for claim in drawn.claims}
    counts = {p: claimed.get(p) or draw(st.sampled_from(deal)) for p in drawn.players}
    return replace(drawn, counts=counts)
