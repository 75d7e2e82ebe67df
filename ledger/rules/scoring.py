"""Who pays whom for one hand: docs/rules.md sections 2, 3 and 8.

``score`` validates the hand, works out every payment in multiples of the
stake (or, playing push-ups, from the points each loser is pushed up), adds
the side bets, then nets them to at most one transfer per pair of players::

    >>> from ledger.rules.ruleset import parse_rules
    >>> hand = Hand(players=("Croaker", "Goblin", "Elmo"), dealer="Elmo", stake=100,
    ...             outcome="drop", dropper="Croaker",
    ...             counts={"Croaker": 9, "Goblin": 10, "Elmo": 25})
    >>> result = score(hand, parse_rules("speno"))
    >>> result.kind, result.net
    ('drop_won', {'Croaker': 200, 'Goblin': -100, 'Elmo': -100})
    >>> score(hand, parse_rules("pushups")).points
    {'Croaker': 0, 'Goblin': 10, 'Elmo': 25}
"""

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from ledger.rules.hand import Hand, push_counts, validate_hand
from ledger.rules.outcomes import OUTCOMES
from ledger.rules.ruleset import RuleSet, Tier


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Result:
    """What a hand came to. ``winners`` collect as winners; ``catchers`` caught the dropper.

    ``points`` (push-ups only) is what each player was pushed up, ``doubled`` the win that
    pushed them double (one of ``DOUBLE_WINS``) or ""; ``pot`` is the naturals pot after
    the hand: what each player has put in since it was last won.
    """

    kind: str
    net: dict[str, int]
    transfers: tuple[Transfer, ...]
    winners: tuple[str, ...] = ()
    catchers: tuple[str, ...] = ()
    points: dict[str, int] | None = None
    pot: dict[str, int] = field(default_factory=dict)
    doubled: str = ""


class _Payments:
    """Gross payments of one hand, netted per pair at the end."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.owed: dict[tuple[str, str], int] = defaultdict(int)

    def pay(self, payers: Iterable[str], payee: str, multiplier: int) -> None:
        for payer in payers:
            self.pay_amount(payer, payee, multiplier * self.hand.stake)

    def pay_amount(self, payer: str, payee: str, amount: int) -> None:
        if payer != payee and amount:
            self.owed[payer, payee] += amount

    def result(
        self, kind: str, winners: Iterable[str] = (), catchers: Iterable[str] = ()
    ) -> Result:
        net, transfers = self.netted()
        if kind in ("deal_tonk", "stock_out") and not transfers:
            kind = "draw"
        return Result(kind, net, transfers, tuple(winners), tuple(catchers))

    def netted(self) -> tuple[dict[str, int], tuple[Transfer, ...]]:
        """Every player's net and at most one transfer per pair, in seat order. Someone not
        at the table (a pot contributor who left) comes after the seats."""
        names = {name for pair in self.owed for name in pair} - set(self.hand.players)
        players = [*self.hand.players, *sorted(names)]
        net = dict.fromkeys(players, 0)
        transfers = []
        for i, first in enumerate(players):
            for second in players[i + 1 :]:
                amount = self.owed[first, second] - self.owed[second, first]
                if amount:
                    payer, payee = (first, second) if amount > 0 else (second, first)
                    transfers.append(Transfer(payer, payee, abs(amount)))
                    net[payer] -= abs(amount)
                    net[payee] += abs(amount)
        seat = players.index
        transfers.sort(key=lambda t: (seat(t.payer), seat(t.payee)))
        return net, tuple(transfers)


def score(hand: Hand, rules: RuleSet, pot: Mapping[str, int] | None = None) -> Result:
    """Validate ``hand`` under ``rules`` and return its payments; ``pot`` is the naturals pot
    it is dealt into (what each player has put in since it was last won)."""
    validate_hand(hand, rules)
    payments = _Payments(hand)
    if rules.scoring == "pushups":
        game = _pushups(hand, rules, payments)
    else:
        game = _money(hand, rules, payments)
    if not hand.side_bets and not pot:
        return game
    pot = _side_bets(hand, dict(pot or {}), payments)
    net, transfers = payments.netted()
    return replace(game, net=net, transfers=transfers, pot=pot)


def _side_bets(hand: Hand, pot: dict[str, int], payments: _Payments) -> dict[str, int]:
    """Add the hand's side bets to its payments; return the naturals pot after it."""
    for bet in hand.side_bets:
        if bet.kind == "naturals":
            for player in bet.players:
                pot[player] = pot.get(player, 0) + bet.ante
        if bet.winner is None:
            continue  # a high card nobody held: the antes go back; an open pot stays open
        if bet.kind == "high_card":
            for player in bet.players:
                payments.pay_amount(player, bet.winner, bet.ante)
        else:  # the pot: everyone pays back what they put in since it was last won
            for player, put in pot.items():
                payments.pay_amount(player, bet.winner, put)
            pot = {}
    return pot


