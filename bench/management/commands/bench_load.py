"""``manage.py bench_load``: the most live tables the app serves on this machine, under
gunicorn as ``deploy/gunicorn.conf.py`` runs it, with p95 under 200 ms for polls and saves
and no error (``bench/load.py`` says what a table does, ``bench/machine.py`` what the
machine was doing meanwhile)."""

from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings

from bench import machine, server
from bench.load import GOAL_MS, confirmed, drive
from bench.tables import live_tables, retire_tables
from ledger.tooling.planner import refresh_planner_statistics

START, STEP = 200, 50  # the search's first size, and how close it comes
RETRIES = 2  # a step the machine was too busy for is run again, this many times at most


def capacity(
    seconds: float, sizes: list[int] | None = None, say=print, env=None, analysed: bool = True
):
    """(the largest T that met the goal, twice when searched, and its last run) trying
    ``sizes``, or searching for it;
    ``env`` changes the server's configuration. ``analysed`` False leaves the planner's
    statistics as a new deployment's first night finds them."""
    say(f"  on {machine.describe()}; {server.configured(env)}")

    def try_tables(count: int):
        with override_settings(
            ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
        ):
            tables, keeper = live_tables(count)
        if analysed:
            refresh_planner_statistics()  # as autovacuum would after that many new rows
        for _ in range(1 + RETRIES):
            run = drive(port, tables, keeper, seconds, process.pid)
            verdict = ("met    " if run.ok else "NOT MET") if run.counts else "IGNORED"
            say(f"{verdict}  {run.summary()}")
            if run.counts:
                break
        return run

    with server.gunicorn_process(workers=None, env=env) as (process, port):
        try:
            if sizes:
                runs = [try_tables(count) for count in sizes]
                good = max((run.tables for run in runs if run.ok), default=0)
            else:
                good, runs = confirmed(try_tables, start=START, step=STEP)
        finally:
            retire_tables()
    best = next((run for run in reversed(runs) if run.tables == good and run.ok), None)
    return good, best


class Command(BaseCommand):
    help = f"Find the most live tables served with p95 < {GOAL_MS:.0f} ms and no error."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=float, default=60, help="per step, after warm-up")
        parser.add_argument("--tables", type=int, nargs="*", help="try these sizes only")
        parser.add_argument("--workers", help="gunicorn workers (default: the deploy's)")
        parser.add_argument("--worker-class", help="gunicorn's worker class")
        parser.add_argument("--threads", help="threads per gthread worker")
        parser.add_argument(
            "--as-migrated", action="store_true", help="no ANALYZE: a new deployment's first night"
        )

    def handle(self, *args, **options):
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
        )
        self.stdout.write(f"live tables: {good}")
