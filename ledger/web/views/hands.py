"""Logging a hand: its form, a live preview in plain words, then one tap to save.

The same endpoints correct a hand when the form carries ``correcting``: the
correction keeps the original hand's players, rules and stake.
"""

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.models import Hand, Night, Player
from ledger.reads import board
from ledger.reads.drops import drops_at
from ledger.reads.pot import bets_left_seated
from ledger.reads.preview import Preview, cards, preview
from ledger.rivalry import DropFigure
from ledger.rows.details import Bet, stored_bets, stored_details
from ledger.rules import OUTCOMES, parse_rules
from ledger.web import polling
from ledger.web.access import SCORE, acting_user, seated_night_for
from ledger.web.forms.hands import OUTCOME_LABELS, HandForm
from ledger.web.forms.side_bets import NOBODY
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain
from ledger.web.i18n import money as format_money
from ledger.web.lookups import hand_or_404
from ledger.web.night_page import render_night


@dataclass
class Table:
    """Who the hand is for and under what rules: the table now, or the hand being corrected."""

    players: list[Player]
    dealer: Player
    stake: int
    spec: dict
    correcting: Hand | None = None
    bets: list[Bet] = field(default_factory=list)  # the side bets: the sheet asks who won
    suit: str = ""  # the high-card bet's suit: the one called last, or the corrected hand's


def _table(night: Night, seated: list[Player], data) -> Table:
    hand_id = data.get("correcting")
    if not hand_id:
        by_id = {player.pk: player for player in seated}
        set_up = [{"kind": kind, **bet} for kind, bet in bets_left_seated(night, by_id).items()]
        suit = night.side_bets.get("high_card", {}).get("suit", "")
        bets = stored_bets(set_up, by_id)
        return Table(seated, night.dealer, night.next_stake, night.rules, bets=bets, suit=suit)
    hand = hand_or_404(night, hand_id)
    players = [seat.player for seat in hand.seats.select_related("player")]
    bets = stored_bets(hand.side_bets, {player.pk: player for player in players})
    suit = next((bet.suit for bet in bets if bet.kind == "high_card"), "")
    return Table(
        players, hand.dealer, hand.stake, hand.rules, correcting=hand, bets=bets, suit=suit
    )


def _form(night: Night, outcome: str, table: Table, data=None) -> HandForm:
    if outcome not in OUTCOME_LABELS:
        raise Http404("no such outcome")
    initial = {}
    if table.correcting and table.correcting.outcome == outcome and data is None:
        initial = _initial_from(table.correcting)
    return HandForm(
        data,
        outcome=outcome,
        players=table.players,
        dealer=table.dealer,
        rules=parse_rules(table.spec),
        initial=initial,
        bets=table.bets,
        suit=table.suit,
    )


def _initial_from(hand: Hand) -> dict:
    seats = list(hand.seats.select_related("player"))
    details = stored_details(hand, seats)
    initial = {
        "dealer": str(hand.dealer_id),
        "method": details.method,
        "first_turn": details.first_turn,
    }
    if details.dropper:
        initial["dropper"] = str(details.dropper.pk)
    if details.winner:
        initial["winner"] = str(details.winner.pk)
    # A push-ups deal tonk's non-claimers' deal counts sit in the claim rows' boxes.
    box = "claim" if "claims" in OUTCOMES[hand.outcome].logs else "count"
    for player, count in (details.counts or {}).items():
        initial[f"{box}-{player.pk}"] = count
    for order, (player, count) in enumerate(details.claims, start=1):
        initial[f"claim-{player.pk}"], initial[f"order-{player.pk}"] = count, order
    for bet in details.side_bets:
        initial[f"won-{bet.kind}"] = str(bet.winner.pk) if bet.winner else NOBODY
        if bet.suit:
            initial["suit"] = bet.suit
    return initial


def _context(night: Night, outcome: str, table: Table, form: HandForm, preview=None) -> dict:
    return {
        "outcome": outcome,
        "outcome_label": OUTCOME_LABELS[outcome],
        "hand_form": form,
        "table": table,
        "cards": cards(table.spec),
        "preview": preview,
        "other_hands": _other_hands(night, table),
        "drop_advice": _drop_advice(night, outcome, form),
    }


def _drop_advice(night: Night, outcome: str, form: HandForm) -> DropFigure | None:
    """How the league's drops at the dropper's count went, once the count is in."""
    count = form.dropper_count() if outcome == "drop" else None
    return None if count is None else drops_at(night.season.league, count)


def _other_hands(night: Night, table: Table) -> list[Hand]:
    """While correcting, the night's other standing hands, newest first: one tap moves the
    sheet to any of them, so an early hand is fixed without scrolling down the list."""
    if table.correcting is None:
        return []
    hands = night.hands.standing().exclude(pk=table.correcting.pk)
    return list(hands.only("pk", "number", "outcome").order_by("-number"))


def _preview(night: Night, form: HandForm, table: Table) -> Preview | dict:
    """What the hand would pay, or what it still needs, or why it cannot be."""
    if not form.is_valid():
        missing = [str(e) for errors in form.errors.values() for e in errors]
        return {"missing": missing}
    league = night.season.league
    try:
        return preview(
            night,
            form.details(),
            players=table.players,
            dealer=form.chosen_dealer(),
            stake=table.stake,
            spec=table.spec,
            correcting=table.correcting,
            money=lambda amount: format_money(amount, league),
        )
    except DOMAIN_ERRORS as exc:
        return {"problem": explain(exc)}


