"""House rules as an immutable value, parsed strictly from the JSON form of docs/rules.md.

``parse_rules`` accepts a preset id, ``{"preset": id, "overrides": {...}}`` or a
full rule set object whose omitted options take the defaults of docs/rules.md
section 3. Unknown options and values are errors, never ignored::

    >>> rules = parse_rules({"preset": "pagat", "overrides": {"drop": {"catch": "speno"}}})
    >>> rules.drop.catch, rules.deck
    ('speno', '52')
"""

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ledger.rules import options
from ledger.rules.counts import DECKS, FACE_VALUES, reachable_counts
from ledger.rules.errors import RulesError
from ledger.rules.outcomes import DOUBLE_WINS
from ledger.rules.presets import FIFTY, FORTY_NINE, PRESETS
from ledger.rules.whole import is_whole

SEVERAL = tuple(options.SEVERAL)
TIES = tuple(options.TIES)
PREFER = ("low", "high")
CATCH = tuple(options.CATCH)
STOCK_OUT_RULES = tuple(options.STOCK_OUT_RULES)
SCORING = tuple(options.SCORING)
STOCK_OUT_TIES = tuple(options.STOCK_OUT_TIES)
MAX_MULTIPLIER = 100

# docs/rules.md gives no default tiers; the typical (pagat) ones are used.
DEFAULTS: dict[str, Any] = {
    "deck": "52",
    "hand_size": 5,
    "face_values": "ten",
    "jokers": 0,
    "deal_tonk": {"tiers": [FIFTY, FORTY_NINE], "several": "draw", "tie": "draw"},
    "drop": {"win_multiplier": 1, "catch": "standard", "catch_multiplier": 2},
    "out": {
        "tonk_out_multiplier": 2,
        "tonk_out_hit_multiplier": 2,
        "first_turn_multiplier": None,
        "discard_out_multiplier": 1,
    },
    "stock_out": {"rule": "lowest_wins", "multiplier": 1, "tie": "all_paid"},
    "scoring": "money",
    "pushups": {"double": ["deal_tonk", "tonk_out_spread"]},
}


@dataclass(frozen=True)
class Tier:
    name: str
    min: int | None
    max: int | None
    multiplier: int
    prefer: str


@dataclass(frozen=True)
class DealTonkRules:
    tiers: tuple[Tier, ...]
    several: str
    order: tuple[str, ...]
    tie: str


@dataclass(frozen=True)
class DropRules:
    win_multiplier: int
    catch: str
    catch_multiplier: int


@dataclass(frozen=True)
class OutRules:
    tonk_out_multiplier: int
    tonk_out_hit_multiplier: int
    first_turn_multiplier: int | None
    discard_out_multiplier: int


@dataclass(frozen=True)
class StockOutRules:
    rule: str
    multiplier: int
    tie: str


@dataclass(frozen=True)
class PushupRules:
    double: tuple[str, ...] = ("deal_tonk", "tonk_out_spread")


