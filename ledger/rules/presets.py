"""The ten presets of docs/rules.md section 4, as the JSON form of a rule set.

Options a preset does not name take the defaults of docs/rules.md section 3.
"""

from dataclasses import dataclass
from typing import Any

from ledger.rules.errors import gettext_noop


@dataclass(frozen=True)
class Preset:
    """A documented variant; ``name`` and ``summary`` are English, marked for translation."""

    id: str
    name: str
    summary: str
    options: dict[str, Any]


def _tier(
    name: str, low: int | None, high: int, multiplier: int, prefer: str = "high"
) -> dict[str, object]:
    tier = {"name": name, "max": high, "multiplier": multiplier, "prefer": prefer}
    if low is not None:
        tier["min"] = low
    return tier


FIFTY = _tier("fifty", 50, 50, 2)
FORTY_NINE = _tier("forty-nine", 49, 49, 2)

PRESETS: dict[str, Preset] = {
    preset.id: preset
    for preset in (
        Preset(
            "pagat",
            gettext_noop("Pagat (McLeod), typical"),
            gettext_noop(
                "49 or 50 on the deal pays double; a caught dropper pays each catcher double."
            ),
            {"deal_tonk": {"tiers": [FIFTY, FORTY_NINE], "several": "draw"}},
        ),
        Preset(
            "speno",
            gettext_noop("Black Company (Speno, Glen Cook)"),
            gettext_noop(
                "15 or less, 49 or 50 on the deal pays double, the lowest wins; going out pays single."
            ),
            {
                "deal_tonk": {
                    "tiers": [_tier("low", None, 15, 2, "low"), FIFTY, FORTY_NINE],
                    "several": "best",
                    "order": ["low", "fifty", "forty-nine"],
                    "tie": "draw",
                },
                "drop": {"catch": "speno"},
                "out": {"tonk_out_multiplier": 1, "tonk_out_hit_multiplier": 1},
            },
        ),
        Preset(
            "speno-es",
            gettext_noop("Speno, Spanish edition"),
            gettext_noop(
                "15 or less, or 48 to 50 on the deal pays double; the first to call it wins."
            ),
            {
                "deal_tonk": {
                    "tiers": [_tier("low", None, 15, 2, "low"), _tier("high", 48, 50, 2)],
                    "several": "first_caller",
                },
                "drop": {"catch": "speno"},
                "out": {"tonk_out_multiplier": 1, "tonk_out_hit_multiplier": 1},
            },
        ),
        Preset(
            "washington",
            gettext_noop("Washington paper scoring (Lepape)"),
            gettext_noop(
                "Scored in points; every deal tonk is paid; a caught dropper pays the lowest double the table."
            ),
            {
                "deal_tonk": {
                    "tiers": [FIFTY, FORTY_NINE, _tier("low", None, 14, 2, "low")],
                    "several": "all_paid",
                },
                "drop": {"catch": "table_double_to_lowest"},
            },
        ),
        Preset(
            "rushville",
            gettext_noop("Rushville, Indiana (Hebhoe)"),
            gettext_noop(
                "Five face cards on the deal pays double; a caught dropper pays each catcher four times."
            ),
            {
                "deal_tonk": {"tiers": [_tier("five-faces", 50, 50, 2)], "several": "draw"},
                "drop": {"catch": "catchers_only", "catch_multiplier": 4},
                "out": {"discard_out_multiplier": 2},
                "stock_out": {"tie": "dead"},
            },
        ),
        Preset(
            "chicago",
            gettext_noop("Chicago cab drivers (Foulds)"),
            gettext_noop(
                "Two jokers worth 0; 50 beats 13 or less on the deal; going out on the first turn pays double."
            ),
            {
                "jokers": 2,
                "deal_tonk": {
                    "tiers": [
                        FIFTY,
                        _tier("low", None, 13, 2, "low"),
                        _tier("forty-nine", 49, 49, 1),
                    ],
                    "several": "best",
                    "order": ["fifty", "low", "forty-nine"],
                    "tie": "draw",
                },
                "drop": {"catch": "catchers_only", "catch_multiplier": 2},
                "out": {
                    "tonk_out_multiplier": 1,
                    "tonk_out_hit_multiplier": 1,
                    "first_turn_multiplier": 2,
                },
            },
        ),
        Preset(
            "newark",
            gettext_noop("Newark, New Jersey (Sean)"),
            gettext_noop(
                "50 beats 49 beats 13 or less on the deal, ties go to the dealer's left; first-turn tonk pays four."
            ),
            {
                "deal_tonk": {
                    "tiers": [FIFTY, FORTY_NINE, _tier("low", None, 13, 2, "low")],
                    "several": "best",
                    "order": ["fifty", "forty-nine", "low"],
                    "tie": "dealer_left",
                },
                "out": {"first_turn_multiplier": 4},
            },
        ),
        Preset(
            "dc",
            gettext_noop("Washington DC (Sauri)"),
            gettext_noop("11 or less beats 50 beats 49 on the deal; equal claims are a draw."),
            {
                "deal_tonk": {
                    "tiers": [_tier("low", None, 11, 2, "low"), FIFTY, FORTY_NINE],
                    "several": "best",
                    "order": ["low", "fifty", "forty-nine"],
                    "tie": "draw",
                },
            },
        ),
        Preset(
            "baton-rouge",
            gettext_noop("Baton Rouge, 40-card deck (Phil)"),
            gettext_noop("No 8s, 9s or 10s; 50 or 47 on the deal pays double."),
            {
                "deck": "40",
                "deal_tonk": {"tiers": [FIFTY, _tier("forty-seven", 47, 47, 2)], "several": "draw"},
            },
        ),
        Preset(
            "pushups",
            gettext_noop("Push-ups, played for points (Tony Jacobs)"),
            gettext_noop(
                "Pagat's rules decide who wins; the losers are pushed up by the cards left in "
                "their hands, double on a deal tonk or a spread tonk-out. Fewest points wins."
            ),
            {
                "deal_tonk": {"tiers": [FIFTY, FORTY_NINE], "several": "draw"},
                "scoring": "pushups",
            },
        ),
    )
}
