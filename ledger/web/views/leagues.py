"""Home, league page, players, seasons, house rules and starting a night."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.models import League, Transaction
from ledger.reads.tables import open_nights
from ledger.rules import PRESETS
from ledger.web.access import OWN, READ, SCORE, LoginNeeded, acting_user, can, league_for
from ledger.web.forms.leagues import (
    LeagueForm,
    LeagueNameForm,
    PlayerNameForm,
    SeasonForm,
    SettlingForm,
    TimeZoneForm,
)
from ledger.web.forms.rules import LeagueRulesForm
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain, plain
from ledger.web.lookups import player_or_404


@require_http_methods(["GET", "POST"])
def home(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST" and not request.user.is_authenticated:
        raise LoginNeeded
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            league = services.create_league(
                name=data["name"],
                unit=data["unit"],
                decimal_places=data["decimal_places"],
                rules=data["preset"],
                default_stake=data["default_stake"],
                owner=request.user,
                time_zone=data["time_zone"],
            )
        except DOMAIN_ERRORS as exc:
            form.add_error(None, explain(exc))
        else:
            messages.success(
                request, _("%(league)s is ready: add its players.") % {"league": league.name}
            )
            return redirect("ledger:league", slug=league.slug)
    leagues = League.objects.for_user(request.user).order_by("name")
    tonight = open_nights(request.user) if request.user.is_authenticated else []
    context = {"leagues": leagues, "form": form, "tonight": tonight}
    return render(request, "ledger/home.html", context)


@require_GET
def league_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return _league_page(request, slug)


def _league_page(
    request,
    slug,
    *,
    player_form=None,
    season_form=None,
    rules_form=None,
    settling_form=None,
    time_zone_form=None,
    league_name_form=None,
    status=200,
):
    league = league_for(request, slug, READ)
    season = league.seasons.open().first()
    context = {
        "league": league,
        "players": league.players.all(),
        "seasons": league.seasons.all(),
        "open_season": season,
        "nights": season.nights.select_related("dealer")[:30] if season else [],
        "player_form": player_form or PlayerNameForm(auto_id=ADD_PLAYER),
        "season_form": season_form or SeasonForm(),
        "rules_form": rules_form or LeagueRulesForm(spec=league.rules, name=league.rules_name),
        "settling_form": settling_form
        or SettlingForm(
            places=league.decimal_places,
            initial={
                "settle_unit": plain(league.settle_unit, league.decimal_places),
                "points_rate": league.points_rate,
            },
        ),
        "time_zone_form": time_zone_form or TimeZoneForm(initial={"time_zone": league.time_zone}),
        "league_name_form": league_name_form or LeagueNameForm(initial={"name": league.name}),
        "has_ledger": Transaction.objects.filter(season__league=league).exists(),
        "rules_preset": PRESETS.get(league.rules.get("preset", "")),
        "can_own": can(request, OWN),
        "can_score": can(request, SCORE),
        "can_read_as_member": request.league_role in ("owner", "scorekeeper", "viewer"),
        "me": league.players.filter(user=request.user).first()
        if request.user.is_authenticated
        else None,
    }
    return render(request, "ledger/league.html", context, status=status)


def _apply(request, slug, action, success: str, **forms):
    """Run a league action; on a domain error show the league page with the message."""
    try:
        action()
    except DOMAIN_ERRORS as exc:
        messages.error(request, explain(exc))
        return _league_page(request, slug, status=200, **forms)
    messages.success(request, success)
    return redirect("ledger:league", slug=slug)


ADD_PLAYER = "add-player-%s"  # the ids of the add-a-player form's fields


@require_POST
def player_add(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = PlayerNameForm(request.POST, auto_id=ADD_PLAYER)
    if not form.is_valid():
        return _league_page(request, slug, player_form=form)
    name = form.cleaned_data["name"]
    try:
        services.add_player(league=league, name=name)
    except DOMAIN_ERRORS as exc:
        form.add_error("name", explain(exc))
        return _league_page(request, slug, player_form=form)
    messages.success(request, _("%(player)s joined.") % {"player": name})
    # Players are added one after another: the browser brings the page back to the name box
    # and focuses it (a fragment naming a field does both), ready for the next name.
    return redirect(reverse("ledger:league", args=[slug]) + "#" + ADD_PLAYER % "name")


@require_POST
def player_rename(request: HtmxHttpRequest, slug: str, player_id: int) -> HttpResponse:
    player = player_or_404(league_for(request, slug, OWN), player_id)
    form = PlayerNameForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A player needs a name."))
        return redirect("ledger:league", slug=slug)
    name = form.cleaned_data["name"]
    return _apply(
        request,
        slug,
        lambda: services.rename_player(player=player, name=name),
        _("Renamed to %(name)s.") % {"name": name},
    )


@require_POST
def league_rename(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = LeagueNameForm(request.POST)
    if not form.is_valid():
        return _league_page(request, slug, league_name_form=form)
    name = form.cleaned_data["name"]
    return _apply(
        request,
        slug,
        lambda: services.rename_league(league=league, name=name),
        _("The league is called %(name)s now.") % {"name": name},
    )


@require_POST
def league_delete(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Deleting asks for the league's name typed out: no stray tap deletes a league."""
    league = league_for(request, slug, OWN)
    if request.POST.get("confirm", "").strip() != league.name:
        messages.error(request, _("Type the league's name exactly to delete it."))
        return _league_page(request, slug, status=200)
    try:
        services.delete_league(league=league)
    except DOMAIN_ERRORS as exc:
        messages.error(request, explain(exc))
        return _league_page(request, slug, status=200)
    messages.success(request, _("%(league)s is deleted.") % {"league": league.name})
    return redirect("ledger:home")


