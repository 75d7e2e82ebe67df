"""The phone screens the browser tests play on.

No style of the app changes between 360 and 390 px (``test_phones.py`` reads every media
query it serves), so a screen that fits 360×740 fits 390×844: the checks play on the
narrower phone, and ``make screenshots`` plays both, for the pictures."""

from tests.browser import shots

NARROW = (360, 740)
WIDE = (390, 844)
SIZES = [NARROW, WIDE] if shots.WANTED else [NARROW]
WIDTHS = [width for width, _ in SIZES]
