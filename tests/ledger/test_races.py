"""Races that only real concurrency shows: processes on one SQLite file, owners on PostgreSQL,
and the unique names two phones can type at once."""

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import League, Membership, Role
from tests.ledger.test_concurrency import race

ROOT = Path(__file__).resolve().parents[2]
WORKERS, SAVES = 8, 25

SETUP = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from ledger import services
league = services.create_league(name="Racers")
players = [services.add_player(league=league, name=n) for n in ("Croaker", "Goblin", "Elmo")]
season = services.start_season(league=league, name="Now")
print(services.start_night(season=season, players=players, dealer=players[2]).pk)
"""
WORKER = """
import sys, time, django
django.setup()
from ledger import services
from ledger.rows.details import HandDetails
from ledger.models import Night
night = Night.objects.get(pk=int(sys.argv[1]))
seated = services.seated_players(night)
time.sleep(max(0.0, float(sys.argv[3]) - time.time()))  # every process starts at once
for i in range(SAVES):
    details = HandDetails(outcome="tonk_out", winner=seated[i % len(seated)])
    for tap in range(2):  # a double tap: the same request key twice
        try:
            services.record_hand(night=night, key=f"w{sys.argv[2]}-{i}", details=details, acting_user=None)
        except Exception as exc:
            print(f"{type(exc).__name__}: {exc}")
"""


def _python(code: str, *args: str, database: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env |= {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "tonk_tracker.settings",
    }
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code).replace("SAVES", str(SAVES)), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "sqlite").split(":")[0] != "sqlite",
    reason="a SQLite race: the PostgreSQL leg has its own",
)
def test_eight_processes_save_on_sqlite_named_by_database_url(tmp_path):
    database = tmp_path / "race.sqlite3"
    setup = _python(SETUP, database=database)
    out, _ = setup.communicate(timeout=120)
    assert setup.returncode == 0, out
    night_id = out.strip().splitlines()[-1]
    start = str(time.time() + 3)
    workers = [_python(WORKER, night_id, str(w), start, database=database) for w in range(WORKERS)]
    complaints = [w.communicate(timeout=300)[0] for w in workers]
    assert all(w.returncode == 0 for w in workers)
    assert "".join(complaints) == ""  # no "database is locked", no other error
    with sqlite3.connect(database) as db:
        keys = db.execute("SELECT idempotency_key FROM ledger_hand").fetchall()
        numbers = [n for (n,) in db.execute("SELECT number FROM ledger_hand ORDER BY number")]
        total = db.execute("SELECT SUM(amount) FROM ledger_entry").fetchone()[0]
    assert len(keys) == len(set(keys)) == WORKERS * SAVES  # each save recorded once
    assert numbers == list(range(1, WORKERS * SAVES + 1))
    assert total == 0


def two_owners(name: str, users) -> tuple[League, list[Membership]]:
    league = services.create_league(name=name)
    owners = [
        Membership.objects.create(
            league=league, user=users.objects.create_user(username=f"{name}-{i}"), role=Role.OWNER
        )
        for i in range(2)
    ]
    return league, owners


@pytest.mark.django_db(transaction=True)
def test_two_owners_demoting_each_other_at_once_leave_one(django_user_model):
    """On PostgreSQL a ``count()`` of rows selected for update locked nothing: both
    demotions saw two owners and the league was left with none."""
    for round_ in range(50):
        league, owners = two_owners(f"Pair {round_}", django_user_model)
        _, errors = race(
            2, lambda i, owners=owners: services.set_role(membership=owners[i], role="viewer")
        )
        assert [e.code for e in errors] == ["last_owner"], errors
        assert league.memberships.filter(role=Role.OWNER).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_owners_removing_each_other_at_once_leave_one(django_user_model):
    league, owners = two_owners("Pair", django_user_model)
    _, errors = race(2, lambda i: services.remove_member(membership=owners[i]))
    assert [e.code for e in errors] == ["last_owner"]
    assert league.memberships.filter(role=Role.OWNER).count() == 1


@pytest.mark.django_db
def test_a_slug_taken_between_the_look_and_the_insert_gets_the_next(monkeypatch):
    services.create_league(name="Black Company")
    looked = iter(["black-company", "black-company-2"])  # the first look came too early
    monkeypatch.setattr(services.leagues, "_free_slug", lambda base: next(looked))
    assert services.create_league(name="Black Company").slug == "black-company-2"


@pytest.mark.django_db
def test_a_taken_slug_asked_for_is_a_message(monkeypatch):
    services.create_league(name="Black Company")
    with pytest.raises(LedgerError, match="the address 'black-company' is taken"):
        services.create_league(name="Others", slug="black-company")
    assert League.objects.count() == 1


@pytest.mark.django_db
def test_a_name_typed_on_two_phones_at_once_is_a_message(league, monkeypatch):
    services.add_player(league=league, name="Otto")
    monkeypatch.setattr(
        services.players, "_player_name", lambda league, name, exclude=None: name.strip()
    )
    with pytest.raises(LedgerError, match="already has a player called otto"):
        services.add_player(league=league, name="otto")  # the check ran before Otto was saved
    other = services.add_player(league=league, name="Elmo")
    with pytest.raises(LedgerError, match="already has a player called OTTO"):
        services.rename_player(player=other, name="OTTO")
    assert sorted(league.players.values_list("name", flat=True)) == ["Elmo", "Otto"]
