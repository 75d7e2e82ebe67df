"""``manage.py bench_load``: the most live tables the app serves on this machine, under
gunicorn as ``deploy/gunicorn.conf.py`` runs it, with p95 under 200 ms for polls and saves
and no error (``bench/load.py`` says what a table does, ``bench/machine.py`` what the
machine was doing meanwhile). The phones hold event streams to a doorbell beside
gunicorn (``bench/live.py``), and a size also needs every event delivered, within 500 ms
at p95, and every board redrawn within 1 s; with ``--polling`` they poll every 4 s, as
before the doorbell."""

import os
import re
import signal
from contextlib import ExitStack

from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings

from bench import live, machine, server
from bench.load import GOAL_MS, confirmed, drive
from bench.tables import live_tables, retire_tables
from ledger.models import Hand
from ledger.tooling.planner import refresh_planner_statistics

START, STEP = 400, 50  # the search's first size, and how close it comes
RETRIES = 2  # a step the machine was too busy for is run again, this many times at most
# The driver's phones all come from 127.0.0.1: the doorbell's limit per visitor is lifted.
DRIVER_DOORBELL = {"EVENTS_MAX_PER_VISITOR": "100000", "EVENTS_MAX_STREAMS": "100000"}


def capacity(
    seconds: float,
    sizes: list[int] | None = None,
    say=print,
    env=None,
    analysed: bool = True,
    events: bool = True,
    start: int = START,
):
    """(the largest T that met the goal, twice when searched, and its last run) trying
    ``sizes``, or searching for it from ``start``;
    ``env`` changes the server's configuration. ``analysed`` False leaves the planner's
    statistics as a new deployment's first night finds them. ``events``: the phones
    listen to a doorbell instead of polling."""
    how = "; phones on event streams (uvicorn doorbell)" if events else "; phones polling"
    say(f"  on {machine.describe()}; {server.configured(env)}{how}")

    def try_tables(count: int):
        with override_settings(
            ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
        ):
            tables, keeper = live_tables(count)
        if analysed:
            refresh_planner_statistics()  # as autovacuum would after that many new rows
        for _ in range(1 + RETRIES):
            if doorbell:
                groups = (process.pid, doorbell.process.pid)
                run = live.drive(port, doorbell.port, tables, keeper, seconds, groups)
            else:
                run = drive(port, tables, keeper, seconds, process.pid)
            verdict = ("met    " if run.ok else "NOT MET") if run.counts else "IGNORED"
            say(f"{verdict}  {run.summary()}")
            if run.counts:
                break
        return run

    with ExitStack() as running:
        doorbell = events and running.enter_context(server.doorbell(env=DRIVER_DOORBELL))
        app_env = {**(env or {}), **(doorbell.env if doorbell else {})}
        process, port = running.enter_context(server.gunicorn_process(workers=None, env=app_env))
        try:
            if sizes:
                runs = [try_tables(count) for count in sizes]
                good = max((run.tables for run in runs if run.ok), default=0)
            else:
                good, runs = confirmed(try_tables, start=start, step=STEP)
        finally:
            retire_tables()
    best = next((run for run in reversed(runs) if run.tables == good and run.ok), None)
    return good, best


def hands_at(tables) -> dict[int, int]:
    """Hands recorded at each table's night, read from the database."""
    nights = [int(re.search(r"/nights/(\d+)/", table.save_path)[1]) for table in tables]
    found = dict.fromkeys(nights, 0)
    for night in Hand.objects.filter(night_id__in=nights).values_list("night_id", flat=True):
        found[night] += 1
    return found


def storm(count: int, seconds: float, say=print) -> bool:
    """``count`` tables on event streams; a quarter into the timed seconds the doorbell is
    restarted (every stream cut at once) and gunicorn reloads its workers (SIGHUP). Met when
    every phone is back and caught up within ``live.STORM_GOAL`` seconds, no answer was a
    5xx, and the database holds every hand the scorekeepers saw recorded, once."""
    say(f"  on {machine.describe()}; {server.configured()}; reconnect storm")
    with ExitStack() as running:
        doorbell = running.enter_context(server.doorbell(env=DRIVER_DOORBELL))
        process, port = running.enter_context(
            server.gunicorn_process(workers=None, env=doorbell.env)
        )
        try:
            with override_settings(
                ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
            ):
                tables, keeper = live_tables(count)
            before = hands_at(tables)

            def restart():
                os.kill(process.pid, signal.SIGHUP)
                doorbell.restart()

            run = live.drive(port, doorbell.port, tables, keeper, seconds, restart=restart)
            after = hands_at(tables)
        finally:
            retire_tables()
    added = [after[night] - before[night] for night in before]
    kept = sum(min(a, r) for a, r in zip(added, run.recorded, strict=True))
    extra = sum(max(0, a - r) for a, r in zip(added, run.recorded, strict=True))
    missing = sum(run.recorded) - kept
    fives = sum(n for what, n in run.errors.items() if what.startswith("HTTP 5"))
    met = (
        run.cut > 0
        and not run.not_back
        and run.back_within <= live.STORM_GOAL
        and not fives
        and not missing
        and not extra
    )
    say(("met    " if met else "NOT MET") + "  " + run.storm_line())
    say(
        f"    hands: {sum(run.recorded)} recorded as the scorekeepers saw it, "
        f"{sum(added)} in the database ({missing} lost, {extra} doubled); "
        f"errors {dict(run.errors) or 0}"
    )
    return met


class Command(BaseCommand):
    help = (
        f"Find the most live tables served with p95 < {GOAL_MS:.0f} ms, no error, and every "
        "event delivered."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=float, default=60, help="per step, after warm-up")
        parser.add_argument("--tables", type=int, nargs="*", help="try these sizes only")
        parser.add_argument("--workers", help="gunicorn workers (default: the deploy's)")
        parser.add_argument("--worker-class", help="gunicorn's worker class")
        parser.add_argument("--threads", help="threads per gthread worker")
        parser.add_argument(
            "--as-migrated", action="store_true", help="no ANALYZE: a new deployment's first night"
        )
        parser.add_argument(
            "--polling", action="store_true", help="phones poll every 4 s, with no streams"
        )
        parser.add_argument("--start", type=int, default=START, help="the search's first size")
        parser.add_argument(
            "--storm", type=int, metavar="TABLES", help="a reconnect storm at this many tables"
        )

    def handle(self, *args, **options):
        if options["storm"]:
            if not storm(options["storm"], options["seconds"], self.stdout.write):
                raise CommandError("the reconnect storm did not meet its goal")
            return
        if not options["tables"] and options["seconds"] < 45:
            raise CommandError("a run shorter than 45 s misses saves: --seconds 45 or more")
        knobs = {"workers": "TONK_WORKERS", "worker_class": "TONK_WORKER_CLASS"}
        knobs["threads"] = "TONK_THREADS"
        env = {name: options[key] for key, name in knobs.items() if options[key]}
        good, _ = capacity(
            options["seconds"],
            options["tables"],
            self.stdout.write,
            env,
            not options["as_migrated"],
            not options["polling"],
            options["start"],
        )
        self.stdout.write(f"live tables: {good}")
