"""Side bets (docs/rules.md section 8.2): the bets set up for the next deal, the pot a hand
is dealt into, and the rule that keeps the pot whole when a hand is taken back (the pot
itself is read in ``ledger/reads/pot.py``)."""

from django.db import transaction

from ledger.errors import LedgerError
from ledger.models import Hand, Night
from ledger.reads.pot import naturals, pot_of
from ledger.rules import MAX_STAKE, SIDE_BETS, RulesError
from ledger.rules.hand import SUITS
from ledger.rules.whole import is_whole
from ledger.services.guards import amount_of, lock_open_night, touch


def check_not_paid_out(hand: Hand) -> None:
    """Refuse to take back a hand whose naturals antes a later standing win paid out."""
    if naturals(hand.side_bets) is None:
        return
    later = hand.night.hands.standing().filter(number__gt=hand.number).order_by("number")
    for number, bets in later.values_list("number", "side_bets"):
        bet = naturals(bets)
        if bet is not None and bet["winner"] is not None:
            raise LedgerError("side_bet_paid_out", number=hand.number, win=number)


def realign(hand: Hand) -> None:
    """After a naturals win (``hand``) is taken back its pot is open again, at the ante it
    was fed at: the set-up follows it, so the next deal can be saved. The caller holds the
    night's lock and moves its version on."""
    bet = naturals(hand.side_bets)
    if bet is None or bet["winner"] is None:
        return
    night = hand.night
    pot = pot_of(night)
    set_up = night.side_bets.get("naturals")
    if pot.ante is not None and set_up is not None and set_up["ante"] != pot.ante:
        night.side_bets = {**night.side_bets, "naturals": {**set_up, "ante": pot.ante}}
        Night.objects.filter(pk=night.pk).update(side_bets=night.side_bets)


def set_side_bets(*, night: Night, bets: dict[str, dict], imported: bool = False) -> Night:
    """Set up the side bets of the next deals: ``bets`` maps a kind to its ante, player ids
    and (high card) the called suit; a kind left out is not played. The bettors stay for
    the deals after until changed. While the naturals pot is open its ante cannot change
    and it cannot be switched off; an ``imported`` set-up is taken as it was exported."""
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
        if not imported:
            _check_pot_kept(night, clean)
        night.side_bets = clean
        touch(night, "side_bets")
        return night


def _check_pot_kept(night: Night, bets: dict) -> None:
    pot = pot_of(night)
    if pot.ante is None:
        return
    league = night.season.league
    if "naturals" not in bets:
        raise LedgerError("pot_open", total=amount_of(league, pot.total))
    if bets["naturals"]["ante"] != pot.ante:
        raise LedgerError("pot_ante_fixed", ante=amount_of(league, pot.ante))
