"""A hand's result in plain words, for the preview and the hand list.

"Croaker is caught by Goblin (8 vs 10)" and
["Croaker pays Goblin $2.00", "Elmo pays Goblin $1.00"], in the active language.
"""

from collections.abc import Callable

from django.utils.translation import gettext as _

from ledger.rules import Hand, Result, RuleSet
from ledger.rules.options import SEVERAL, TIES
from ledger.rules.outcomes import DOUBLE_WORDS
from ledger.rules.scoring import best_claims


def _join(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def headline(hand: Hand, result: Result) -> str:
    return HEADLINES[hand.outcome](hand, result)


def _drop(hand: Hand, result: Result) -> str:
    dropper, counts = hand.dropper or "", hand.counts
    if result.kind == "drop_won":
        return _("%(player)s drops with %(count)d and wins") % {
            "player": dropper,
            "count": counts[dropper],
        }
    catchers = list(result.catchers)
    return _("%(player)s is caught by %(catchers)s (%(their)s vs %(count)d)") % {
        "player": dropper,
        "catchers": _join(catchers),
        "their": _join([str(counts[c]) for c in catchers]),
        "count": counts[dropper],
    }


def _deal_tonk(hand: Hand, result: Result) -> str:
    claims = ", ".join(f"{c.player} {c.count}" for c in hand.claims)
    if result.kind == "draw":
        return _("Deal tonks (%(claims)s): a draw") % {"claims": claims}
    return _("%(winners)s wins on the deal (%(claims)s)") % {
        "winners": _join(list(result.winners)),
        "claims": claims,
    }


def why(hand: Hand, rules: RuleSet) -> str:
    """Why several deal tonks went where they did: the table's house rule for them, and for
    a tie between the best. Empty for any other hand, whose headline says it all."""
    if hand.outcome != "deal_tonk" or len(hand.claims) < 2:
        return ""
    several = rules.deal_tonk.several
    if several == "best" and len(best_claims(hand, rules)) > 1:
        return _("Tied claims: %(rule)s.") % {"rule": _(TIES[rules.deal_tonk.tie])}
    return _("Several deal tonks: %(rule)s.") % {"rule": _(SEVERAL[several])}


def _tonk_out(hand: Hand, result: Result) -> str:
    if hand.method == "hit":
        text = _("%(player)s tonks out by hitting")
    else:
        text = _("%(player)s tonks out with a spread")
    if hand.first_turn:
        text = _("%(how)s, on the first turn") % {"how": text}
    return text % {"player": hand.winner}


def _stock_out(hand: Hand, result: Result) -> str:
    lowest = min(hand.counts.values())
    if result.kind == "draw":
        return _("Stock out: tied lowest at %(count)d, a draw") % {"count": lowest}
    if result.kind == "dead":
        return _("Stock out: the hand is dead")
    return _("Stock out: %(winners)s lowest with %(count)d") % {
        "winners": _join(list(result.winners)),
        "count": lowest,
    }


# One headline per outcome of the registry (ledger/rules/outcomes.py).
HEADLINES: dict[str, Callable[[Hand, Result], str]] = {
    "deal_tonk": _deal_tonk,
    "drop": _drop,
    "tonk_out": _tonk_out,
    "discard_out": lambda hand, result: (
        _("%(player)s goes out on a discard") % {"player": hand.winner}
    ),
    "stock_out": _stock_out,
    "dead": lambda hand, result: _("Dead hand"),
}


def pushes(result: Result) -> list[str]:
    """Playing push-ups: who the hand pushed up, and by how much ("Goblin is pushed up 14
    (double: a deal tonk)"); nothing for a money hand or a hand nobody won."""
    if result.points is None:
        return []
    why = _(DOUBLE_WORDS[result.doubled]) if result.doubled else ""
    lines = []
    for player, points in result.points.items():
        if points:
            line = _("%(player)s is pushed up %(points)d") % {"player": player, "points": points}
            lines.append(f"{line} ({why})" if why else line)
    return lines


def payments(result: Result, money: Callable[[int], str]) -> list[str]:
    if not result.transfers:
        return [_("Nobody pays")]
    return [
        _("%(payer)s pays %(payee)s %(amount)s")
        % {"payer": t.payer, "payee": t.payee, "amount": money(t.amount)}
        for t in result.transfers
    ]
