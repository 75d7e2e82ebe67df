"""Every kind of hand a scorekeeper logs, and every result a hand can come to.

This is the one registry of outcomes. Each is declared once here: the details it logs,
whose counts it asks for, its button's label, the double wins it offers playing push-ups
and how often a table sees it. The engine validates a hand, reads and writes its JSON form
and scores it from here (``scoring.PAYS`` names how each pays); the ledger keeps a
hand's details and its winners' counters by it; the hand form, the standings and the demo
leagues read it. A new kind of hand starts here, then says how it pays in ``scoring.py``
and how it reads in ``ledger/reads/describe.py`` (docs/architecture.md walks through it).

    >>> OUTCOMES["drop"].logs
    ('dropper', 'counts')
    >>> OUTCOMES["drop"].counts, OUTCOMES["deal_tonk"].counts, OUTCOMES["dead"].counts
    (<Counts.EVERY_PLAYER: 'every player'>, <Counts.CLAIMERS: 'claimers'>, <Counts.NONE: ''>)
    >>> OUTCOMES["tonk_out"].required
    ('winner',)
    >>> OUTCOMES["tonk_out"].counts_under_pushups, OUTCOMES["dead"].counts_under_pushups
    (<Counts.EVERY_LOSER: 'every loser'>, <Counts.NONE: ''>)
    >>> "drop_won" in WIN_RESULTS, "caught" in WIN_RESULTS
    (True, False)
    >>> OUTCOMES["tonk_out"].double("tonk_out", "hit"), DOUBLE_WORDS["tonk_out_hit"]
    ('tonk_out_hit', 'double: a tonk out by hitting')
"""

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol, TypeVar

from ledger.rules.errors import gettext_noop

# The details a hand can record, as named in its JSON form and in HandDetails.
DETAILS = ("dropper", "winner", "method", "first_turn", "counts", "claims")
METHODS = ("spread", "hit")  # how a tonk-out went out: laid a spread or hit one


class Counts(StrEnum):
    """Whose counts a hand asks for."""

    NONE = ""
    EVERY_PLAYER = "every player"
    CLAIMERS = "claimers"  # a deal tonk's callers, their deal counts
    EVERY_LOSER = "every loser"  # push-ups: all but the winner, who is pushed up by none
    EVERY_NON_CLAIMER = "every non-claimer"  # push-ups: a deal tonk's other players too


@dataclass(frozen=True)
class OutcomeSpec:
    """One kind of hand: its id, its button's label and the details it records.

    ``logs`` is in the order the JSON form writes them; ``optional`` are logged
    details the JSON form may leave out (they have a default). ``pushes`` is false for
    a hand nobody wins, which pushes nobody up (docs/rules.md section 8.1). ``doubles``
    names the wins of this kind a table may play as pushing double, each with the words
    that say so: the result's name, or the result and how it went out
    (``tonk_out_hit``). ``frequency`` is how many hands in a hundred are of this kind at
    a typical table (the demo leagues deal them so).
    """

    name: str
    label: str
    logs: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    pushes: bool = True
    doubles: dict[str, str] = field(default_factory=dict)
    frequency: int = 1

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(detail for detail in self.logs if detail not in self.optional)

    @property
    def counts(self) -> Counts:
        """Whose counts the hand needs: every player's, the claimers' deal counts, or none."""
        if "counts" in self.logs:
            return Counts.EVERY_PLAYER
        if "claims" in self.logs:
            return Counts.CLAIMERS
        return Counts.NONE

    @property
    def counts_under_pushups(self) -> Counts:
        """Whose counts the hand needs when playing push-ups: the losers are pushed up by
        them (a deal tonk's non-claimers by their deal counts)."""
        if not self.pushes or "counts" in self.logs:
            return self.counts
        return Counts.EVERY_NON_CLAIMER if "claims" in self.logs else Counts.EVERY_LOSER

    def double(self, result: str, method: str) -> str:
        """The double win a hand of this kind that came to ``result`` is, if any."""
        for name in (f"{result}_{method}", result):
            if name in self.doubles:
                return name
        return ""


@dataclass(frozen=True)
class ResultSpec:
    """What a hand came to; a ``win`` result counts as a win in each winner's statistics,
    where the standings head it ``wins_label``."""

    name: str
    label: str
    wins_label: str = ""

    @property
    def win(self) -> bool:
        return bool(self.wins_label)


class _Named(Protocol):
    @property
    def name(self) -> str: ...


Spec = TypeVar("Spec", bound=_Named)


def _registry(*specs: Spec) -> dict[str, Spec]:
    return {spec.name: spec for spec in specs}


# In the order of the scoring screen's buttons.
OUTCOMES: dict[str, OutcomeSpec] = _registry(
    OutcomeSpec(
        "deal_tonk",
        gettext_noop("Deal tonk"),
        logs=("claims",),
        doubles={"deal_tonk": gettext_noop("double: a deal tonk")},
        frequency=6,
    ),
    OutcomeSpec("drop", gettext_noop("Drop"), logs=("dropper", "counts"), frequency=46),
    OutcomeSpec(
        "tonk_out",
        gettext_noop("Tonk out"),
        logs=("winner", "method", "first_turn"),
        optional=("method", "first_turn"),
        doubles={
            "tonk_out_spread": gettext_noop("double: a tonk out with a spread"),
            "tonk_out_hit": gettext_noop("double: a tonk out by hitting"),
        },
        frequency=14,
    ),
    OutcomeSpec(
        "discard_out",
        gettext_noop("Out on discard"),
        logs=("winner",),
        doubles={"discard_out": gettext_noop("double: out on a discard")},
        frequency=8,
    ),
    OutcomeSpec("stock_out", gettext_noop("Stock out"), logs=("counts",), frequency=10),
    OutcomeSpec("dead", gettext_noop("Dead hand"), pushes=False, frequency=3),
)

RESULTS: dict[str, ResultSpec] = _registry(
    ResultSpec("deal_tonk", gettext_noop("Deal tonk"), gettext_noop("Deal tonks")),
    ResultSpec("drop_won", gettext_noop("Drop won"), gettext_noop("Drops won")),
    ResultSpec("caught", gettext_noop("Caught")),
    ResultSpec("tonk_out", gettext_noop("Tonk out"), gettext_noop("Tonk-outs")),
    ResultSpec("discard_out", gettext_noop("Out on discard"), gettext_noop("Outs on discard")),
    ResultSpec("stock_out", gettext_noop("Stock out"), gettext_noop("Stock-outs")),
    ResultSpec("draw", gettext_noop("Draw")),
    ResultSpec("dead", gettext_noop("Dead")),
)
WIN_RESULTS = tuple(name for name, spec in RESULTS.items() if spec.win)
DOUBLE_WINS = tuple(name for spec in OUTCOMES.values() for name in spec.doubles)
DOUBLE_WORDS = {name: words for spec in OUTCOMES.values() for name, words in spec.doubles.items()}
