from django import template

from ledger.money import format_amount

register = template.Library()


@register.filter
def money(amount: int, league) -> str:
    """``{{ amount|money:league }}``: "$2.50", "−$1.00", "150 chips"."""
    return format_amount(amount or 0, league.unit, league.decimal_places)


@register.filter
def signed_money(amount: int, league) -> str:
    return format_amount(amount or 0, league.unit, league.decimal_places, signed=True)
