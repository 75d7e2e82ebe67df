"""Writes whose answers nobody reads, sent to the database together at the end of a change.

A hand's save inserts its players and entries, adds to three tallies and moves the
night on: six statements that need nothing back. On PostgreSQL they go as one (each a
data-modifying ``WITH`` of a ``SELECT 1``), which saves five round trips and their
bookkeeping in the app; elsewhere (SQLite, in process) one by one. The statements of
one batch see the same snapshot and may run in any order, so none may depend on
another's rows: what they reference was written before the batch (the hand and its
transaction, which must return their ids).

The SQL comes from Django's own compilers, so each statement is what ``bulk_create`` or
``update`` would have sent.
"""

from typing import cast

from django.db import connection
from django.db.models import Model, QuerySet, sql

PARAMETERS = 30_000  # per statement, well under PostgreSQL's 65,535


class Writes:
    def __init__(self) -> None:
        self.pending: list[tuple[str, tuple | list]] = []

    def add(self, statement: str, params: tuple | list) -> None:
        self.pending.append((statement, params))

    def insert(self, objs: list[Model]) -> None:
        """``bulk_create(objs)`` without asking for their ids back."""
        if not objs:
            return
        opts = objs[0]._meta
        fields = [f for f in opts.concrete_fields if f is not opts.pk and not f.generated]
        keys = [f for f in fields if f.many_to_one]
        for obj in objs:  # a row made before its hand was saved holds the hand, not its id
            for key in keys:
                if getattr(obj, key.attname) is None:  # then reading the row costs no query
                    related = getattr(obj, key.name)
                    if related is not None:
                        setattr(obj, key.attname, related.pk)
        size = connection.ops.bulk_batch_size(fields, objs) or len(objs)
        for start in range(0, len(objs), size):
            query = sql.InsertQuery(type(objs[0]))
            query.insert_values(fields, objs[start : start + size])
            self.pending.extend(query.get_compiler(connection=connection).as_sql())

    def update(self, queryset: QuerySet, **values) -> None:
        """``queryset.update(**values)``, its count unread."""
        query = cast(sql.UpdateQuery, queryset.query.chain(sql.UpdateQuery))
        query.add_update_values(values)
        self.pending.append(query.get_compiler(connection=connection).as_sql())

    def run(self) -> None:
        pending, self.pending = self.pending, []
        with connection.cursor() as cursor:
            if connection.vendor != "postgresql":
                for statement, params in pending:
                    cursor.execute(statement, params)
                return
            for group in _groups(pending):
                if len(group) == 1:
                    cursor.execute(*group[0])
                    continue
                parts = ", ".join(
                    f"w{n} AS ({statement})" for n, (statement, _) in enumerate(group)
                )
                cursor.execute(f"WITH {parts} SELECT 1", [p for _, params in group for p in params])


def _groups(pending: list[tuple[str, tuple | list]]):
    """The statements in runs of at most ``PARAMETERS`` parameters."""
    group: list[tuple[str, tuple | list]] = []
    count = 0
    for statement, params in pending:
        if group and count + len(params) > PARAMETERS:
            yield group
            group, count = [], 0
        group.append((statement, params))
        count += len(params)
    if group:
        yield group
