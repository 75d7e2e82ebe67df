"""The database's query planner, after loading many rows at once."""

from django.db import connection


def refresh_planner_statistics() -> None:
    """After a bulk load: without fresh statistics PostgreSQL plans a night's page as a
    scan of every entry (until autovacuum's next analyze), SQLite guesses too."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
