"""Settling up a night or a season: what is still owed, the fewest payments, and the
plain "who won what from whom" view that lets people trace the plan.
"""

from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Sum

from ledger.models import Entry, League, Night, PairNight, Player, PlayerNight, Season, Transaction
from ledger.rules.settle import Payment, Plan, settle


@dataclass
class PairNet:
    """Over the hands in scope, ``loser`` lost ``amount`` to ``winner`` (net of both ways)."""

    winner: Player
    loser: Player
    amount: int


@dataclass
class Settlement:
    league: League
    season: Season
    night: Night | None
    won: dict[Player, int]  # over the hands, voids netted out
    owed: dict[Player, int]  # still outstanding, payments counted
    plan: Plan
    pairs: list[PairNet] = field(default_factory=list)
    payments: list[tuple[Transaction, Player, Player, int]] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        return not self.plan.transfers

    @cached_property
    def by_name(self) -> dict[str, Player]:
        return {p.name: p for p in self.owed} | {p.name: p for p in self.won}

    def players(self, payment: Payment) -> tuple[Player, Player]:
        """The two players of a planned payment (the plan knows them by name)."""
        return self.by_name[payment.payer], self.by_name[payment.payee]


def night_settlement(night: Night) -> Settlement:
    entries = Entry.objects.filter(transaction__night=night)
    return _settlement(
        night.season, night, entries, entries.from_hands().balances(), _pairs(night=night)
    )


def season_settlement(season: Season) -> Settlement:
    """A season's winnings come from the players' night tallies, not a pass over every entry."""
    won = (
        PlayerNight.objects.filter(season=season)
        .values_list("player")
        .annotate(net=Sum("net"))
        .order_by()
    )
    entries = Entry.objects.filter(transaction__season=season)
    won_ids = {player: net for player, net in won if net}
    return _settlement(season, None, entries, won_ids, _pairs(season=season))


def _pairs(**scope) -> dict[tuple[int, int], int]:
    """What each player won from each other over the scope, from the pair tallies."""
    rows = (
        PairNight.objects.filter(**scope)
        .values_list("player", "counterparty")
        .annotate(total=Sum("net"))
        .order_by()
    )
    return {(player, other): total for player, other, total in rows if total}


def _settlement(
    season: Season,
    night: Night | None,
    entries,
    won_ids: dict[int, int],
    pair_ids: dict[tuple[int, int], int],
) -> Settlement:
    league = season.league
    paid_ids = entries.filter(transaction__kind=Transaction.Kind.PAYMENT).balances()
    owed_ids = {pk: won_ids.get(pk, 0) + paid_ids.get(pk, 0) for pk in set(won_ids) | set(paid_ids)}
    owed_ids = {pk: amount for pk, amount in owed_ids.items() if amount}
    payment_rows = list(
        entries.filter(transaction__kind=Transaction.Kind.PAYMENT, amount__gt=0)
        .select_related("transaction")
        .order_by("transaction__created_at", "transaction_id")
    )
    ids = set(won_ids) | set(owed_ids) | {p for pair in pair_ids for p in pair}
    ids |= {e.player_id for e in payment_rows} | {e.counterparty_id for e in payment_rows}
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    owed = {
        players[pk]: amount
        for pk, amount in sorted(owed_ids.items(), key=lambda kv: players[kv[0]].name)
    }
    plan = settle({p.name: amount for p, amount in owed.items()}, unit=league.settle_unit)
    pairs = [
        PairNet(winner=players[a], loser=players[b], amount=net)
        for (a, b), net in sorted(pair_ids.items(), key=lambda kv: (-kv[1], players[kv[0][0]].name))
        if net > 0
    ]
    return Settlement(
        league=league,
        season=season,
        night=night,
        won={
            players[pk]: amount
            for pk, amount in sorted(won_ids.items(), key=lambda kv: players[kv[0]].name)
        },
        owed=owed,
        plan=plan,
        pairs=pairs,
        # The payer's entry is the positive one: paying brings their debt up towards zero.
        payments=[
            (e.transaction, players[e.player_id], players[e.counterparty_id], e.amount)
            for e in payment_rows
        ],
    )
