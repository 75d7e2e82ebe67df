"""Amounts are integers in a league's minor unit; these turn them into text and back.

>>> format_amount(-250, "$", 2)
'−$2.50'
>>> format_amount(1500, "chips", 0, signed=True)
'+1,500 chips'
>>> parse_amount("2.5", 2)
250
"""

from decimal import Decimal, InvalidOperation


def unit_goes_first(unit: str) -> bool:
    """Currency symbols ("$", "€", "R$") go before the number; words ("chips") after."""
    return len(unit) <= 2 and not unit.isalpha()


def format_amount(amount: int, unit: str, places: int, signed: bool = False) -> str:
    sign = "−" if amount < 0 else "+" if signed and amount > 0 else ""
    whole, fraction = divmod(abs(amount), 10**places)
    number = f"{whole:,}" + (f".{fraction:0{places}d}" if places else "")
    return f"{sign}{unit}{number}" if unit_goes_first(unit) else f"{sign}{number} {unit}"


def format_plain(amount: int, places: int) -> str:
    """The number alone, as a person would type it into a form: 250 -> "2.50"."""
    whole, fraction = divmod(abs(amount), 10**places)
    return ("-" if amount < 0 else "") + str(whole) + (f".{fraction:0{places}d}" if places else "")


def parse_amount(text: str, places: int) -> int:
    """A typed amount ("2", "2.50", "1,000") in minor units; ValueError says what is wrong."""
    cleaned = text.strip().replace(",", "").lstrip("$€£")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None
    if not value.is_finite():
        raise ValueError(f"{text!r} is not an amount")
    minor = value.scaleb(places)
    if minor != minor.to_integral_value():
        raise ValueError(
            f"{text!r} has more than {places} decimal places"
            if places
            else f"{text!r} is not a whole number"
        )
    return int(minor)
