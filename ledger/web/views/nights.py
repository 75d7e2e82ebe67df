"""The night's pages: starting one, the scoring screen and its poll, the spectator view,
closing it."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.reads.tables import last_table
from ledger.rules import parse_rules
from ledger.web import polling, shared_board
from ledger.web.access import READ, SCORE, acting_user, league_for, night_for
from ledger.web.forms.rules import RulesForm
from ledger.web.forms.table import NightForm
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain, plain
from ledger.web.night_page import after, board_context, render_night


@require_http_methods(["GET", "POST"])
def night_start(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, SCORE)
    season = league.seasons.open().first()
    if season is None:
        messages.error(request, _("Start a season first: nights belong to a season."))
        return redirect("ledger:league", slug=slug)
    players = list(league.players.active())
    data = request.POST if request.method == "POST" else None
    initial: dict[str, object] = {"stake": plain(league.default_stake, league.decimal_places)}
    spec = league.rules
    same = last_table(league)
    if same is not None:  # the same table again: same seats, the next dealer, stake and rules
        seated = {player.pk: seat for seat, player in enumerate(same.players, start=1)}
        players.sort(key=lambda p: (seated.get(p.pk, len(seated) + 1), p.name.lower()))
        initial.update({f"sit-{pk}": True for pk in seated})
        initial.update({f"seat-{p.pk}": seat for seat, p in enumerate(players, start=1)})
        initial.update(
            dealer=str(same.dealer.pk), stake=plain(same.night.stake, league.decimal_places)
        )
        spec = same.night.rules
    elif 2 <= len(players) <= parse_rules(spec).max_players:  # the first night: all of them
        initial.update({f"sit-{p.pk}": True for p in players})
        initial.update({f"seat-{p.pk}": seat for seat, p in enumerate(players, start=1)})
    form = NightForm(data, players=players, places=league.decimal_places, initial=initial)
    rules_form = RulesForm(data, prefix="rules", spec=spec if data is None else None)
    if request.method == "POST" and form.is_valid() and rules_form.is_valid():
        try:
            night = _start_night(season, form, rules_form.spec)
        except DOMAIN_ERRORS as exc:
            form.add_error(None, explain(exc))
        else:
            return redirect("ledger:night", slug=slug, night_id=night.pk)
    return render(
        request,
        "ledger/night_start.html",
        {"league": league, "form": form, "rules_form": rules_form, "same_table": same},
    )


def _start_night(season, form: NightForm, spec: dict):
    data = form.cleaned_data
    return services.start_night(
        season=season,
        players=form.seated,
        dealer=None
        if data["dealer"] == "new"
        else next(p for p in form.seated if str(p.pk) == data["dealer"]),
        stake=data["stake"],
        rules=spec,
        date=data["date"],
        new_player=data["new_player"],
    )


# The night's pages are never kept by the browser's own cache: Back showed a board from there
# (old totals, an old "Undo hand N") until the next poll. The service worker keeps its own
# copy for a lost connection, and says so when it serves it (js/tap_guard.js marks such a page).
@require_GET
@never_cache
def night_page(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    return render_night(request, night)


@require_GET
@polling.conditional("poll")
def night_poll(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    """The scoring screen's poll: what shows the night, swapped in out of band, so a form
    being filled in on this phone stays as it is."""
    night = night_for(request, slug, night_id, READ)
    context = {**board_context(request, night), **shared_board.FOR_EVERYONE}
    return render(request, "ledger/night/changed.html", context)


@require_GET
@polling.conditional("watch")
@never_cache  # the page; its poll's answer is tagged by polling.conditional
def night_watch(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    context = board_context(request, night, page="watch")
    if request.htmx:  # the poll's answer, the same for every visitor with its tag
        return render(request, "ledger/watch.html#board", {**context, **shared_board.FOR_EVERYONE})
    return render(request, "ledger/watch.html", context)


@require_POST
def night_close(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    """Closed, the night goes straight to its recap, the screen the group chat gets."""
    night = night_for(request, slug, night_id, SCORE)
    try:
        services.close_night(night=night, acting_user=acting_user(request))
    except DOMAIN_ERRORS as exc:
        return after(request, night, error=explain(exc))
    messages.success(request, _("The night is closed."))
    recap = reverse("ledger:night_recap", args=[slug, night.pk])
    return HttpResponseClientRedirect(recap) if request.htmx else redirect(recap)
