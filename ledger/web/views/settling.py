"""Settle up a night or a season: the plan, the pairs behind it, payments, sharing."""

import csv
import uuid

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from ledger import services
from ledger.errors import LedgerError
from ledger.reads.pot import players_by_id, pot_of
from ledger.reads.settlement import Settlement, night_settlement, season_settlement
from ledger.rules.money import AmountError, format_plain, parse_amount
from ledger.web.access import (
    READ,
    SCORE,
    acting_user,
    can,
    league_for,
    night_for,
)
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain, local_date, money, number_style, plain
from ledger.web.lookups import player_or_404
from ledger.web.pay_buttons import payment_rows, plan_buttons
from ledger.web.spreadsheets import safe_cell

# A season of many players has thousands of pairs, a hundred payments and as many balances:
# the first (the biggest pairs) are drawn, the rest on demand. A night's table fits in them.
PAIRS_SHOWN = 60
ROWS_SHOWN = 40


def _scope(request, slug, night_id=None, season_id=None, need=READ):
    if night_id is not None:
        night = night_for(request, slug, night_id, need)
        return night_settlement(night), night
    league = league_for(request, slug, need)
    season = get_object_or_404(league.seasons, pk=season_id)
    return season_settlement(season), None


def _here(state: Settlement) -> str:
    slug = state.league.slug
    if state.night:
        return reverse("ledger:night_settle", args=[slug, state.night.pk])
    return reverse("ledger:season_settle", args=[slug, state.season.pk])


def plain_text(state: Settlement) -> str:
    """The plan as the group chat reads it, under the league and the night (or season): one
    payment a line; once everyone is square, the payments that squared them, for the record."""
    league = state.league
    if state.night:
        date = local_date(state.night.date, "D j M Y")
        heading = _("Settle up: night of %(date)s") % {"date": date}
    else:
        heading = _("Settle up: %(season)s") % {"season": state.season.name}
    lines = [
        _("%(payer)s pays %(payee)s %(amount)s")
        % {"payer": p.payer, "payee": p.payee, "amount": money(p.amount, league)}
        for p in state.plan.transfers
    ]
    if not lines:
        paid = [
            _("%(payer)s paid %(payee)s %(amount)s")
            % {"payer": payer.name, "payee": payee.name, "amount": money(amount, league)}
            for _transaction, payer, payee, amount in state.payments
        ]
        lines = [_("Everyone is square."), *paid]
    return "\n".join([f"{league.name} · {heading}", *lines])


def _pot_left(night) -> list[tuple[str, int]]:
    """A naturals pot nobody won: what each player has in, which goes back to them."""
    amounts = pot_of(night).amounts
    players = players_by_id(amounts)
    return sorted((players[pk].name, amount) for pk, amount in amounts.items())


def _render(request, state: Settlement, status=200, refused: dict | None = None, **extra):
    """The page, or (htmx) its settlement. ``refused`` is a payment refused on one row
    (``payer``, ``payee``, the ``text`` typed, the ``error``): said beside that row's box,
    with what was typed left in it."""
    league = state.league
    rows = payment_rows(request, state, plan_buttons(request, state))
    for row in rows:
        row["amount_text"] = plain(row["payment"].amount, league.decimal_places)
    for row in rows:
        if refused and (row["payer"], row["payee"]) == (refused["payer"], refused["payee"]):
            row |= {"amount_text": refused["text"], "error": refused["error"]}
            break
    else:
        if refused:  # no longer a row of the plan (paid from another phone)
            extra["error"] = refused["error"]
    every_pair = request.GET.get("pairs") == "all"
    every_row = request.GET.get("rows") == "all"
    players = sorted(set(state.won) | set(state.owed), key=lambda p: p.name.lower())
    context = {
        "league": league,
        "state": state,
        "pairs": state.pairs if every_pair else state.top_pairs(PAIRS_SHOWN),
        "pairs_hidden": 0 if every_pair else max(0, len(state.pair_nets) - PAIRS_SHOWN),
        "rows": rows if every_row else rows[:ROWS_SHOWN],
        "rows_hidden": 0 if every_row else max(0, len(rows) - ROWS_SHOWN),
        "players_hidden": 0 if every_row else max(0, len(players) - ROWS_SHOWN),
        "key": uuid.uuid4().hex,
        "share": plain_text(state),
        "here": _here(state),
        "players": players if every_row else players[:ROWS_SHOWN],
        "can_score": can(request, SCORE),
        "pot_left": _pot_left(state.night) if state.night else [],
        **extra,
    }
    template = "ledger/settle.html#settlement" if request.htmx else "ledger/settle.html"
    return render(request, template, context, status=status)