@dataclass(frozen=True)
class RuleSet:
    deck: str
    hand_size: int
    face_values: str
    jokers: int
    deal_tonk: DealTonkRules
    drop: DropRules
    out: OutRules
    stock_out: StockOutRules
    scoring: str = "money"
    pushups: PushupRules = PushupRules()
    # Derived once per rule set, not per hand.
    deal_counts: frozenset[int] = field(init=False, repr=False, compare=False)
    play_counts: frozenset[int] = field(init=False, repr=False, compare=False)
    tier_ranges: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        deal, play = reachable_counts(self.deck, self.hand_size, self.face_values, self.jokers)
        object.__setattr__(self, "deal_counts", deal)
        object.__setattr__(self, "play_counts", play)
        ranges = {
            tier.name: (
                min(deal) if tier.min is None else tier.min,
                max(deal) if tier.max is None else tier.max,
            )
            for tier in self.deal_tonk.tiers
        }
        object.__setattr__(self, "tier_ranges", ranges)

    @property
    def deck_size(self) -> int:
        return int(self.deck) + self.jokers

    @property
    def max_players(self) -> int:
        """Everyone is dealt a hand and one card turns up to start the discard pile."""
        return (self.deck_size - 1) // self.hand_size

    def check_table_size(self, count: int) -> None:
        """Refuse a table of ``count`` players that this deck cannot deal to."""
        if count > self.max_players:
            raise RulesError(
                "players_too_many",
                count=count,
                hand_size=self.hand_size,
                deck=self.describe_deck(),
                deck_spec=self.deck_spec(),
            )

    def deck_spec(self) -> tuple[int, int, bool, int]:
        """Cards in the deck, jokers, whether faces count by rank, cards dealt: what
        ``describe_deck`` says, as data a translation can word."""
        return int(self.deck), self.jokers, self.face_values == "rank", self.hand_size

    def describe_deck(self) -> str:
        """E.g. 'a 40-card deck' or 'a 52-card deck with 2 jokers and 7-card hands'."""
        text = f"a {self.deck}-card deck"
        extras = []
        if self.jokers:
            extras.append(f"{self.jokers} joker{'s' if self.jokers > 1 else ''}")
        if self.face_values == "rank":
            extras.append("J=11, Q=12, K=13")
        if self.hand_size != 5:
            extras.append(f"{self.hand_size}-card hands")
        return f"{text} with {' and '.join(extras)}" if extras else text

    def tier_of(self, count: int) -> Tier | None:
        """The deal-tonk tier a count lies in, if any."""
        for tier in self.deal_tonk.tiers:
            low, high = self.tier_ranges[tier.name]
            if low <= count <= high:
                return tier
        return None

    def describe_tiers(self) -> str:
        parts = []
        for tier in self.deal_tonk.tiers:
            low, high = self.tier_ranges[tier.name]
            parts.append(f"{tier.name}: {low}" if low == high else f"{tier.name}: {low}-{high}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The full JSON object of this rule set; ``parse_rules`` of it gives it back."""
        tiers = []
        for tier in self.deal_tonk.tiers:
            data: dict[str, Any] = {"name": tier.name}
            if tier.min is not None:
                data["min"] = tier.min
            if tier.max is not None:
                data["max"] = tier.max
            data.update(multiplier=tier.multiplier, prefer=tier.prefer)
            tiers.append(data)
        return {
            "deck": self.deck,
            "hand_size": self.hand_size,
            "face_values": self.face_values,
            "jokers": self.jokers,
            "deal_tonk": {
                "tiers": tiers,
                "several": self.deal_tonk.several,
                "order": list(self.deal_tonk.order),
                "tie": self.deal_tonk.tie,
            },
            "drop": vars(self.drop).copy(),
            "out": vars(self.out).copy(),
            "stock_out": vars(self.stock_out).copy(),
            "scoring": self.scoring,
            "pushups": {"double": list(self.pushups.double)},
        }


def parse_rules(value: Any) -> RuleSet:
    """A RuleSet from a preset id, a preset with overrides, or a full object."""
    try:
        key = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        raise RulesError("rules_type", got=type(value).__name__) from None
    return _parse_cached(key)


def normalize_rules(rules: object) -> dict[str, Any]:
    """The stored form of house rules, validated: ``{"preset", "overrides"}`` or a full object.

    >>> normalize_rules("speno")
    {'overrides': {}, 'preset': 'speno'}
    """
    spec = {"preset": rules} if isinstance(rules, str) else rules
    if isinstance(spec, dict) and "preset" in spec:
        spec = {"overrides": {}, **spec}
    parse_rules(spec)
    assert isinstance(spec, dict)  # parse_rules refuses anything else
    return spec


@lru_cache(maxsize=256)
def _parse_cached(key: str) -> RuleSet:
    return _parse(json.loads(key))


def resolve_options(value: Any) -> dict[str, Any]:
    """The full options object (not yet validated) that a rules value stands for."""
    if isinstance(value, str):
        return merge_overrides(_preset_options(value), {})
    if not isinstance(value, dict):
        raise RulesError("rules_type", got=type(value).__name__)
    if "preset" not in value:
        return merge_overrides(DEFAULTS, value)
    extra = sorted(set(value) - {"preset", "overrides"})
    if extra:
        raise RulesError("unknown_option", option=extra[0], choices="preset, overrides")
    overrides = value.get("overrides", {})
    if not isinstance(overrides, dict):
        raise RulesError("option_object", option="overrides", value=overrides)
    if not isinstance(value["preset"], str):
        raise RulesError("rules_type", got=type(value["preset"]).__name__)
    return merge_overrides(_preset_options(value["preset"]), overrides)


def _preset_options(preset_id: str) -> dict[str, Any]:
    if preset_id not in PRESETS:
        raise RulesError("unknown_preset", preset=preset_id, choices=", ".join(PRESETS))
    return merge_overrides(DEFAULTS, PRESETS[preset_id].options)


def merge_overrides(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` merged in, section by section.

    New tiers without a new order drop the old order, which names the old tiers.
    """
    merged = copy.deepcopy(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            section = value
            if key == "deal_tonk" and "tiers" in value and "order" not in value:
                merged[key].pop("order", None)
            merged[key] = merge_overrides(merged[key], section)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _parse(value: Any) -> RuleSet:
    options = resolve_options(value)
    _no_unknown(options, DEFAULTS, "")
    deck = _choice(options, "deck", DECKS)
    hand_size = _choice(options, "hand_size", (5, 7))
    face_values = _choice(options, "face_values", FACE_VALUES)
    jokers = _integer(options, "jokers", 0, 4)
    rules = RuleSet(
        deck=deck,
        hand_size=hand_size,
        face_values=face_values,
        jokers=jokers,
        deal_tonk=_deal_tonk(_object(options, "deal_tonk")),
        drop=DropRules(
            win_multiplier=_multiplier(options["drop"], "drop.win_multiplier"),
            catch=_choice(options["drop"], "drop.catch", CATCH),
            catch_multiplier=_multiplier(options["drop"], "drop.catch_multiplier"),
        ),
        out=OutRules(
            tonk_out_multiplier=_multiplier(options["out"], "out.tonk_out_multiplier"),
            tonk_out_hit_multiplier=_multiplier(options["out"], "out.tonk_out_hit_multiplier"),
            first_turn_multiplier=(
                None
                if options["out"].get("first_turn_multiplier") is None
                else _multiplier(options["out"], "out.first_turn_multiplier")
            ),
            discard_out_multiplier=_multiplier(options["out"], "out.discard_out_multiplier"),
        ),
        stock_out=StockOutRules(
            rule=_choice(options["stock_out"], "stock_out.rule", STOCK_OUT_RULES),
            multiplier=_multiplier(options["stock_out"], "stock_out.multiplier"),
            tie=_choice(options["stock_out"], "stock_out.tie", STOCK_OUT_TIES),
        ),
        scoring=_choice(options, "scoring", SCORING),
        pushups=PushupRules(double=_double_wins(options["pushups"])),
    )
    _check_tier_overlap(rules)
    return rules


def _no_unknown(options: dict[str, Any], known: dict[str, Any], prefix: str) -> None:
    for key, value in options.items():
        if key not in known:
            raise RulesError(
                "unknown_option", option=prefix + key, choices=", ".join(prefix + k for k in known)
            )
        if isinstance(known[key], dict):
            if not isinstance(value, dict):
                raise RulesError("option_object", option=prefix + key, value=value)
            known_here = dict(known[key], order=None) if key == "deal_tonk" else known[key]
            _no_unknown(value, known_here, f"{prefix}{key}.")


def _leaf(options: dict[str, Any], path: str) -> Any:
    return options[path.rsplit(".", 1)[-1]]


def _choice(options: dict[str, Any], path: str, choices: tuple[object, ...]) -> Any:
    value = _leaf(options, path)
    if not any(type(value) is type(choice) and value == choice for choice in choices):
        raise RulesError(
            "option_choice",
            option=path,
            value=value,
            choices=", ".join(json.dumps(c) for c in choices),
        )
    return value


def _integer(options: dict[str, Any], path: str, low: int, high: int) -> int:
    value = _leaf(options, path)
    if not is_whole(value, low=low, high=high):
        raise RulesError("option_int", option=path, value=value, low=low, high=high)
    return value


def _multiplier(options: dict[str, Any], path: str) -> int:
    return _integer(options, path, 1, MAX_MULTIPLIER)


def _object(options: dict[str, Any], path: str) -> dict[str, Any]:
    value = _leaf(options, path)
    if not isinstance(value, dict):
        raise RulesError("option_object", option=path, value=value)
    return value


def _double_wins(options: dict[str, Any]) -> tuple[str, ...]:
    wins = options["double"]
    if not isinstance(wins, list):
        raise RulesError("option_list", option="pushups.double", value=wins)
    for win in wins:
        if not isinstance(win, str) or win not in DOUBLE_WINS:
            raise RulesError(
                "option_choice",
                option="pushups.double",
                value=win,
                choices=", ".join(json.dumps(w) for w in DOUBLE_WINS),
            )
    return tuple(dict.fromkeys(wins))  # a win named twice doubles once


TIER_KEYS = ("name", "min", "max", "multiplier", "prefer")


def _deal_tonk(options: dict[str, Any]) -> DealTonkRules:
    raw_tiers = options["tiers"]
    if not isinstance(raw_tiers, list):
        raise RulesError("option_list", option="deal_tonk.tiers", value=raw_tiers)
    tiers = tuple(_tier(raw, index) for index, raw in enumerate(raw_tiers))
    names = [tier.name for tier in tiers]
    if len(set(names)) != len(names):
        duplicate = next(name for name in names if names.count(name) > 1)
        raise RulesError("tier_name", value=duplicate)
    order = options.get("order", names)
    if (
        not isinstance(order, list)
        or not all(isinstance(name, str) for name in order)
        or sorted(order) != sorted(names)
    ):
        raise RulesError("tier_order", tiers=names, order=order)
    return DealTonkRules(
        tiers=tiers,
        several=_choice(options, "deal_tonk.several", SEVERAL),
        order=tuple(order),
        tie=_choice(options, "deal_tonk.tie", TIES),
    )


def _tier(raw: Any, index: int) -> Tier:
    path = f"deal_tonk.tiers[{index}]"
    if not isinstance(raw, dict):
        raise RulesError("option_object", option=path, value=raw)
    unknown = sorted(set(raw) - set(TIER_KEYS))
    if unknown:
        raise RulesError(
            "unknown_option", option=f"{path}.{unknown[0]}", choices=", ".join(TIER_KEYS)
        )
    name = raw.get("name")
    # Printable and short: a name is stored with the rules and shown in messages (PostgreSQL
    # refuses a NUL or a lone surrogate that JSON's \u escapes can spell).
    if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > 40:
        raise RulesError("tier_name", value=name)
    bounds = {}
    for bound in ("min", "max"):
        if raw.get(bound) is not None:
            bounds[bound] = _integer(raw, f"{path}.{bound}", 0, 200)
    if not bounds:
        raise RulesError("tier_bounds", tier=name)
    if "min" in bounds and "max" in bounds and bounds["min"] > bounds["max"]:
        raise RulesError("tier_empty", tier=name, low=bounds["min"], high=bounds["max"])
    return Tier(
        name=name,
        min=bounds.get("min"),
        max=bounds.get("max"),
        multiplier=_multiplier(raw, f"{path}.multiplier") if "multiplier" in raw else 2,
        prefer=_choice(raw, f"{path}.prefer", PREFER) if "prefer" in raw else "low",
    )


def _check_tier_overlap(rules: RuleSet) -> None:
    seen: list[tuple[str, int, int]] = []
    for name, (low, high) in rules.tier_ranges.items():
        if low > high:
            raise RulesError("tier_empty", tier=name, low=low, high=high)
        for other, other_low, other_high in seen:
            if low <= other_high and other_low <= high:
                raise RulesError("tier_overlap", tier=other, other=name, count=max(low, other_low))
        seen.append((name, low, high))
