"""``manage.py settle FILE``: the fewest payments that settle a group's balances."""

import json

from django.core.management.base import BaseCommand, CommandError

from ledger.management.jsoninput import read_json
from ledger.rules.settle import SettleError, settle


def settle_json(document: object) -> dict:
    """``{"balances": {...}, "unit": 25}`` to ``{"transfers": [...], "minimal": ...}``."""
    if not isinstance(document, dict) or not isinstance(document.get("balances"), dict):
        raise SettleError('expected an object like {"balances": {"Croaker": 350, "Goblin": -350}}')
    unknown = sorted(set(document) - {"balances", "unit"})
    if unknown:
        raise SettleError(f"unknown field {unknown[0]!r}: only balances and unit")
    plan = settle(document["balances"], unit=document.get("unit", 1))
    result = {
        "transfers": [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in plan.transfers],
        "minimal": plan.minimal,
    }
    if "unit" in document:
        result["rounding"] = plan.rounding
    return result


class Command(BaseCommand):
    help = "Settle balances (one object or an array) with the fewest payments."

    def add_arguments(self, parser):
        parser.add_argument("file", help='JSON like {"balances": {...}, "unit": 25}; - for stdin')

    def handle(self, *args, **options):
        document = read_json(options["file"])
        try:
            if isinstance(document, list):
                results = []
                for index, group in enumerate(document):
                    try:
                        results.append(settle_json(group))
                    except SettleError as exc:
                        raise SettleError(f"groups[{index}]: {exc}") from None
            else:
                results = settle_json(document)
        except SettleError as exc:
            raise CommandError(str(exc), returncode=2) from None
        self.stdout.write(json.dumps(results, ensure_ascii=False))