@require_GET
@never_cache  # Back and Forward must ask again: a payment may be marked since
def night_settle(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    state = _scope(request, slug, night_id=night_id)[0]
    return _render(request, state)


@require_GET
@never_cache  # Back and Forward must ask again: a payment may be marked since
def season_settle(request: HtmxHttpRequest, slug: str, season_id: int) -> HttpResponse:
    state = _scope(request, slug, season_id=season_id)[0]
    return _render(request, state)


def _planned(state: Settlement, payer, payee) -> int | None:
    """What the plan has ``payer`` pay ``payee``, if it is one of its payments."""
    for payment in state.plan.transfers:
        if state.players(payment) == (payer, payee):
            return payment.amount
    return None


def _pay(request, state: Settlement):
    league = state.league
    payer = player_or_404(league, request.POST.get("payer", "0"))
    payee = player_or_404(league, request.POST.get("payee", "0"))
    text = request.POST.get("amount", "")
    try:
        amount = parse_amount(text, league.decimal_places, number_style())
        services.record_payment(
            season=state.season,
            night=state.night,
            payer=payer,
            payee=payee,
            amount=amount,
            key=request.POST.get("key", ""),
            at_most=_planned(state, payer, payee),  # checked after a replay: it was recorded
            acting_user=acting_user(request),
        )
    except (LedgerError, AmountError) as exc:
        refused = {"payer": payer, "payee": payee, "text": text[:40], "error": explain(exc)}
        return _render(request, state, refused=refused)
    notice = _("%(payer)s paid %(payee)s %(amount)s.") % {
        "payer": payer.name,
        "payee": payee.name,
        "amount": money(amount, league),
    }
    if state.night:
        state.night.refresh_from_db()  # paying it all closes the night
    fresh = night_settlement(state.night) if state.night else season_settlement(state.season)
    if fresh.settled and state.night:
        notice += " " + _("Everyone is square: the night is closed.")
    if request.htmx:
        return _render(request, fresh, notice=notice)
    messages.success(request, notice)
    return redirect(_here(state))


@require_POST
def night_pay(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    state = _scope(request, slug, night_id=night_id, need=SCORE)[0]
    return _pay(request, state)


@require_POST
def season_pay(request: HtmxHttpRequest, slug: str, season_id: int) -> HttpResponse:
    state = _scope(request, slug, season_id=season_id, need=SCORE)[0]
    return _pay(request, state)


def _csv(state: Settlement, filename: str) -> HttpResponse:
    league = state.league
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    writer = csv.writer(response)
    writer.writerow(["payer", "payee", "amount", "unit", "status"])
    made = [(payer.name, payee.name, amount, "paid") for _t, payer, payee, amount in state.payments]
    planned = [(p.payer, p.payee, p.amount, "to pay") for p in state.plan.transfers]
    for payer, payee, amount, status in made + planned:
        writer.writerow(
            [
                safe_cell(payer),
                safe_cell(payee),
                format_plain(amount, league.decimal_places),
                safe_cell(league.unit),
                status,
            ]
        )
    return response


@require_GET
def night_settle_csv(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    state, night = _scope(request, slug, night_id=night_id)
    return _csv(state, f"{state.league.slug}-{night.date:%Y-%m-%d}-settle-up")


@require_GET
def season_settle_csv(request: HtmxHttpRequest, slug: str, season_id: int) -> HttpResponse:
    state = _scope(request, slug, season_id=season_id)[0]
    return _csv(state, f"{state.league.slug}-season-{state.season.pk}-settle-up")


@require_POST
def night_reopen(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    try:
        services.reopen_night(night=night, acting_user=acting_user(request))
    except LedgerError as exc:
        messages.error(request, explain(exc))
    else:
        messages.success(request, _("The night is open again."))
    return redirect("ledger:night", slug=slug, night_id=night.pk)