@require_POST
def player_retire(request: HtmxHttpRequest, slug: str, player_id: int) -> HttpResponse:
    player = player_or_404(league_for(request, slug, OWN), player_id)
    return _apply(
        request,
        slug,
        lambda: services.retire_player(player=player),
        _("%(player)s is retired.") % {"player": player.name},
    )


@require_POST
def season_start(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = SeasonForm(request.POST)
    if not form.is_valid():
        return _league_page(request, slug, season_form=form)
    name = form.cleaned_data["name"]
    return _apply(
        request,
        slug,
        lambda: services.start_season(league=league, name=name),
        _("%(season)s has started.") % {"season": name},
    )


@require_POST
def season_close(request: HtmxHttpRequest, slug: str, season_id: int) -> HttpResponse:
    league = league_for(request, slug, OWN)
    season = get_object_or_404(league.seasons, pk=season_id)
    return _apply(
        request,
        slug,
        lambda: services.close_season(season=season, acting_user=acting_user(request)),
        _("%(season)s is closed.") % {"season": season.name},
    )


@require_POST
def league_rules(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = LeagueRulesForm(request.POST)
    if not form.is_valid():
        return _league_page(request, slug, rules_form=form)
    name = form.cleaned_data["rules_name"]
    return _apply(
        request,
        slug,
        lambda: services.set_league_rules(league=league, rules=form.spec, name=name),
        _("The league's house rules are saved."),
    )


@require_POST
def league_settling(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = SettlingForm(request.POST, places=league.decimal_places)
    if not form.is_valid():
        return _league_page(request, slug, settling_form=form)
    data = form.cleaned_data
    return _apply(
        request,
        slug,
        lambda: services.set_settling(
            league=league, settle_unit=data["settle_unit"], points_rate=data["points_rate"]
        ),
        _("Settling up is set."),
    )


@require_POST
def league_time_zone(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    form = TimeZoneForm(request.POST)
    if not form.is_valid():
        return _league_page(request, slug, time_zone_form=form)
    zone = form.cleaned_data["time_zone"]
    return _apply(
        request,
        slug,
        lambda: services.set_time_zone(league=league, time_zone=zone),
        _("Dates and times now follow %(zone)s.") % {"zone": zone or settings.TIME_ZONE},
    )
