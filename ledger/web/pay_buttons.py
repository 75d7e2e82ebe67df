"""The pay buttons beside each payment of a settle-up plan, and the recap's pay links.

The handles of every payee are read in one query; each payment gets the ways its payee
can be paid that amount in the league's currency (``ledger.paying``)."""

from dataclasses import dataclass

from ledger.models import League, PayHandle, Player
from ledger.paying import Handle, PayOption, currency_of, pay_options
from ledger.rules.money import format_amount
from ledger.web.i18n import money, number_style


@dataclass(frozen=True)
class PayButtons:
    """The ways to pay one payment, and the amount as its buttons say it."""

    options: list[PayOption]
    amount: str


def handles_of(players) -> dict[int, list[Handle]]:
    """Each player's handles, by player id, in the services' order: one query."""
    rows = PayHandle.objects.filter(player__in=list(players)).order_by("player", "kind")
    found: dict[int, list[Handle]] = {}
    for row in rows:
        found.setdefault(row.player_id, []).append(row.handle)
    order = list(PayHandle._meta.get_field("kind").choices or [])
    rank = {kind: i for i, (kind, _label) in enumerate(order)}
    return {pk: sorted(hs, key=lambda h: rank[h.kind]) for pk, hs in found.items()}


def pay_amount(league: League, amount: int) -> tuple[int, int, str]:
    """What changes hands for ``amount`` of the league: minor units, decimals, and as
    shown. A points league pays its points in cents at its rate."""
    if league.points_rate:
        cents = amount * league.points_rate
        return cents, 2, format_amount(cents, "$", 2, style=number_style())
    return amount, league.decimal_places, money(amount, league)


def buttons_for(
    league: League, payee: Player, amount: int, handles: dict[int, list[Handle]], note: str
) -> PayButtons:
    minor, places, shown = pay_amount(league, amount)
    options = pay_options(
        handles.get(payee.pk, []),
        amount=minor,
        places=places,
        currency=currency_of(league.unit, league.points_rate),
        note=note,
    )
    return PayButtons(options, shown)


def pay_note(league: League, night, season) -> str:
    """What a payment says it is for, in the payee's app or bank statement."""
    when = night.date.isoformat() if night is not None else season.name
    return f"Tonk: {league.name}, {when}"[:140]
