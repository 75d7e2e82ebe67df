"""The hand sheet's reads: the card picker for the table's rules, and what a hand would
pay before it is saved (side bets and the naturals pot it is dealt into included)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from ledger.models import Hand, Night, Player
from ledger.reads.describe import headline, payments, pushes, why
from ledger.reads.pot import pot_for
from ledger.rows.details import HandDetails, engine_hand
from ledger.rules import parse_rules, score


@dataclass(frozen=True)
class Preview:
    headline: str
    pushes: list[str]
    payments: list[str]
    why: str = ""  # the house rule that decided several deal tonks (describe.why)


def cards(spec: dict) -> list[tuple[str, int]]:
    """The card picker's buttons for these rules: label and value."""
    rules = parse_rules(spec)
    pips = list(range(2, 11)) if rules.deck == "52" else list(range(2, 8))
    faces = [("J", 11), ("Q", 12), ("K", 13)]
    found = [("A", 1), *((str(p), p) for p in pips)]
    found += [(label, 10 if rules.face_values == "ten" else value) for label, value in faces]
    return found + ([(_("Joker"), 0)] if rules.jokers else [])


def preview(
    night: Night,
    details: HandDetails,
    *,
    players: Sequence[Player],
    dealer: Player,
    stake: int,
    spec: dict,
    correcting: Hand | None,
    money: Callable[[int], str],
) -> Preview:
    """What the hand would pay; it raises what saving it would (a rule it breaks, an ante
    that is not the open pot's). A correction is previewed as if it replaced its hand."""
    players = list(players)
    engine = engine_hand(players=players, dealer=dealer, stake=stake, details=details)
    pot = pot_for(night, details, players, without=correcting, again=correcting is not None)
    rules = parse_rules(spec)
    result = score(engine, rules, pot={p.name: a for p, a in pot.items()})
    return Preview(
        headline(engine, result), pushes(result), payments(result, money), why(engine, rules)
    )
