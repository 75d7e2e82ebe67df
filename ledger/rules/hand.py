"""A logged hand, as the scorekeeper reports it, and its validation against a rule set."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ledger.rules.errors import RulesError
from ledger.rules.outcomes import METHODS, OUTCOMES
from ledger.rules.ruleset import RuleSet
from ledger.rules.whole import is_whole

MAX_STAKE = 1_000_000_000


@dataclass(frozen=True)
class Claim:
    """A tonk called right after the deal, with the caller's deal count."""

    player: str
    count: int


Seat = TypeVar("Seat")  # a player as the caller names them: a name, a model

SIDE_BETS = ("high_card", "naturals")
SUITS = ("♠", "♥", "♦", "♣")  # the high-card bet's: the dealer calls one before each deal


@dataclass(frozen=True)
class SideBet:
    """A side bet of one hand (docs/rules.md section 8.2): ``winner`` None when nobody won it."""

    kind: str
    ante: int
    players: tuple[str, ...]
    winner: str | None = None


@dataclass(frozen=True)
class Hand:
    """One hand: ``players`` in seat order, clockwise; fields unused by the outcome are ignored."""

    players: tuple[str, ...]
    dealer: str
    stake: int
    outcome: str
    dropper: str | None = None
    counts: Mapping[str, int] = field(default_factory=dict)
    claims: tuple[Claim, ...] = ()
    winner: str | None = None
    method: str = "spread"
    first_turn: bool = False
    side_bets: tuple[SideBet, ...] = ()

    def from_dealers_left(self) -> tuple[str, ...]:
        """Players from the one left of the dealer round to the dealer."""
        seat = self.players.index(self.dealer)
        return self.players[seat + 1 :] + self.players[: seat + 1]


def left_of(order: Sequence[Seat], player: Seat) -> Seat:
    """Who sits on ``player``'s left in ``order`` (clockwise): the next to deal.

    >>> left_of(["Croaker", "Goblin", "Elmo"], "Elmo")
    'Croaker'
    """
    return order[(order.index(player) + 1) % len(order)]


def validate_hand(hand: Hand, rules: RuleSet) -> None:
    """Raise RulesError naming the first thing wrong with ``hand`` under ``rules``."""
    if not is_whole(hand.stake, low=1, high=MAX_STAKE):
        raise RulesError("stake_invalid", value=hand.stake, high=f"{MAX_STAKE:,}")
    _validate_players(hand, rules)
    if hand.outcome not in OUTCOMES:
        raise RulesError("outcome_unknown", value=hand.outcome, choices=", ".join(OUTCOMES))
    for detail in OUTCOMES[hand.outcome].logs:
        CHECKS[detail](hand, rules)
    _validate_side_bets(hand)


def _validate_side_bets(hand: Hand) -> None:
    kinds: set[str] = set()
    for bet in hand.side_bets:
        if bet.kind not in SIDE_BETS:
            raise RulesError("side_bet_kind", value=bet.kind, choices=", ".join(SIDE_BETS))
        if bet.kind in kinds:
            raise RulesError("side_bet_twice", kind=bet.kind)
        kinds.add(bet.kind)
        if not is_whole(bet.ante, low=1, high=MAX_STAKE):
            raise RulesError("side_bet_ante", kind=bet.kind, value=bet.ante, high=f"{MAX_STAKE:,}")
        if len(bet.players) < 2:
            raise RulesError("side_bet_players", kind=bet.kind, count=len(bet.players))
        seen: set[str] = set()
        for player in bet.players:
            _seated(hand, player, "bettor")
            if player in seen:
                raise RulesError("side_bet_player_twice", kind=bet.kind, player=player)
            seen.add(player)
        if bet.winner is not None and (not isinstance(bet.winner, str) or bet.winner not in seen):
            raise RulesError("side_bet_winner", kind=bet.kind, player=bet.winner)


def count_errors(hand: Hand, rules: RuleSet) -> list[RulesError]:
    """Every count of ``hand`` that ``rules`` make impossible, one error per player.

    ``validate_hand`` stops at the first problem; a form wants to mark them all.
    """
    logs = OUTCOMES[hand.outcome].logs
    checks = []
    if "counts" in logs:
        checks += [
            (player, count, rules.play_counts, "count") for player, count in hand.counts.items()
        ]
    if "claims" in logs:
        checks += [(c.player, c.count, rules.deal_counts, "deal count") for c in hand.claims]
    if "counts" not in logs and rules.scoring == "pushups":  # what the losers are pushed up by
        deal = "claims" in logs
        reachable, kind = (
            (rules.deal_counts, "deal count") if deal else (rules.play_counts, "count")
        )
        checks += [(player, count, reachable, kind) for player, count in hand.counts.items()]
    errors = []
    for player, count, reachable, kind in checks:
        try:
            _check_count(player, count, reachable, kind, rules)
        except RulesError as exc:
            errors.append(exc)
    return errors


