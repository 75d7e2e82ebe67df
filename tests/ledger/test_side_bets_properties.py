"""Hypothesis over random nights with side bets, through the ledger: hands with a high-card
bet and a naturals pot, some undone. Every hand sums to zero, the pot never goes negative,
and a won pot pays out exactly what was put in since the last win (a model kept here)."""

from collections import Counter

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger import services
from ledger.models import Entry, Transaction
from ledger.reads.audit import audit
from ledger.reads.pot import pot_of
from ledger.rows.details import Bet, HandDetails
from tests.helpers import record

pytestmark = pytest.mark.django_db
NAMES = ("Ann", "Bo", "Cy", "Di")

bettors = st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True)
hand_steps = st.tuples(
    st.just("hand"),
    st.none() | st.tuples(bettors, st.none() | st.integers(0, 3)),  # high card, winner
    st.none() | st.tuples(bettors, st.none() | st.integers(0, 3)),  # naturals, winner
    st.sampled_from([5, 10, 25]),  # the ante of a new pot
)
steps = st.lists(hand_steps | st.just(("undo",)), max_size=10)


def _bet(kind, spec, ante, players):
    who, winner = spec
    bettors = tuple(players[i] for i in sorted(who))
    won = players[winner] if winner is not None and winner in who else None
    return Bet(kind, ante, bettors, won)


def _pot(stack) -> Counter:
    """The model's pot: the naturals antes of the standing hands since the last win."""
    pot: Counter = Counter()
    for naturals in stack:
        if naturals is None:
            continue
        pot.update(dict.fromkeys(naturals.players, naturals.ante))
        if naturals.winner is not None:
            pot = Counter()
    return pot


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=steps)
# Ann pays Bo's high card and wins Cy's pot: she nets nothing on the hand.
@example(steps=[("hand", ([0, 1], 1), ([0, 2], 0), 25)])
def test_the_pot_is_the_antes_since_the_last_win(season, steps):
    with transaction.atomic():
        league = season.league
        players = [services.add_player(league=league, name=name) for name in NAMES]
        night = services.start_night(season=season, players=players, dealer=players[0])
        stack, hands = [], []  # per standing hand: its naturals bet; the hands themselves
        for step in steps:
            if step[0] == "undo":
                if hands:
                    services.undo_hand(hand=hands.pop(), acting_user=None)
                    stack.pop()
            else:
                _, high, nat, new_ante = step
                before = _pot(stack)
                ante = _open_ante(stack)  # fixed while the pot is open
                bets = []
                if high is not None:
                    bets.append(_bet("high_card", high, 25, players))
                naturals = None
                if nat is not None:
                    naturals = _bet("naturals", nat, ante or new_ante, players)
                    bets.append(naturals)
                hand = record(night, HandDetails(outcome="dead", side_bets=bets))
                hands.append(hand)
                stack.append(naturals)
                expected: Counter = Counter()
                for bet in bets:
                    if bet.winner is None:
                        continue
                    owed = (
                        dict.fromkeys(bet.players, bet.ante)
                        if bet.kind == "high_card"
                        else before + Counter(dict.fromkeys(bet.players, bet.ante))
                    )
                    for player, amount in owed.items():
                        if player != bet.winner:
                            expected[player] -= amount
                            expected[bet.winner] += amount
                # A winner of one bet who lost another may net nothing on the hand.
                nets = {
                    player: net
                    for player, net in Entry.objects.filter(transaction__hand=hand)
                    .values_list("player")
                    .annotate(net=Sum("amount"))
                    if net
                }
                assert nets == {p.pk: n for p, n in expected.items() if n}
            held = pot_of(night).amounts
            assert all(amount > 0 for amount in held.values())
            assert held == {p.pk: a for p, a in _pot(stack).items()}
        sums = Transaction.objects.values("pk").annotate(total=Sum("entries__amount"))
        assert all((row["total"] or 0) == 0 for row in sums)
        assert list(audit()) == []
        transaction.set_rollback(True)


def _open_ante(stack) -> int | None:
    """The ante the open pot was opened at."""
    ante = None
    for naturals in stack:
        if naturals is None:
            continue
        ante = None if naturals.winner is not None else naturals.ante
    return ante
