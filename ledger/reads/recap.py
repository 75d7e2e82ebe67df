"""A night told in a few lines for the group chat: who won and lost what, how the hands
went, the biggest one, and what is still to pay. A fixed handful of queries, however many
hands the night had."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Count, Sum

from ledger.models import Entry, Hand, Night, PlayerNight, Transaction, voided
from ledger.reads.settlement import Settlement, night_settlement


@dataclass(frozen=True)
class BiggestHand:
    number: int
    result: str  # a result of the registry
    winner: str
    amount: int  # what the winner took from the table on that hand


@dataclass
class Recap:
    night: Night
    totals: list[tuple[str, int]]  # name, net: the biggest winner first
    results: dict[str, int]  # how many standing hands came to each result
    biggest: BiggestHand | None

    @property
    def hands(self) -> int:
        return sum(self.results.values())

    @cached_property
    def settlement(self) -> Settlement:
        """What is still to pay: read only where it is shown (the card does without)."""
        return night_settlement(self.night)


def night_recap(night: Night) -> Recap:
    tallies = (
        PlayerNight.objects.filter(night=night)
        .select_related("player")
        .order_by("-net", "player__name")
    )
    results = (
        Hand.objects.filter(night=night)
        .exclude(voided())
        .values_list("result")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return Recap(
        night=night,
        totals=[(t.player.name, t.net) for t in tallies],
        results=dict(results),
        biggest=_biggest(night),
    )


def _biggest(night: Night) -> BiggestHand | None:
    """The most one player took on one hand that stands (the earliest such hand on a tie)."""
    top = (
        Entry.objects.filter(
            transaction__night=night, transaction__kind=Transaction.Kind.HAND, amount__gt=0
        )
        .exclude(voided("transaction__hand"))
        .values("transaction__hand__number", "transaction__hand__result", "player__name")
        .annotate(won=Sum("amount"))
        .order_by("-won", "transaction__hand__number")
        .first()
    )
    if top is None:
        return None
    return BiggestHand(
        number=top["transaction__hand__number"],
        result=top["transaction__hand__result"],
        winner=top["player__name"],
        amount=top["won"],
    )
