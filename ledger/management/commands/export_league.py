"""``manage.py export_league SLUG``: the whole league as one JSON document on standard output."""

import json

from django.core.management.base import BaseCommand, CommandError

from ledger.models import League
from ledger.tooling.exchange import export_league


class Command(BaseCommand):
    help = "Write a league (players, seasons, nights, hands, voids, corrections) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", help="write to this file instead of standard output")

    def handle(self, *args, **options):
        league = League.objects.filter(slug=options["slug"]).first()
        if league is None:
            raise CommandError(f"no league has the address {options['slug']!r}", returncode=2)
        text = json.dumps(export_league(league), ensure_ascii=False, indent=1)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
