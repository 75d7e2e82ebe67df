"""League standings and player statistics, aggregated in SQL.

Only hands that stand count: a voided hand (a corrected one included) drops
out, its correction counts once. Every function issues a fixed number of
queries whatever the number of hands.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q, Sum

from ledger.models import Entry, HandPlayer, League, Night, Player, Season, Transaction

WIN_KINDS = ("deal_tonk", "drop_won", "tonk_out", "discard_out", "stock_out")


@dataclass
class Standing:
    player_id: int
    name: str
    net: int = 0
    nights: int = 0
    hands: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_KINDS, 0))
    caught: int = 0
    catches: int = 0
    best_night: int | None = None
    worst_night: int | None = None
    rank: int = 0

    @property
    def net_per_hand(self) -> int | None:
        """In the minor unit, rounded toward zero; None before the first hand."""
        return int(self.net / self.hands) if self.hands else None


@dataclass
class Standings:
    league: League
    season: Season | None  # None: all time
    rows: list[Standing]
    total: int  # the sum of every net, from the database: must be zero

    @property
    def balanced(self) -> bool:
        return self.total == 0


def _voided():
    return Exists(Transaction.objects.filter(hand=OuterRef("hand"), kind=Transaction.Kind.VOID))


def standings(league: League, season: Season | None = None) -> Standings:
    """Three queries: each player's net per night; seats and roles; the total of every net."""
    scope = {"transaction__season": season} if season else {"transaction__season__league": league}
    entries = Entry.objects.filter(**scope).from_hands()
    nights: dict[int, list[int]] = defaultdict(list)
    for player, _night, net in (
        entries.values_list("player", "transaction__night").annotate(net=Sum("amount")).order_by()
    ):
        nights[player].append(net)
    seats = HandPlayer.objects.filter(
        **({"hand__night__season": season} if season else {"hand__night__season__league": league})
    ).exclude(_voided())
    counts = (
        seats.values("player", "player__name")
        .annotate(
            hands=Count("id"),
            nights=Count("hand__night", distinct=True),
            caught=Count("id", filter=Q(role="caught")),
            catches=Count("id", filter=Q(role="catcher")),
            **{kind: Count("id", filter=Q(role="winner", hand__result=kind)) for kind in WIN_KINDS},
        )
        .order_by()
    )
    total = entries.aggregate(total=Sum("amount"))["total"] or 0
    rows = []
    for row in counts:
        night_nets = nights.get(row["player"], [])
        rows.append(
            Standing(
                player_id=row["player"],
                name=row["player__name"],
                net=sum(night_nets),
                nights=row["nights"],
                hands=row["hands"],
                wins={kind: row[kind] for kind in WIN_KINDS},
                caught=row["caught"],
                catches=row["catches"],
                best_night=max(night_nets) if night_nets else None,
                worst_night=min(night_nets) if night_nets else None,
            )
        )
    rows.sort(key=lambda r: (-r.net, r.name.lower()))
    for index, row in enumerate(rows):
        # Equal nets share a rank.
        row.rank = rows[index - 1].rank if index and rows[index - 1].net == row.net else index + 1
    return Standings(league=league, season=season, rows=rows, total=total)


@dataclass
class NightLine:
    night: Night
    net: int
    hands: int


def player_nights(player: Player, season: Season | None) -> list[NightLine]:
    """The player's nights in order, with their net and hands that stood (2 queries)."""
    entries = Entry.objects.filter(player=player).from_hands()
    seats = HandPlayer.objects.filter(player=player).exclude(_voided())
    if season is not None:
        entries = entries.filter(transaction__season=season)
        seats = seats.filter(hand__night__season=season)
    nets = dict(entries.values_list("transaction__night").annotate(net=Sum("amount")).order_by())
    hands = dict(seats.values_list("hand__night").annotate(n=Count("id")).order_by())
    nights = Night.objects.filter(pk__in=set(nets) | set(hands)).order_by("date", "pk")
    return [NightLine(night=n, net=nets.get(n.pk, 0), hands=hands.get(n.pk, 0)) for n in nights]


def night_running_totals(night: Night) -> tuple[list[int], dict[Player, list[int]]]:
    """Hand numbers that stand, and each player's running total after each of them (2 queries)."""
    rows = (
        Entry.objects.filter(transaction__night=night, transaction__kind=Transaction.Kind.HAND)
        .exclude(
            Exists(
                Transaction.objects.filter(
                    hand=OuterRef("transaction__hand"), kind=Transaction.Kind.VOID
                )
            )
        )
        .values_list("transaction__hand__number", "player")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    per_hand: dict[int, dict[int, int]] = defaultdict(dict)
    for number, player, net in rows:
        per_hand[number][player] = net
    numbers = sorted(
        night.hands.exclude(
            Exists(Transaction.objects.filter(hand=OuterRef("pk"), kind=Transaction.Kind.VOID))
        ).values_list("number", flat=True)
    )
    players = list(Player.objects.filter(seats__night=night).order_by("seats__position"))
    running = {}
    for player in players:
        total, line = 0, []
        for number in numbers:
            total += per_hand[number].get(player.pk, 0)
            line.append(total)
        running[player] = line
    return numbers, running