def _partial(request, night, context, part: str):
    return render(
        request,
        f"ledger/night/{part}.html",
        {**context, "league": night.season.league, "night": night, "outcomes": OUTCOME_LABELS},
    )


def _page_or_partial(request, night, context, part: str):
    if request.htmx:
        return _partial(request, night, context, part)
    return render_night(request, night, **context)


def _saved(request, night: Night, saved: services.Recorded, notice: str) -> HttpResponse:
    """The phone's answer to a new hand: the form closes and what the hand changed comes in
    out of band (the notice, totals and deal, the undo control, the hand's row), read in
    one query. A correction, or a retried save, changes more: the whole board."""
    hand = saved.hand
    if saved.posting is None or hand.replaces_id is not None:
        night.refresh_from_db()
        return render_night(request, night, notice=notice)
    row = board.fresh_row(saved.posting)
    league = night.season.league
    night = hand.night  # as this save left it: locked, the deal moved on
    totals = board.totals(night)
    context = {
        "league": league,
        "night": night,
        "totals": totals,
        "bets": board.bets(night, totals),
        "undo_bar": board.UndoBar(undo=hand, newest=hand.number),
        "new_row": row,
        "notice": notice,
        "can_score": True,
        "poll_etag": polling.after_own_change(request, night),
    }
    response = render(request, "ledger/night/saved.html", context)
    response = retarget(response, "#hand-form")
    response["HX-Reswap"] = "innerHTML show:window:top"  # with a modifier reswap() cannot type
    return response


@require_GET
def hand_form(request: HtmxHttpRequest, slug: str, night_id: int, outcome: str) -> HttpResponse:
    night, seated = seated_night_for(request, slug, night_id, SCORE)
    table = _table(night, seated, request.GET)
    form = _form(night, outcome, table)
    return _page_or_partial(request, night, _context(night, outcome, table, form), "hand_sheet")


@require_POST
def hand_preview(request: HtmxHttpRequest, slug: str, night_id: int, outcome: str) -> HttpResponse:
    night, seated = seated_night_for(request, slug, night_id, SCORE)
    table = _table(night, seated, request.POST)
    form = _form(night, outcome, table, request.POST)
    preview = _preview(night, form, table)
    context = _context(night, outcome, table, form, preview)
    return _page_or_partial(request, night, context, "preview")


@require_POST
def hand_record(request: HtmxHttpRequest, slug: str, night_id: int, outcome: str) -> HttpResponse:
    night, seated = seated_night_for(request, slug, night_id, SCORE)
    table = _table(night, seated, request.POST)
    form = _form(night, outcome, table, request.POST)
    if form.is_valid():
        common = {
            "key": form.cleaned_data["key"],
            "details": form.details(),
            "dealer": form.chosen_dealer(),
        }
        try:
            if table.correcting:
                saved = services.correct_hand(
                    hand=table.correcting, **common, acting_user=acting_user(request)
                )
            else:
                saved = services.record_hand(
                    night=night, **common, acting_user=acting_user(request)
                )
        except DOMAIN_ERRORS as exc:
            form.add_domain_error(exc)
        else:
            return _answer_saved(request, night, saved)
    else:
        # Sent again after its answer was lost, to a table changed since (a player left, the
        # side bets changed): the hand stands as it was recorded.
        key = form.cleaned_data.get("key")  # the field's own checks passed
        earlier = night.hands.filter(idempotency_key=key).first() if key else None
        if earlier is not None:
            return _answer_saved(request, night, services.Recorded(earlier, None))
    context = _context(night, outcome, table, form, _preview(night, form, table))
    if request.htmx:
        response = _partial(request, night, context, "hand_sheet")
        response = reswap(retarget(response, "#hand-form"), "innerHTML")
    else:
        response = render_night(request, night, **context)
    # The sheet again, with what is wrong: the phone's queue keeps the hand as refused.
    response["X-Hand-Refused"] = "1"
    return response


def _answer_saved(request: HtmxHttpRequest, night: Night, saved: services.Recorded) -> HttpResponse:
    hand = saved.hand
    if hand.replaces:
        notice = _("Hand %(number)d saved, correcting hand %(replaced)d.") % {
            "number": hand.number,
            "replaced": hand.replaces.number,
        }
    else:
        notice = _("Hand %(number)d saved.") % {"number": hand.number}
    if request.htmx:
        response = _saved(request, night, saved, notice)
        night_url = reverse("ledger:night", args=[night.season.league.slug, night.pk])
        if urlsplit(request.htmx.current_url_abs_path or night_url).path != night_url:
            # Saved from the sheet's own URL (…/hand/drop/): a reload must show the night,
            # not offer the form again under a new key (post/redirect/get, the htmx way).
            response["HX-Replace-Url"] = night_url
    else:
        messages.success(request, notice)
        response = redirect("ledger:night", slug=night.season.league.slug, night_id=night.pk)
    # The phone's offline queue tells a recorded hand from a refused one by this, and learns
    # who deals next before its board is redrawn; the night's version is the one the other
    # phones' event streams are told of (make cluster-check matches them).
    response["X-Hand-Saved"] = str(hand.number)
    response["X-Dealer"] = str(hand.night.dealer_id)
    response["X-Night-Version"] = str(hand.night.version)
    return response
