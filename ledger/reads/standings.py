"""League standings and player statistics, aggregated in SQL.

Only hands that stand count: a voided hand (a corrected one included) drops
out, its correction counts once. Every function issues a fixed number of
queries whatever the number of hands.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Max, Min, Q, Sum

from ledger.models import (
    Entry,
    League,
    Night,
    Player,
    PlayerNight,
    Season,
    Transaction,
    WinTally,
    voided,
)
from ledger.rules import WIN_RESULTS


@dataclass
class Standing:
    player_id: int
    name: str
    net: int = 0
    nights: int = 0
    hands: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_RESULTS, 0))
    caught: int = 0
    catches: int = 0
    best_night: int | None = None
    worst_night: int | None = None
    points: int = 0  # push-ups points, over the hands played for them
    points_hands: int = 0
    rank: int = 0

    @property
    def net_per_hand(self) -> int | None:
        """In the minor unit, rounded to the nearest (a half away from zero: -41.7 cents is
        -42, 2.5 is 3), integers all the way; None before the first hand. The standings'
        caption says so."""
        if not self.hands:
            return None
        per_hand = (2 * abs(self.net) + self.hands) // (2 * self.hands)
        return -per_hand if self.net < 0 else per_hand

    @property
    def points_per_hand(self) -> int | None:
        """Push-ups points per hand played for them, in tenths rounded half up (123 for
        12.3, which each language writes its own way); None if none."""
        if not self.points_hands:
            return None
        return (20 * self.points + self.points_hands) // (2 * self.points_hands)


@dataclass
class Standings:
    league: League
    season: Season | None  # None: all time
    rows: list[Standing]
    total: int  # the sum of every net, from the database: must be zero

    @property
    def balanced(self) -> bool:
        return self.total == 0

    @property
    def pushups(self) -> bool:
        """Some hands were played for push-ups points: the table shows them too."""
        return any(row.points_hands for row in self.rows)


def standings(league: League, season: Season | None = None) -> Standings:
    """Three queries: the players' rows (two) and the total of every net from the ledger."""
    rows = standing_rows(league, season)
    return Standings(league=league, season=season, rows=rows, total=ledger_total(league, season))


def standing_rows(league: League, season: Season | None = None) -> list[Standing]:
    """The players ranked, without the ledger's total (which a player's page does not show
    and costs the most): two queries, the players' tallies summed and their wins by kind
    summed. The wins are a query of their own: read beside the tallies as correlated
    subqueries they were grouped on, so ran once per tally row (10 s for the all-time
    standings of 100,000 hands on SQLite, against 50 ms)."""
    scope = {"season": season} if season else {"season__league": league}
    tallies = PlayerNight.objects.filter(**scope)
    wins: dict[int, dict[str, int]] = defaultdict(dict)
    counted = WinTally.objects.filter(**scope).values_list("player", "kind")
    for player, kind, count in counted.annotate(n=Sum("count")).order_by():
        wins[player][kind] = count

    played = Q(hands__gt=0)
    sums = (
        tallies.values("player", "player__name")
        .annotate(
            # Annotations named apart from the fields they sum, which Max and Min read.
            total_net=Sum("net"),
            total_hands=Sum("hands"),
            nights=Count("id", filter=played),
            total_caught=Sum("caught"),
            total_catches=Sum("catches"),
            best=Max("net", filter=played),
            worst=Min("net", filter=played),
            total_points=Sum("points"),
            total_points_hands=Sum("points_hands"),
        )
        .filter(total_hands__gt=0)
        .order_by()
    )
    rows = [
        Standing(
            player_id=row["player"],
            name=row["player__name"],
            net=row["total_net"],
            nights=row["nights"],
            hands=row["total_hands"],
            wins={kind: wins[row["player"]].get(kind, 0) for kind in WIN_RESULTS},
            caught=row["total_caught"],
            catches=row["total_catches"],
            best_night=row["best"],
            worst_night=row["worst"],
            points=row["total_points"],
            points_hands=row["total_points_hands"],
        )
        for row in sums
    ]
    rows.sort(key=lambda r: (-r.net, r.name.lower()))
    for index, row in enumerate(rows):
        # Equal nets share a rank.
        row.rank = rows[index - 1].rank if index and rows[index - 1].net == row.net else index + 1
    return rows


def ledger_total(league: League, season: Season | None) -> int:
    """What the nets sum to: the players' night tallies of the open season (kept by the
    transaction that writes each hand, as the rows are), and the total each closed season
    closed with, summed from its entries then. Summing the entries again on each view cost
    110 ms at 20,000 hands; ``check_ledger`` compares the tallies with the entries, so damage
    to either is found there, and damage to a tally shows here at once."""
    open_total = PlayerNight.objects.filter(season__closed_at__isnull=True)
    if season is not None:
        if season.closed_at is not None:
            return season.hands_total or 0
        return open_total.filter(season=season).aggregate(total=Sum("net"))["total"] or 0
    closed = league.seasons.filter(closed_at__isnull=False).aggregate(total=Sum("hands_total"))
    open_seasons = open_total.filter(season__league=league).aggregate(total=Sum("net"))
    return (closed["total"] or 0) + (open_seasons["total"] or 0)


@dataclass
class NightLine:
    night: Night
    net: int
    hands: int


def player_nights(player: Player, season: Season | None) -> list[NightLine]:
    """The player's nights in order, with their net and the hands that stood (one query)."""
    tallies = PlayerNight.objects.filter(player=player, hands__gt=0).select_related("night")
    if season is not None:
        tallies = tallies.filter(season=season)
    return [
        NightLine(night=t.night, net=t.net, hands=t.hands)
        for t in tallies.order_by("night__date", "night_id")
    ]


def night_running_totals(night: Night) -> tuple[list[int], dict[Player, list[int]]]:
    """Hand numbers that stand, and each player's running total after each of them (2 queries)."""
    rows = (
        Entry.objects.filter(transaction__night=night, transaction__kind=Transaction.Kind.HAND)
        .exclude(voided("transaction__hand"))
        .values_list("transaction__hand__number", "player")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    per_hand: dict[int, dict[int, int]] = defaultdict(dict)
    for number, player, net in rows:
        per_hand[number][player] = net
    numbers = sorted(night.hands.standing().values_list("number", flat=True))
    players = list(Player.objects.filter(seats__night=night).order_by("seats__position"))
    running = {}
    for player in players:
        total, line = 0, []
        for number in numbers:
            total += per_hand[number].get(player.pk, 0)
            line.append(total)
        running[player] = line
    return numbers, running
