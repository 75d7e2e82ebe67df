"""The house-rule options a table may override, each with its values and their words.

The rule set reads the allowed values from here and the rules form its fields, so an
option and what the form calls it sit side by side. The words are English, marked for
the catalogues; the web layer translates them.

    >>> CATCH["speno"]
    'dropper pays each catcher double; players above the dropper pay the lowest'
    >>> list(CHOICES["stock_out.tie"][1])
    ['all_paid', 'dead', 'dealer_left']
    >>> MULTIPLIERS["drop.win_multiplier"]
    'Winning drop pays ×'
"""

from collections.abc import Mapping

from ledger.rules.errors import gettext_noop

A_DRAW = gettext_noop("a draw: nobody pays")
DEAD = gettext_noop("the hand is dead: nobody pays")
FIRST_CALLER = gettext_noop("the first to call wins")

SEVERAL = {
    "draw": A_DRAW,
    "best": gettext_noop("the best claim wins"),
    "all_paid": gettext_noop("every claim is paid by those who did not claim"),
    "first_caller": FIRST_CALLER,
}
TIES = {
    "draw": A_DRAW,
    "dealer_left": gettext_noop("the one nearest the dealer's left wins"),
    "first_caller": FIRST_CALLER,
}
CATCH = {
    "standard": gettext_noop("dropper pays each catcher double; the others pay the lowest"),
    "speno": gettext_noop(
        "dropper pays each catcher double; players above the dropper pay the lowest"
    ),
    "lowest_takes": gettext_noop("dropper pays the lowest double; the others pay the lowest"),
    "table_to_lowest": gettext_noop("dropper pays the lowest one stake per opponent"),
    "single_catch": gettext_noop(
        "dropper pays each catcher once; everyone not lowest pays the lowest"
    ),
    "double_to_all": gettext_noop("dropper pays everyone double"),
    "five_to_lowest": gettext_noop("dropper pays the lowest five stakes"),
    "catchers_only": gettext_noop("dropper pays each catcher the catch multiplier"),
    "table_double_to_lowest": gettext_noop("dropper pays the lowest two stakes per opponent"),
}
STOCK_OUT_RULES = {
    "lowest_wins": gettext_noop("the lowest count collects"),
    "dead": DEAD,
}
STOCK_OUT_TIES = {
    "all_paid": gettext_noop("each tied player collects"),
    "dead": DEAD,
    "dealer_left": TIES["dealer_left"],
}
SCORING = {
    "money": gettext_noop("money: each win pays multiples of the stake"),
    "pushups": gettext_noop("push-ups: losers are pushed up by their counts"),
}

# Each option with a choice of values: its title, then {value: what it means}.
CHOICES: dict[str, tuple[str, Mapping[str, str] | Mapping[int, str]]] = {
    "scoring": (gettext_noop("Played for"), dict(SCORING)),
    "deck": (
        gettext_noop("Deck"),
        {"52": gettext_noop("52 cards"), "40": gettext_noop("40 cards (no 8s, 9s, 10s)")},
    ),
    "hand_size": (gettext_noop("Cards dealt"), {5: "5", 7: "7"}),
    "face_values": (
        gettext_noop("Face cards"),
        {"ten": gettext_noop("J, Q, K count 10"), "rank": gettext_noop("J 11, Q 12, K 13")},
    ),
    "jokers": (gettext_noop("Jokers (count 0)"), {n: str(n) for n in range(5)}),
    "deal_tonk.several": (gettext_noop("Several deal tonks"), dict(SEVERAL)),
    "deal_tonk.tie": (gettext_noop("Equal best deal tonks"), dict(TIES)),
    "drop.catch": (gettext_noop("A caught drop"), dict(CATCH)),
    "stock_out.rule": (gettext_noop("Stock runs out"), dict(STOCK_OUT_RULES)),
    "stock_out.tie": (gettext_noop("Stock-out tie"), dict(STOCK_OUT_TIES)),
}
# Each option that multiplies the stake, and its title.
MULTIPLIERS = {
    "drop.win_multiplier": gettext_noop("Winning drop pays ×"),
    "drop.catch_multiplier": gettext_noop("Catch multiplier (catchers only) ×"),
    "out.tonk_out_multiplier": gettext_noop("Tonk out with a spread pays ×"),
    "out.tonk_out_hit_multiplier": gettext_noop("Tonk out by hitting pays ×"),
    "out.first_turn_multiplier": gettext_noop("Tonk out on the first turn pays ×"),
    "out.discard_out_multiplier": gettext_noop("Out on a discard pays ×"),
    "stock_out.multiplier": gettext_noop("Stock-out lowest collects ×"),
}
