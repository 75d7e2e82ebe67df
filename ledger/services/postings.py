"""The rows one hand writes, built and validated in memory before anything is saved.

Services save them one hand at a time; ``save_in_bulk`` saves many hands at
once (demo data, imports) with exactly the same rows.
"""

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ledger.errors import LedgerError
from ledger.models import Entry, Hand, League, Player, Transaction
from ledger.rows.details import HandDetails, engine_hand, entry_rows, seat_rows
from ledger.rows.posting import Posting
from ledger.rules import MAX_STAKE, OUTCOMES, parse_rules, score
from ledger.rules.whole import is_whole
from ledger.services import tallies
from ledger.services.writes import Writes


def check_stake(stake: object) -> int:
    if not is_whole(stake, low=1, high=MAX_STAKE):
        raise LedgerError("stake_invalid", value=stake, high=f"{MAX_STAKE:,}")
    return stake


REQUEST_KEY = re.compile(r"[!-~]{1,64}")  # printable ASCII: the phone sends a UUID's hex


def check_key(key: object) -> str:
    """A client's idempotency key, as stored: a hand or payment posted twice shares it."""
    key = key.strip() if isinstance(key, str) else ""
    if not key:
        raise LedgerError("key_blank")
    if not REQUEST_KEY.fullmatch(key):
        raise LedgerError("key_invalid")
    return key


def check_league(league: League, players: Iterable[Player]) -> None:
    for player in players:
        if player.league_id != league.pk:
            raise LedgerError("player_foreign", player=player.name, league=league.name)


def request_digest(details: HandDetails, **more: object) -> str:
    """Identifies what an idempotency key was used for."""
    request = {**details.fingerprint(), **more}
    return hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()


def build_hand(
    *,
    night,
    number: int,
    players: Sequence[Player],
    dealer: Player,
    stake: int,
    spec: dict,
    details: HandDetails,
    key: str,
    digest: str,
    replaces: Hand | None = None,
    logged_by=None,
    pot: Mapping[Player, int] | None = None,
) -> Posting:
    """Score the hand and build its rows; raises LedgerError or RulesError if it is bad.

    ``pot`` is the naturals pot the hand is dealt into (``side_bets.pot_of``); only a hand
    with a naturals bet keeps it, and pays it out when the bet is won.
    """
    check_league(night.season.league, [dealer, *details.players_named()])
    check_stake(stake)
    if dealer not in players:
        raise LedgerError("night_dealer_not_seated", player=dealer.name)
    details, pot, result = _scored(players, dealer, stake, parse_rules(spec), details, pot)
    hand = Hand(
        night=night,
        number=number,
        dealer=dealer,
        stake=stake,
        rules=spec,
        result=result.kind,
        **details.hand_columns(),
        side_bets=[bet.stored() for bet in details.side_bets],
        pot={str(player.pk): amount for player, amount in pot.items()},
        replaces=replaces,
        idempotency_key=key.strip(),
        request_digest=digest,
        logged_by=logged_by,
    )
    posting = Transaction(
        season_id=night.season_id,
        night=night,
        hand=hand,
        kind=Transaction.Kind.HAND,
        created_by=logged_by,
    )
    return Posting(
        hand=hand,
        seats=seat_rows(hand=hand, players=players, details=details, result=result),
        transactions=[
            (posting, entry_rows(transaction=posting, players=[*players, *pot], result=result))
        ],
    )


def _scored(players, dealer, stake, rules, details: HandDetails, pot):
    """The details as kept (counts only where the outcome logs them or push-ups push by
    them; a pot only with a naturals bet), the pot, and the engine's result."""
    if "counts" not in OUTCOMES[details.outcome].logs and rules.scoring != "pushups":
        details = replace(details, counts=None)
    pot = dict(pot or {}) if details.naturals else {}
    engine = engine_hand(players=players, dealer=dealer, stake=stake, details=details)
    result = score(engine, rules, pot={player.name: amount for player, amount in pot.items()})
    return details, pot, result


def build_reversal(hand: Hand, posted: Iterable[Entry], by=None) -> tuple[Transaction, list[Entry]]:
    """The void of ``hand``: the same entries with their signs flipped."""
    reversal = Transaction(
        season_id=hand.night.season_id,
        night_id=hand.night_id,
        hand=hand,
        kind=Transaction.Kind.VOID,
        created_by=by,
    )
    return reversal, [
        Entry(
            transaction=reversal,
            player_id=e.player_id,
            counterparty_id=e.counterparty_id,
            amount=-e.amount,
        )
        for e in posted
    ]


def save(posting: Posting, writes: Writes | None = None) -> Posting:
    """Insert one posting's rows (its players, entries and tallies with ``writes``, sent
    when it runs, if given); it comes back so an answer can show them without a read."""
    save_in_bulk([posting], writes=writes)
    return posting


def save_in_bulk(
    postings: Sequence[Posting], batch_size: int = 2000, writes: Writes | None = None
) -> None:
    """Insert the rows of many postings; a correction waits for the hand it replaces.

    The players' night tallies (and what they won from each other) change with
    them; a hand voided in the same posting changes nothing. The hands and
    transactions are inserted at once (their ids are needed); the rest go with
    ``writes``, or at the end when none is given.
    """
    batch = writes or Writes()
    changes = tallies.Changes()
    for posting in postings:
        if len(posting.transactions) == 1:
            changes.add(posting.hand, posting.seats, posting.transactions[0][1])
    waiting = list(postings)
    while waiting:
        ready = [p for p in waiting if p.hand.replaces is None or p.hand.replaces.pk is not None]
        waiting = [p for p in waiting if p not in ready]
        Hand.objects.bulk_create([p.hand for p in ready], batch_size=batch_size)
        pairs = [pair for p in ready for pair in p.transactions]
        Transaction.objects.bulk_create([t for t, _ in pairs], batch_size=batch_size)
        batch.insert([s for p in ready for s in p.seats])
        batch.insert([e for _, entries in pairs for e in entries])
    changes.apply(batch)
    if writes is None:
        batch.run()
