"""Amounts and whole numbers as a phone types them."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ledger.rules import MAX_STAKE
from ledger.rules.money import AmountError, format_number, parse_amount
from ledger.web.i18n import explain, number_style

NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


def amount_widget() -> forms.TextInput:
    return forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})


def clean_amount(text: str, places: int, high: int = MAX_STAKE) -> int:
    """An amount above zero, at most ``high``, typed in the active language's way ("2,50")."""
    try:
        amount = parse_amount(text, places, number_style())
    except AmountError as exc:
        raise ValidationError(explain(exc)) from None
    if amount < 1:
        raise ValidationError(_("It must be more than zero."))
    if amount > high:
        raise ValidationError(
            _("It can be at most %(high)s.") % {"high": format_number(high, places, number_style())}
        )
    return amount