def _pushups(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    """docs/rules.md section 8.1: the money rules at stake 1 say who won; every other player
    is pushed up by their count (double on a double win) and pays the difference."""
    game = _money(replace(hand, stake=1), rules, _Payments(replace(hand, stake=1)))
    winners = [player for player in hand.players if game.net[player] > 0]
    points = dict.fromkeys(hand.players, 0)
    doubled = ""
    if winners:
        pushed = [player for player in hand.players if player not in winners]
        win = OUTCOMES[hand.outcome].double(game.kind, hand.method)
        doubled = win if win in rules.pushups.double else ""
        factor = 2 if doubled else 1
        for player, count in push_counts(hand, rules, pushed).items():
            points[player] = factor * count
    for player in hand.players:
        for other in hand.players:
            if points[player] > points[other]:
                payments.pay_amount(player, other, hand.stake * (points[player] - points[other]))
    net, transfers = payments.netted()
    return Result(game.kind, net, transfers, tuple(winners), game.catchers, points, doubled=doubled)


def _named(player: str | None) -> str:
    """A player the hand's outcome names (its dropper, its winner): validate_hand made sure."""
    assert player is not None
    return player


def _money(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    """docs/rules.md section 3: the payments in multiples of the stake."""
    return PAYS[hand.outcome](hand, rules, payments)


def _tonk_out(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    out = rules.out
    multiplier = out.tonk_out_multiplier if hand.method == "spread" else out.tonk_out_hit_multiplier
    if hand.method == "spread" and hand.first_turn and out.first_turn_multiplier is not None:
        multiplier = out.first_turn_multiplier
    payments.pay(hand.players, _named(hand.winner), multiplier)
    return payments.result("tonk_out", winners=(_named(hand.winner),))


def _discard_out(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    payments.pay(hand.players, _named(hand.winner), rules.out.discard_out_multiplier)
    return payments.result("discard_out", winners=(_named(hand.winner),))


def _dead(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    return payments.result("dead")


def _tier(rules: RuleSet, count: int) -> Tier:
    """A claimed count's tier: validate_hand refused a claim in none."""
    tier = rules.tier_of(count)
    assert tier is not None
    return tier


def best_claims(hand: Hand, rules: RuleSet) -> list[int]:
    """Which of a deal tonk's claims rank best by tier, then count (their positions in the
    calling order): more than one when they tie, and the tie rule decides."""
    order = rules.deal_tonk.order
    tiers = [_tier(rules, claim.count) for claim in hand.claims]

    def rank(index: int) -> tuple[int, int]:
        tier, count = tiers[index], hand.claims[index].count
        return order.index(tier.name), count if tier.prefer == "low" else -count

    best = min(rank(i) for i in range(len(hand.claims)))
    return [i for i in range(len(hand.claims)) if rank(i) == best]


def _deal_tonk(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    claims = hand.claims
    tiers = [_tier(rules, claim.count) for claim in claims]
    several = rules.deal_tonk.several
    if len(claims) > 1 and several == "draw":
        return payments.result("draw")
    if len(claims) > 1 and several == "all_paid":
        claimers = {claim.player for claim in claims}
        non_claimers = [p for p in hand.players if p not in claimers]
        for claim, tier in zip(claims, tiers, strict=True):
            payments.pay(non_claimers, claim.player, tier.multiplier)
        return payments.result("deal_tonk", winners=[claim.player for claim in claims])
    if len(claims) > 1 and several == "first_caller":
        winner, tier = claims[0].player, tiers[0]
        claimers = {claim.player for claim in claims}
        payments.pay(claimers, winner, 1)
        payments.pay([p for p in hand.players if p not in claimers], winner, tier.multiplier)
        return payments.result("deal_tonk", winners=(winner,))
    # A single claim, or several under "best".
    tied = best_claims(hand, rules)
    if len(tied) > 1:
        tie = rules.deal_tonk.tie
        if tie == "draw":
            return payments.result("draw")
        if tie == "dealer_left":
            seats = hand.from_dealers_left()
            tied.sort(key=lambda i: seats.index(claims[i].player))
        # "first_caller": claims are in calling order already.
    best_claim = tied[0]
    payments.pay(hand.players, claims[best_claim].player, tiers[best_claim].multiplier)
    return payments.result("deal_tonk", winners=(claims[best_claim].player,))


def _drop(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    dropper, count = _named(hand.dropper), hand.counts
    others = [p for p in hand.players if p != dropper]
    # The dropper loses ties.
    catchers = [p for p in others if count[p] <= count[dropper]]
    if not catchers:
        payments.pay(others, dropper, rules.drop.win_multiplier)
        return payments.result("drop_won", winners=(dropper,))
    lowest_count = min(count[p] for p in others)
    lowest = [p for p in others if count[p] == lowest_count]
    not_lowest = [p for p in others if p not in lowest]
    n = len(hand.players)
    catch = rules.drop.catch
    if catch in ("standard", "speno", "lowest_takes"):
        paid_double = lowest if catch == "lowest_takes" else catchers
        for catcher in paid_double:
            payments.pay([dropper], catcher, 2)
        if catch == "speno":
            side_payers = [p for p in others if count[p] > count[dropper]]
        else:
            side_payers = not_lowest
        for low in lowest:
            payments.pay(side_payers, low, 1)
    elif catch == "single_catch":
        for catcher in catchers:
            payments.pay([dropper], catcher, 1)
        for low in lowest:
            payments.pay([dropper, *not_lowest], low, 1)
    elif catch == "double_to_all":
        for other in others:
            payments.pay([dropper], other, 2)
    elif catch == "five_to_lowest":
        seats = hand.from_dealers_left()
        lowest = [min(lowest, key=seats.index)]
        payments.pay([dropper], lowest[0], 5)
    elif catch == "catchers_only":
        for catcher in catchers:
            payments.pay([dropper], catcher, rules.drop.catch_multiplier)
    else:  # "table_to_lowest" and "table_double_to_lowest"
        multiplier = (n - 1) * (2 if catch == "table_double_to_lowest" else 1)
        for low in lowest:
            payments.pay([dropper], low, multiplier)
    return payments.result("caught", winners=lowest, catchers=catchers)


def _stock_out(hand: Hand, rules: RuleSet, payments: _Payments) -> Result:
    stock_out = rules.stock_out
    if stock_out.rule == "dead":
        return payments.result("dead")
    lowest_count = min(hand.counts.values())
    lowest = [p for p in hand.players if hand.counts[p] == lowest_count]
    if len(lowest) > 1 and stock_out.tie == "dead":
        return payments.result("draw")
    if len(lowest) > 1 and stock_out.tie == "dealer_left":
        lowest = [min(lowest, key=hand.from_dealers_left().index)]
    # One lowest collects from everyone; tied lowest ("all_paid") do not pay each other.
    not_lowest = [p for p in hand.players if p not in lowest]
    for low in lowest:
        payments.pay(not_lowest, low, stock_out.multiplier)
    return payments.result("stock_out", winners=lowest)


# How each outcome of the registry (outcomes.py) pays, in multiples of the stake.
PAYS: dict[str, Callable[[Hand, RuleSet, _Payments], Result]] = {
    "deal_tonk": _deal_tonk,
    "drop": _drop,
    "tonk_out": _tonk_out,
    "discard_out": _discard_out,
    "stock_out": _stock_out,
    "dead": _dead,
}
