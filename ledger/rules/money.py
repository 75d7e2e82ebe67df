"""Amounts are integers in a league's minor unit; these turn them into text and back.

A ``NumberStyle`` says how a language writes numbers and where a currency sign goes;
the amount itself never changes.

>>> format_amount(-250, "$", 2)
'−$2.50'
>>> format_amount(1500, "chips", 0, signed=True)
'+1,500 chips'
>>> format_amount(123450, "€", 2, style=STYLES["it"])
'1.234,50\\xa0€'
>>> parse_amount("2.5", 2)
250
>>> parse_amount("2,5", 2, STYLES["nl"])
250
>>> parse_amount("2,50", 2)  # a decimal comma on an English phone: never 250.00
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


def sign_of(amount: int, signed: bool = False) -> str:
    """ "−" before a debt, and "+" before a gain where ``signed``."""
    return "−" if amount < 0 else "+" if signed and amount > 0 else ""


def format_amount(
    amount: int, unit: str, places: int, signed: bool = False, style: NumberStyle = ENGLISH
) -> str:
    sign = sign_of(amount, signed)
    number = format_number(amount, places, style)
    if not unit_is_sign(unit):
        return f"{sign}{number} {unit}"
    space = "\u00a0" if style.sign_space else ""  # "€ 2,50" never breaks into "€" / "2,50"
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
# Thousands grouped the way a language writes them: "1,234.50" in English, "1.234,50" in Dutch.
GROUPED = {
    ".": re.compile(r"[-+]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?"),
    ",": re.compile(r"[-+]?[0-9]{1,3}(\.[0-9]{3})+(,[0-9]*)?"),
}
# A comma or a point followed by one or two digits is a decimal mark in every language.
SHORT_DECIMAL = re.compile(r"[-+]?[0-9]*[.,][0-9]{1,2}")
ASCII_NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)")


def _as_ascii(text: str, style: NumberStyle) -> str:
    """The typed number with a decimal point and no grouping, or "" when it has no reading.

    >>> _as_ascii("2,50", ENGLISH), _as_ascii("1,000", ENGLISH), _as_ascii("12,5000", ENGLISH)
    ('2.50', '1000', '')
    >>> _as_ascii("1.000,25", STYLES["nl"]), _as_ascii("2.5", STYLES["nl"])
    ('1000.25', '2.5')
    """
    if GROUPED[style.decimal].fullmatch(text):
        return text.replace(style.thousands, "").replace(style.decimal, ".")
    if SHORT_DECIMAL.fullmatch(text):
        return text.replace(",", ".")
    if style.decimal == ",":
        text = text.replace(",", ".")
    return text if ASCII_NUMBER.fullmatch(text) else ""


def parse_amount(text: str, places: int, style: NumberStyle = ENGLISH) -> int:
    """A typed amount ("2", "2.50", "1,000"; "2,50" in a comma language) in minor units.

    Whatever the language, a comma or point followed by only one or two digits is the
    decimal mark ("2,50" is two and a half in English too: people write decimals their own
    way whatever the phone's language). The other mark groups thousands only in groups of
    three ("1,000", "1.000"); any other use of it is refused rather than guessed.
    """
    cleaned = _as_ascii(text.strip().strip("$€£").strip(), style)
    if not cleaned:  # Decimal() also takes "1e999999999" and "٣"
        raise AmountError("not_amount", text, places)
    if len(cleaned.lstrip("+-0").split(".")[0]) > MAX_DIGITS:
        raise AmountError("too_big", text, places)
    value = Decimal(cleaned)
    minor = value.scaleb(places)
    if minor != minor.to_integral_value():
        raise AmountError("too_many_places" if places else "not_whole", text, places)
    return int(minor)
