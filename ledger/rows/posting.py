"""The rows one change to the ledger writes, before and after they are saved."""

from dataclasses import dataclass, field

from ledger.models import Entry, Hand, HandPlayer, Transaction


@dataclass
class Posting:
    """Unsaved rows: a hand, its seats, and its transactions with their entries.

    ``services.postings`` builds and saves them; the save's answer draws the hand's row
    from them (``reads.board.fresh_row``) instead of reading back what it just wrote.
    """

    hand: Hand
    seats: list[HandPlayer] = field(default_factory=list)
    transactions: list[tuple[Transaction, list[Entry]]] = field(default_factory=list)
