"""The only writers of the ledger: keyword-only, validated, atomic.

Each service validates before it writes and raises ``LedgerError`` (or the
engine's ``RulesError``) with nothing written. Writes that two phones can race
lock the night row first (``select_for_update``), so hands of one night are
numbered, keyed and voided one at a time; SQLite gets the same effect from its
IMMEDIATE transactions.

Every service that records who acted (a hand, a void, an undo or redo, a payment, a
night closed or reopened, a season closed, an invitation or share link) takes
``acting_user`` as a required keyword, as zulip's actions do: the web passes the
signed-in user, commands and tests say ``None`` on purpose. A hand's row shows it.

One module per subject; a hand's rows are built in ``postings`` (from the
details in ``details``) and the read models kept with them in ``tallies``.
Callers use ``from ledger import services`` and the names below.
"""

from ledger.services.hands import (
    Recorded,
    correct_hand,
    record_hand,
    redo_hand,
    undo_hand,
    void_hand,
)
from ledger.services.leagues import (
    create_league,
    delete_league,
    rename_league,
    set_league_rules,
    set_settling,
    set_time_zone,
)
from ledger.services.members import (
    accept_invitation,
    claim_player,
    invite,
    pending_invitation,
    remove_member,
    revoke_share,
    set_role,
    share,
)
from ledger.services.nights import (
    change_rules,
    change_stake,
    close_night,
    reopen_night,
    seat_new_player,
    seat_player,
    seated_players,
    set_big_one,
    set_dealer,
    start_night,
    unseat_player,
)
from ledger.services.pay_handles import set_pay_handles
from ledger.services.payments import record_payment
from ledger.services.players import add_player, rename_player, retire_player
from ledger.services.seasons import close_season, start_season
from ledger.services.side_bets import set_side_bets

__all__ = [
    "Recorded",
    "accept_invitation",
    "add_player",
    "change_rules",
    "change_stake",
    "claim_player",
    "close_night",
    "close_season",
    "correct_hand",
    "create_league",
    "delete_league",
    "invite",
    "pending_invitation",
    "record_hand",
    "record_payment",
    "redo_hand",
    "remove_member",
    "rename_league",
    "rename_player",
    "reopen_night",
    "retire_player",
    "revoke_share",
    "seat_new_player",
    "seat_player",
    "seated_players",
    "set_big_one",
    "set_dealer",
    "set_league_rules",
    "set_pay_handles",
    "set_role",
    "set_settling",
    "set_side_bets",
    "set_time_zone",
    "share",
    "start_night",
    "start_season",
    "undo_hand",
    "unseat_player",
    "void_hand",
]
