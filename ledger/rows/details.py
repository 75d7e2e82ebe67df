"""Between stored hands and the rules engine: rows to engine values and back."""

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields

from ledger.models import Entry, Hand, HandPlayer, Player, Transaction
from ledger.rules import OUTCOMES, Claim, Result, SideBet
from ledger.rules import Hand as EngineHand


@dataclass(frozen=True)
class Bet:
    """A side bet of one hand (docs/rules.md section 8.2), with players as model instances."""

    kind: str
    ante: int
    players: tuple[Player, ...]
    winner: Player | None = None
    suit: str = ""  # the high card's: the dealer calls one before each deal

    def stored(self) -> dict:
        """The form ``Hand.side_bets`` keeps: player ids, so a renamed player stays in."""
        stored = {
            "kind": self.kind,
            "ante": self.ante,
            "players": [player.pk for player in self.players],
            "winner": _pk(self.winner),
        }
        return stored | ({"suit": self.suit} if self.suit else {})


@dataclass(frozen=True)
class HandDetails:
    """What the scorekeeper reports for one hand, with players as model instances."""

    outcome: str
    dropper: Player | None = None
    counts: Mapping[Player, int] | None = None
    claims: Sequence[tuple[Player, int]] = ()
    winner: Player | None = None
    method: str = "spread"
    first_turn: bool = False
    side_bets: Sequence[Bet] = ()

    def __post_init__(self) -> None:
        # Keep only what the outcome logs, so stray fields from a form are never stored;
        # and the counts push-ups push its losers up by (the rules engine refuses them
        # when the hand is not played for push-ups). Any hand can carry side bets.
        spec = OUTCOMES[self.outcome]
        keep = {"outcome", "side_bets", *spec.logs, *(["counts"] if spec.pushes else [])}
        for detail in fields(self):
            if detail.name not in keep:
                assert detail.default is not MISSING
                object.__setattr__(self, detail.name, detail.default)
        object.__setattr__(self, "claims", tuple(self.claims))
        object.__setattr__(self, "side_bets", tuple(self.side_bets))

    @property
    def naturals(self) -> Bet | None:
        return next((bet for bet in self.side_bets if bet.kind == "naturals"), None)

    def hand_columns(self) -> dict:
        """The Hand model's columns for these details; an outcome without a method stores ""."""
        logs = OUTCOMES[self.outcome].logs
        return {
            "outcome": self.outcome,
            "dropper": self.dropper,
            "winner": self.winner,
            "method": self.method if "method" in logs else "",
            "first_turn": self.first_turn,
            "drop_count": self.counts.get(self.dropper)
            if self.outcome == "drop" and self.dropper and self.counts
            else None,
        }

    def players_named(self) -> list[Player]:
        """Every player the details mention, to check they belong to the league."""
        named = [self.dropper, self.winner, *(self.counts or {}), *(p for p, _ in self.claims)]
        for bet in self.side_bets:
            named += [*bet.players, bet.winner]
        return [p for p in named if p is not None]

    def fingerprint(self) -> dict:
        """A JSON-able form that identifies this request, for idempotency keys."""
        return {
            "outcome": self.outcome,
            "dropper": _pk(self.dropper),
            "counts": sorted((p.pk, c) for p, c in (self.counts or {}).items()),
            "claims": [(p.pk, c) for p, c in self.claims],
            "winner": _pk(self.winner),
            "method": self.method,
            "first_turn": self.first_turn,
            **({"side_bets": [bet.stored() for bet in self.side_bets]} if self.side_bets else {}),
        }


def _pk(player: Player | None) -> int | None:
    return None if player is None else player.pk


def engine_hand(
    *, players: Sequence[Player], dealer: Player, stake: int, details: HandDetails
) -> EngineHand:
    """The engine's view of a hand: players are known by name (unique in a league)."""
    return EngineHand(
        players=tuple(p.name for p in players),
        dealer=dealer.name,
        stake=stake,
        outcome=details.outcome,
        dropper=details.dropper.name if details.dropper else None,
        counts={p.name: c for p, c in (details.counts or {}).items()},
        claims=tuple(Claim(p.name, c) for p, c in details.claims),
        winner=details.winner.name if details.winner else None,
        method=details.method,
        first_turn=details.first_turn,
        side_bets=tuple(
            SideBet(
                bet.kind,
                bet.ante,
                tuple(p.name for p in bet.players),
                bet.winner.name if bet.winner else None,
            )
            for bet in details.side_bets
        ),
    )


