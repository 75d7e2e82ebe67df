"""Server time and queries of the read pages, on whatever league the database holds.

    python manage.py bench_pages [--repeat 30]

Run it against a big generated league (``make bench`` seeds one of 100,000 hands).
"""

import statistics
import time
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ledger.models import League, Membership, Night, PairNight, Player, Role


@dataclass
class PageTiming:
    name: str
    url: str
    p50: float
    p95: float
    queries: int
    size: int  # bytes of the last answer


def busy_night(league: League) -> Night:
    """The newest open night of the league's open (or latest) season: the one scored tonight."""
    season = league.seasons.open().first() or league.seasons.order_by("-started_at").first()
    return (
        Night.objects.filter(season=season, closed_at__isnull=True).order_by("-date", "-pk").first()
    )


def pages(league: League) -> dict[str, str]:
    """The pages to time, on the league's open (or latest) season and its busiest player."""
    night = busy_night(league)
    season = night.season
    player = (
        Player.objects.filter(league=league).annotate(n=Count("hand_seats")).order_by("-n").first()
    )
    rival = (
        PairNight.objects.filter(player=player)
        .values_list("counterparty", flat=True)
        .annotate(n=Count("id"))
        .order_by("-n")
        .first()
    )
    base = f"/l/{league.slug}"
    return {
        "scoring screen": f"{base}/nights/{night.pk}/",
        "spectator view": f"{base}/nights/{night.pk}/watch/",
        "season standings": f"{base}/standings/",
        "all-time standings": f"{base}/standings/all/",
        "player page": f"{base}/players/{player.pk}/",
        "night summary": f"{base}/nights/{night.pk}/summary/",
        "settle up (night)": f"{base}/nights/{night.pk}/settle/",
        "settle up (season)": f"{base}/seasons/{season.pk}/settle/",
        "night recap": f"{base}/nights/{night.pk}/recap/",
        "recap image": f"{base}/nights/{night.pk}/recap/card.png",
        "head-to-head (all time)": f"{base}/players/{player.pk}/vs/{rival}/?season=all",
        "records and ratings": f"{base}/records/?season=all",
        "when to drop": f"{base}/drops/?season=all",
        "drop sheet's line": f"{base}/nights/{night.pk}/hand/drop/preview/",
    }


def posted(league: League) -> dict[str, dict]:
    """What the pages that answer a POST are sent: the drop sheet as filled in so far, the
    dropper's count entered, the others' not yet (the line shows before the preview)."""
    night = busy_night(league)
    seated = list(night.seats.filter(seated=True).values_list("player_id", flat=True))
    return {
        "drop sheet's line": {"dealer": seated[0], "dropper": seated[0], f"count-{seated[0]}": 9}
    }


GOALS_MS = {"recap image": 250}  # drawing a PNG; every other page: 150 ms
IMAGE_BYTES = 60_000  # a chat app's preview stays quick to fetch


def time_page(
    client: Client, name: str, url: str, repeat: int, data: dict | None = None
) -> PageTiming:
    """Time a GET of ``url``, or an htmx POST of ``data`` to it."""

    def fetch():
        if data is None:
            return client.get(url)
        return client.post(url, data, HTTP_HX_REQUEST="true")

    for _ in range(3):  # warm the database's and Python's caches
        assert fetch().status_code == 200, url
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = fetch()
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        size = len(fetch().content)
    timings.sort()
    p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
    return PageTiming(name, url, statistics.median(timings), p95, len(queries), size)


def owner_of(league):
    """Someone who may read every page: the league's owner (made for the benchmark if none)."""
    membership = league.memberships.filter(role=Role.OWNER).select_related("user").first()
    if membership is not None:
        return membership.user
    user, _ = get_user_model().objects.get_or_create(username="bench")
    Membership.objects.create(league=league, user=user, role=Role.OWNER)
    return user
