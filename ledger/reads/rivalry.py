"""The story between players, from the tallies: head-to-head, rivals, streaks, records.

Every function issues a fixed number of queries whatever the number of hands. A night
counts for runs and records once it is closed: the night being played changes by the hand.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum

from ledger.models import (
    League,
    Night,
    NightEvent,
    PairNight,
    Player,
    PlayerNight,
    Season,
    WinTally,
)
from ledger.rivalry import Streaks, streaks

RIVAL_NIGHTS = 3  # a rival or a nemesis has been met at least this many nights


def _scope(season: Season | None, league: League | None = None) -> dict:
    if season is not None:
        return {"season": season}
    return {"season__league": league} if league is not None else {}


@dataclass
class Meeting:
    """What ``player`` and ``other`` did to each other: money, hands, catches."""

    player: Player
    other: Player
    nights: int = 0
    hands: int = 0  # sat at together
    net: int = 0  # what player won from other; other's is the same, negated
    wins: int = 0  # hands player won with other at the table
    losses: int = 0  # hands other won with player at the table
    catches: int = 0  # other's drops player caught
    caught: int = 0  # player's drops other caught


def _sums() -> dict:
    """What a pair's tallies add up to over the scope, for a ``Meeting``."""
    return {
        "nights": Count("id", filter=Q(hands__gt=0)),
        "net": Sum("net"),
        "hands": Sum("hands"),
        "wins": Sum("wins"),
        "catches": Sum("catches"),
    }


def _meeting(player: Player, other: Player, row: dict, back: dict) -> Meeting:
    """A meeting from ``player``'s summed tallies against ``other`` (``_sums``) and the
    wins and catches of ``other``'s against ``player`` (``back``, empty if none)."""
    return Meeting(
        player=player,
        other=other,
        nights=row["nights"],
        **{name: row[name] or 0 for name in ("net", "hands", "wins", "catches")},
        losses=back.get("wins") or 0,
        caught=back.get("catches") or 0,
    )


def opponents(player: Player, season: Season | None = None) -> list[Meeting]:
    """Everyone the player has sat with, the one they won most from first (three queries)."""
    scope = _scope(season)
    mine: list[dict] = [
        dict(row)
        for row in PairNight.objects.filter(player=player, **scope)
        .values("counterparty")
        .annotate(**_sums())
        .order_by()
    ]
    theirs: dict[int, dict] = {
        row["player"]: dict(row)
        for row in PairNight.objects.filter(counterparty=player, **scope)
        .values("player")
        .annotate(wins=Sum("wins"), catches=Sum("catches"))
        .order_by()
    }
    others = Player.objects.in_bulk([row["counterparty"] for row in mine])
    meetings = [
        _meeting(player, others[row["counterparty"]], row, theirs.get(row["counterparty"], {}))
        for row in mine
    ]
    meetings = [m for m in meetings if m.hands]
    meetings.sort(key=lambda m: (-m.net, m.other.name))
    return meetings


def rival_and_nemesis(meetings: list[Meeting]) -> tuple[Meeting | None, Meeting | None]:
    """The one the player beat most by money, and the one who beat them most, among those
    met at least ``RIVAL_NIGHTS`` nights."""
    met = [m for m in meetings if m.nights >= RIVAL_NIGHTS]
    rival = max(met, key=lambda m: m.net, default=None)
    nemesis = min(met, key=lambda m: m.net, default=None)
    return (
        rival if rival is not None and rival.net > 0 else None,
        nemesis if nemesis is not None and nemesis.net < 0 else None,
    )


@dataclass
class NightTogether:
    night: Night
    net: int  # what the first player won from the second
    hands: int


@dataclass
class HeadToHead:
    meeting: Meeting
    nights: list[NightTogether] = field(default_factory=list)  # the latest first


def head_to_head(player: Player, other: Player, season: Season | None = None) -> HeadToHead:
    """Two players' meetings, night by night (two queries)."""
    scope = _scope(season)
    meeting = Meeting(player=player, other=other)
    nights = []
    rows = (
        PairNight.objects.filter(player=player, counterparty=other, hands__gt=0, **scope)
        .select_related("night")
        .order_by("-night__date", "-night_id")
    )
    for row in rows:
        meeting.nights += 1
        meeting.net += row.net
        meeting.hands += row.hands
        meeting.wins += row.wins
        meeting.catches += row.catches
        nights.append(NightTogether(row.night, row.net, row.hands))
    back = PairNight.objects.filter(player=other, counterparty=player, **scope).aggregate(
        wins=Sum("wins"), catches=Sum("catches")
    )
    meeting.losses, meeting.caught = back["wins"] or 0, back["catches"] or 0
    return HeadToHead(meeting, nights)


def meetings(league: League, season: Season | None = None) -> list[Meeting]:
    """Every pair of the league's players who sat together, each pair both ways, for the
    spreadsheet (two queries)."""
    rows = (
        PairNight.objects.filter(**_scope(season, league))
        .values("player", "counterparty")
        .annotate(**_sums())
        .filter(hands__gt=0)
        .order_by()
    )
    players = {p.pk: p for p in league.players.all()}
    by_pair: dict[tuple[int, int], dict] = {
        (row["player"], row["counterparty"]): dict(row) for row in rows
    }
    found = [
        _meeting(players[a], players[b], row, by_pair.get((b, a), {}))
        for (a, b), row in by_pair.items()
    ]
    found.sort(key=lambda m: (m.player.name, -m.net, m.other.name))
    return found


