"""Checks that the ledger balances and agrees with the rules engine.

``audit()`` yields one line per problem, naming the offender; an empty audit
means every transaction, night, season and league sums to zero, every posting
equals what the engine computes from the stored hand, and every void exactly
reverses its posting.
"""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Prefetch, Q, Sum

from ledger.models import (
    DropTally,
    Entry,
    Hand,
    HandPlayer,
    League,
    Night,
    PairNight,
    Player,
    PlayerNight,
    Season,
    Transaction,
    WinTally,
)
from ledger.reads import recount
from ledger.reads.pot import fold, players_by_id
from ledger.reads.ratings import rated_nights, stored_ratings
from ledger.rivalry import rate_nights
from ledger.rows.details import engine_hand, entry_rows, stored_details
from ledger.rules import RulesError, parse_rules, score

CHUNK = 2000


@dataclass
class AuditSummary:
    transactions: int = 0
    hands: int = 0


def audit(summary: AuditSummary | None = None) -> Iterator[str]:
    summary = summary if summary is not None else AuditSummary()
    yield from _sums()
    yield from _closed_seasons()
    yield from _hands(summary)
    yield from _payments(summary)
    yield from _tallies()
    yield from _pots()


def _pots() -> Iterator[str]:
    """Each naturals win pays the pot the hands before it put in, and no pot holds less
    than nothing for anyone (a query per night with side bets)."""
    nights = Night.objects.filter(pk__in=Hand.objects.exclude(side_bets=[]).values("night"))
    for night in nights.order_by("pk"):
        pot, steps = fold(night)
        for step in steps:
            if not step.kept:
                yield (
                    f"hand {step.number} of night {night.pk} pays out a naturals pot that is "
                    "not what the hands before it put in"
                )
        for player, amount in sorted(pot.amounts.items()):
            if amount < 0:
                yield f"the naturals pot of night {night.pk} holds {amount} for player {player}"


def _tallies() -> Iterator[str]:
    """The standings' read model must equal the hands and entries it summarises."""
    expected = recount.tallies()
    stored = {
        (t.player_id, t.night_id): {name: getattr(t, name) for name in PlayerNight.COUNTERS}
        for t in PlayerNight.objects.all()
    }
    zero = dict.fromkeys(PlayerNight.COUNTERS, 0)
    for key in sorted(set(expected) | set(stored)):
        if expected.get(key, zero) != stored.get(key, zero):
            yield (
                f"the tally of player {key[0]} on night {key[1]} is {stored.get(key, zero)}, "
                f"but the hands say {expected.get(key, zero)}"
            )
    expected_wins = recount.win_tallies()
    stored_wins = {
        (t.player_id, t.night_id, t.kind): t.count for t in WinTally.objects.exclude(count=0)
    }
    for win in sorted(set(expected_wins) | set(stored_wins)):
        if expected_wins.get(win, 0) != stored_wins.get(win, 0):
            yield (
                f"player {win[0]} won {stored_wins.get(win, 0)} {win[2]} hands on night {win[1]} "
                f"by the win tally, but {expected_wins.get(win, 0)} by the hands"
            )
    yield from _compare(
        "the pair tally of players {0} and {1} on night {2}",
        recount.pair_tallies(),
        _stored(PairNight, "player_id", "counterparty_id", "night_id"),
    )
    yield from _compare(
        "the drops of player {0} in season {1} at {2}",
        recount.drop_tallies(),
        _stored(DropTally, "player_id", "season_id", "count"),
    )
    expected_best = recount.best_hands()
    stored_best = {
        (t.player_id, t.night_id): t.best_hand for t in PlayerNight.objects.exclude(best_hand=0)
    }
    for key in sorted(set(expected_best) | set(stored_best)):
        if expected_best.get(key, 0) != stored_best.get(key, 0):
            yield (
                f"player {key[0]}'s best hand on night {key[1]} is {stored_best.get(key, 0)} "
                f"by the tally, but {expected_best.get(key, 0)} by the hands"
            )
    yield from _ratings()


def _stored(model, *key: str) -> dict[tuple, dict[str, int]]:
    return {
        tuple(getattr(row, name) for name in key): {c: getattr(row, c) for c in model.COUNTERS}
        for row in model.objects.all()
    }


def _compare(what: str, expected: dict, stored: dict) -> Iterator[str]:
    """A line for each key whose counters differ; a row of zeros is the same as none."""
    for key in sorted(set(expected) | set(stored)):
        found, wanted = stored.get(key), expected.get(key)
        nonzero = any((found or {}).values()) or any((wanted or {}).values())
        if nonzero and found != wanted:
            yield f"{what.format(*key)} is {found}, but the hands say {wanted}"


def _ratings() -> Iterator[str]:
    """Each league's stored ratings are what rating its closed nights afresh gives."""
    for league in League.objects.filter(seasons__nights__closed_at__isnull=False).distinct():
        expected = rate_nights(rated_nights(league))
        stored = stored_ratings(league)
        for player in sorted(set(expected) | set(stored)):
            if expected.get(player) != stored.get(player):
                yield (
                    f"player {player}'s rating in league {league.slug} is {stored.get(player)}, "
                    f"but rating the closed nights again gives {expected.get(player)}"
                )


def _payments(summary: AuditSummary) -> Iterator[str]:
    """A payment is one transfer: two mirrored entries, from the payer to the payee."""
    payments = Transaction.objects.filter(kind=Transaction.Kind.PAYMENT).prefetch_related("entries")
    for payment in payments:
        summary.transactions += 1
        rows = sorted((e.player_id, e.counterparty_id, e.amount) for e in payment.entries.all())
        mirrored = len(rows) == 2 and rows[0] == (rows[1][1], rows[1][0], -rows[1][2])
        if not mirrored:
            yield f"payment {payment.pk} is not one transfer between two players: {rows}"


