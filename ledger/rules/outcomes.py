"""Every kind of hand a scorekeeper logs, and every result a hand can come to.

This is the one registry of outcomes. The engine validates a hand and reads or
writes its JSON form from it; the ledger keeps and stores a hand's details from
it; the hand form asks for what it lists. A new kind of hand starts here, then
says how it pays in ``scoring.py`` and how it reads in ``ledger/reads/describe.py``
(docs/architecture.md walks through it).

    >>> OUTCOMES["drop"].logs
    ('dropper', 'counts')
    >>> OUTCOMES["drop"].counts, OUTCOMES["deal_tonk"].counts, OUTCOMES["dead"].counts
    ('every player', 'claimers', '')
    >>> OUTCOMES["tonk_out"].required
    ('winner',)
    >>> OUTCOMES["tonk_out"].counts_under_pushups, OUTCOMES["dead"].counts_under_pushups
    ('every loser', '')
    >>> WIN_RESULTS
    ('deal_tonk', 'drop_won', 'tonk_out', 'discard_out', 'stock_out')
"""

from dataclasses import dataclass
from typing import Protocol, TypeVar

from ledger.rules.errors import gettext_noop

# The details a hand can record, as named in its JSON form and in HandDetails.
DETAILS = ("dropper", "winner", "method", "first_turn", "counts", "claims")
METHODS = ("spread", "hit")  # how a tonk-out went out: laid a spread or hit one


@dataclass(frozen=True)
class OutcomeSpec:
    """One kind of hand: its id, its button's label and the details it records.

    ``logs`` is in the order the JSON form writes them; ``optional`` are logged
    details the JSON form may leave out (they have a default). ``pushes`` is false for
    a hand nobody wins, which pushes nobody up (docs/rules.md section 8.1).
    """

    name: str
    label: str
    logs: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    pushes: bool = True

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(detail for detail in self.logs if detail not in self.optional)

    @property
    def counts(self) -> str:
        """Whose counts the hand needs: every player's, the claimers' deal counts, or none."""
        if "counts" in self.logs:
            return "every player"
        if "claims" in self.logs:
            return "claimers"
        return ""

    @property
    def counts_under_pushups(self) -> str:
        """Whose counts the hand needs when playing push-ups: the losers are pushed up by
        them (a deal tonk's non-claimers by their deal counts)."""
        if not self.pushes or "counts" in self.logs:
            return self.counts
        return "every non-claimer" if "claims" in self.logs else "every loser"


@dataclass(frozen=True)
class ResultSpec:
    """What a hand came to; ``win`` results count as a win for each winner's statistics."""

    name: str
    label: str
    win: bool = False


class _Named(Protocol):
    @property
    def name(self) -> str: ...


Spec = TypeVar("Spec", bound=_Named)


def _registry(*specs: Spec) -> dict[str, Spec]:
    return {spec.name: spec for spec in specs}


# In the order of the scoring screen's buttons.
OUTCOMES: dict[str, OutcomeSpec] = _registry(
    OutcomeSpec("deal_tonk", gettext_noop("Deal tonk"), logs=("claims",)),
    OutcomeSpec("drop", gettext_noop("Drop"), logs=("dropper", "counts")),
    OutcomeSpec(
        "tonk_out",
        gettext_noop("Tonk out"),
        logs=("winner", "method", "first_turn"),
        optional=("method", "first_turn"),
    ),
    OutcomeSpec("discard_out", gettext_noop("Out on discard"), logs=("winner",)),
    OutcomeSpec("stock_out", gettext_noop("Stock out"), logs=("counts",)),
    OutcomeSpec("dead", gettext_noop("Dead hand"), pushes=False),
)

RESULTS: dict[str, ResultSpec] = _registry(
    ResultSpec("deal_tonk", gettext_noop("Deal tonk"), win=True),
    ResultSpec("drop_won", gettext_noop("Drop won"), win=True),
    ResultSpec("caught", gettext_noop("Caught")),
    ResultSpec("tonk_out", gettext_noop("Tonk out"), win=True),
    ResultSpec("discard_out", gettext_noop("Out on discard"), win=True),
    ResultSpec("stock_out", gettext_noop("Stock out"), win=True),
    ResultSpec("draw", gettext_noop("Draw")),
    ResultSpec("dead", gettext_noop("Dead")),
)
WIN_RESULTS = tuple(name for name, spec in RESULTS.items() if spec.win)
