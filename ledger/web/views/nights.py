"""The scoring screen, its table controls and the spectator view."""

from functools import partial

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.models import Night
from ledger.reads import board
from ledger.reads.pot import pot_of
from ledger.rules import PRESETS
from ledger.web import polling
from ledger.web.access import OWN, READ, SCORE, can, night_for
from ledger.web.forms import OUTCOME_LABELS, SeatForm, SideBetsForm, StakeForm
from ledger.web.i18n import explain, plain
from ledger.web.inputs import parse_id
from ledger.web.views.lookups import hand_or_404, player_or_404

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
    template = "ledger/night.html#board" if request.htmx else "ledger/night.html"
    return render(request, template, night_context(request, night, **extra), status=status)


# The night's pages are never kept by the browser's own cache: Back showed a board from there
# (old totals, an old "Undo hand N") until the next poll. The service worker keeps its own
# copy for a lost connection, and says so when it serves it (app.js marks such a page).
@require_GET
@never_cache
def night_page(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    return render_night(request, night)


@require_GET
@polling.conditional("poll")
def night_poll(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    """The scoring screen's poll: what shows the night, swapped in out of band, so a form
    being filled in on this phone stays as it is."""
    night = night_for(request, slug, night_id, READ)
    return render(request, "ledger/night.html#changed", board_context(request, night))


@require_GET
@polling.conditional("watch")
@never_cache  # the page; its poll's answer is tagged by polling.conditional
def night_watch(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    template = "ledger/watch.html#board" if request.htmx else "ledger/watch.html"
    return render(request, template, board_context(request, night, page="watch"))


def _after(request, night, *, error: str = "", notice: str = "", table_open: bool = False):
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


def _act(request, night, action, success: str, *, table_open: bool = False):
    try:
        action()
    except DOMAIN_ERRORS as exc:
        return _after(request, night, error=explain(exc), table_open=table_open)
    return _after(request, night, notice=success, table_open=table_open)


@require_POST
def night_stake(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    form = StakeForm(request.POST, league=night.season.league, current=night.stake)
    if not form.is_valid():
        if request.htmx or form.question:  # beside the box, the table's controls left open
            return render_night(request, night, stake_form=form)
        return _after(request, night, error=next(iter(form.errors.values()))[0])
    stake = form.cleaned_data["stake"]
    response = _act(
        request,
        night,
        lambda: services.change_stake(night=night, stake=stake),
        _("The stake is changed for the next hands."),
        table_open=True,
    )
    # Applied: the board at the top, as after the table's other controls (a refusal or the
    # question stays beside the box).
    return reswap(response, "outerHTML show:window:top") if request.htmx else response


@require_http_methods(["GET", "POST"])
def night_side_bets(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    """The side bets of the next deals, in the sheet: shown (GET) and set (POST)."""
    night = night_for(request, slug, night_id, SCORE)
    league = night.season.league
    form_for = partial(
        SideBetsForm, players=services.seated_players(night), places=league.decimal_places
    )
    if request.method == "GET":
        initial = SideBetsForm.initial_from(night, league.decimal_places, league.default_stake)
        return _side_bets_sheet(request, night, form_for(initial=initial))
    form = form_for(request.POST)
    if form.is_valid():
        try:
            services.set_side_bets(night=night, bets=form.bets)
        except DOMAIN_ERRORS as exc:
            form.add_error(None, explain(exc))
        else:
            return _after(request, night, notice=_("Side bets set for the next deals."))
    return _side_bets_sheet(request, night, form)


def _side_bets_sheet(request, night: Night, form: SideBetsForm) -> HttpResponse:
    context = {"side_bets_form": form, "pot": pot_of(night)}
    if not request.htmx:
        return render_night(request, night, **context)
    context |= {"league": night.season.league, "night": night}
    response = render(request, "ledger/night.html#side_bets_form", context)
    return reswap(retarget(response, "#hand-form"), "innerHTML")


@require_POST
def night_big_one(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    on = request.POST.get("on") == "1"
    notice = _("The Big One: double stakes from now on.") if on else _("Back to the normal stake.")
    big_one = partial(services.set_big_one, night=night, on=on)
    return _act(request, night, big_one, notice, table_open=True)


@require_POST
def night_seat(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    league = night.season.league
    form = SeatForm(request.POST, players=list(league.players.active()))
    if not form.is_valid():
        error = " ".join(form.errors.get("__all__", [])) or _("Pick a player")
        return _after(request, night, error=error, table_open=True)

    if form.cleaned_data["player"]:
        player = player_or_404(league, form.cleaned_data["player"])
        seat = partial(services.seat_player, night=night, player=player)
    else:
        name = form.cleaned_data["new_player"]
        seat = partial(services.seat_new_player, night=night, name=name)
    return _act(request, night, seat, _("Seated at the dealer's right."), table_open=True)


def _act_on_player(request, slug: str, night_id: int, player_id: int, service, success: str):
    """Apply ``service(night=..., player=...)`` to a player of the night's league."""
    night = night_for(request, slug, night_id, SCORE)
    player = player_or_404(night.season.league, player_id)
    message = success % {"player": player.name}
    act = partial(service, night=night, player=player)
    return _act(request, night, act, message, table_open=True)


@require_POST
def night_unseat(request: HttpRequest, slug: str, night_id: int, player_id: int) -> HttpResponse:
    success = _("%(player)s left the table.")
    return _act_on_player(request, slug, night_id, player_id, services.unseat_player, success)


@require_POST
def night_dealer(request: HttpRequest, slug: str, night_id: int, player_id: int) -> HttpResponse:
    success = _("%(player)s deals.")
    return _act_on_player(request, slug, night_id, player_id, services.set_dealer, success)


@require_POST
def night_close(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    return _act(
        request, night, lambda: services.close_night(night=night), _("The night is closed.")
    )


def _act_on_hand(request, slug: str, night_id: int, hand_id: int, act) -> HttpResponse:
    """Run ``act(hand)``, which returns the notice, on a hand of the night."""
    night = night_for(request, slug, night_id, SCORE)
    hand = hand_or_404(night, hand_id)
    try:
        notice = act(hand)
    except DOMAIN_ERRORS as exc:
        return _after(request, night, error=explain(exc))
    return _after(request, night, notice=notice)


def _undo(hand) -> str:
    restored = services.undo_hand(hand=hand)
    if restored is None:
        return _("Hand %(number)d undone.") % {"number": hand.number}
    return _("Hand %(number)d undone: hand %(original)d counts again.") % {
        "number": hand.number,
        "original": restored.replaces.replaces.number,
    }


def _redo(hand, newest: int | None) -> str:
    again = services.redo_hand(hand=hand, newest=newest)
    notice = _("Hand %(number)d is back, as hand %(again)d.")
    return notice % {"number": hand.number, "again": again.number}


@require_POST
def hand_undo(request: HttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    return _act_on_hand(request, slug, night_id, hand_id, _undo)


@require_POST
def hand_redo(request: HttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    """*Redo* under the board names the newest hand its page showed (``newest``); *Restore*
    in a voided hand's row names none, as it is about that hand alone."""
    newest = parse_id(request.POST.get("newest", ""))
    return _act_on_hand(request, slug, night_id, hand_id, partial(_redo, newest=newest))


def _void(hand) -> str:
    services.void_hand(hand=hand)
    return _("Hand %(number)d is voided.") % {"number": hand.number}


@require_POST
def hand_void(request: HttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    return _act_on_hand(request, slug, night_id, hand_id, _void)
