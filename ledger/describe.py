"""A hand's result in plain words, for the preview and the hand list.

"Croaker is caught by Goblin (8 vs 10)" and
["Croaker pays Goblin $2.00", "Elmo pays Goblin $1.00"]
"""

from collections.abc import Callable

from ledger.rules import Hand, Result


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def headline(hand: Hand, result: Result) -> str:
    counts = hand.counts
    kind = result.kind
    if hand.outcome == "drop":
        dropper = hand.dropper
        if kind == "drop_won":
            return f"{dropper} drops with {counts[dropper]} and wins"
        catchers = list(result.catchers)
        caught_with = _join([str(counts[c]) for c in catchers])
        return f"{dropper} is caught by {_join(catchers)} ({caught_with} vs {counts[dropper]})"
    if hand.outcome == "deal_tonk":
        claims = ", ".join(f"{c.player} {c.count}" for c in hand.claims)
        if kind == "draw":
            return f"Deal tonks ({claims}): a draw"
        return f"{_join(list(result.winners))} wins on the deal ({claims})"
    if hand.outcome == "tonk_out":
        how = "by hitting" if hand.method == "hit" else "with a spread"
        first = ", on the first turn" if hand.first_turn else ""
        return f"{hand.winner} tonks out {how}{first}"
    if hand.outcome == "discard_out":
        return f"{hand.winner} goes out on a discard"
    if hand.outcome == "stock_out":
        lowest = min(counts.values())
        if kind == "draw":
            return f"Stock out: tied lowest at {lowest}, a draw"
        if kind == "dead":
            return "Stock out: the hand is dead"
        return f"Stock out: {_join(list(result.winners))} lowest with {lowest}"
    return "Dead hand"


def payments(result: Result, money: Callable[[int], str]) -> list[str]:
    if not result.transfers:
        return ["Nobody pays"]
    return [f"{t.payer} pays {t.payee} {money(t.amount)}" for t in result.transfers]
