"""Errors of the rules engine: a stable code, its parameters and an English message.

The engine knows nothing of Django; the web layer can translate a message from
``code`` and ``params`` alone, e.g.::

    >>> err = RulesError("count_unreachable", player="Goblin", count=49, kind="count",
    ...                  deck="a 40-card deck")
    >>> str(err)
    "Goblin's count 49 is impossible with a 40-card deck"
"""

MESSAGES: dict[str, str] = {
    # rule sets
    "rules_type": "rules must be a preset id or an object, not {got}",
    "unknown_preset": "unknown preset {preset!r}: use one of {choices}",
    "unknown_option": "unknown rule option {option!r} (known here: {choices})",
    "option_choice": "rule option {option} cannot be {value!r}: use one of {choices}",
    "option_int": "rule option {option} must be a whole number from {low} to {high}, not {value!r}",
    "option_object": "rule option {option} must be an object, not {value!r}",
    "option_list": "rule option {option} must be a list, not {value!r}",
    "tier_name": "each deal-tonk tier needs a unique non-empty name; {value!r} is not one",
    "tier_bounds": "deal-tonk tier {tier!r} needs a min or a max",
    "tier_empty": "deal-tonk tier {tier!r} runs from {low} to {high}: min must not exceed max",
    "tier_overlap": "deal-tonk tiers {tier!r} and {other!r} share the count {count}",
    "tier_order": "deal_tonk.order must name every tier once: tiers are {tiers}, order is {order}",
    # hands
    "hand_type": "a hand must be a JSON object, not {got}",
    "hand_field_missing": "the hand has no {field!r}",
    "hand_field_unknown": "a {outcome} hand has no field {field!r} (allowed: {choices})",
    "outcome_unknown": "unknown outcome {value!r}: use one of {choices}",
    "stake_invalid": "the stake must be a whole number from 1 to {high}, not {value!r}",
    "players_invalid": "players must be a list of names, not {value!r}",
    "player_name_invalid": "a player's name must be a non-empty string, not {value!r}",
    "players_too_few": "a hand needs at least two players, not {count}",
    "players_too_many": "{count} players cannot each be dealt {hand_size} cards from {deck}",
    "player_twice": "{player} is named twice among the players",
    "not_seated": "{role} {player} is not one of the players",
    "counts_invalid": "counts must map each player to a count, not {value!r}",
    "count_missing": "{player}'s count is missing",
    "count_invalid": "{player}'s count must be a whole number, not {value!r}",
    "count_unreachable": "{player}'s {kind} {count} is impossible with {deck}",
    "claims_invalid": 'claims must be a non-empty list of {{"player", "count"}} objects, not {value!r}',
    "claim_twice": "{player} claims tonk twice",
    "claim_no_tier": "{player}'s deal count {count} is in no deal-tonk tier of these rules ({tiers})",
    "method_invalid": 'method must be "spread" or "hit", not {value!r}',
    "first_turn_invalid": "first_turn must be true or false, not {value!r}",
}


class RulesError(ValueError):
    """Bad rules or a bad hand. ``code`` and ``params`` identify it for translation."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**params))

    def within(self, place: str) -> "RulesError":
        """The same error, its message prefixed with where it happened (e.g. ``hands[3]``)."""
        located = RulesError(self.code, **self.params)
        located.args = (f"{place}: {self}",)
        return located
