"""Model instances read by a statement written once, for the save's path, where building
the query and its objects with the ORM cost more CPU than the database spent answering it
(``make bench-profile``: the seated players' query took 2.3 ms, 0.2 ms of it the database).

A ``Part`` is one model's columns under an alias. Its columns go into the statement's
SELECT in order, and ``Part.take`` builds the instance from its share of a row with the
converters the ORM itself would run (SQLite's dates and booleans, JSON fields), so the
object is the one ``QuerySet`` would have made.
"""

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, TypeVar, cast

from django.db import connection
from django.db.models import Field, Model
from django.db.models.expressions import Col

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Part(Generic[M]):
    model: type[M]
    alias: str

    @cached_property
    def fields(self) -> list[Field]:
        return list(self.model._meta.concrete_fields)

    @cached_property
    def width(self) -> int:
        return len(self.fields)

    @cached_property
    def table(self) -> str:
        return f"{connection.ops.quote_name(self.model._meta.db_table)} {self.alias}"

    def column(self, name: str) -> str:
        """``alias."column"`` of a field by its name ("night" is night_id)."""
        (field,) = (field for field in self.fields if field.name == name)
        return f"{self.alias}.{connection.ops.quote_name(cast(str, field.column))}"  # concrete

    @cached_property
    def columns(self) -> str:
        return ", ".join(self.column(field.name) for field in self.fields)

    @cached_property
    def _converters(self) -> list[tuple[int, list, Col]]:
        found = []
        for index, field in enumerate(self.fields):
            column = field.get_col(self.alias)
            converters = connection.ops.get_db_converters(column) + field.get_db_converters(
                connection
            )
            if converters:
                found.append((index, converters, column))
        return found

    def take(self, row: tuple, start: int) -> M:
        """The instance in ``row[start:start + width]``."""
        values = list(row[start : start + self.width])
        for index, converters, column in self._converters:
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return self.model.from_db(connection.alias, [f.attname for f in self.fields], values)


def fetch(sql: str, params: list) -> list[tuple]:
    """The rows a statement answers, on the default database."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def starts(*parts: Part) -> list[int]:
    """Where each part's columns start in a row that selects them in this order."""
    return [0, *itertools.accumulate(part.width for part in parts)][: len(parts)]
