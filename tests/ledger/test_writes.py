"""The writes a save sends together (``services/writes.py``): one statement on PostgreSQL,
the same rows as one statement each elsewhere."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger.models import Night, Player
from ledger.services import writes as writes_module
from ledger.services.writes import Writes

pytestmark = pytest.mark.django_db


def test_inserts_and_an_update_land_as_bulk_create_and_update_would(league, night):
    batch = Writes()
    batch.insert([Player(league=league, name=f"New {n}") for n in range(3)])
    batch.update(Night.objects.filter(pk=night.pk), version=night.version + 5)
    assert not Player.objects.filter(name__startswith="New").exists(), "nothing sent yet"
    with CaptureQueriesContext(connection) as sent:
        batch.run()
    assert sorted(Player.objects.filter(name__startswith="New").values_list("name", flat=True)) == [
        "New 0",
        "New 1",
        "New 2",
    ]
    assert Night.objects.get(pk=night.pk).version == night.version + 5
    assert len(sent) == (1 if connection.vendor == "postgresql" else 2)
    assert not batch.pending, "a batch runs once"


def test_a_batch_past_the_parameter_limit_is_sent_in_parts(league, monkeypatch):
    monkeypatch.setattr(writes_module, "PARAMETERS", 4)
    batch = Writes()
    for n in range(3):
        batch.add(
            f"UPDATE {Player._meta.db_table} SET name = %s WHERE league_id = %s AND name = %s",
            [f"Renamed {n}", league.pk, "nobody"],
        )
    groups = list(writes_module._groups(batch.pending))
    assert [len(group) for group in groups] == [1, 1, 1]
    batch.add(f"UPDATE {Player._meta.db_table} SET name = name WHERE id = %s", [0])
    assert [len(g) for g in writes_module._groups(batch.pending)] == [1, 1, 2]
    batch.run()
