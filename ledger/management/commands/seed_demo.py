"""``manage.py seed_demo``: generate a realistic league to look at or to benchmark."""

import secrets
import time

from django.core.management.base import BaseCommand, CommandError

from ledger.models import Hand
from ledger.tooling.demo import DemoLeague
from ledger.tooling.planner import refresh_planner_statistics


class Command(BaseCommand):
    help = "Generate a demo league through the services (hands in bulk, the same rows)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=12)
        parser.add_argument("--seasons", type=int, default=2)
        parser.add_argument("--hands", type=int, default=600)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--name", default="Demo League")
        parser.add_argument(
            "--owner", help="the league's owner (created with a random password if missing)"
        )
        parser.add_argument(
            "--if-missing",
            action="store_true",
            help="do nothing if a league of this name exists already",
        )

    def handle(self, *args, **options):
        from ledger.models import League

        if options["if_missing"] and League.objects.filter(name=options["name"]).exists():
            self.stdout.write(f"{options['name']} exists already: no demo generated")
            return
        owner = self._owner(options["owner"]) if options["owner"] else None
        started = time.perf_counter()
        try:
            league = DemoLeague(
                players=options["players"],
                seasons=options["seasons"],
                hands=options["hands"],
                seed=options["seed"],
                name=options["name"],
                owner=owner,
            ).create()
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        refresh_planner_statistics()
        hands = Hand.objects.filter(night__season__league=league).count()
        self.stdout.write(
            f"{league.name} ({league.slug}): {options['players']} players, {options['seasons']} seasons, "
            f"{hands} hands in {time.perf_counter() - started:.1f} s"
        )

    def _owner(self, username: str):
        from django.contrib.auth import get_user_model

        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            password = secrets.token_urlsafe(9)
            user.set_password(password)
            user.save()
            self.stdout.write(f"log in as {username!r} with the password {password!r}")
        return user
