"""``manage.py import_league FILE``: load an exported league; nothing is written if it is bad."""

from django.core.management.base import BaseCommand, CommandError

from ledger.management.jsoninput import read_json
from ledger.tooling.exchange import ExchangeError, import_league
from ledger.tooling.planner import refresh_planner_statistics


class Command(BaseCommand):
    help = "Load a league written by export_league (a file, or - for standard input)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        document = read_json(options["file"])
        try:
            league = import_league(document)
        except ExchangeError as exc:
            raise CommandError(str(exc), returncode=2) from None
        refresh_planner_statistics()
        self.stdout.write(f"imported {league.name} ({league.slug})")
