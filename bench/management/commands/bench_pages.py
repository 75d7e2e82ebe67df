"""``manage.py bench_pages``: p50/p95 server time and queries of each read page."""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Count
from django.test import Client, override_settings

from bench.pages import GOALS_MS, owner_of, pages, posted, time_page
from ledger.models import Hand, League

GOAL_MS = 150


class Command(BaseCommand):
    help = "Time the read pages on the biggest league in the database."

    def add_arguments(self, parser):
        parser.add_argument("--repeat", type=int, default=30)

    def handle(self, *args, **options):
        league = League.objects.annotate(n=Count("seasons__nights__hands")).order_by("-n").first()
        if league is None:
            raise CommandError("no league: run seed_demo first", returncode=2)
        hands = Hand.objects.filter(night__season__league=league).count()
        self.stdout.write(f"{league.name}: {hands} hands, {connection.vendor}")
        met = 0
        with override_settings(
            ALLOWED_HOSTS=["testserver"], DEBUG=False, SECURE_SSL_REDIRECT=False
        ):
            client = Client()
            client.force_login(owner_of(league))
            data = posted(league)
            for name, url in pages(league).items():
                timing = time_page(client, name, url, options["repeat"], data.get(name))
                goal = GOALS_MS.get(name, GOAL_MS)
                verdict = "met" if timing.p95 < goal else "NOT MET"
                met += verdict == "met"
                self.stdout.write(
                    f"{name:24} p50 {timing.p50:6.1f} ms  p95 {timing.p95:6.1f} ms  "
                    f"{timing.queries:2} queries  (goal p95 < {goal} ms: {verdict})"
                )
        self.stdout.write(f"{met} met, {len(pages(league)) - met} NOT MET")
