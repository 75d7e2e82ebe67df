"""``manage.py bench``: one table of what users feel, beside the floors, each with its goal.

Run by ``make bench`` on a database holding a generated league of 100,000 hands
and one of 1,000 (it seeds them on its first run), under ``bench.settings``.
"""

import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models import Count
from django.test import Client, override_settings
from django.urls import reverse

from bench import floors, server
from bench.management.commands.bench_load import capacity
from bench.pages import (
    GOALS_MS,
    IMAGE_BYTES,
    busy_night,
    owner_of,
    pages,
    posted,
    time_page,
)
from bench.payouts import random_hand
from bench.tables import LEAGUE as LOAD_LEAGUE
from bench.tables import cookie_of
from bench.weight import page_weight
from ledger import services
from ledger.models import League
from ledger.reads.ratings import rated_nights
from ledger.rules import score_json
from ledger.services import ratings
from ledger.tooling.planner import refresh_planner_statistics

ROOT = Path(settings.BASE_DIR)
LOAD_SECONDS = 60  # per step of the capacity search, after its warm-up
CAPACITY_GOAL = 1500
FRESH_DATABASE = "tonk_bench_fresh"  # on the same server, made again by each run
NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


@dataclass
class Row:
    what: str
    figure: str
    goal: str
    met: bool | None  # None: a figure with no goal of its own


