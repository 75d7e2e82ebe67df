"""The standings' read models worked out afresh from the hands and entries, for the audit.

``services/tallies.py`` keeps ``PlayerNight``, ``WinTally`` and ``PairNight`` a hand at a
time; ``check_ledger`` compares them with what these queries find.
"""

from collections import defaultdict
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from ledger.models import (
    DropTally,
    Entry,
    Hand,
    HandPlayer,
    PairNight,
    PlayerNight,
    Transaction,
)
from ledger.models import (
    voided as hand_voided,
)
from ledger.rules import WIN_RESULTS


def tallies(**scope: object) -> dict[tuple[int, int], dict[str, int]]:
    """Tallies worked out afresh from the hands and entries, for the audit (two queries)."""
    voided = Q(hand__transactions__kind=Transaction.Kind.VOID)
    counts = (
        HandPlayer.objects.filter(**scope)
        .exclude(voided)
        .values("player", "hand__night")
        .annotate(
            hands=Count("id"),
            # Named apart from the column it sums, which the filter beside it reads.
            pushed=Coalesce(Sum("points"), 0),
            points_hands=Count("id", filter=Q(points__isnull=False)),
            caught=Count("id", filter=Q(role="caught")),
            catches=Count("id", filter=Q(role="catcher")),
        )
        .order_by()
    )
    result: dict[tuple[int, int], dict[str, int]] = {}
    for found in counts:
        row: dict[str, Any] = dict(found)
        key = (row.pop("player"), row.pop("hand__night"))
        row["points"] = row.pop("pushed")
        result[key] = {name: row.get(name, 0) for name in PlayerNight.COUNTERS}
    entry_scope = {f"transaction__{k.replace('hand__', '')}": v for k, v in scope.items()}
    nets = (
        Entry.objects.filter(**entry_scope)
        .from_hands()
        .values_list("player", "transaction__night")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    for player, night, net in nets:
        result.setdefault((player, night), dict.fromkeys(PlayerNight.COUNTERS, 0))["net"] = net
    return result


def win_tallies() -> dict[tuple[int, int, str], int]:
    """Wins by kind worked out afresh from the hands, for the audit (one query):
    {(player, night, kind): hands won}."""
    voided = Q(hand__transactions__kind=Transaction.Kind.VOID)
    rows = (
        HandPlayer.objects.filter(role="winner", hand__result__in=WIN_RESULTS)
        .exclude(voided)
        .values_list("player", "hand__night", "hand__result")
        .annotate(won=Count("id"))
        .order_by()
    )
    return {(player, night, kind): won for player, night, kind, won in rows}


def pair_tallies() -> dict[tuple[int, int, int], dict[str, int]]:
    """Pair tallies worked out afresh, for the audit (two queries): {(player, other, night):
    net, hands together, hands won with the other at the table, catches of the other}."""
    result: dict[tuple[int, int, int], dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(PairNight.COUNTERS, 0)
    )
    voided = Q(hand__transactions__kind=Transaction.Kind.VOID)
    seats = (
        HandPlayer.objects.exclude(voided)
        .order_by("hand_id")
        .values_list("hand_id", "hand__night", "hand__result", "player", "role")
    )
    by_hand: dict[int, list[tuple]] = defaultdict(list)
    for row in seats.iterator(chunk_size=5000):
        by_hand[row[0]].append(row)
    for rows in by_hand.values():
        for _, night, kind, player, role in rows:
            for _, _, _, other, other_role in rows:
                if other == player:
                    continue
                pair = result[player, other, night]
                pair["hands"] += 1
                pair["wins"] += role == "winner" and kind in WIN_RESULTS and other_role != "winner"
                pair["catches"] += role == "catcher" and other_role == "caught"
    nets = (
        Entry.objects.from_hands()
        .values_list("player", "counterparty", "transaction__night")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    for player, other, night, net in nets:
        if net:
            result[player, other, night]["net"] = net
    return dict(result)


def best_hands() -> dict[tuple[int, int], int]:
    """The most each player won on one standing hand of each night, for the audit (one
    query): {(player, night): amount}, where they won on some hand."""
    rows = (
        Entry.objects.filter(transaction__kind=Transaction.Kind.HAND)
        .exclude(hand_voided("transaction__hand"))
        .values_list("player", "transaction__night", "transaction")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    best: dict[tuple[int, int], int] = {}
    for player, night, _, net in rows:
        if net > best.get((player, night), 0):
            best[player, night] = net
    return best


def standing_drops(hands: QuerySet[Hand]) -> list[tuple[int, ...]]:
    """(dropper, season, count, drops, won, caught) over the standing drops of ``hands``:
    the drop advisor's tallies are sums of these rows, kept (``services.drops``) or
    counted afresh (``drop_tallies``)."""
    rows = (
        hands.filter(drop_count__isnull=False)
        .exclude(hand_voided())
        .values_list("dropper", "night__season", "drop_count")
        .annotate(
            drops=Count("id"),
            won=Count("id", filter=Q(result="drop_won")),
            caught=Count("id", filter=Q(result="caught")),
        )
        .order_by()
    )
    return [tuple(row) for row in rows]


def drop_tallies() -> dict[tuple[int, int, int], dict[str, int]]:
    """The closed nights' drops by dropper, season and count, afresh (one query)."""
    rows = standing_drops(Hand.objects.filter(night__closed_at__isnull=False))
    return {
        (player, season, count): dict(zip(DropTally.COUNTERS, counters, strict=True))
        for player, season, count, *counters in rows
    }
