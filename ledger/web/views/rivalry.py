"""Rivalries: two players head to head, the league's records and ratings, when to drop."""

import csv
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ledger.models import League, Player, Season
from ledger.reads.drops import drop_advice
from ledger.reads.ratings import ratings_table
from ledger.reads.rivalry import head_to_head, meetings, records
from ledger.rivalry import MIN_DROPS, PROVISIONAL_NIGHTS
from ledger.rules.money import format_plain
from ledger.web.access import READ, league_for
from ledger.web.charts import drop_chart
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.lookups import player_or_404, season_asked
from ledger.web.spreadsheets import safe_cell

NIGHTS_SHOWN = 30  # the latest nights two players shared; the totals count them all
ROWS_SHOWN = 60  # the top of a big league's ratings; the rest on demand, as the standings


def _csv(name: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response, csv.writer(response)


def _scope_name(season) -> str:
    return season.name if season else "all time"


@require_GET
def head_to_head_page(
    request: HtmxHttpRequest, slug: str, player_id: int, other_id: int
) -> HttpResponse:
    league = league_for(request, slug, READ)
    player, other = player_or_404(league, player_id), player_or_404(league, other_id)
    if player == other:
        raise Http404("a player has no head-to-head with themselves")
    season = season_asked(league, request.GET.get("season"))
    found = head_to_head(player, other, season)
    return render(
        request,
        "ledger/head_to_head.html",
        {
            "league": league,
            "season": season,
            "seasons": league.seasons.all(),
            "meeting": found.meeting,
            "nights": found.nights[:NIGHTS_SHOWN],
            "nights_hidden": max(0, len(found.nights) - NIGHTS_SHOWN),
        },
    )


@require_GET
def records_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, READ)
    season = season_asked(league, request.GET.get("season"))
    ratings = ratings_table(league)
    every_row = request.GET.get("players") == "all"
    return render(
        request,
        "ledger/records.html",
        {
            "league": league,
            "season": season,
            "seasons": league.seasons.all(),
            "records": records(league, season),
            "ratings": ratings if every_row else ratings[:ROWS_SHOWN],
            "ratings_hidden": 0 if every_row else max(0, len(ratings) - ROWS_SHOWN),
            "provisional_nights": PROVISIONAL_NIGHTS,
        },
    )


def _whose_drops(
    request: HtmxHttpRequest, slug: str
) -> tuple[League, Season | None, Player | None]:
    """The league, the season (all time unless one is asked for: the more drops, the
    surer the figure, and the drop sheet's line is all time too) and the dropper (or
    everyone) asked for."""
    league = league_for(request, slug, READ)
    season = season_asked(league, request.GET.get("season") or "all")
    asked = request.GET.get("player", "")
    return league, season, player_or_404(league, asked) if asked else None


def _choosable(league, player):
    """Who the drops page offers: the players still playing, and a retired one only when
    their drops are the ones shown (their player page links here)."""
    players = league.players.active()
    if player and player.retired_at:
        players = league.players.filter(pk=player.pk) | players
    return players.order_by("name")


@require_GET
def drops_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league, season, player = _whose_drops(request, slug)
    figures = drop_advice(league, player, season)
    if player:
        title = _("How %(player)s's drops went at each count") % {"player": player.name}
    else:
        title = _("How drops went at each count")
    return render(
        request,
        "ledger/drops.html",
        {
            "league": league,
            "season": season,
            "seasons": league.seasons.all(),
            "player": player,
            "season_extra": f"&player={player.pk}" if player else "",  # the switch keeps whose
            "players": _choosable(league, player),
            "figures": figures,
            "chart": drop_chart(figures, title=title) if figures else "",
            "chart_title": title,
            "min_drops": MIN_DROPS,
            "any_drawn": any(f.drawn for f in figures),
        },
    )


@require_GET
def drops_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league, season, player = _whose_drops(request, slug)
    response, writer = _csv(f"{league.slug}-drops")
    who = player.name if player else "every player"
    writer.writerow([safe_cell(f"{league.name}: {_scope_name(season)}"), safe_cell(who)])
    writer.writerow(["dropper's count", "drops", "won", "caught", "drawn", "won %", "caught %"])
    for f in drop_advice(league, player, season):
        writer.writerow(
            [
                f.count,
                f.drops,
                f.won,
                f.caught,
                f.drawn,
                "" if f.won_percent is None else f.won_percent,
                "" if f.caught_percent is None else f.caught_percent,
            ]
        )
    return response


@require_GET
def ratings_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, READ)
    response, writer = _csv(f"{league.slug}-ratings")
    writer.writerow([safe_cell(f"{league.name}: ratings over every closed night")])
    writer.writerow(["rank", "player", "rating", "mu", "sigma", "rated nights", "provisional"])
    for row in ratings_table(league):
        r = row.rating
        writer.writerow(
            [
                row.rank or "",
                safe_cell(row.player.name),
                f"{r.ordinal:.2f}",
                f"{r.mu:.4f}",
                f"{r.sigma:.4f}",
                r.nights,
                "yes" if r.provisional else "no",
            ]
        )
    return response


@require_GET
def head_to_head_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, READ)
    season = season_asked(league, request.GET.get("season"))
    places = league.decimal_places
    response, writer = _csv(f"{league.slug}-head-to-head")
    writer.writerow(
        [safe_cell(f"{league.name}: {_scope_name(season)}"), safe_cell(f"unit: {league.unit}")]
    )
    writer.writerow(
        [
            "player",
            "opponent",
            "nights together",
            "hands together",
            "won from opponent",
            "hands won",
            "hands lost to opponent",
            "catches made",
            "caught by opponent",
        ]
    )
    for m in meetings(league, season):
        writer.writerow(
            [
                safe_cell(m.player.name),
                safe_cell(m.other.name),
                m.nights,
                m.hands,
                format_plain(m.net, places),
                m.wins,
                m.losses,
                m.catches,
                m.caught,
            ]
        )
    return response
