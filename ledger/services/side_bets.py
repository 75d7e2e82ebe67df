"""Side bets (docs/rules.md section 8.2): the bets set up for the next deal, the pot a hand
is dealt into, and the rule that keeps the pot whole when a hand is taken back (the pot
itself is read in ``ledger/reads/pot.py``)."""

from collections.abc import Iterable

from django.db import transaction

from ledger.errors import LedgerError
from ledger.models import Hand, Night, Player
from ledger.reads.pot import naturals, pot_of
from ledger.rules import MAX_STAKE, SIDE_BETS, RulesError
from ledger.rules.whole import is_whole
from ledger.services.guards import amount_of, lock_open_night, touch

SUITS = ("♠", "♥", "♦", "♣")


def check_not_paid_out(hand: Hand) -> None:
    """Refuse to take back a hand whose naturals antes a later standing win paid out."""
    if naturals(hand.side_bets) is None:
        return
    later = hand.night.hands.standing().filter(number__gt=hand.number).order_by("number")
    for number, bets in later.values_list("number", "side_bets"):
        bet = naturals(bets)
        if bet is not None and bet["winner"] is not None:
            raise LedgerError("side_bet_paid_out", number=hand.number, win=number)


def pot_for(night: Night, details, seated: list[Player]) -> dict[Player, int]:
    """The pot a hand with a naturals bet is dealt into, by player (read only for such a
    hand); its ante must be the open pot's."""
    bet = details.naturals
    if bet is None:
        return {}
    pot = pot_of(night)
    if pot.ante is not None and bet.ante != pot.ante:
        raise LedgerError("pot_ante_fixed", ante=amount_of(night.season.league, pot.ante))
    by_id = {player.pk: player for player in seated}
    missing = [pk for pk in pot.amounts if pk not in by_id]
    if missing:
        by_id |= Player.objects.in_bulk(missing)
    return {by_id[pk]: amount for pk, amount in pot.amounts.items()}


def set_side_bets(*, night: Night, bets: dict[str, dict]) -> Night:
    """Set up the side bets of the next deals: ``bets`` maps a kind to its ante, player ids
    and (high card) the called suit; a kind left out is not played. The bettors stay for
    the deals after until changed. While the naturals pot is open its ante cannot change."""
    with transaction.atomic():
        night = lock_open_night(night)
        seated = {seat.player_id for seat in night.seats.filter(seated=True)}
        clean = {}
        for kind, bet in bets.items():
            if kind not in SIDE_BETS:
                raise RulesError("side_bet_kind", value=kind, choices=", ".join(SIDE_BETS))
            ante, players = bet.get("ante"), list(bet.get("players", []))
            if not is_whole(ante, low=1, high=MAX_STAKE):
                raise RulesError("side_bet_ante", kind=kind, value=ante, high=f"{MAX_STAKE:,}")
            if len(set(players)) < 2:
                raise RulesError("side_bet_players", kind=kind, count=len(set(players)))
            if not set(players) <= seated:
                raise LedgerError("side_bet_not_seated", kind=kind)
            clean[kind] = {"ante": ante, "players": sorted(set(players))}
            if kind == "high_card":
                clean[kind]["suit"] = bet.get("suit") if bet.get("suit") in SUITS else SUITS[0]
        pot = pot_of(night)
        if pot.ante is not None and "naturals" not in clean:
            raise LedgerError("pot_open", total=amount_of(night.season.league, pot.total))
        if pot.ante is not None and clean["naturals"]["ante"] != pot.ante:
            raise LedgerError("pot_ante_fixed", ante=amount_of(night.season.league, pot.ante))
        night.side_bets = clean
        touch(night, "side_bets")
        return night


def bets_left_seated(night: Night, seated: Iterable[int]) -> dict:
    """The night's set-up without players who have left (``seated``: the ids of those at
    the table): a bet left with fewer than two bettors is dropped."""
    seated = set(seated)
    kept = {}
    for kind in SIDE_BETS:  # in this order: PostgreSQL keeps a JSON object's keys in its own
        bet = night.side_bets.get(kind)
        if bet is None:
            continue
        players = [pk for pk in bet["players"] if pk in seated]
        if len(players) >= 2:
            kept[kind] = {**bet, "players": players}
    return kept
