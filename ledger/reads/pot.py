"""What a night's naturals pot holds (docs/rules.md section 8.2).

The pot is an account over the hands that stand, in the order they were recorded: every
naturals bet puts its antes in, every naturals win pays out the pot it was dealt into plus
its own antes. So voiding a win puts what it paid back in the pot, and a hand whose antes
a later win paid out cannot be voided before that win is (``services.side_bets``).
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ledger.errors import LedgerError
from ledger.models import Hand, Night, Player
from ledger.rules import SIDE_BETS
from ledger.rules.money import Amount


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
    return fold(night, without)[0]


def pot_history(night: Night) -> list[PotStep]:
    """How the night's naturals pot went, hand by hand (one query)."""
    return fold(night)[1]


def fold(night: Night, without: Hand | None = None) -> tuple[Pot, list[PotStep]]:
    """The pot now and its story, from the standing hands in the order they were recorded.

    A win is checked against the pot it kept: a hand before a standing win cannot be taken
    back while the win stands, so the hands standing before it now are the ones that stood
    when it was dealt (``check_ledger`` and an import read ``PotStep.kept``). A pot holding
    less than nothing for someone is kept as it is, for the audit to see.
    """
    hands = night.hands.standing().order_by("number")
    if without is not None:
        hands = hands.exclude(pk=without.pk)
    amounts: Counter[int] = Counter()
    ante, steps = None, []
    for number, bets, pot in hands.values_list("number", "side_bets", "pot"):
        bet = naturals(bets)
        if bet is None:
            continue
        stored = {int(player): amount for player, amount in pot.items()}
        if bet["winner"] is None:
            amounts.update(dict.fromkeys(bet["players"], bet["ante"]))
            ante, paid, kept = bet["ante"], 0, True
        else:  # its own antes come straight back out with the pot
            kept = stored == {player: amount for player, amount in amounts.items() if amount}
            amounts.subtract(stored)
            ante, paid = None, paid_out(bet, pot)
        steps.append(PotStep(number, sum(amounts.values()), bet["winner"], paid, kept))
    held = {player: amount for player, amount in amounts.items() if amount}
    return Pot(held, ante if held else None), steps


def paid_out(bet: dict, pot: dict) -> int:
    """What a won naturals bet pays its winner: the pot it was dealt into and its antes."""
    return sum(pot.values()) + bet["ante"] * len(bet["players"])


def players_by_id(ids: Iterable[int], known: Iterable[Player] = ()) -> dict[int, Player]:
    """Players by id: those at hand, and one query for the rest (someone who put into a
    pot may have left the table, or have no seat in an imported night)."""
    by_id = {player.pk: player for player in known}
    missing = set(ids) - set(by_id)
    if missing:
        by_id |= Player.objects.in_bulk(missing)
    return by_id


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


def pot_for(
    night: Night, details, seated: list[Player], *, without: Hand | None = None, again=False
) -> dict[Player, int]:
    """The pot a hand with a naturals bet is dealt into, by player (read only for such a
    hand). A new hand's ante must be the open pot's; a hand posted ``again`` (a correction,
    a redo) keeps its own. ``without``: as if that hand were taken back (a correction's
    preview)."""
    bet = details.naturals
    if bet is None:
        return {}
    pot = pot_of(night, without=without)
    if not again and pot.ante is not None and bet.ante != pot.ante:
        league = night.season.league
        ante = Amount(pot.ante, league.unit, league.decimal_places)
        raise LedgerError("pot_ante_fixed", ante=ante)
    by_id = players_by_id(pot.amounts, seated)
    return {by_id[pk]: amount for pk, amount in pot.amounts.items()}
