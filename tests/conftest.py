import re
from contextlib import contextmanager

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connections, transaction
from django.db.backends.signals import connection_created
from django.test import override_settings
from django.utils import translation

from ledger import services
from ledger.models import Entry
from tests.helpers import PLAYERS, black_company, first_night

# Ledger entries are append-only: no UPDATE or DELETE may touch their table
# during the whole suite, on any connection (the concurrency tests use threads).
ENTRY_TABLE = Entry._meta.db_table
WRITES_TO_ENTRIES = re.compile(
    rf'^\s*(UPDATE\s+"?{ENTRY_TABLE}"?\s|DELETE\s+FROM\s+"?{ENTRY_TABLE}"?\s+WHERE)', re.IGNORECASE
)
guard = {"on": False}


class AppendOnlyViolation(AssertionError):
    pass


def refuse_entry_rewrites(execute, sql, params, many, context):
    if guard["on"] and WRITES_TO_ENTRIES.search(sql):
        raise AppendOnlyViolation(f"ledger entries are append-only, but the code ran: {sql}")
    return execute(sql, params, many, context)


def _wrap(connection, **kwargs):
    if refuse_entry_rewrites not in connection.execute_wrappers:
        connection.execute_wrappers.append(refuse_entry_rewrites)


connection_created.connect(_wrap)


def _commit_without_waiting_for_the_disk(sender, connection, **kwargs):
    """Test databases are thrown away: a PostgreSQL commit need not wait for its WAL to
    reach the disk (what other sessions see is the same either way)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO OFF")


connection_created.connect(_commit_without_waiting_for_the_disk)


@pytest.fixture(autouse=True)
def ledger_is_append_only():
    """Armed for each test body; pytest-django's flush between transactional tests is not the app."""
    for connection in connections.all():
        _wrap(connection)
    guard["on"] = True
    yield
    guard["on"] = False


@contextmanager
def corrupting_the_ledger():
    """For tests that corrupt entries on purpose, to see the audit catch it."""
    guard["on"] = False
    try:
        yield
    finally:
        guard["on"] = True


# The suite runs with DEBUG off, as in production, but over plain http: set before any
# server (the browser tests' live server included) builds its middleware.
django_settings.SECURE_SSL_REDIRECT = False
django_settings.SESSION_COOKIE_SECURE = django_settings.CSRF_COOKIE_SECURE = False
django_settings.LANGUAGE_COOKIE_SECURE = False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Before the test database is dropped, end the sessions that threads left open.

    A live server's or a race's thread may still hold a PostgreSQL connection
    (connections are kept for 60 s), and PostgreSQL refuses to drop a database
    in use, which leaves it behind.
    """
    yield
    with django_db_blocker.unblock():
        connection = connections["default"]
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
        connections.close_all()


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = FAST_HASHERS


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test's database starts over with the same ids, so a cache key made of ids (the
    records') could meet the previous test's answer."""
    cache.clear()


@pytest.fixture(autouse=True)
def english_between_tests():
    """A request in Dutch leaves Dutch active in its thread (LocaleMiddleware activates a
    language and nothing deactivates it): the next test would start in Dutch."""
    yield
    translation.deactivate()


@pytest.fixture(scope="module")
def module_db(django_db_setup, django_db_blocker):
    """One transaction around a module's tests, for data they all read, built once as
    Django's ``setUpTestData`` does: each test's own transaction is a savepoint inside it,
    so what a test changes is rolled back alone. Yields a context in which to build it.
    Only for modules whose every test is happy to see that data."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()

    @contextmanager
    def building():
        with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
            yield

    yield building
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user(username="croaker", password="a-long-pass-phrase")


@pytest.fixture
def league(owner):
    return black_company(owner)


@pytest.fixture
def players(league):
    return {name: services.add_player(league=league, name=name) for name in PLAYERS}


@pytest.fixture
def season(league):
    return services.start_season(league=league, name="Winter 2026")


@pytest.fixture
def pushups_night(season, players):
    """Croaker, Goblin, Elmo playing push-ups (the pushups preset) at a stake of 1; Elmo deals."""
    seated = [players["Croaker"], players["Goblin"], players["Elmo"]]
    return services.start_night(
        season=season, players=seated, dealer=players["Elmo"], rules="pushups", stake=1
    )


@pytest.fixture
def night(season, players):
    return first_night(season, players)