def details_from_engine(hand: EngineHand, players: Mapping[str, Player]) -> HandDetails:
    """The details of an engine hand, with ``players`` looked up by name (``engine_hand`` undone)."""
    return HandDetails(
        outcome=hand.outcome,
        dropper=players.get(hand.dropper) if hand.dropper else None,
        counts={players[name]: count for name, count in hand.counts.items()} or None,
        claims=[(players[claim.player], claim.count) for claim in hand.claims],
        winner=players.get(hand.winner) if hand.winner else None,
        method=hand.method,
        first_turn=hand.first_turn,
        side_bets=[
            Bet(
                bet.kind,
                bet.ante,
                tuple(players[name] for name in bet.players),
                players.get(bet.winner) if bet.winner is not None else None,
            )
            for bet in hand.side_bets
        ],
    )


def stored_details(hand: Hand, seats: Sequence[HandPlayer]) -> HandDetails:
    """The details a stored hand was recorded with (``seats`` with players loaded)."""
    # Every count asked for (push-ups: a loser's, a deal tonk's non-claimers' deal counts).
    counts = {s.player: s.count for s in seats if s.count is not None and s.claim_order is None}
    claims = [(s.claim_order, s.player, s.count) for s in seats if s.claim_order is not None]
    return HandDetails(
        outcome=hand.outcome,
        dropper=hand.dropper,
        counts=counts or None,
        claims=[(player, count or 0) for _, player, count in sorted(claims)],
        winner=hand.winner,
        method=hand.method or "spread",
        first_turn=hand.first_turn,
        side_bets=stored_bets(hand.side_bets, {s.player_id: s.player for s in seats}),
    )


def stored_bets(side_bets: list[dict], players: Mapping[int, Player]) -> list[Bet]:
    """``Hand.side_bets`` (or a night's set-up, winners left out) as bets; bettors sit at
    the hand, so ``players`` are its seats' players by id."""
    return [
        Bet(
            bet["kind"],
            bet["ante"],
            tuple(players[pk] for pk in bet["players"]),
            players.get(bet["winner"]) if bet.get("winner") is not None else None,
            bet.get("suit", ""),
        )
        for bet in side_bets
    ]


def seat_rows(
    *, hand: Hand, players: Sequence[Player], details: HandDetails, result: Result
) -> list[HandPlayer]:
    """Unsaved HandPlayer rows: seat, count, claim and role of each player."""
    counts = {p.pk: c for p, c in (details.counts or {}).items()}
    claims = {p.pk: (order, c) for order, (p, c) in enumerate(details.claims, start=1)}
    winners, catchers = set(result.winners), set(result.catchers)
    rows = []
    for position, player in enumerate(players):
        claim_order, claim_count = claims.get(player.pk, (None, None))
        if result.kind == "caught":
            role = (
                "caught"
                if player == details.dropper
                else "catcher"
                if player.name in catchers
                else ""
            )
        else:
            role = "winner" if player.name in winners else ""
        rows.append(
            HandPlayer(
                hand=hand,
                player=player,
                position=position,
                count=counts.get(player.pk, claim_count),
                claim_order=claim_order,
                role=role,
                points=None if result.points is None else result.points[player.name],
            )
        )
    return rows


def entry_rows(
    *, transaction: Transaction | None, players: Sequence[Player], result: Result
) -> list[Entry]:
    """Double entries for the result's transfers: +amount for the payee, -amount for the payer
    (of no transaction yet for the audit, which only compares them)."""
    by_name = {p.name: p for p in players}
    rows = []
    for transfer in result.transfers:
        payer, payee = by_name[transfer.payer], by_name[transfer.payee]
        rows.append(
            Entry(transaction=transaction, player=payee, counterparty=payer, amount=transfer.amount)
        )
        rows.append(
            Entry(
                transaction=transaction, player=payer, counterparty=payee, amount=-transfer.amount
            )
        )
    return rows
