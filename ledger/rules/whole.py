"""Whole numbers as the engine and the ledger accept them.

``True`` is an ``int`` to Python (``True + True == 2``); a stake, count or amount
of ``True`` is a mistake, not 1.

>>> is_whole(3), is_whole(True), is_whole(2.0), is_whole("3")
(True, False, False, False)
>>> is_whole(0, low=1), is_whole(5, low=1, high=5)
(False, True)
"""

from typing import TypeGuard


def is_whole(value: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool``, within ``low`` and ``high`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or value >= low) and (high is None or value <= high)
