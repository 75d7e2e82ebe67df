"""Domain errors raised by the services, with codes the tests and the web layer use.

Like the rules engine's errors they carry ``code`` and ``params``, so a view can
show a translated message; ``str(error)`` is the English one.
"""

from django.utils.translation import gettext_noop

from ledger.rules.errors import RulesError, shown

MESSAGES: dict[str, str] = {
    "league_name_blank": gettext_noop("a league needs a name"),
    "league_name_long": gettext_noop("a league's name can have at most {longest} characters"),
    "league_has_history": gettext_noop(
        "{league} has hands in its ledger, which is kept for good: rename the league instead"
    ),
    "league_slug_taken": gettext_noop("the address {slug!r} is taken by another league"),
    "league_unit_blank": gettext_noop("a league needs a unit, such as $, chips or points"),
    "time_zone_unknown": gettext_noop(
        "{value!r} is not a time zone: use a name such as America/Chicago or Europe/Amsterdam"
    ),
    "decimal_places_invalid": gettext_noop("decimal places must be 0 to 3, not {value!r}"),
    "stake_invalid": gettext_noop(
        "the stake must be a whole number from 1 to {high}, not {value!r}"
    ),
    "player_name_blank": gettext_noop("a player needs a name"),
    "player_name_long": gettext_noop("a player's name can have at most 60 characters"),
    "player_name_taken": gettext_noop("{league} already has a player called {name}"),
    "player_foreign": gettext_noop("{player} does not play in {league}"),
    "player_retired": gettext_noop("{player} is retired"),
    "player_retired_already": gettext_noop("{player} is retired already"),
    "player_twice": gettext_noop("{player} is named twice"),
    "season_name_blank": gettext_noop("a season needs a name"),
    "season_name_taken": gettext_noop("{league} already has a season called {name}"),
    "season_open_exists": gettext_noop(
        "{league} still has an open season, {season}: close it first"
    ),
    "season_closed": gettext_noop("the season {season} is closed"),
    "night_closed": gettext_noop("this night is closed"),
    "side_bet_paid_out": gettext_noop(
        "hand {number} put antes in the naturals pot that hand {win} won: "
        "undo or void hand {win} first"
    ),
    "side_bet_not_seated": gettext_noop("everyone in the {kind} bet must be at the table"),
    "pot_open": gettext_noop(
        "the naturals pot holds {total}: it stays in play until someone wins it or the night closes"
    ),
    "pot_ante_fixed": gettext_noop(
        "the naturals pot is open at an ante of {ante}: it stays at that until someone wins it"
    ),
    "night_too_few_players": gettext_noop("a night needs at least two players"),
    "night_player_seated": gettext_noop("{player} is seated already"),
    "night_player_not_seated": gettext_noop("{player} is not seated at this table"),
    "night_last_two": gettext_noop("{player} cannot leave: a table needs at least two players"),
    "night_dealer_missing": gettext_noop("pick who deals first"),
    "night_dealer_not_seated": gettext_noop("the dealer {player} is not seated at this table"),
    "key_blank": gettext_noop("a hand needs a request key"),
    "key_invalid": gettext_noop("a request key is 1 to 64 letters, digits or signs"),
    "key_reused": gettext_noop(
        "the request key {key!r} was already used for a different hand (hand {number})"
    ),
    "payment_key_reused": gettext_noop(
        "the request key {key!r} was already used for a different payment"
    ),
    "hand_voided_already": gettext_noop("hand {number} is voided already"),
    "hand_stands": gettext_noop("hand {number} stands: there is nothing to redo"),
    "hand_redo_stale": gettext_noop(
        "hand {newest} was saved after this page was drawn, so hand {number} was not "
        "redone: check the board, then redo it or restore it under Fix"
    ),
    "hand_not_newest": gettext_noop(
        "hand {newest} is the newest hand now, so hand {number} was not undone: "
        "check the board and undo again, or fix hand {number}"
    ),
    "hand_corrected_already": gettext_noop(
        "hand {number} was corrected already, by hand {correction}"
    ),
    "night_open_already": gettext_noop("this night is open already"),
    "settle_unit_too_big": gettext_noop("the settle-up unit can be at most {high}"),
    "payment_night_elsewhere": gettext_noop("that night is not part of the season {season}"),
    "settle_unit_invalid": gettext_noop(
        "the settle-up unit must be a whole number of at least 1, not {value!r}"
    ),
    "points_rate_invalid": gettext_noop(
        "the rate per point must be a whole number of cents, not {value!r}"
    ),
    "role_invalid": gettext_noop("a role is owner, scorekeeper or viewer, not {value!r}"),
    "invitation_unknown": gettext_noop("this invitation link is not valid"),
    "invitation_used": gettext_noop("this invitation link has been used already"),
    "last_owner": gettext_noop("a league needs at least one owner"),
    "member_gone": gettext_noop("that member has left the league already"),
    "player_claimed": gettext_noop("{player} is someone else's player already"),
    "already_a_player": gettext_noop("you are a player of {league} already"),
    "payment_invalid": gettext_noop("a payment must be a whole number above zero, not {value!r}"),
    "payment_to_self": gettext_noop("{player} cannot pay themselves"),
    "payment_more_than_owes": gettext_noop("{player} owes only {amount} here"),
    "payment_more_than_planned": gettext_noop(
        "{payer} pays {payee} {amount} in this plan: mark at most that on this row"
    ),
    "payment_more_than_owed": gettext_noop("{player} is owed only {amount} here"),
}


class LedgerError(ValueError):
    """Input the ledger refuses. Nothing was written."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = {name: shown(value) for name, value in params.items()}
        super().__init__(MESSAGES[code].format(**self.params))


DOMAIN_ERRORS = (LedgerError, RulesError)  # what a service refuses, with nothing written
