"""Amounts are integers in a league's minor unit; these turn them into text and back.

A ``NumberStyle`` says how a language writes numbers and where a currency sign goes;
the amount itself never changes.

>>> format_amount(-250, "$", 2)
'−$2.50'
>>> format_amount(1500, "chips", 0, signed=True)
'+1,500 chips'
>>> format_amount(123450, "€", 2, style=STYLES["it"])
'1.234,50 €'
>>> parse_amount("2.5", 2)
250
>>> parse_amount("2,5", 2, STYLES["nl"])
250
"""

import re
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class NumberStyle:
    decimal: str = "."
    thousands: str = ","
    sign_first: bool = True  # "$2.50" and "€ 2,50", against "2,50 €"
    sign_space: bool = False  # "€ 2,50" against "€2.50"


ENGLISH = NumberStyle()
STYLES = {
    "en": ENGLISH,
    "nl": NumberStyle(decimal=",", thousands=".", sign_first=True, sign_space=True),
    "it": NumberStyle(decimal=",", thousands=".", sign_first=False, sign_space=True),
    "es": NumberStyle(decimal=",", thousands=".", sign_first=False, sign_space=True),
}


def unit_is_sign(unit: str) -> bool:
    """Currency signs ("$", "€", "R$") sit beside the number; words ("chips") follow it."""
    return len(unit) <= 2 and not unit.isalpha()


def format_number(amount: int, places: int, style: NumberStyle = ENGLISH) -> str:
    """The absolute value, grouped and with its decimals: 123450 -> "1,234.50"."""
    whole, fraction = divmod(abs(amount), 10**places)
    number = f"{whole:,}".replace(",", style.thousands)
    return number + (f"{style.decimal}{fraction:0{places}d}" if places else "")


@dataclass(frozen=True)
class Amount:
    """An amount with its unit, for messages that format it in the reader's language."""

    minor: int
    unit: str
    places: int

    def format(self, style: NumberStyle = ENGLISH) -> str:
        return format_amount(self.minor, self.unit, self.places, style=style)

    def __str__(self) -> str:
        return self.format()


def format_amount(
    amount: int, unit: str, places: int, signed: bool = False, style: NumberStyle = ENGLISH
) -> str:
    sign = "−" if amount < 0 else "+" if signed and amount > 0 else ""
    number = format_number(amount, places, style)
    if not unit_is_sign(unit):
        return f"{sign}{number} {unit}"
    space = " " if style.sign_space else ""
    if style.sign_first:
        return f"{sign}{unit}{space}{number}"
    return f"{sign}{number}{space}{unit}"


def format_plain(amount: int, places: int, style: NumberStyle = ENGLISH) -> str:
    """The number alone, as a person would type it into a form: 250 -> "2.50" ("2,50")."""
    whole, fraction = divmod(abs(amount), 10**places)
    decimals = f"{style.decimal}{fraction:0{places}d}" if places else ""
    return ("-" if amount < 0 else "") + str(whole) + decimals


class AmountError(ValueError):
    """Text that is not an amount; ``code`` is "not_amount", "too_big", "too_many_places"
    or "not_whole". ``text`` is what was typed, cut short for the message."""

    MESSAGES = {
        "not_amount": "{text!r} is not an amount",
        "too_big": "{text!r} is too big for an amount",
        "too_many_places": "{text!r} has more than {places} decimal places",
        "not_whole": "{text!r} is not a whole number",
    }

    def __init__(self, code: str, text: str, places: int) -> None:
        text = text if len(text) <= SHOWN else text[:SHOWN] + "…"
        self.code, self.text, self.places = code, text, places
        super().__init__(self.MESSAGES[code].format(text=text, places=places))


SHOWN = 24  # characters of typed text an error quotes back
MAX_DIGITS = 15  # an amount has at most this many digits before the decimal point
GROUPED_BY_DOTS = re.compile(r"[0-9]{1,3}(\.[0-9]{3})+(,[0-9]*)?")
ASCII_NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)")


def parse_amount(text: str, places: int, style: NumberStyle = ENGLISH) -> int:
    """A typed amount ("2", "2.50", "1,000"; "2,50" in a comma language) in minor units.

    With a decimal comma, dots count as thousands separators only in groups of three
    ("1.000"), so "2.5" typed on an English keyboard still means two and a half.
    """
    cleaned = text.strip().strip("$€£").strip()
    if style.decimal == ",":
        if GROUPED_BY_DOTS.fullmatch(cleaned):
            cleaned = cleaned.replace(".", "")
        cleaned = cleaned.replace(",", ".")
    else:
        cleaned = cleaned.replace(",", "")
    if not ASCII_NUMBER.fullmatch(cleaned):  # Decimal() also takes "1e999999999" and "٣"
        raise AmountError("not_amount", text, places)
    if len(cleaned.lstrip("+-0").split(".")[0]) > MAX_DIGITS:
        raise AmountError("too_big", text, places)
    value = Decimal(cleaned)
    minor = value.scaleb(places)
    if minor != minor.to_integral_value():
        raise AmountError("too_many_places" if places else "not_whole", text, places)
    return int(minor)
