"""The scoring screen as a whole: what it shows, and how a control's answer redraws it.

The views of the night's pages, its table controls, its hands and their undoing all
answer through ``render_night`` (or ``after``, which adds a notice or a refusal)."""

from django.contrib import messages
from django.shortcuts import redirect, render

from ledger.errors import DOMAIN_ERRORS
from ledger.reads import board
from ledger.rules import PRESETS
from ledger.web import polling
from ledger.web.access import OWN, SCORE, can
from ledger.web.forms.hands import OUTCOME_LABELS
from ledger.web.forms.table import SeatForm, StakeForm
from ledger.web.i18n import explain, plain

HANDS_SHOWN = 40  # the newest hands; a long night shows the rest on demand


def board_context(request, night, *, page: str = "poll") -> dict:
    """What shows the night, on the scoring screen and (``page="watch"``) the spectator view:
    all a poll renders."""
    every_hand = request.GET.get("hands") == "all"
    rows = board.history(night, latest=None if every_hand else HANDS_SHOWN)
    totals = board.totals(night)
    return {
        "league": night.season.league,
        "night": night,
        "totals": totals,
        "bets": board.bets(night, totals),
        "history": rows,
        "every_hand": every_hand,
        "poll_etag": polling.etag(request, page, polling.stamp_of(request, night)),
        "undo_bar": board.undo_bar(rows),
        "hands_hidden": 0
        if every_hand
        else max(0, (rows[0].hand.number if rows else 0) - len(rows)),
        "events": list(night.events.all()),
        "outcomes": OUTCOME_LABELS,
        "can_score": can(request, SCORE),
    }


def night_context(request, night, **extra) -> dict:
    """The scoring screen: the board and the table's controls."""
    context = board_context(request, night)
    league = night.season.league
    seated_ids = {row.player.pk for row in context["totals"] if row.seated}
    return {
        **context,
        "preset": PRESETS.get(night.rules.get("preset", "")),
        "stake_form": StakeForm(
            league=league,
            current=night.stake,
            initial={"stake": plain(night.stake, league.decimal_places)},
        ),
        "can_own": can(request, OWN),
        "seat_form": SeatForm(
            players=[p for p in league.players.active() if p.pk not in seated_ids]
        ),
        **extra,
    }


def render_night(request, night, *, status=200, **extra):
    """The whole page, or only the board when htmx asks for it."""
    template = "ledger/night/board.html" if request.htmx else "ledger/night/page.html"
    return render(request, template, night_context(request, night, **extra), status=status)


def after(request, night, *, error: str = "", notice: str = "", table_open: bool = False):
    """Show the board again (htmx), or go back to the page with a message. ``table_open``
    keeps *The table* unfolded after one of its own controls, with the board at the top."""
    if request.htmx:
        night.refresh_from_db()
        return render_night(request, night, error=error, notice=notice, table_open=table_open)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("ledger:night", slug=night.season.league.slug, night_id=night.pk)


def act(request, night, action, success: str, *, table_open: bool = False):
    try:
        action()
    except DOMAIN_ERRORS as exc:
        return after(request, night, error=explain(exc), table_open=table_open)
    return after(request, night, notice=success, table_open=table_open)
