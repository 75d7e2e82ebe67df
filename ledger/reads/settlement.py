"""Settling up a night or a season: what is still owed, the fewest payments, and the
plain "who won what from whom" view that lets people trace the plan.
"""

import heapq
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
    pair_nets: dict[tuple[int, int], int] = field(default_factory=dict)  # winner, loser ids
    people: dict[int, Player] = field(default_factory=dict)  # everyone named, by id
    payments: list[tuple[Transaction, Player, Player, int]] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        return not self.plan.transfers

    @cached_property
    def by_name(self) -> dict[str, Player]:
        return {p.name: p for p in self.owed} | {p.name: p for p in self.won}

    @cached_property
    def pairs(self) -> list[PairNet]:
        """Every pair that netted anything, the biggest first."""
        return self.top_pairs(len(self.pair_nets))

    def top_pairs(self, count: int) -> list[PairNet]:
        """The ``count`` biggest pairs, without sorting them all (a big season has thousands)."""
        name = {pk: player.name for pk, player in self.people.items()}
        biggest = heapq.nsmallest(
            count, self.pair_nets.items(), key=lambda kv: (-kv[1], name[kv[0][0]], name[kv[0][1]])
        )
        people = self.people
        return [PairNet(people[a], people[b], amount) for (a, b), amount in biggest]

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
        .filter(total__gt=0)  # each pair once: the winner's side
        .order_by()
    )
    return {(player, other): total for player, other, total in rows}


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
        pair_nets=pair_ids,
        people=players,
        # The payer's entry is the positive one: paying brings their debt up towards zero.
        payments=[
            (e.transaction, players[e.player_id], players[e.counterparty_id], e.amount)
            for e in payment_rows
        ],
    )
