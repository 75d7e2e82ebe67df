"""What a night's naturals pot holds (docs/rules.md section 8.2).

The pot is an account over the hands that stand, in the order they were recorded: every
naturals bet puts its antes in, every naturals win pays out the pot it was dealt into plus
its own antes. So voiding a win puts what it paid back in the pot, and a hand whose antes
a later win paid out cannot be voided before that win is (``services.side_bets``).
"""

from collections import Counter
from dataclasses import dataclass

from ledger.models import Night


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
    """One standing hand with a naturals bet: the pot after it, or whom it paid and how much."""

    number: int
    total: int
    winner: int | None = None
    paid: int = 0


def pot_of(night: Night) -> Pot:
    """The night's naturals pot now, from its standing hands (one query)."""
    return _fold(night)[0]


def account(night: Night) -> dict[int, int]:
    """What the standing hands put in less what they paid out, by player, zeros left in:
    ``check_ledger`` checks that nobody's share is below zero."""
    return dict(_fold(night)[2])


def pot_history(night: Night) -> list[PotStep]:
    """How the night's naturals pot went, hand by hand (one query)."""
    return _fold(night)[1]


def _fold(night: Night) -> tuple[Pot, list[PotStep], Counter[int]]:
    rows = night.hands.standing().order_by("number").values_list("number", "side_bets", "pot")
    amounts: Counter[int] = Counter()
    ante, steps = None, []
    for number, bets, pot in rows:
        bet = naturals(bets)
        if bet is None:
            continue
        for player in bet["players"]:
            amounts[player] += bet["ante"]
        ante = bet["ante"]
        paid = 0
        if bet["winner"] is not None:
            paid = sum(pot.values()) + bet["ante"] * len(bet["players"])
            amounts.subtract({int(player): amount for player, amount in pot.items()})
            amounts.subtract(dict.fromkeys(bet["players"], bet["ante"]))
            ante = None
        steps.append(PotStep(number, sum(amounts.values()), bet["winner"], paid))
    held = {player: amount for player, amount in amounts.items() if amount}
    return Pot(held, ante if held else None), steps, amounts


def naturals(bets: list[dict]) -> dict | None:
    return next((bet for bet in bets if bet["kind"] == "naturals"), None)
