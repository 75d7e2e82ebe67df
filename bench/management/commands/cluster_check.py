"""``manage.py cluster_check``: two app hosts on one PostgreSQL behind Caddy, one killed
halfway; no hand lost or doubled, and no phone refused once the proxy took it out."""

import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.test import override_settings

from bench.cluster import check
from bench.tables import live_tables, retire_tables


class Command(BaseCommand):
    help = "Two app hosts behind Caddy on one PostgreSQL, one killed halfway."

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=30)  # one host carries them all
        parser.add_argument(
            "--seconds",
            type=float,
            help="40 by default; 60 with --events, so that a phone the kill cut, back after "
            "the doorbell's longest retry (20 s), still hears hands on the host left",
        )
        parser.add_argument(
            "--events", action="store_true", help="phones on event streams, a doorbell per host"
        )

    def handle(self, *args, **options):
        with override_settings(
            ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
        ):
            tables, keeper = live_tables(options["tables"])
        try:
            with tempfile.TemporaryDirectory(prefix="tonk-cluster-") as home:
                ok = check(
                    tables,
                    keeper,
                    options["seconds"] or (60 if options["events"] else 40),
                    Path(home),
                    self.stdout.write,
                    options["events"],
                )
        finally:
            retire_tables()
        if not ok:
            raise CommandError("the two-host check was not met")
