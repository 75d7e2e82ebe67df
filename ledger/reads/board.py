"""What the scoring screen and the spectator view show: totals, the deal, the hand list.

A fixed number of queries whatever the number of hands in the night.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache

from django.db.models import F, OuterRef, Prefetch, Subquery, Sum

from ledger.models import Entry, Hand, HandPlayer, Night, Player, PlayerNight, Seat, Transaction
from ledger.reads.describe import headline
from ledger.reads.pot import bets_left_seated, paid_out, players_by_id, pot_of
from ledger.rows.details import engine_hand, stored_details
from ledger.rows.posting import Posting
from ledger.rows.raw import Part, fetch
from ledger.rules import RulesError, parse_rules, score
from ledger.rules.hand import left_of


@dataclass
class PlayerTotal:
    player: Player
    total: int
    seated: bool
    deals: bool
    points: int = 0  # push-ups points tonight
    left: Player | None = None  # a seated player's left: who deals after them


@dataclass
class HistoryRow:
    hand: Hand
    headline: str
    nets: list[tuple[str, int]] = field(default_factory=list)
    pushes: list[tuple[str, int]] = field(default_factory=list)  # push-ups: who went up
    bets: list["BetResult"] = field(default_factory=list)
    logged_by: str = ""  # who saved it, and who voided it: account names, blank if unknown
    voided_by: str = ""

    @property
    def voided(self) -> bool:
        return self.hand.is_voided


@dataclass
class BetLine:
    """A side bet set up for the next deal, as the board shows it; a naturals bet with the
    pot it is open at (who has what in)."""

    kind: str
    ante: int
    players: list[str]
    suit: str = ""
    pot: list[tuple[str, int]] = field(default_factory=list)

    @property
    def pot_total(self) -> int:
        return sum(amount for _, amount in self.pot)


def bets(night: Night, totals: list[PlayerTotal]) -> list[BetLine]:
    """The side bets of the next deal, among the players seated now (``totals``); the pot
    is read only when a naturals bet is set up (one query, two if someone who put in has
    no seat tonight: a night imported after they left)."""
    known = [row.player for row in totals]
    seated = [row.player.pk for row in totals if row.seated]
    lines = []
    for kind, bet in bets_left_seated(night, seated).items():
        players = players_by_id(bet["players"], known)
        order = {player.pk: place for place, player in enumerate(known)}  # seat order
        bettors = sorted(bet["players"], key=lambda pk: order.get(pk, len(order)))
        line = BetLine(kind, bet["ante"], [players[pk].name for pk in bettors])
        line.suit = bet.get("suit", "")
        if kind == "naturals":
            amounts = pot_of(night).amounts
            players = players_by_id(amounts, known)
            line.pot = [(players[pk].name, amount) for pk, amount in amounts.items()]
        lines.append(line)
    return lines


@dataclass(frozen=True)
class BetResult:
    """How a hand's side bet went: ``amount`` is the ante (high card, naturals put in) or,
    for a naturals win, the whole pot paid out."""

    kind: str
    winner: str | None
    amount: int
    suit: str = ""  # the high card's called suit (hands logged before it was kept have none)


def _bets(hand: Hand, seats) -> list[BetResult]:
    names = {seat.player_id: seat.player.name for seat in seats}
    results = []
    for bet in hand.side_bets:
        amount = bet["ante"]
        if bet["kind"] == "naturals" and bet["winner"] is not None:
            amount = paid_out(bet, hand.pot)
        results.append(
            BetResult(bet["kind"], names.get(bet["winner"]), amount, bet.get("suit", ""))
        )
    return results


def _pushes(seats) -> list[tuple[str, int]]:
    return [(seat.player.name, seat.points) for seat in seats if seat.points]


def totals(night: Night) -> list[PlayerTotal]:
    """Everyone who sat at the table tonight, seated players first in seat order, in one
    statement (written once, ``ledger.rows.raw``: every save and redrawn board reads it): the
    night's tallies are kept with the hands (and re-checked by ``check_ledger``)."""
    rows = fetch(_totals_sql(), [night.pk])
    width = TOTALED.width
    seats = [
        (TOTALED.take(row, 0), bool(row[width]), row[width + 1], row[width + 2]) for row in rows
    ]
    around = [player for player, seated, _, _ in seats if seated]
    return [
        PlayerTotal(
            player=player,
            total=total,
            seated=seated,
            deals=player.pk == night.dealer_id,
            points=points,
            left=left_of(around, player) if seated else None,
        )
        for player, seated, total, points in seats
    ]


TOTALED = Part(Player, "p")


@cache
def _totals_sql() -> str:
    seat, tally = Part(Seat, "s"), Part(PlayerNight, "t")
    return (
        f"SELECT {TOTALED.columns}, {seat.column('seated')},"
        f" COALESCE({tally.column('net')}, 0), COALESCE({tally.column('points')}, 0)"
        f" FROM {seat.table} JOIN {TOTALED.table} ON {TOTALED.column('id')} = {seat.column('player')}"
        f" LEFT JOIN {tally.table} ON {tally.column('night')} = {seat.column('night')}"
        f" AND {tally.column('player')} = {seat.column('player')}"
        f" WHERE {seat.column('night')} = %s"
        f" ORDER BY {seat.column('seated')} DESC, {seat.column('position')}"
    )