def _sums() -> Iterator[str]:
    levels = {
        "transaction": "transaction",
        "night": "transaction__night",
        "season": "transaction__season",
        "league": "transaction__season__league",
    }
    for level, field in levels.items():
        unbalanced = (
            Entry.objects.values(field)
            .annotate(total=Sum("amount"))
            .filter(~Q(total=0))
            .order_by(field)
        )
        for row in unbalanced:
            if row[field] is None:  # payments of a whole season belong to no night
                continue
            yield f"{_describe(level, row[field])} does not sum to zero: it sums to {row['total']}"


def _closed_seasons() -> Iterator[str]:
    """A closed season keeps the total its hands had when it closed; they must still have it."""
    now = dict(
        Entry.objects.from_hands()
        .filter(transaction__season__closed_at__isnull=False)
        .values_list("transaction__season")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    for season in Season.objects.filter(closed_at__isnull=False).order_by("pk"):
        if season.hands_total != now.get(season.pk, 0):
            yield (
                f"season {season.pk} ({season.name}) closed with its hands summing to "
                f"{season.hands_total}, but they sum to {now.get(season.pk, 0)} now"
            )


def _describe(level: str, pk: int) -> str:
    if level == "night":
        night = Night.objects.select_related("season__league").get(pk=pk)
        return f"night {pk} ({night.season.league.name}, {night.date:%Y-%m-%d})"
    if level == "season":
        season = Season.objects.select_related("league").get(pk=pk)
        return f"season {pk} ({season.name} of {season.league.name})"
    if level == "league":
        return f"league {League.objects.get(pk=pk).slug}"
    return f"{level} {pk}"


def _hands(summary: AuditSummary) -> Iterator[str]:
    last = 0
    while True:
        hands = list(
            Hand.objects.filter(pk__gt=last)
            .order_by("pk")
            .select_related("dealer", "dropper", "winner")
            .prefetch_related(
                Prefetch("seats", queryset=HandPlayer.objects.select_related("player")),
                Prefetch("transactions__entries", queryset=Entry.objects.order_by()),
            )[:CHUNK]
        )
        if not hands:
            return
        last = hands[-1].pk
        replaced = {hand.replaces_id for hand in hands if hand.replaces_id}
        voided = set(Hand.objects.voided().filter(pk__in=replaced).values_list("pk", flat=True))
        for hand in hands:
            summary.hands += 1
            summary.transactions += len(hand.transactions.all())
            yield from _check_hand(hand)
            if hand.replaces_id and hand.replaces_id not in voided:
                yield f"{_place(hand)} corrects hand id {hand.replaces_id}, which was not voided"


def _place(hand: Hand) -> str:
    return f"hand {hand.number} of night {hand.night_id} (id {hand.pk})"


def _check_hand(hand: Hand) -> Iterator[str]:
    seats = list(hand.seats.all())
    players = [seat.player for seat in seats]
    details = stored_details(hand, seats)
    pot = _pot(hand, players)
    try:
        engine = engine_hand(players=players, dealer=hand.dealer, stake=hand.stake, details=details)
        result = score(engine, parse_rules(hand.rules), pot={p.name: a for p, a in pot.items()})
    except RulesError as exc:
        yield f"{_place(hand)} cannot be scored any more: {exc}"
        return
    posted = {
        t.kind: {(e.player_id, e.counterparty_id, e.amount) for e in t.entries.all()}
        for t in hand.transactions.all()
    }
    expected = {
        (e.player_id, e.counterparty_id, e.amount)
        for e in entry_rows(transaction=None, players=[*players, *pot], result=result)
    }
    if posted.get("hand", set()) != expected:
        names = {player.pk: player.name for player in players}
        yield (
            f"{_place(hand)}: stored payouts {_nets(posted.get('hand', set()), names)} "
            f"differ from the rules engine's {_nets(expected, names)}"
        )
    stored_points = {seat.player.name: seat.points for seat in seats}
    if stored_points != (result.points or dict.fromkeys(stored_points)):
        yield (
            f"{_place(hand)}: stored push-ups points {stored_points} differ from the rules "
            f"engine's {result.points}"
        )
    if hand.drop_count != details.hand_columns()["drop_count"]:
        yield f"{_place(hand)}: stored drop count {hand.drop_count}, its dropper's seat says otherwise"
    if result.kind != hand.result:
        yield f"{_place(hand)}: stored result {hand.result!r}, the rules engine says {result.kind!r}"
    if "void" in posted:
        reversal = {(player, other, -amount) for player, other, amount in posted.get("hand", set())}
        if posted["void"] != reversal:
            yield f"{_place(hand)}: its void does not exactly reverse its payouts"


def _pot(hand: Hand, players: list[Player]) -> dict[Player, int]:
    """The naturals pot the hand was dealt into, by player; someone who left still has
    their share (read only then)."""
    pot = {int(pk): amount for pk, amount in hand.pot.items()}
    by_id = players_by_id(pot, players)
    return {by_id[pk]: amount for pk, amount in pot.items()}


def _nets(rows: set, names: dict[int, str]) -> dict[str, int]:
    nets: dict[str, int] = defaultdict(int)
    for player, _, amount in rows:
        nets[names.get(player, f"player {player}")] += amount
    return {name: net for name, net in sorted(nets.items()) if net}
