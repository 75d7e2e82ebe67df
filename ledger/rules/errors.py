"""Errors of the rules engine: a stable code, its parameters and an English message.

The engine knows nothing of Django; the web layer can translate a message from
``code`` and ``params`` alone, e.g.::

    >>> err = RulesError("count_unreachable", player="Goblin", count=49, kind="count",
    ...                  deck="a 40-card deck")
    >>> str(err)
    "Goblin's count 49 is impossible with a 40-card deck"
"""


def gettext_noop(message: str) -> str:
    """Marks a message for ``makemessages``: the web layer translates it by ``code``."""
    return message


MESSAGES: dict[str, str] = {
    # rule sets
    "rules_type": gettext_noop("rules must be a preset id or an object, not {got}"),
    "unknown_preset": gettext_noop("unknown preset {preset!r}: use one of {choices}"),
    "unknown_option": gettext_noop("unknown rule option {option!r} (known here: {choices})"),
    "option_choice": gettext_noop("rule option {option} cannot be {value!r}: use one of {choices}"),
    "option_int": gettext_noop(
        "rule option {option} must be a whole number from {low} to {high}, not {value!r}"
    ),
    "option_object": gettext_noop("rule option {option} must be an object, not {value!r}"),
    "option_list": gettext_noop("rule option {option} must be a list, not {value!r}"),
    "tier_name": gettext_noop(
        "each deal-tonk tier needs a unique non-empty name; {value!r} is not one"
    ),
    "tier_bounds": gettext_noop("deal-tonk tier {tier!r} needs a min or a max"),
    "tier_empty": gettext_noop(
        "deal-tonk tier {tier!r} runs from {low} to {high}: min must not exceed max"
    ),
    "tier_overlap": gettext_noop("deal-tonk tiers {tier!r} and {other!r} share the count {count}"),
    "tier_order": gettext_noop(
        "deal_tonk.order must name every tier once: tiers are {tiers}, order is {order}"
    ),
    # hands
    "hand_type": gettext_noop("a hand must be a JSON object, not {got}"),
    "hand_field_missing": gettext_noop("the hand has no {field!r}"),
    "hand_field_unknown": gettext_noop(
        "a {outcome} hand has no field {field!r} (allowed: {choices})"
    ),
    "outcome_unknown": gettext_noop("unknown outcome {value!r}: use one of {choices}"),
    "stake_invalid": gettext_noop(
        "the stake must be a whole number from 1 to {high}, not {value!r}"
    ),
    "players_invalid": gettext_noop("players must be a list of names, not {value!r}"),
    "player_name_invalid": gettext_noop(
        "a player's name must be a non-empty string, not {value!r}"
    ),
    "players_too_few": gettext_noop("a hand needs at least two players, not {count}"),
    "players_too_many": gettext_noop(
        "{count} players cannot each be dealt {hand_size} cards from {deck}"
    ),
    "player_twice": gettext_noop("{player} is named twice among the players"),
    "not_seated": gettext_noop("{role} {player} is not one of the players"),
    "counts_invalid": gettext_noop("counts must map each player to a count, not {value!r}"),
    "count_missing": gettext_noop("{player}'s count is missing"),
    "count_invalid": gettext_noop("{player}'s count must be a whole number, not {value!r}"),
    "count_unreachable": gettext_noop("{player}'s {kind} {count} is impossible with {deck}"),
    "claims_invalid": gettext_noop(
        'claims must be a non-empty list of {{"player", "count"}} objects, not {value!r}'
    ),
    "claim_twice": gettext_noop("{player} claims tonk twice"),
    "claim_no_tier": gettext_noop(
        "{player}'s deal count {count} is in no deal-tonk tier of these rules ({tiers})"
    ),
    "method_invalid": gettext_noop('method must be "spread" or "hit", not {value!r}'),
    "first_turn_invalid": gettext_noop("first_turn must be true or false, not {value!r}"),
    # push-ups
    "push_count_missing": gettext_noop("{player}'s count is missing: push-ups push them up by it"),
    "claim_count_differs": gettext_noop(
        "{player} claimed with {claim}, so their count cannot be {count}"
    ),
    # side bets
    "side_bets_invalid": gettext_noop(
        'side_bets must be a list of {{"kind", "ante", "players", "winner"}} objects, not {value!r}'
    ),
    "side_bet_kind": gettext_noop("unknown side bet {value!r}: use one of {choices}"),
    "side_bet_twice": gettext_noop("a hand has one {kind} bet at most"),
    "side_bet_ante": gettext_noop(
        "the {kind} ante must be a whole number from 1 to {high}, not {value!r}"
    ),
    "side_bet_players": gettext_noop("a {kind} bet needs two players or more, not {count}"),
    "side_bet_player_twice": gettext_noop("{player} is in the {kind} bet twice"),
    "side_bet_winner": gettext_noop("{player} won the {kind} bet but did not bet"),
}


MAX_SHOWN = 80  # characters of a value quoted back in a message


def shown(value: object) -> object:
    """A parameter as a message may quote it: input of any size stays a few words long.

    ``repr`` of a 5,000-digit number raises, and a 10,000-character name would
    fill the screen.

    >>> shown(42), shown("Elmo")
    (42, 'Elmo')
    >>> shown(10**100)
    '1000000000…0000000000 (101 digits)'
    >>> len(shown("x" * 10_000))
    81
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        if value.bit_length() > 10_000:  # str() refuses more than 4,300 digits
            return f"a number of about {value.bit_length() * 3 // 10:,} digits"
        text = str(abs(value))
        return f"{'-' if value < 0 else ''}{text[:10]}…{text[-10:]} ({len(text)} digits)"
    if isinstance(value, str) and len(value) > MAX_SHOWN:
        return value[:MAX_SHOWN] + "…"
    return value


class RulesError(ValueError):
    """Bad rules or a bad hand. ``code`` and ``params`` identify it for translation."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = {name: shown(value) for name, value in params.items()}
        params = self.params
        self.place = ""
        super().__init__(MESSAGES[code].format(**params))

    def within(self, place: str) -> "RulesError":
        """The same error, its message prefixed with where it happened (e.g. ``hands[3]``)."""
        located = RulesError(self.code, **self.params)
        located.place = place
        located.args = (f"{place}: {self}",)
        return located
