"""The JSON form of a hand and of its result (docs/rules.md section 6)."""

from typing import Any

from ledger.rules.errors import RulesError
from ledger.rules.hand import Claim, Hand, SideBet
from ledger.rules.outcomes import OUTCOMES
from ledger.rules.ruleset import RuleSet, parse_rules
from ledger.rules.scoring import Result, score

COMMON_FIELDS = ("rules", "overrides", "stake", "players", "dealer", "outcome", "side_bets")
SIDE_BET_FIELDS = {"kind", "ante", "players", "winner"}


def rules_from_json(data: dict[str, Any]) -> RuleSet:
    """The rule set a hand names: ``rules``, with ``overrides`` if it is a preset id."""
    if "rules" not in data:
        raise RulesError("hand_field_missing", field="rules")
    if "overrides" in data:
        return parse_rules({"preset": data["rules"], "overrides": data["overrides"]})
    return parse_rules(data["rules"])


def hand_from_json(data: Any) -> tuple[Hand, RuleSet]:
    """Parse one hand object; a missing dealer means the last player dealt."""
    if not isinstance(data, dict):
        raise RulesError("hand_type", got=type(data).__name__)
    rules = rules_from_json(data)
    for name in ("stake", "players", "outcome"):
        if name not in data:
            raise RulesError("hand_field_missing", field=name)
    outcome = data["outcome"]
    if not isinstance(outcome, str) or outcome not in OUTCOMES:
        raise RulesError("outcome_unknown", value=outcome, choices=", ".join(OUTCOMES))
    spec = OUTCOMES[outcome]
    allowed = COMMON_FIELDS + spec.logs
    if rules.scoring == "pushups" and "counts" not in allowed:
        allowed += ("counts",)  # what the losers are pushed up by
    for name in data:
        if name not in allowed:
            raise RulesError(
                "hand_field_unknown", outcome=outcome, field=name, choices=", ".join(allowed)
            )
    for name in spec.required:
        if name not in data:
            raise RulesError("hand_field_missing", field=name)
    players = data["players"]
    if not isinstance(players, list):
        raise RulesError("players_invalid", value=players)
    last: str = players[-1] if players else ""
    hand = Hand(
        players=tuple(players),
        dealer=data.get("dealer", last),
        stake=data["stake"],
        outcome=outcome,
        dropper=data.get("dropper"),
        counts=_counts(data.get("counts", {})),
        claims=_claims(data.get("claims", [])) if "claims" in spec.logs else (),
        winner=data.get("winner"),
        method=data.get("method", "spread"),
        first_turn=data.get("first_turn", False),
        side_bets=_side_bets(data.get("side_bets", [])),
    )
    return hand, rules


def _side_bets(value: Any) -> tuple[SideBet, ...]:
    if not isinstance(value, list):
        raise RulesError("side_bets_invalid", value=value)
    bets = []
    for item in value:
        if (
            not isinstance(item, dict)
            or not {"kind", "ante", "players"} <= set(item) <= SIDE_BET_FIELDS
            or not isinstance(item["players"], list)
        ):
            raise RulesError("side_bets_invalid", value=item)
        bets.append(SideBet(item["kind"], item["ante"], tuple(item["players"]), item.get("winner")))
    return tuple(bets)


def _counts(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RulesError("counts_invalid", value=value)
    return value


def _claims(value: Any) -> tuple[Claim, ...]:
    if not isinstance(value, list) or not value:
        raise RulesError("claims_invalid", value=value)
    claims = []
    for item in value:
        if not isinstance(item, dict) or set(item) != {"player", "count"}:
            raise RulesError("claims_invalid", value=item)
        claims.append(Claim(player=item["player"], count=item["count"]))
    return tuple(claims)


def result_to_json(result: Result, pot: bool = False) -> dict[str, Any]:
    """The result's JSON form: ``points`` for a push-ups hand, ``pot`` (the naturals pot
    still open) when ``pot`` is asked for or the hand left one open."""
    data: dict[str, Any] = {
        "result": result.kind,
        "net": dict(result.net),
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": t.amount} for t in result.transfers
        ],
    }
    if result.points is not None:
        data["points"] = dict(result.points)
    if pot or result.pot:
        data["pot"] = sum(result.pot.values())
    return data


def score_json(data: Any) -> dict[str, Any]:
    """Score one hand in its JSON form and return the result in its JSON form."""
    hand, rules = hand_from_json(data)
    return result_to_json(score(hand, rules), pot=bool(hand.side_bets))


def score_night_json(hands: list[Any]) -> list[dict[str, Any]]:
    """Score a night's hands in playing order: the naturals pot carries from each to the
    next. A bad hand raises a RulesError naming its index."""
    results: list[dict[str, Any]] = []
    pot: dict[str, int] = {}
    for index, data in enumerate(hands):
        try:
            hand, rules = hand_from_json(data)
            result = score(hand, rules, pot)
        except RulesError as exc:
            raise exc.within(f"hands[{index}]") from None
        results.append(result_to_json(result, pot=bool(hand.side_bets or pot)))
        pot = result.pot
    return results


def hand_to_json(hand: Hand, rules: Any) -> dict[str, Any]:
    """The JSON form of ``hand``; ``rules`` is written as given (preset id or object)."""
    data: dict[str, Any] = {
        "rules": rules,
        "stake": hand.stake,
        "players": list(hand.players),
        "dealer": hand.dealer,
        "outcome": hand.outcome,
    }
    logs = OUTCOMES[hand.outcome].logs
    for detail in logs:
        data[detail] = _JSON_DETAILS.get(detail, getattr)(hand, detail)
    if hand.counts and "counts" not in logs:  # a push-ups hand's pushes
        data["counts"] = dict(hand.counts)
    if hand.side_bets:
        data["side_bets"] = [
            {"kind": b.kind, "ante": b.ante, "players": list(b.players), "winner": b.winner}
            for b in hand.side_bets
        ]
    return data


# Details whose JSON form is not the engine's value as it is.
_JSON_DETAILS = {
    "claims": lambda hand, _: [{"player": c.player, "count": c.count} for c in hand.claims],
    "counts": lambda hand, _: {player: hand.counts[player] for player in hand.players},
}
