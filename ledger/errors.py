"""Domain errors raised by the services, with codes the tests and the web layer use.

Like the rules engine's errors they carry ``code`` and ``params``, so a view can
show a translated message; ``str(error)`` is the English one.
"""

MESSAGES: dict[str, str] = {
    "league_name_blank": "a league needs a name",
    "league_slug_taken": "the address {slug!r} is taken by another league",
    "league_unit_blank": "a league needs a unit, such as $, chips or points",
    "decimal_places_invalid": "decimal places must be 0 to 3, not {value!r}",
    "stake_invalid": "the stake must be a whole number from 1 to {high}, not {value!r}",
    "player_name_blank": "a player needs a name",
    "player_name_long": "a player's name can have at most 60 characters",
    "player_name_taken": "{league} already has a player called {name}",
    "player_foreign": "{player} does not play in {league}",
    "player_retired": "{player} is retired",
    "player_retired_already": "{player} is retired already",
    "player_twice": "{player} is named twice",
    "season_name_blank": "a season needs a name",
    "season_name_taken": "{league} already has a season called {name}",
    "season_open_exists": "{league} still has an open season, {season}: close it first",
    "season_closed": "the season {season} is closed",
    "night_closed": "this night is closed",
    "night_too_few_players": "a night needs at least two players",
    "night_player_seated": "{player} is seated already",
    "night_player_not_seated": "{player} is not seated at this table",
    "night_last_two": "{player} cannot leave: a table needs at least two players",
    "night_dealer_not_seated": "the dealer {player} is not seated at this table",
    "key_blank": "a hand needs a request key",
    "key_reused": "the request key {key!r} was already used for a different hand (hand {number})",
    "hand_voided_already": "hand {number} is voided already",
    "hand_corrected_already": "hand {number} was corrected already, by hand {correction}",
    "night_open_already": "this night is open already",
    "settle_unit_invalid": "the settle-up unit must be a whole number of at least 1, not {value!r}",
    "points_rate_invalid": "the rate per point must be a whole number of cents, not {value!r}",
    "role_invalid": "a role is owner, scorekeeper or viewer, not {value!r}",
    "invitation_unknown": "this invitation link is not valid",
    "invitation_used": "this invitation link has been used already",
    "last_owner": "a league needs at least one owner",
    "player_claimed": "{player} is someone else's player already",
    "already_a_player": "you are a player of {league} already",
    "payment_invalid": "a payment must be a whole number above zero, not {value!r}",
    "payment_to_self": "{player} cannot pay themselves",
    "payment_too_much": "{player} {verb} only {amount} here",
}


class LedgerError(ValueError):
    """Input the ledger refuses. Nothing was written."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**params))