def history(night: Night, latest: int | None = None) -> list[HistoryRow]:
    """The night's hands, newest first (the ``latest`` few only, if given), each with its story
    and what it paid."""
    # Joining the reverse "correction" (and the players three times) made PostgreSQL scan
    # every correction of every night and plan for milliseconds: both are fetched apart.
    void = Transaction.objects.filter(hand=OuterRef("pk"), kind=Transaction.Kind.VOID)
    hands = (
        night.hands.with_voided()
        .annotate(
            logged_by_name=F("logged_by__username"),
            voided_by_name=Subquery(void.values("created_by__username")[:1]),
        )
        .select_related("replaces")
        .prefetch_related(
            Prefetch("seats", queryset=HandPlayer.objects.select_related("player")), "correction"
        )
        .order_by("-number")
    )
    hands = list(hands[:latest] if latest else hands)
    for hand in hands:
        _players_from_seats(hand)
    nets: dict[int, dict[int, int]] = defaultdict(dict)
    rows = (
        Entry.objects.filter(
            transaction__hand__in=[hand.pk for hand in hands], transaction__kind="hand"
        )
        .values_list("transaction__hand_id", "player_id")
        .annotate(net=Sum("amount"))
    )
    for hand_id, player_id, net in rows:
        nets[hand_id][player_id] = net
    # A naturals pot won makes someone who left the table pay too: named from one more query.
    seated = [seat.player for hand in hands for seat in hand.seats.all()]
    players = players_by_id({player for paid in nets.values() for player in paid}, seated)
    names = {pk: player.name for pk, player in players.items()}
    return [
        HistoryRow(
            hand=hand,
            headline=_headline(hand),
            nets=_row_nets(hand.seats.all(), nets[hand.pk], names),
            pushes=_pushes(hand.seats.all()),
            bets=_bets(hand, hand.seats.all()),
            logged_by=hand.logged_by_name or "",
            voided_by=hand.voided_by_name or "",
        )
        for hand in hands
    ]


def _row_nets(seats, paid: dict[int, int], names: dict[int, str]) -> list[tuple[str, int]]:
    """Each seat's net for the hand, then anyone else's (a pot contributor who had left)."""
    seated = [seat.player_id for seat in seats]
    others = sorted(set(paid) - set(seated))
    return [(names[pk], paid.get(pk, 0)) for pk in [*seated, *others]]


def _players_from_seats(hand: Hand) -> None:
    """A hand's dealer, dropper and winner sat at it: taken from its seats, not read again."""
    players = {seat.player_id: seat.player for seat in hand.seats.all()}
    for role in ("dealer", "dropper", "winner"):
        player_id = getattr(hand, f"{role}_id")
        if player_id is not None:
            setattr(hand, role, players[player_id])


def fresh_row(posting: Posting) -> HistoryRow:
    """The row of a hand this request has just recorded, from the rows it wrote: no query."""
    hand = posting.hand
    hand.is_voided = False
    nets: dict[int, int] = defaultdict(int)
    names = {seat.player_id: seat.player.name for seat in posting.seats}
    for _, entries in posting.transactions:
        for entry in entries:
            nets[entry.player_id] += entry.amount
            names[entry.player_id] = entry.player.name
    return HistoryRow(
        hand=hand,
        headline=_headline(hand, posting.seats),
        nets=_row_nets(posting.seats, nets, names),
        pushes=_pushes(posting.seats),
        bets=_bets(hand, posting.seats),
        logged_by=hand.logged_by.get_username() if hand.logged_by else "",
    )


def _headline(hand: Hand, seats: list[HandPlayer] | None = None) -> str:
    seats = list(hand.seats.all()) if seats is None else seats
    details = stored_details(hand, seats)
    engine = engine_hand(
        players=[s.player for s in seats], dealer=hand.dealer, stake=hand.stake, details=details
    )
    try:
        return headline(engine, score(engine, parse_rules(hand.rules)))
    except RulesError:  # a player renamed into a clash since; the ledger still stands
        return hand.get_outcome_display()


@dataclass(frozen=True)
class UndoBar:
    """What the button under the outcomes does: undo the newest standing hand, or redo
    the hand just undone. Never both, so a second tap cannot undo a second hand. Right
    after a *Void*, it offers that void back instead (``unvoid``), until the board is
    next drawn."""

    undo: Hand | None = None
    redo: Hand | None = None
    unvoid: Hand | None = None
    newest: int = (
        0  # the newest hand's number: a redo from a page drawn before a later one is refused
    )


def undo_bar(rows: list[HistoryRow]) -> UndoBar:
    """From the hand list, newest first."""
    if not rows:
        return UndoBar()
    newest = rows[0].hand
    if rows[0].voided:
        return UndoBar(redo=newest, newest=newest.number)
    if newest.is_restore:  # an undone correction gave its original back
        return UndoBar(redo=newest.replaces, newest=newest.number)
    return UndoBar(undo=newest, newest=newest.number)
