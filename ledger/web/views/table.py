"""The table's controls on the scoring screen: the stake, the Big One, side bets, seats
and the deal. Each answers with the board, *The table* left open."""

from collections.abc import Callable
from functools import partial

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.models import Night
from ledger.reads.pot import pot_of
from ledger.web.access import SCORE, night_for
from ledger.web.forms.side_bets import SideBetsForm
from ledger.web.forms.table import SeatForm, StakeForm
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain
from ledger.web.lookups import player_or_404
from ledger.web.night_page import act, after, render_night


@require_POST
def night_stake(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    form = StakeForm(request.POST, league=night.season.league, current=night.stake)
    if not form.is_valid():
        if request.htmx or form.question:  # beside the box, the table's controls left open
            return render_night(request, night, stake_form=form)
        return after(request, night, error=str(next(iter(form.errors.values()))[0]))
    stake = form.cleaned_data["stake"]
    response = act(
        request,
        night,
        lambda: services.change_stake(night=night, stake=stake),
        _("The stake is changed for the next hands."),
        table_open=True,
    )
    # Applied: the board at the top, as after the table's other controls (a refusal or the
    # question stays beside the box).
    if request.htmx:
        response["HX-Reswap"] = "outerHTML show:window:top"
    return response


@require_http_methods(["GET", "POST"])
def night_side_bets(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
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
            return after(request, night, notice=_("Side bets set for the next deals."))
    return _side_bets_sheet(request, night, form)


def _side_bets_sheet(request, night: Night, form: SideBetsForm) -> HttpResponse:
    context = {"side_bets_form": form, "pot": pot_of(night)}
    if not request.htmx:
        return render_night(request, night, **context)
    context |= {"league": night.season.league, "night": night}
    response = render(request, "ledger/night/side_bets_sheet.html", context)
    return reswap(retarget(response, "#hand-form"), "innerHTML")


@require_POST
def night_big_one(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    on = request.POST.get("on") == "1"
    notice = _("The Big One: double stakes from now on.") if on else _("Back to the normal stake.")
    big_one = partial(services.set_big_one, night=night, on=on)
    return act(request, night, big_one, notice, table_open=True)


@require_POST
def night_seat(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, SCORE)
    league = night.season.league
    form = SeatForm(request.POST, players=list(league.players.active()))
    if not form.is_valid():
        error = " ".join(map(str, form.non_field_errors())) or _("Pick a player")
        return after(request, night, error=error, table_open=True)

    seat: Callable[[], object]
    if form.cleaned_data["player"]:
        player = player_or_404(league, form.cleaned_data["player"])
        seat = partial(services.seat_player, night=night, player=player)
    else:
        name = form.cleaned_data["new_player"]
        seat = partial(services.seat_new_player, night=night, name=name)
    return act(request, night, seat, _("Seated at the dealer's right."), table_open=True)


def _act_on_player(request, slug: str, night_id: int, player_id: int, service, success: str):
    """Apply ``service(night=..., player=...)`` to a player of the night's league."""
    night = night_for(request, slug, night_id, SCORE)
    player = player_or_404(night.season.league, player_id)
    message = success % {"player": player.name}
    apply = partial(service, night=night, player=player)
    return act(request, night, apply, message, table_open=True)


@require_POST
def night_unseat(
    request: HtmxHttpRequest, slug: str, night_id: int, player_id: int
) -> HttpResponse:
    success = _("%(player)s left the table.")
    return _act_on_player(request, slug, night_id, player_id, services.unseat_player, success)


@require_POST
def night_dealer(
    request: HtmxHttpRequest, slug: str, night_id: int, player_id: int
) -> HttpResponse:
    success = _("%(player)s deals.")
    return _act_on_player(request, slug, night_id, player_id, services.set_dealer, success)
