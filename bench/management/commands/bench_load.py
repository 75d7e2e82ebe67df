"""``manage.py bench_load``: the most live tables gunicorn (2 workers) serves with p95 under
200 ms for polls and saves and no error (``bench/load.py`` says what a table does)."""

from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings

from bench import server
from bench.load import GOAL_MS, drive, largest
from bench.tables import live_tables, retire_tables


def capacity(seconds: float, sizes: list[int] | None = None, say=print):
    """(the largest T that met the goal, its run) trying ``sizes``, or searching for it."""

    def try_tables(count: int):
        with override_settings(
            ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
        ):
            tables, keeper = live_tables(count)
        run = drive(port, tables, keeper, seconds)
        say(("met    " if run.ok else "NOT MET") + "  " + run.summary())
        return run

    with server.gunicorn() as port:
        try:
            if sizes:
                runs = [try_tables(count) for count in sizes]
                good = max((run.tables for run in runs if run.ok), default=0)
            else:
                good, runs = largest(try_tables)
        finally:
            retire_tables()
    best = next((run for run in runs if run.tables == good and run.ok), None)
    return good, best


class Command(BaseCommand):
    help = f"Find the most live tables served with p95 < {GOAL_MS:.0f} ms and no error."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=float, default=50, help="per run")
        parser.add_argument("--tables", type=int, nargs="*", help="try these sizes only")

    def handle(self, *args, **options):
        if not options["tables"] and options["seconds"] < 45:
            raise CommandError("a run shorter than 45 s misses saves: --seconds 45 or more")
        good, _ = capacity(options["seconds"], options["tables"], self.stdout.write)
        self.stdout.write(f"live tables: {good}")
