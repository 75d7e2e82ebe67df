"""Keeping the tallies (``PlayerNight``, ``WinTally``, ``PairNight``) in step with the hands
that stand.

A hand adds its players' nets and counts; its void takes them away again. ``Changes``
gathers what many hands do and applies it with a statement a table that inserts or
increments, without reading the rows first.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import connection
from django.db.models import Case, Sum, Value, When

from ledger.models import (
    Entry,
    HandPlayer,
    PairNight,
    PlayerNight,
    Transaction,
    WinTally,
    voided,
)
from ledger.rules import WIN_RESULTS
from ledger.services.writes import Writes


class Changes:
    """What some hands (sign 1) or their voids (sign -1) do to the tallies."""

    def __init__(self) -> None:
        # (player, night, season) -> counters, with the wins by kind beside them
        self.players: dict[tuple, Counter] = defaultdict(Counter)
        self.best: dict[tuple, int] = {}  # (player, night, season) -> most won on one hand
        self.pairs: dict[tuple, Counter] = defaultdict(Counter)  # (player, other, night, season)
        self.rebest: set[tuple[int, int]] = set()  # (night, player): best hand to look up again

    def add(self, hand, seats: Iterable[HandPlayer], entries: Iterable[Entry], sign: int = 1):
        seats, entries = list(seats), list(entries)
        night, season = hand.night_id, hand.night.season_id
        won = hand.result in WIN_RESULTS
        for seat in seats:
            delta = self.players[seat.player_id, night, season]
            delta["hands"] += sign
            if seat.points is not None:
                delta["points"] += sign * seat.points
                delta["points_hands"] += sign
            if seat.role == "winner" and won:
                delta[hand.result] += sign
            elif seat.role == "caught":
                delta["caught"] += sign
            elif seat.role == "catcher":
                delta["catches"] += sign
            for other in seats:
                if other.player_id == seat.player_id:
                    continue
                pair = self.pairs[seat.player_id, other.player_id, night, season]
                pair["hands"] += sign
                if seat.role == "winner" and won and other.role != "winner":
                    pair["wins"] += sign
                if seat.role == "catcher" and other.role == "caught":
                    pair["catches"] += sign
        nets: Counter = Counter()
        for entry in entries:
            nets[entry.player_id] += entry.amount
            self.players[entry.player_id, night, season]["net"] += sign * entry.amount
            self.pairs[entry.player_id, entry.counterparty_id, night, season]["net"] += (
                sign * entry.amount
            )
        for player, net in nets.items():
            if sign > 0:
                key = (player, night, season)
                self.best[key] = max(self.best.get(key, 0), net)
            elif net > 0:  # the night's best hand may have been this one
                self.rebest.add((night, player))
        return self

    def apply(self, writes: Writes | None = None) -> None:
        """Add the changes, with ``writes`` if given (they are sent when it runs)."""
        pending = writes or Writes()
        counters = PlayerNight.COUNTERS
        increment(
            PlayerNight,
            ["player_id", "night_id"],
            list(counters),
            [
                (p, n, s, *(delta.get(name, 0) for name in counters), self.best.get((p, n, s), 0))
                for (p, n, s), delta in self.players.items()
            ],
            maxima=["best_hand"],
            writes=pending,
        )
        wins = [
            (p, n, kind, s, delta[kind])
            for (p, n, s), delta in self.players.items()
            for kind in WIN_RESULTS
            if delta.get(kind)
        ]
        increment(WinTally, ["player_id", "night_id", "kind"], ["count"], wins, writes=pending)
        increment(
            PairNight,
            ["player_id", "counterparty_id", "night_id"],
            list(PairNight.COUNTERS),
            [
                (*key[:3], key[3], *(delta.get(name, 0) for name in PairNight.COUNTERS))
                for key, delta in self.pairs.items()
                if any(delta.values())
            ],
            writes=pending,
        )
        if writes is None or self.rebest:  # the best hands are read again from what is written
            pending.run()
        for night in {night for night, _ in self.rebest}:
            refresh_best_hands(night, [p for n, p in self.rebest if n == night])


def refresh_best_hands(night: int, players: list[int]) -> None:
    """Look up again the most each player won on one standing hand of the night (after a
    void took one away): one query and one statement."""
    best = dict.fromkeys(players, 0)
    rows = (
        Entry.objects.filter(
            transaction__night=night, transaction__kind=Transaction.Kind.HAND, player__in=players
        )
        .exclude(voided("transaction__hand"))
        .values_list("player", "transaction")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    for player, _, net in rows:
        best[player] = max(best[player], net)
    PlayerNight.objects.filter(night=night, player__in=players).update(
        best_hand=Case(*(When(player=p, then=Value(b)) for p, b in best.items()), default=0)
    )


def increment(
    model,
    key: list[str],
    counters: list[str],
    rows: list[tuple],
    batch=500,
    maxima=(),
    writes: Writes | None = None,
) -> None:
    """Insert ``rows`` (the key's columns, ``season_id`` unless the key has it, the
    counters, then the maxima); where the key exists already, add the counters to that
    row and keep the larger of each maximum instead.

    Sent at once, or with ``writes`` when it runs.

    ``INSERT ... ON CONFLICT (key) DO UPDATE SET n = n + excluded.n``, the same on
    SQLite and PostgreSQL; ``key`` is the model's unique constraint.
    """
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = [*key, *([] if "season_id" in key else ["season_id"]), *counters, *maxima]
    values = "(" + ", ".join(["%s"] * len(columns)) + ")"
    updates = [f"{quote(c)} = {table}.{quote(c)} + excluded.{quote(c)}" for c in counters]
    updates += [
        f"{quote(m)} = CASE WHEN excluded.{quote(m)} > {table}.{quote(m)} "
        f"THEN excluded.{quote(m)} ELSE {table}.{quote(m)} END"
        for m in maxima
    ]
    pending = writes or Writes()
    for start in range(0, len(rows), batch):
        chunk = rows[start : start + batch]
        pending.add(
            f"INSERT INTO {table} ({', '.join(map(quote, columns))}) "
            f"VALUES {', '.join([values] * len(chunk))} "
            f"ON CONFLICT ({', '.join(map(quote, key))}) DO UPDATE SET {', '.join(updates)}",
            [value for row in chunk for value in row],
        )
    if writes is None:
        pending.run()
