"""The web layer's side of languages: number styles and translated error messages.

The rules engine and the services raise errors with a ``code`` and ``params`` and an
English message; ``explain`` words them in the active language.
"""

from django.template.defaultfilters import date as django_date
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from ledger import errors as ledger_errors
from ledger.errors import LedgerError
from ledger.paying import HandleError
from ledger.paying import handles as paying_handles
from ledger.rules import RulesError
from ledger.rules import errors as rules_errors
from ledger.rules.money import (
    ENGLISH,
    STYLES,
    Amount,
    AmountError,
    NumberStyle,
    format_amount,
    format_number,
    format_plain,
    sign_of,
    unit_is_sign,
)

# Parameters that are words of the engine rather than names or numbers.
WORDS = {
    "dealer": gettext_noop("the dealer"),
    "dropper": gettext_noop("the dropper"),
    "winner": gettext_noop("the winner"),
    "counted player": gettext_noop("the counted player"),
    "claimer": gettext_noop("the player calling tonk"),
    "count": gettext_noop("count"),
    "deal count": gettext_noop("deal count"),
    "bettor": gettext_noop("the bettor"),
    "high_card": gettext_noop("high-card"),
    "naturals": gettext_noop("naturals"),
}
AMOUNT_MESSAGES = {
    "not_amount": gettext_noop("{text!r} is not an amount"),
    "too_big": gettext_noop("{text!r} is too big for an amount"),
    "too_many_places": gettext_noop("{text!r} has more than {places} decimal places"),
    "not_whole": gettext_noop("{text!r} is not a whole number"),
}


def local_date(value, fmt: str) -> str:
    """Django's ``date`` filter, with the month abbreviated in the language's own case.
    Django's ``M`` capitalises it ("2 Dic"); where the language writes its full month names
    (``F``) in lowercase, as Dutch and Spanish do, it is ``b`` ("mié 2 dic 2026")."""
    if value not in (None, "") and "M" in fmt and date_format(value, "F").islower():
        fmt = fmt.replace("M", "b")
    return django_date(value, fmt)


def number_style() -> NumberStyle:
    return STYLES.get((get_language() or "en").split("-")[0], ENGLISH)


def money(amount: int, league, signed: bool = False) -> str:
    """An amount of the league's unit as the active language writes it."""
    return format_amount(
        amount or 0, league.unit, league.decimal_places, signed=signed, style=number_style()
    )


def figure(amount: int, league, signed: bool = False) -> str:
    """An amount in a table's column whose caption names the unit: "+$1.25" in a unit of
    signs; in one of words the number alone ("+25"), the unit said once in the caption
    rather than in every row, where "chips of the house" would push the table sideways."""
    if unit_is_sign(league.unit):
        return money(amount, league, signed=signed)
    return sign_of(amount, signed) + format_number(
        amount or 0, league.decimal_places, number_style()
    )


def cash(points: int, league) -> str:
    """What points are worth in money at the league's rate (cents per point)."""
    return format_amount((points or 0) * league.points_rate, "$", 2, style=number_style())


def describe_deck(cards: int, jokers: int, by_rank: bool, hand_size: int) -> str:
    """The words of ``RuleSet.describe_deck`` in the active language."""
    extras = []
    if jokers:
        extras.append(ngettext("%(n)d joker", "%(n)d jokers", jokers) % {"n": jokers})
    if by_rank:
        extras.append("J=11, Q=12, K=13")
    if hand_size != 5:
        extras.append(gettext("%(n)d-card hands") % {"n": hand_size})
    deck = gettext("a %(n)d-card deck") % {"n": cards}
    if not extras:
        return deck
    return gettext("%(deck)s with %(extras)s") % {
        "deck": deck,
        "extras": gettext(" and ").join(extras),
    }


def _word(name: str, value: object, params: dict) -> object:
    if isinstance(value, Amount):
        return value.format(number_style())
    if name == "deck" and "deck_spec" in params:
        return describe_deck(*params["deck_spec"])
    if name in ("role", "kind") and value in WORDS:
        return gettext(WORDS[value])
    return value


def explain(error: RulesError | LedgerError | AmountError | HandleError) -> str:
    """The error's message in the active language."""
    if isinstance(error, AmountError):
        return gettext(AMOUNT_MESSAGES[error.code]).format(text=error.text, places=error.places)
    if isinstance(error, HandleError):
        words = {
            name: gettext(value) if name == "reason" else value
            for name, value in error.params.items()
        }
        return gettext(paying_handles.MESSAGES[error.code]).format(**words)
    templates = rules_errors.MESSAGES if isinstance(error, RulesError) else ledger_errors.MESSAGES
    params = {name: _word(name, value, error.params) for name, value in error.params.items()}
    text = gettext(templates[error.code]).format(**params)
    place = getattr(error, "place", "")
    return f"{place}: {text}" if place else text


def plain(amount: int, places: int) -> str:
    """An amount as a person types it in the active language: "2.50", "2,50"."""
    return format_plain(amount, places, number_style())
