from django import template
from django.conf import settings
from django.template.backends.utils import csrf_input
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ledger.doorbell import tokens
from ledger.rules.money import format_number, unit_is_sign
from ledger.web.i18n import cash as format_cash
from ledger.web.i18n import figure as format_figure
from ledger.web.i18n import local_date as format_local_date
from ledger.web.i18n import money as format_money
from ledger.web.i18n import number_style

register = template.Library()


@register.filter
def money(amount: int, league) -> str:
    """``{{ amount|money:league }}``: "$2.50", "−$1.00", "150 chips"; "2,50 €" in Italian."""
    return format_money(amount, league)


@register.filter
def tenths(value: int) -> str:
    """``{{ 123|tenths }}``: "12.3", or "12,3" in a comma language."""
    return format_number(value, 1, number_style())


@register.filter
def signed_money(amount: int, league) -> str:
    return format_money(amount, league, signed=True)


@register.filter
def signed_figure(amount: int, league) -> str:
    """``{{ net|signed_figure:league }}`` in a column under a caption that names the unit
    (``ledger.web.i18n.figure``): "+$1.25", or "+25" in chips."""
    return format_figure(amount, league, signed=True)


@register.filter
def get(mapping: dict, key):
    """``{{ balances|get:player }}``: a dictionary lookup by a variable key."""
    return mapping.get(key, 0)


@register.filter
def cash(points: int, league) -> str:
    """What points are worth in money at the league's rate (cents per point)."""
    return format_cash(points, league)


@register.filter
def minutes(span) -> int:
    """``{{ cooloff_timedelta|minutes }}``: a timedelta in whole minutes, rounded up."""
    return -(-int(span.total_seconds()) // 60)


@register.filter(expects_localtime=True)
def local_date(value, fmt: str) -> str:
    """``{{ night.date|local_date:"D j M Y" }}`` (``ledger.web.i18n.local_date``)."""
    return format_local_date(value, fmt)


@register.filter
def giro_svg(option) -> str:
    """A pay option's GiroCode as inline SVG. segno draws it as one path of modules: what
    was typed (the IBAN, the holder, the note) is encoded in the path, never written out."""
    return mark_safe(option.giro.svg_inline(scale=4, border=2, light="#fff", title="GiroCode"))


@register.filter
def negate(amount: int) -> int:
    """``{{ net|negate|signed_money:league }}``: the other side of what was won between two."""
    return -amount


@register.filter
def amount_nowrap(league) -> str:
    """``class="{{ league|amount_nowrap }}"``: an amount in "$" or "€" stays on one line; one
    in a unit of words ("12 chips of the house") may wrap at its spaces."""
    return "text-nowrap" if unit_is_sign(league.unit) else ""


@register.simple_tag(takes_context=True)
def form_token(context) -> str:
    """A form's CSRF field, but for regions rendered once for every phone
    (``web/shared_board.py``): a field there would be one visitor's, so htmx sends the
    token in a header instead."""
    if context.get("for_everyone"):
        return ""
    # One masked token for the whole answer: masking takes 32 random draws, and a board
    # has a form on every control (nine in a save's answer).
    request = context["request"]
    if not hasattr(request, "tonk_csrf_input"):
        request.tonk_csrf_input = csrf_input(request)
    return request.tonk_csrf_input


@register.simple_tag
def live_link(night) -> str:
    """Where the page hears that its open night changed (``js/live.js``): an events URL with
    a signed ticket for this night and its league. Nothing while events are off (the page
    polls) or once the night is closed."""
    if not settings.EVENTS_URL or not night.is_open:
        return ""
    ticket = tokens.issue(settings.SECRET_KEY, night.pk, night.season.league_id)
    return format_html(
        '<div id="live" hidden data-events="{}" data-heartbeat="{}"></div>',
        settings.EVENTS_URL + ticket,
        settings.EVENTS_HEARTBEAT,
    )
