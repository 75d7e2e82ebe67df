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


@register.filter
def get(mapping: dict, key):
    """``{{ balances|get:player }}``: a dictionary lookup by a variable key."""
    return mapping.get(key, 0)


@register.filter
def cash(points: int, league) -> str:
    """What points are worth in money at the league's rate (cents per point)."""
    return format_amount((points or 0) * league.points_rate, "$", 2)