class Command(BaseCommand):
    help = "Measure the app and print one table; every figure names its goal."

    def add_arguments(self, parser):
        parser.add_argument("--requests", type=int, default=200)
        parser.add_argument("--skip-wrk", action="store_true")
        parser.add_argument("--skip-load", action="store_true", help="no capacity search")

    def handle(self, *args, **options):
        if settings.ROOT_URLCONF != "bench.urls":
            raise CommandError(
                "run with DJANGO_SETTINGS_MODULE=bench.settings (make bench does)", returncode=2
            )
        leagues = list(
            League.objects.exclude(name=LOAD_LEAGUE)
            .annotate(n=Count("seasons__nights__hands"))
            .order_by("-n")[:2]
        )
        if len(leagues) < 2:
            raise CommandError(
                "needs a big and a small league: make bench seeds them", returncode=2
            )
        big, small = leagues
        self.rows: list[Row] = []
        floors.create_table()
        refresh_planner_statistics()  # what autovacuum does in a running database
        with override_settings(
            ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
        ):
            client = Client()
            client.force_login(owner_of(big))
            self.log_a_hand(client, big, options["requests"])
            poll = self.polls(client, big, options["requests"])
            self.read_pages(client, big, small)
            self.records_cold(client, big)
            self.rerating(big)
            self.page_weight(client, big)
            self.served(big, poll, wrk=not options["skip_wrk"])
        if connection.vendor == "postgresql" and not options["skip_load"]:
            self.capacity()
        self.engine()
        self.settling()
        self.print_table(big, small)

    def add(self, what, figure, goal="", met=None):
        self.rows.append(Row(what, figure, goal, met))

    def times(self, request, n) -> list[float]:
        timings = []
        for _ in range(n):
            start = time.perf_counter()
            request()
            timings.append((time.perf_counter() - start) * 1000)
        return timings

    def timed(self, request, n):
        return summary(self.times(request, n))

    def log_a_hand(self, client, league, n):
        """On a night of its own, closed afterwards, so the pages measured stay a usual size."""
        season = league.seasons.open().first()
        table = list(league.players.active()[:4])
        night = services.start_night(season=season, players=table, dealer=table[-1], rules="pagat")
        seats = list(night.seats.filter(seated=True).select_related("player"))
        url = reverse("ledger:hand_record", args=[league.slug, night.pk, "drop"])
        counter = iter(range(10**9))

        def log(htmx=False):
            data = {
                "key": f"bench-{time.time_ns()}-{next(counter)}",
                "dealer": seats[0].player_id,
                "dropper": seats[0].player_id,
            }
            data.update({f"count-{s.player_id}": 5 + i * 3 for i, s in enumerate(seats)})
            if htmx:  # the phone's way: the answer is the refreshed board
                assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 200
                return
            assert client.post(url, data).status_code == 302
            # A phone follows the redirect, which shows and clears the "Hand saved" notice.
            client.cookies.pop("messages", None)

        log()
        queries = statements_of(log)
        hand = self.timed(log, n)
        with_board = self.timed(lambda: log(htmx=True), n)
        board_queries = statements_of(lambda: log(htmx=True))
        self.floor = self.timed(lambda: client.get("/benchmark/floor/"), n)
        write = self.timed(lambda: client.post("/benchmark/floor/write/"), n)
        self.add("floor: fixed response", f"p50 {self.floor[0]:.2f} ms, p95 {self.floor[1]:.2f} ms")
        self.add("floor: insert one row", f"p50 {write[0]:.1f} ms, p95 {write[1]:.1f} ms")
        services.close_night(night=night, acting_user=None)
        self.add(
            f"log a hand (drop, {len(seats)} players), answered with a redirect",
            f"p50 {hand[0]:.1f} ms, p95 {hand[1]:.1f} ms = {hand[0] / write[0]:.1f}x the write floor",
        )
        self.add("log a hand: SQL statements", str(queries), "<= 12", queries <= 12)
        ratio = with_board[0] / hand[0]
        self.add(
            "log a hand with htmx, answered with what it changed",
            f"p50 {with_board[0]:.1f} ms, p95 {with_board[1]:.1f} ms = {ratio:.2f}x the plain save",
            "p50 <= 1.5x the plain save",
            ratio <= 1.5,
        )
        self.add(
            "log a hand with htmx: SQL statements", str(board_queries), "<= 14", board_queries <= 14
        )

    def polls(self, client, league, n) -> str:
        """A phone's poll of the scoring screen and a share link's of the spectator view, with
        nothing new (304) and after a change; returns the unchanged poll's path."""
        night = busy_night(league)
        link = services.share(league=league, acting_user=owner_of(league), night=night, reuse=True)
        spectator = Client()
        spectator.get(reverse("ledger:share", args=[link.lookup, link.token]))
        args = [league.slug, night.pk]
        scoring = reverse("ledger:night_poll", args=args)
        watch = reverse("ledger:night_watch", args=args)
        for who, visitor, path, goal in (
            ("a member", client, scoring, 2),
            ("a share link", spectator, watch, 1),
        ):
            tag = visitor.get(path, HTTP_HX_REQUEST="true")["ETag"]

            def poll(visitor=visitor, path=path, tag=tag):
                response = visitor.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
                assert response.status_code == 304, response.status_code

            queries = statements_of(poll)
            timing = self.timed(poll, n)
            self.add(
                f"poll, nothing new, by {who}: queries", str(queries), f"<= {goal}", queries <= goal
            )
            self.add(
                f"poll, nothing new, by {who}, in process",
                f"p50 {timing[0]:.2f} ms, p95 {timing[1]:.2f} ms = "
                f"{timing[0] / self.floor[0]:.1f}x the fixed response",
            )
        self.changed_polls(client, scoring, n)
        self.poll_headers = {
            "Cookie": cookie_of(client),
            "HX-Request": "true",
            "If-None-Match": client.get(scoring, HTTP_HX_REQUEST="true")["ETag"],
        }
        return scoring

    def changed_polls(self, client, scoring: str, n: int):
        """A poll that finds a change: from the cache (another phone of the same role and
        language fetched that version first), a miss (the cache emptied before each), and
        the render before the cache (no cache at all), for the miss to be compared with."""

        def changed():
            assert client.get(scoring, HTTP_HX_REQUEST="true").status_code == 200

        def missed():
            cache.clear()
            changed()

        changed()  # now in the cache
        hit, hit_queries = self.timed(changed, n), statements_of(changed)
        miss_queries = statements_of(missed)
        # In alternating rounds, so that whatever drifts meanwhile weighs on both alike.
        misses, uncached_times = [], []
        for _ in range(4):
            misses += self.times(missed, n // 4)
            with override_settings(CACHES=NO_CACHE):
                uncached_times += self.times(changed, n // 4)
        miss, uncached = summary(misses), summary(uncached_times)
        ratio = hit[0] / self.floor[0]
        self.add(
            "poll, something new, from the cache",
            f"p50 {hit[0]:.2f} ms, p95 {hit[1]:.2f} ms = {ratio:.1f}x the fixed response",
            "p50 <= 3x the fixed response",
            ratio <= 3,
        )
        self.add(
            "poll, something new, from the cache: queries",
            str(hit_queries),
            "<= 2",
            hit_queries <= 2,
        )
        self.add(
            "poll, something new, not in the cache",
            f"p50 {miss[0]:.1f} ms, p95 {miss[1]:.1f} ms, {miss_queries} queries; "
            f"with no cache p50 {uncached[0]:.1f} ms",
            "p50 no slower than with no cache (+10 %)",
            miss[0] <= 1.1 * uncached[0],
        )

    def read_pages(self, client, big, small):
        client_small = Client()
        client_small.force_login(owner_of(small))
        small_pages, small_data, big_data = pages(small), posted(small), posted(big)
        for name, url in pages(big).items():
            timing = time_page(client, name, url, 30, big_data.get(name))
            few = time_page(client_small, name, small_pages[name], 3, small_data.get(name))
            goal = GOALS_MS.get(name, 150)
            self.add(
                f"{name}",
                f"p50 {timing.p50:.1f} ms, p95 {timing.p95:.1f} ms",
                f"p95 < {goal} ms",
                timing.p95 < goal,
            )
            if name == "recap image":
                self.add(
                    "recap image: size",
                    f"{timing.size / 1000:.1f} KB",
                    f"<= {IMAGE_BYTES // 1000} KB",
                    timing.size <= IMAGE_BYTES,
                )
            self.add(
                f"{name}: queries at {hands(small):,} / {hands(big):,} hands",
                f"{few.queries} / {timing.queries}",
                "the same",
                few.queries == timing.queries,
            )

    def page_weight(self, client, league):
        weight = page_weight(client, pages(league)["scoring screen"])
        detail = ", ".join(
            f"{Path(path).name} {size / 1024:.1f}" for path, size in weight.assets.items()
        )
        self.add(
            "page weight: scoring screen, gzip",
            f"{weight.total / 1024:.1f} KB (HTML {weight.html / 1024:.1f}; {detail})",
            "<= 80 KB",
            weight.total <= 80 * 1024,
        )

    def served(self, league, poll: str, wrk: bool):
        """Through gunicorn as the deploy runs it, as phones meet it: the latency of an
        unchanged poll against the fixed response, over HTTP, and the throughput of both (and
        of the scoring screen) under wrk."""
        scoring_screen = pages(league)["scoring screen"]
        client = Client()
        client.force_login(owner_of(league))
        cookie = {"Cookie": cookie_of(client)}
        served_by = server.configured()
        with server.gunicorn(workers=None) as port:
            # The fixed response gets the same request (cookies and all): only the view differs.
            floor = http_timings(port, "/benchmark/floor/", self.poll_headers, 300)
            polled = http_timings(port, poll, self.poll_headers, 300)
            self.add(
                f"poll, nothing new, over HTTP ({served_by})",
                f"p50 {polled[0]:.2f} ms, p95 {polled[1]:.2f} ms; fixed response p50 "
                f"{floor[0]:.2f} ms = {polled[0] / floor[0]:.1f}x",
                "p50 <= 2x the fixed response",
                polled[0] <= 2 * floor[0],
            )
            if not wrk:
                return
            if not shutil.which("wrk"):
                self.add(
                    "throughput",
                    "not measured: wrk is missing (make bench installs it)",
                    "measured",
                    False,
                )
                return
            rates = {
                "fixed response": run_wrk(port, "/benchmark/floor/", self.poll_headers),
                "scoring screen": run_wrk(port, scoring_screen, cookie),
                "poll, nothing new": run_wrk(port, poll, self.poll_headers),
            }
        floor_rate = rates["fixed response"]
        self.add(f"throughput: fixed response ({served_by}, wrk)", f"{floor_rate:.0f} req/s")
        self.add(
            "throughput: scoring screen",
            f"{rates['scoring screen']:.0f} req/s = {rates['scoring screen'] / floor_rate:.2f} "
            "of the fixed response",
        )
        share = rates["poll, nothing new"] / floor_rate
        self.add(
            "throughput: poll, nothing new",
            f"{rates['poll, nothing new']:.0f} req/s = {share:.2f} of the fixed response",
            ">= 0.40 of the fixed response",
            share >= 0.40,
        )

    def capacity(self):
        """The load driver's search (bench/load.py), twice, on this database as a running
        deployment has it (analysed); then the smaller figure once more on a database
        migrated afresh, as a new deployment's first night finds it."""
        found = []
        for search in (1, 2):
            say = lambda line, search=search: self.stdout.write(f"  load {search}: {line}")  # noqa: E731
            tables, run = capacity(seconds=LOAD_SECONDS, say=say)
            found.append(tables)
            self.add(
                f"capacity, search {search}: live tables on event streams, saves and redraws "
                f"p95 < 200 ms, events p95 < 500 ms and none lost, no error "
                f"(PostgreSQL, {server.configured()}, a doorbell)",
                f"{tables} tables" + (f" ({run.summary()})" if run else ""),
                f">= {CAPACITY_GOAL:,}",
                tables >= CAPACITY_GOAL,
            )
        tables = min(found) or CAPACITY_GOAL // 10
        met = self.fresh_capacity(tables)
        self.add(
            f"capacity on a freshly migrated database, {tables} tables",
            "met" if met else "not met (see the load lines above)",
            "met",
            met,
        )

    def fresh_capacity(self, tables: int) -> bool:
        """``bench_load`` at ``tables`` on a database just migrated, planner statistics and
        all as a new deployment has them, in a process of its own (its own connection)."""
        with connection.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {FRESH_DATABASE} WITH (FORCE)")
            cursor.execute(f"CREATE DATABASE {FRESH_DATABASE}")
        db = connection.settings_dict
        user = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
        url = f"postgres://{user}@{db['HOST']}:{db['PORT']}/{FRESH_DATABASE}"
        env = {**os.environ, "DATABASE_URL": url}
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
        command = [*manage, "bench_load", "--as-migrated", "--tables", str(tables)]
        command += ["--seconds", str(LOAD_SECONDS)]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        for line in done.stdout.splitlines():
            self.stdout.write(f"  load, fresh database: {line}")
        return done.returncode == 0 and done.stdout.rstrip().endswith(f"live tables: {tables}")

    def records_cold(self, client, league):
        """The records are read from the tallies once per close; the first view after one
        reads them all, so it is timed too (the cache emptied before each request)."""
        url = pages(league)["records and ratings"]
        timing = self.timed(lambda: (cache.clear(), client.get(url)), 20)
        self.add(
            "records and ratings, first view after a night closes (nothing cached)",
            f"p50 {timing[0]:.1f} ms, p95 {timing[1]:.1f} ms",
            "p95 < 150 ms",
            timing[1] < 150,
        )

    def rerating(self, league):
        """What reopening or correcting an old night costs the request that closes it again:
        every closed night of the league rated again, in a transaction rolled back."""
        timings = []
        for _ in range(3):
            with transaction.atomic():
                start = time.perf_counter()
                ratings.rerate(league)
                timings.append((time.perf_counter() - start) * 1000)
                transaction.set_rollback(True)
        rated = len(rated_nights(league))
        worst = max(timings)
        self.add(
            f"rate every closed night again ({rated:,} nights), as closing an old night does",
            f"median {statistics.median(timings):.0f} ms, worst {worst:.0f} ms",
            "< 1,000 ms",
            worst < 1000,
        )

    def engine(self):
        import random

        rng = random.Random(7)
        hands = [random_hand(rng) for _ in range(10_000)]
        start = time.perf_counter()
        for hand in hands:
            score_json(hand)
        rate = len(hands) / (time.perf_counter() - start)
        self.add("payouts engine, in process", f"{rate:,.0f} hands/s")
        with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
            json.dump(hands, handle)
            handle.flush()
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "manage.py", "payouts", handle.name],
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
            elapsed = time.perf_counter() - start
        self.add(
            "payouts command, 10,000 hands in one array", f"{elapsed:.2f} s", "< 3 s", elapsed < 3
        )

    def settling(self):
        from bench.settle import compare, time_twenty

        median, worst = time_twenty()
        self.add(
            "settle-up, 20 non-zero balances",
            f"median {median:.1f} ms, worst {worst:.1f} ms",
            "< 50 ms",
            worst < 50,
        )
        try:
            import debts  # noqa: F401
        except ImportError:
            self.add(
                "settle-up vs debts 0.5",
                "not measured: debts missing (make bench installs it)",
                "measured",
                False,
            )
            return
        result = compare(2000)
        self.add(
            "settle-up vs debts 0.5, 2,000 simulated nights",
            f"ours minimal on {result.ours_minimal}, {result.ours_transfers} transfers; debts minimal on "
            f"{result.debts_minimal}, {result.debts_transfers} transfers, more than ours on {result.debts_worse}",
            "never more than debts",
            result.ours_never_worse,
        )

    def print_table(self, big, small):
        self.stdout.write(
            f"{connection.vendor}: {big.name} ({hands(big):,} hands) and {small.name} ({hands(small):,} hands)"
        )
        width = max(len(row.what) for row in self.rows)
        for row in self.rows:
            verdict = "" if row.met is None else ("met" if row.met else "NOT MET")
            goal = f"goal {row.goal}: {verdict}" if row.goal else ""
            self.stdout.write(f"{row.what:<{width}}  {row.figure}  {goal}".rstrip())
        judged = [row for row in self.rows if row.met is not None]
        met = sum(row.met for row in judged)
        self.stdout.write(f"{met} met, {len(judged) - met} NOT MET")


def statements_of(request) -> int:
    """The SQL statements ``request()`` runs (a wrapper sees them all, debug or not)."""
    statements = []
    with connection.execute_wrapper(
        lambda execute, sql, *rest: statements.append(sql) or execute(sql, *rest)
    ):
        request()
    return len(statements)


def hands(league) -> int:
    from ledger.models import Hand

    return Hand.objects.filter(night__season__league=league).count()


def http_timings(port: int, path: str, headers: dict, n: int) -> tuple[float, float]:
    """p50 and p95 in ms of ``n`` GETs, each on a new connection as a phone's would be."""
    timings = []
    for _ in range(n):
        start = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status in (200, 304), (path, response.status)
    timings.sort()
    return statistics.median(timings), timings[round(0.95 * (n - 1))]


def summary(timings: list[float]) -> tuple[float, float]:
    """(p50, p95) of request times in ms."""
    timings = sorted(timings)
    return statistics.median(timings), timings[round(0.95 * (len(timings) - 1))]


def run_wrk(port: int, path: str, headers: dict) -> float:
    command = [shutil.which("wrk"), "-t2", "-c16", "-d5s"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    run = subprocess.run(
        [*command, f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, timeout=60
    )
    for line in run.stdout.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1])
    raise CommandError(f"wrk printed no rate: {run.stdout[-200:]}")
