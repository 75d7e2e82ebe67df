"""Migration 0015 moves each night's wins from PlayerNight's columns into WinTally rows,
and back when it is reversed."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("ledger", "0014_side_bets")]
AFTER = [("ledger", "0015_win_tallies")]


def migrated(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_wins_move_to_a_row_per_kind_and_back():
    apps = migrated(BEFORE)
    league = apps.get_model("ledger", "League").objects.create(name="L", slug="l")
    season = apps.get_model("ledger", "Season").objects.create(league=league, name="S")
    player = apps.get_model("ledger", "Player").objects.create(league=league, name="Goblin")
    night = apps.get_model("ledger", "Night").objects.create(
        season=season, dealer=player, stake=100, date=date(2026, 12, 2), rules="pagat"
    )
    apps.get_model("ledger", "PlayerNight").objects.create(
        player=player, night=night, season=season, net=300, hands=4, drop_won=2, tonk_out=1
    )
    apps = migrated(AFTER)
    wins = apps.get_model("ledger", "WinTally").objects.values_list("kind", "count")
    assert sorted(wins) == [("drop_won", 2), ("tonk_out", 1)]
    assert apps.get_model("ledger", "PlayerNight").objects.get().net == 300
    apps = migrated(BEFORE)
    tally = apps.get_model("ledger", "PlayerNight").objects.get()
    assert (tally.drop_won, tally.tonk_out, tally.deal_tonk) == (2, 1, 0)
    migrated(MigrationExecutor(connection).loader.graph.leaf_nodes())  # as the other tests expect