@dataclass
class Record:
    """The best of something: who, on which night, how much."""

    player: Player
    night: Night
    value: int


@dataclass
class StreakRecord:
    """A run of nights won (or lost) in a row: who, how many, from which night to which."""

    player: Player
    nights: int
    first: Night
    last: Night


@dataclass
class Records:
    biggest_night: Record | None = None
    biggest_hand: Record | None = None
    most_tonk_outs: Record | None = None
    most_catches: Record | None = None
    longest_won: StreakRecord | None = None
    longest_lost: StreakRecord | None = None


def records(league: League, season: Season | None = None) -> Records:
    """The league's records over the scope (three queries, five the first time after a
    night closes or reopens)."""
    found = _record_ids(league, season)
    players = league.players.in_bulk()
    nights = Night.objects.in_bulk(
        [night for _, _, night in found["best"].values()]
        + [night for _, _, *ends in found["runs"].values() for night in ends]
    )
    result = Records()
    for what, (value, player, night) in found["best"].items():
        setattr(result, what, Record(players[player], nights[night], value))
    for what, (player, length, first, last) in found["runs"].items():
        setattr(result, what, StreakRecord(players[player], length, nights[first], nights[last]))
    return result


def _record_ids(league: League, season: Season | None) -> dict:
    """Who holds each record, by id, from one pass over the closed nights' tallies.

    Only a night closing or reopening changes them, and each logs a ``NightEvent``: the
    newest event's id is in the cache key, so a cached answer is never stale.
    """
    events = NightEvent.objects.filter(night__season__league=league)
    newest = events.aggregate(newest=Max("id"))["newest"]
    key = f"records:v2:{league.pk}:{season.pk if season else 'all'}:{newest}"
    found = cache.get(key)
    if found is not None:
        return found
    scope = {**_scope(season, league), "night__closed_at__isnull": False}
    rows = (
        PlayerNight.objects.filter(hands__gt=0, **scope)
        .order_by("night__date", "night_id")
        .values_list("player_id", "night_id", "net", "best_hand", "catches")
    )
    nets: dict[int, list[int]] = defaultdict(list)
    played: dict[int, list[int]] = defaultdict(list)  # each player's nights, as nets
    top = [0, 0, 0]  # the biggest night, hand and catches so far; a tie stays with the first
    best: dict[str, tuple[int, int, int]] = {}  # record -> (value, player, night)
    for player, night, net, best_hand, catches in rows:
        nets[player].append(net)
        played[player].append(night)
        if net > top[0]:
            top[0], best["biggest_night"] = net, (net, player, night)
        if best_hand > top[1]:
            top[1], best["biggest_hand"] = best_hand, (best_hand, player, night)
        if catches > top[2]:
            top[2], best["most_catches"] = catches, (catches, player, night)
    tonk_outs = (
        WinTally.objects.filter(kind="tonk_out", count__gt=0, **scope)
        .order_by("-count", "night__date", "night_id")
        .values_list("count", "player_id", "night_id")
        .first()
    )
    if tonk_outs:
        best["most_tonk_outs"] = tonk_outs
    longest: dict[str, tuple[int, int, int, int]] = {}  # (player, nights, first, last)
    for player, line in nets.items():
        run = streaks(line)
        for what, length, span in (
            ("longest_won", run.longest_won, run.won_span),
            ("longest_lost", run.longest_lost, run.lost_span),
        ):
            if span and length > longest.get(what, (0, 0))[1]:
                first, last = span
                longest[what] = (player, length, played[player][first], played[player][last])
    found = {"best": best, "runs": longest}
    cache.set(key, found, timeout=24 * 3600)
    return found


@dataclass
class PlayerRecords:
    streaks: Streaks
    biggest_night: Record | None
    biggest_hand: Record | None
    most_tonk_outs: Record | None


def player_records(player: Player, season: Season | None = None) -> PlayerRecords:
    """A player's streaks and bests over the scope (four queries)."""
    scope = {**_scope(season), "night__closed_at__isnull": False}
    tallies = PlayerNight.objects.filter(player=player, hands__gt=0, **scope).select_related(
        "night"
    )
    nets = tallies.order_by("night__date", "night_id")
    best_night = tallies.filter(net__gt=0).order_by("-net", "night__date").first()
    best_hand = tallies.filter(best_hand__gt=0).order_by("-best_hand", "night__date").first()
    tonk_outs = (
        WinTally.objects.filter(player=player, kind="tonk_out", count__gt=0, **scope)
        .select_related("night")
        .order_by("-count", "night__date")
        .first()
    )
    return PlayerRecords(
        streaks=streaks(nets.values_list("net", flat=True)),
        biggest_night=Record(player, best_night.night, best_night.net) if best_night else None,
        biggest_hand=Record(player, best_hand.night, best_hand.best_hand) if best_hand else None,
        most_tonk_outs=Record(player, tonk_outs.night, tonk_outs.count) if tonk_outs else None,
    )
