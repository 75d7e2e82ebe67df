"""Numbers and JSON read from requests: ASCII digits only, bounded, with a clear message.

Python reads more than a person types: ``int()`` takes full-width and Arabic-Indic
digits, ``"²".isdigit()`` is true but ``int("²")`` fails, 5,000 digits make ``int()``
and ``repr()`` raise, and ``json.loads`` recurses once per bracket. Every number and
every JSON text a request carries goes through here first.

>>> parse_id("42"), parse_id("\\uff14\\uff12"), parse_id("²"), parse_id("9" * 5000)
(42, None, None, None)
>>> parse_json('[{"min": 50}]', max_chars=100, max_depth=3)
[{'min': 50}]
"""

import json
import math
import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_ID = 2**63 - 1  # the largest primary key either database stores
ASCII_ID = re.compile(r"[0-9]{1,19}")
ASCII_INTEGER = re.compile(r"([+-]?[0-9]{1,12})(\.0*)?")  # "3", "+3", "3.0" (a desktop's)
MAX_NUMBER_DIGITS = 15  # in JSON from a form: more is a mistake or an attack


def parse_id(text: object) -> int | None:
    """The id a form or URL names, or None for anything but 1 to 19 ASCII digits in range."""
    text = str(text)
    if not ASCII_ID.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_ID else None


class WholeNumberField(forms.IntegerField):
    """An ``IntegerField`` that takes ASCII digits only, and names itself when refusing.

    Its one message says what the field wants ("Elmo's count: a whole number from
    0 to 200"), for a typo, a decimal, a far-too-big number or a digit of another script.
    """

    def to_python(self, value):
        if value in self.empty_values:
            return None
        typed = ASCII_INTEGER.fullmatch(str(value).strip())
        if typed is None:
            raise self._refusal()
        return int(typed.group(1))

    def run_validators(self, value):
        if value in self.empty_values:
            return
        low, high = self.min_value, self.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            raise self._refusal()

    def _refusal(self) -> ValidationError:
        return ValidationError(
            _("%(field)s: a whole number from %(low)s to %(high)s")
            % {"field": self.label, "low": self.min_value, "high": self.max_value},
            code="invalid",
        )


REFUSED_CHOICE = gettext_lazy(
    "Select a valid choice. That choice is not one of the available choices."
)


class ChoiceField(forms.ChoiceField):
    """Django's ``ChoiceField``, without quoting the refused value back: it may be
    10,000 characters long."""

    default_error_messages = {"invalid_choice": REFUSED_CHOICE}


class TypedChoiceField(forms.TypedChoiceField):
    default_error_messages = {"invalid_choice": REFUSED_CHOICE}


class JsonInputError(ValueError):
    """JSON text a form refuses, with a message in the reader's language."""


def parse_json(text: str, *, max_chars: int, max_depth: int) -> object:
    """JSON typed into a form, refused before parsing when it is too long or too deep."""
    if len(text) > max_chars:
        raise JsonInputError(
            _("not valid JSON: longer than %(n)s characters") % {"n": f"{max_chars:,}"}
        )
    if _depth(text) > max_depth:
        raise JsonInputError(_("not valid JSON: nested more than %(n)d deep") % {"n": max_depth})
    try:
        return json.loads(
            text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant
        )
    except json.JSONDecodeError as exc:
        raise JsonInputError(_("not valid JSON: %(problem)s") % {"problem": exc}) from None
    except ValueError as exc:
        raise JsonInputError(str(exc)) from None


def _depth(text: str) -> int:
    """How deep brackets nest outside strings (a cheap scan; json.loads recurses)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(
            _("not valid JSON: a number has more than %(n)d digits") % {"n": MAX_NUMBER_DIGITS}
        )
    return int(digits)


def _finite_float(text: str) -> float:
    if len(text) > 2 * MAX_NUMBER_DIGITS:
        raise ValueError(
            _("not valid JSON: a number has more than %(n)d digits") % {"n": MAX_NUMBER_DIGITS}
        )
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("not valid JSON: %(problem)s") % {"problem": text})
    return value


def _no_constant(name: str) -> None:
    raise ValueError(_("not valid JSON: %(problem)s") % {"problem": name})
