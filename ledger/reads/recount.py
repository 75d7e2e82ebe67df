"""The standings' read models worked out afresh from the hands and entries, for the audit.

``services/tallies.py`` keeps ``PlayerNight``, ``WinTally`` and ``PairNight`` a hand at a time;
``check_ledger`` compares them with what these queries find.
"""

from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from ledger.models import Entry, HandPlayer, PlayerNight, Transaction
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


def pair_tallies() -> dict[tuple[int, int, int], int]:
    """Pair tallies worked out afresh from the entries, for the audit (one query)."""
    rows = (
        Entry.objects.from_hands()
        .values_list("player", "counterparty", "transaction__night")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    return {(player, other, night): net for player, other, night, net in rows if net}