def _validate_players(hand: Hand, rules: RuleSet) -> None:
    for player in hand.players:
        if not isinstance(player, str) or not player.strip():
            raise RulesError("player_name_invalid", value=player)
    if len(hand.players) < 2:
        raise RulesError("players_too_few", count=len(hand.players))
    seen: set[str] = set()
    for player in hand.players:
        if player in seen:
            raise RulesError("player_twice", player=player)
        seen.add(player)
    rules.check_table_size(len(hand.players))
    _seated(hand, hand.dealer, "dealer")


def _seated(hand: Hand, player: object, role: str) -> None:
    if player not in hand.players:
        raise RulesError("not_seated", role=role, player=player)


def _check_method(hand: Hand, rules: RuleSet) -> None:
    if hand.method not in METHODS:
        raise RulesError("method_invalid", value=hand.method)


def _check_first_turn(hand: Hand, rules: RuleSet) -> None:
    if not isinstance(hand.first_turn, bool):
        raise RulesError("first_turn_invalid", value=hand.first_turn)


def _validate_counts(hand: Hand, rules: RuleSet) -> None:
    if not isinstance(hand.counts, Mapping):
        raise RulesError("counts_invalid", value=hand.counts)
    for player in hand.players:
        if player not in hand.counts:
            raise RulesError("count_missing", player=player)
        _check_count(player, hand.counts[player], rules.play_counts, "count", rules)
    for player in hand.counts:
        _seated(hand, player, "counted player")


def _check_count(
    player: str, count: object, reachable: frozenset[int], kind: str, rules: RuleSet
) -> None:
    if not is_whole(count):
        raise RulesError("count_invalid", player=player, value=count)
    if count not in reachable:
        raise RulesError(
            "count_unreachable",
            player=player,
            kind=kind,
            count=count,
            deck=rules.describe_deck(),
            deck_spec=rules.deck_spec(),
        )


def _validate_claims(hand: Hand, rules: RuleSet) -> None:
    if not hand.claims:
        raise RulesError("claims_invalid", value=list(hand.claims))
    claimed: set[str] = set()
    for claim in hand.claims:
        _seated(hand, claim.player, "claimer")
        if claim.player in claimed:
            raise RulesError("claim_twice", player=claim.player)
        claimed.add(claim.player)
        _check_count(claim.player, claim.count, rules.deal_counts, "deal count", rules)
        if rules.tier_of(claim.count) is None:
            raise RulesError(
                "claim_no_tier",
                player=claim.player,
                count=claim.count,
                tiers=rules.describe_tiers(),
            )


def push_counts(hand: Hand, rules: RuleSet, pushed: Iterable[str]) -> dict[str, int]:
    """What each pushed player is pushed up by (docs/rules.md section 8.1): their count, a
    claimer's claim, a non-claimer's deal count on a deal tonk. ``counts`` may name any
    seated player; only the pushed players' counts are needed."""
    if not isinstance(hand.counts, Mapping):
        raise RulesError("counts_invalid", value=hand.counts)
    deal = hand.outcome == "deal_tonk"
    claims = {claim.player: claim.count for claim in hand.claims} if deal else {}
    for player, count in hand.counts.items():
        _seated(hand, player, "counted player")
        if not is_whole(count):
            raise RulesError("count_invalid", player=player, value=count)
        if player in claims and count != claims[player]:
            raise RulesError(
                "claim_count_differs", player=player, claim=claims[player], count=count
            )
    reachable, kind = (rules.deal_counts, "deal count") if deal else (rules.play_counts, "count")
    pushes = {}
    for player in pushed:
        if player in claims:
            pushes[player] = claims[player]
            continue
        if player not in hand.counts:
            raise RulesError("push_count_missing", player=player)
        _check_count(player, hand.counts[player], reachable, kind, rules)
        pushes[player] = hand.counts[player]
    return pushes


# How each detail an outcome logs is checked, in the order the outcome lists them.
CHECKS = {
    "dropper": lambda hand, rules: _seated(hand, hand.dropper, "dropper"),
    "winner": lambda hand, rules: _seated(hand, hand.winner, "winner"),
    "method": _check_method,
    "first_turn": _check_first_turn,
    "counts": _validate_counts,
    "claims": _validate_claims,
}
