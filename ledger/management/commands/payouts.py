"""``manage.py payouts FILE``: score one hand (or an array of hands) given as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError

from ledger.management.jsoninput import read_json
from ledger.rules import RulesError, score_json, score_night_json


class Command(BaseCommand):
    help = "Score hands in the JSON form of docs/rules.md section 6 and print who pays whom."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a JSON file holding one hand or an array of hands; - for stdin"
        )

    def handle(self, *args, **options):
        document = read_json(options["file"])
        try:
            if isinstance(document, list):  # a night, in playing order
                results = score_night_json(document)
            else:
                results = score_json(document)
        except RulesError as exc:
            raise CommandError(str(exc), returncode=2) from None
        self.stdout.write(json.dumps(results, ensure_ascii=False))
