"""The Tonk rules engine: pure Python, no Django.

It takes a hand and a rule set and returns who pays whom (docs/rules.md).
"""

from ledger.rules.errors import RulesError
from ledger.rules.hand import MAX_STAKE, SIDE_BETS, Claim, Hand, SideBet
from ledger.rules.jsonform import (
    hand_from_json,
    hand_to_json,
    result_to_json,
    score_json,
    score_night_json,
)
from ledger.rules.outcomes import METHODS, OUTCOMES, RESULTS, WIN_RESULTS
from ledger.rules.presets import PRESETS, Preset
from ledger.rules.ruleset import RuleSet, normalize_rules, parse_rules, resolve_options
from ledger.rules.scoring import Result, Transfer, score

__all__ = [
    "MAX_STAKE",
    "METHODS",
    "OUTCOMES",
    "PRESETS",
    "RESULTS",
    "SIDE_BETS",
    "WIN_RESULTS",
    "Claim",
    "Hand",
    "Preset",
    "Result",
    "RuleSet",
    "RulesError",
    "SideBet",
    "Transfer",
    "hand_from_json",
    "hand_to_json",
    "normalize_rules",
    "parse_rules",
    "resolve_options",
    "result_to_json",
    "score",
    "score_json",
    "score_night_json",
]
