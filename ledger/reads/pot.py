"""What a night's naturals pot holds (docs/rules.md section 8.2).

The pot is an account over the hands that stand, in the order they were recorded: every
naturals bet puts its antes in, every naturals win pays out the pot it was dealt into plus
its own antes. So voiding a win puts what it paid back in the pot, and a hand whose antes
a later win paid out cannot be voided before that win is (``services.side_bets``).
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ledger.models import Hand, Night
from ledger.rules import SIDE_BETS


@dataclass(frozen=True)
class Pot:
    """What each player (by id) has in the night's naturals pot, and the ante it is open at."""

    amounts: dict[int, int]
    ante: int | None

    @property
    def total(self) -> int:
        return sum(self.amounts.values())


@dataclass(frozen=True)
class PotStep:
    """One standing hand with a naturals bet: the pot after it, or whom it paid and how much;
    ``kept`` is false for a win whose stored pot is not what the hands before it put in."""

    number: int
    total: int
    winner: int | None = None
    paid: int = 0
    kept: bool = True


def pot_of(night: Night, without: Hand | None = None) -> Pot:
    """The night's naturals pot now, from its standing hands (one query); ``without``: as
    if that hand were taken back."""
    return _fold(night, without)[0]


def account(night: Night) -> dict[int, int]:
    """What the standing hands put in less what they paid out, by player, zeros left in:
    ``check_ledger`` checks that nobody's share is below zero."""
    return dict(_fold(night)[2])


def pots_misfolded(night: Night) -> list[int]:
    """The standing wins whose stored pot is not what the standing hands before them put in.

    A hand before a standing win cannot be taken back while the win stands, so the hands
    that stand before it now are the ones that stood when it was dealt: its pot must be
    their antes since the last win. ``check_ledger`` and an import check it.
    """
    return [step.number for step in _fold(night)[1] if not step.kept]


def pot_history(night: Night) -> list[PotStep]:
    """How the night's naturals pot went, hand by hand (one query)."""
    return _fold(night)[1]


def _fold(night: Night, without: Hand | None = None) -> tuple[Pot, list[PotStep], Counter[int]]:
    hands = night.hands.standing().order_by("number")
    if without is not None:
        hands = hands.exclude(pk=without.pk)
    rows = hands.values_list("number", "side_bets", "pot")
    amounts: Counter[int] = Counter()
    ante, steps = None, []
    for number, bets, pot in rows:
        bet = naturals(bets)
        if bet is None:
            continue
        for player in bet["players"]:
            amounts[player] += bet["ante"]
        ante = bet["ante"]
        paid, kept = 0, True
        if bet["winner"] is not None:
            before = Counter(amounts)
            before.subtract(dict.fromkeys(bet["players"], bet["ante"]))
            kept = {p: a for p, a in before.items() if a} == {int(p): a for p, a in pot.items()}
            paid = sum(pot.values()) + bet["ante"] * len(bet["players"])
            amounts.subtract({int(player): amount for player, amount in pot.items()})
            amounts.subtract(dict.fromkeys(bet["players"], bet["ante"]))
            ante = None
        steps.append(PotStep(number, sum(amounts.values()), bet["winner"], paid, kept))
    held = {player: amount for player, amount in amounts.items() if amount}
    return Pot(held, ante if held else None), steps, amounts


def naturals(bets: list[dict]) -> dict | None:
    return next((bet for bet in bets if bet["kind"] == "naturals"), None)


def bets_left_seated(night: Night, seated: Iterable[int]) -> dict:
    """The night's set-up without players who have left (``seated``: the ids of those at
    the table): a bet left with fewer than two bettors is dropped."""
    seated = set(seated)
    kept = {}
    for kind in SIDE_BETS:  # in this order: PostgreSQL keeps a JSON object's keys in its own
        bet = night.side_bets.get(kind)
        if bet is None:
            continue
        players = [pk for pk in bet["players"] if pk in seated]
        if len(players) >= 2:
            kept[kind] = {**bet, "players": players}
    return kept
