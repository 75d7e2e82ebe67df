"""The pay buttons beside each payment of a settle-up plan, and the recap's pay links.

The handles of every payee are read in one query; each payment gets the ways its payee
can be paid that amount in the league's currency (``ledger.paying``)."""

from dataclasses import dataclass

from ledger.models import League, PayHandle
from ledger.paying import Handle, PayOption, currency_of, pay_options
from ledger.reads.settlement import Settlement
from ledger.web.access import keeps_pay_handles, sees_pay_handles
from ledger.web.i18n import cash, money


@dataclass(frozen=True)
class PayButtons:
    """The ways to pay one payment, and the amount as its buttons say it."""

    options: list[PayOption]
    amount: str


def handles_of(players) -> dict[int, list[Handle]]:
    """Each player's handles, by player id: the one they prefer first, then the services'
    order. One query."""
    order = list(PayHandle._meta.get_field("kind").choices or [])
    rank = {kind: i for i, (kind, _label) in enumerate(order)}
    rows = sorted(
        PayHandle.objects.filter(player__in=list(players)),
        key=lambda row: (row.player_id, not row.preferred, rank[row.kind]),
    )
    found: dict[int, list[Handle]] = {}
    for row in rows:
        found.setdefault(row.player_id, []).append(row.handle)
    return found


def pay_amount(league: League, amount: int) -> tuple[int, int, str]:
    """What changes hands for ``amount`` of the league: minor units, decimals, and as
    shown. A points league pays its points in cents at its rate."""
    if league.points_rate:
        return amount * league.points_rate, 2, cash(amount, league)
    return amount, league.decimal_places, money(amount, league)


def plan_buttons(request, state: Settlement) -> list[PayButtons] | None:
    """The pay buttons of each payment of the plan, in its order; None for a visitor who
    is not a member (the handles are for members)."""
    if not sees_pay_handles(request):
        return None
    league = state.league
    payees = [state.players(payment)[1] for payment in state.plan.transfers]
    handles = handles_of(payees)
    when = state.night.date.isoformat() if state.night else state.season.name
    note = f"Tonk: {league.name}, {when}"[:140]  # in the payee's app or bank statement
    currency = currency_of(league.unit, league.points_rate)
    buttons = []
    for payee, payment in zip(payees, state.plan.transfers, strict=True):
        minor, places, shown = pay_amount(league, payment.amount)
        found = handles.get(payee.pk, [])
        options = pay_options(found, amount=minor, places=places, currency=currency, note=note)
        buttons.append(PayButtons(options, shown))
    return buttons


def payment_rows(request, state: Settlement, buttons: list[PayButtons] | None) -> list[dict]:
    """The plan's payments as settle-up and the recap list them: payer, payee, the pay
    buttons (``plan_buttons``: None for a visitor), and whether the visitor could add the
    payee's handles (``keeps``)."""
    return [
        {
            "payment": payment,
            "payer": payer,
            "payee": payee,
            "pay": buttons[i] if buttons else None,
            "keeps": keeps_pay_handles(request, state.league, payee),
        }
        for i, payment in enumerate(state.plan.transfers)
        for payer, payee in [state.players(payment)]
    ]
