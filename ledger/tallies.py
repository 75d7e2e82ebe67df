"""Keeping ``PlayerNight`` tallies in step with the hands that stand.

A hand adds its players' nets and counts; its void takes them away again.
``add`` applies many hands' changes with one read and one upsert.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db.models import Count, Q, Sum

from ledger.models import Entry, HandPlayer, PairNight, PlayerNight, Transaction

WIN_KINDS = ("deal_tonk", "drop_won", "tonk_out", "discard_out", "stock_out")
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
        if seat.role == "winner" and hand.result in WIN_KINDS:
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
    """Apply pair changes: one read, one upsert."""
    deltas = {key: amount for key, amount in deltas.items() if amount}
    if not deltas:
        return
    nights = {night for _, _, night, _ in deltas}
    players = {player for player, _, _, _ in deltas}
    existing = {
        (t.player_id, t.counterparty_id, t.night_id): t
        for t in PairNight.objects.filter(night__in=nights, player__in=players)
    }
    rows = []
    for (player, other, night, season), amount in deltas.items():
        row = existing.get((player, other, night)) or PairNight(
            player_id=player, counterparty_id=other, night_id=night, season_id=season
        )
        row.net += amount
        rows.append(row)
    PairNight.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["player", "counterparty", "night"],
        update_fields=["net"],
        batch_size=2000,
    )


def recomputed_pairs() -> dict[tuple[int, int, int], int]:
    """Pair tallies worked out afresh from the entries, for the audit (one query)."""
    rows = (
        Entry.objects.from_hands()
        .values_list("player", "counterparty", "transaction__night")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    return {(player, other, night): net for player, other, night, net in rows if net}


def merge(into: dict[Key, Counter], more: dict[Key, Counter]) -> dict[Key, Counter]:
    for key, delta in more.items():
        into.setdefault(key, Counter()).update(delta)
    return into


def add(deltas: dict[Key, Counter]) -> None:
    """Apply the changes: one query to read the rows concerned, one to write them back."""
    if not deltas:
        return
    players = {player for player, _, _ in deltas}
    nights = {night for _, night, _ in deltas}
    existing = {
        (t.player_id, t.night_id): t
        for t in PlayerNight.objects.filter(player__in=players, night__in=nights)
    }
    rows = []
    for (player, night, season), delta in deltas.items():
        row = existing.get((player, night)) or PlayerNight(
            player_id=player, night_id=night, season_id=season
        )
        for name in PlayerNight.COUNTERS:
            setattr(row, name, getattr(row, name) + delta.get(name, 0))
        rows.append(row)
    PlayerNight.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["player", "night"],
        update_fields=list(PlayerNight.COUNTERS),
        batch_size=2000,
    )


def recomputed(**scope) -> dict[tuple[int, int], dict[str, int]]:
    """Tallies worked out afresh from the hands and entries, for the audit (two queries)."""
    voided = Q(hand__transactions__kind=Transaction.Kind.VOID)
    counts = (
        HandPlayer.objects.filter(**scope)
        .exclude(voided)
        .values("player", "hand__night")
        .annotate(
            hands=Count("id"),
            caught=Count("id", filter=Q(role="caught")),
            catches=Count("id", filter=Q(role="catcher")),
            **{kind: Count("id", filter=Q(role="winner", hand__result=kind)) for kind in WIN_KINDS},
        )
        .order_by()
    )
    result: dict[tuple[int, int], dict[str, int]] = {}
    for row in counts:
        key = (row.pop("player"), row.pop("hand__night"))
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
