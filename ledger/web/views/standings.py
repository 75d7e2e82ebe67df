"""Standings, a player's page and a night's summary: read-only, aggregated in SQL."""

import csv
import itertools

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from ledger.reads.pot import players_by_id, pot_history
from ledger.reads.ratings import ratings_table
from ledger.reads.rivalry import RIVAL_NIGHTS, opponents, player_records, rival_and_nemesis
from ledger.reads.standings import (
    night_running_totals,
    player_nights,
    standing_rows,
    standings,
)
from ledger.rivalry import PROVISIONAL_NIGHTS
from ledger.rules import RESULTS, WIN_RESULTS
from ledger.rules.money import format_number, format_plain, unit_is_sign
from ledger.web.access import READ, keeps_pay_handles, league_for, night_for, sees_pay_handles
from ledger.web.charts import legend, line_chart
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import money, number_style
from ledger.web.lookups import player_or_404, season_asked
from ledger.web.pay_buttons import handles_of
from ledger.web.spreadsheets import safe_cell

ROWS_SHOWN = 60  # a phone shows the top of a big league; the rest on demand
# The standings' heading of each kind of win, from the registry (rules/outcomes.py).
WIN_LABELS = {kind: gettext_lazy(RESULTS[kind].wins_label) for kind in WIN_RESULTS}


def _money(league):
    """How a chart's axis writes an amount: with its sign ("$2.50"), but a unit that is a
    word ("chips of the house") is left to the table beside the chart, as it would not fit."""
    if unit_is_sign(league.unit):
        return lambda amount: money(amount, league)
    return lambda amount: (
        ("−" if amount < 0 else "") + format_number(amount, league.decimal_places, number_style())
    )


@require_GET
def standings_page(
    request: HtmxHttpRequest, slug: str, season_id: int | str | None = None
) -> HttpResponse:
    league = league_for(request, slug, READ)
    season = season_asked(league, season_id)
    table = standings(league, season)
    every_row = request.GET.get("players") == "all"
    return render(
        request,
        "ledger/standings.html",
        {
            "league": league,
            "table": table,
            "rows": table.rows if every_row else table.rows[:ROWS_SHOWN],
            "rows_hidden": 0 if every_row else max(0, len(table.rows) - ROWS_SHOWN),
            "season": season,
            "seasons": list(league.seasons.all()),
            "win_labels": WIN_LABELS,
            "win_kinds": WIN_RESULTS,
            "all_columns": request.GET.get("columns") == "all",
            "every_row": every_row,
        },
    )


@require_GET
def standings_csv(
    request: HtmxHttpRequest, slug: str, season_id: int | str | None = None
) -> HttpResponse:
    league = league_for(request, slug, READ)
    season = season_asked(league, season_id)
    table = standings(league, season)
    places = league.decimal_places
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = season.name if season else "all time"
    response["Content-Disposition"] = f'attachment; filename="{league.slug}-standings.csv"'
    writer = csv.writer(response)
    writer.writerow([safe_cell(f"{league.name}: {name}"), safe_cell(f"unit: {league.unit}")])
    writer.writerow(
        [
            "rank",
            "player",
            "net",
            "nights",
            "hands",
            *WIN_RESULTS,
            "caught",
            "catches",
            "net per hand",
            "best night",
            "worst night",
            "push-ups points",
            "points per hand",
        ]
    )
    for row in table.rows:
        writer.writerow(
            [
                row.rank,
                safe_cell(row.name),
                format_plain(row.net, places),
                row.nights,
                row.hands,
                *(row.wins[k] for k in WIN_RESULTS),
                row.caught,
                row.catches,
                "" if row.net_per_hand is None else format_plain(row.net_per_hand, places),
                "" if row.best_night is None else format_plain(row.best_night, places),
                "" if row.worst_night is None else format_plain(row.worst_night, places),
                row.points if row.points_hands else "",
                "" if row.points_per_hand is None else format_plain(row.points_per_hand, 1),
            ]
        )
    writer.writerow(["", "total", format_plain(table.total, places)])
    return response


@require_GET
def player_page(request: HtmxHttpRequest, slug: str, player_id: int) -> HttpResponse:
    league = league_for(request, slug, READ)
    player = player_or_404(league, player_id)
    season = season_asked(league, request.GET.get("season"))
    lines = player_nights(player, season)
    record = next(
        (row for row in standing_rows(league, season) if row.player_id == player.pk), None
    )
    running = list(itertools.accumulate(line.net for line in lines))
    met = opponents(player, season)
    rival, nemesis = rival_and_nemesis(met)
    title = _("%(player)s's running balance, night by night") % {"player": player.name}
    return render(
        request,
        "ledger/player.html",
        {
            "league": league,
            "player": player,
            "season": season,
            "seasons": league.seasons.all(),
            "lines": list(zip(lines, running, strict=True)),
            "record": record,
            "win_labels": WIN_LABELS,
            "chart": line_chart([(player.name, running)], title=title, money=_money(league))
            if lines
            else "",
            "chart_title": title,
            "handles": handles_of([player]).get(player.pk, []) if sees_pay_handles(request) else [],
            **_rating_of(league, player),
            "provisional_nights": PROVISIONAL_NIGHTS,
            "bests": player_records(player, season) if record else None,
            "opponents": met,
            "rival": rival,
            "nemesis": nemesis,
            "rival_nights": RIVAL_NIGHTS,
            "season_query": f"?season={season.pk}" if season else "?season=all",
            "keeps_handles": keeps_pay_handles(request, league, player),
        },
    )


def _rating_of(league, player) -> dict:
    """The player's rating and, once it has settled, its rank among the settled (one query)."""
    table = ratings_table(league)
    row = next((row for row in table if row.player.pk == player.pk), None)
    return {
        "rating": row.rating if row else None,
        "rating_rank": row.rank if row else None,
        "rated_players": sum(1 for r in table if r.rank),
    }


def _winners(steps, running) -> dict[int, str]:
    """The names of the pot's winners: each has a running total, being paid."""
    winners = players_by_id({step.winner for step in steps if step.winner}, running)
    return {pk: player.name for pk, player in winners.items()}


@require_GET
def night_summary(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    league = night.season.league
    numbers, running = night_running_totals(night)
    steps = pot_history(night)
    names = [p.name for p in running]
    title = _("Each player's running total, hand by hand")
    return render(
        request,
        "ledger/night_summary.html",
        {
            "league": league,
            "night": night,
            "numbers": numbers,
            "rows": [(player, line, line[-1] if line else 0) for player, line in running.items()],
            "chart": line_chart(
                [(p.name, line) for p, line in running.items()], title=title, money=_money(league)
            )
            if numbers
            else "",
            "chart_title": title,
            "legend": legend(names),
            "pot_steps": steps,
            "names": _winners(steps, running),
        },
    )
