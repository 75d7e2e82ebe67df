"""After a change commits, the doorbells hear it, and the phones watching it look again.

A ring is sent when the transaction commits (never for one rolled back, never before
the change can be read), and a ring that fails costs nothing but the phones' wait: they
poll when no stream tells them (``ledger/doorbell``)."""

from functools import cache

from django.conf import settings
from django.db import transaction

from ledger.doorbell.bus import Publisher


@cache
def _publisher(url: str) -> Publisher:
    return Publisher(url)


def night_changed(night_id: int, version: int = 0) -> None:
    _after_commit(f"n{night_id}", version)


def league_changed(league_id: int) -> None:
    """Every night of the league shows what changed (a name, the time zone)."""
    _after_commit(f"l{league_id}", 0)


def _after_commit(topic: str, version: int) -> None:
    url = settings.EVENTS_BUS
    if url:
        transaction.on_commit(lambda: _publisher(url).send(topic, version), robust=True)
