"""Keeping the tallies (``PlayerNight``, ``WinTally``, ``PairNight``) in step with the
hands that stand.

A hand adds its players' nets and counts; its void takes them away again.
``add`` applies many hands' changes with one statement that inserts or increments.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import connection

from ledger.models import Entry, HandPlayer, PairNight, PlayerNight, WinTally
from ledger.rules import WIN_RESULTS

Key = tuple[int, int, int]  # player, night, season


def changes(
    hand, seats: Iterable[HandPlayer], entries: Iterable[Entry], sign: int = 1
) -> dict[Key, Counter]:
    """What one hand (sign 1) or its void (sign -1) does to its players' tallies."""
    night_id, season_id = hand.night_id, hand.night.season_id
    deltas: dict[Key, Counter] = defaultdict(Counter)
    for seat in seats:
        delta = deltas[seat.player_id, night_id, season_id]
        delta["hands"] += sign
        if seat.points is not None:
            delta["points"] += sign * seat.points
            delta["points_hands"] += sign
        if seat.role == "winner" and hand.result in WIN_RESULTS:
            delta[hand.result] += sign
        elif seat.role == "caught":
            delta["caught"] += sign
        elif seat.role == "catcher":
            delta["catches"] += sign
    for entry in entries:
        deltas[entry.player_id, night_id, season_id]["net"] += sign * entry.amount
    return deltas


def pair_changes(
    hand, entries: Iterable[Entry], sign: int = 1
) -> dict[tuple[int, int, int, int], int]:
    """What one hand (or its void) does to what each player won from each other player."""
    deltas: dict[tuple[int, int, int, int], int] = defaultdict(int)
    for entry in entries:
        deltas[entry.player_id, entry.counterparty_id, hand.night_id, hand.night.season_id] += (
            sign * entry.amount
        )
    return deltas


def add_pairs(deltas: dict[tuple[int, int, int, int], int]) -> None:
    """Apply pair changes in one statement, without reading the rows first."""
    rows = [
        (player, other, night, season, amount)
        for (player, other, night, season), amount in deltas.items()
        if amount
    ]
    increment(PairNight, ["player_id", "counterparty_id", "night_id"], ["net"], rows)


def merge(into: dict[Key, Counter], more: dict[Key, Counter]) -> dict[Key, Counter]:
    for key, delta in more.items():
        into.setdefault(key, Counter()).update(delta)
    return into


def add(deltas: dict[Key, Counter]) -> None:
    """Apply the changes in a statement a table, without reading the rows first: the
    counters to ``PlayerNight``, the wins by kind to ``WinTally``."""
    rows = [
        (player, night, season, *(delta.get(name, 0) for name in PlayerNight.COUNTERS))
        for (player, night, season), delta in deltas.items()
    ]
    increment(PlayerNight, ["player_id", "night_id"], list(PlayerNight.COUNTERS), rows)
    wins = [
        (player, night, kind, season, delta[kind])
        for (player, night, season), delta in deltas.items()
        for kind in WIN_RESULTS
        if delta.get(kind)
    ]
    increment(WinTally, ["player_id", "night_id", "kind"], ["count"], wins)


def increment(model, key: list[str], counters: list[str], rows: list[tuple], batch=500) -> None:
    """Insert ``rows`` (the key's columns, ``season_id``, then the counters); where the
    key exists already, add the counters to that row instead.

    ``INSERT ... ON CONFLICT (key) DO UPDATE SET n = n + excluded.n``, the same on
    SQLite and PostgreSQL; ``key`` is the model's unique constraint.
    """
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = [*key, "season_id", *counters]
    values = "(" + ", ".join(["%s"] * len(columns)) + ")"
    updates = ", ".join(f"{quote(c)} = {table}.{quote(c)} + excluded.{quote(c)}" for c in counters)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(map(quote, columns))}) "
                f"VALUES {', '.join([values] * len(chunk))} "
                f"ON CONFLICT ({', '.join(map(quote, key))}) DO UPDATE SET {updates}",
                [value for row in chunk for value in row],
            )
