"""The browser tests' checks play on a 360 px phone only, because no style of the app tells
it from a 390 px one (tests/browser/phones.py): no media query of any style sheet it serves
switches between the two widths."""

import re
from pathlib import Path

from tests.browser.phones import NARROW, WIDE

STATIC = Path(__file__).resolve().parents[2] / "ledger" / "static"
MEDIA = re.compile(r"@media([^{]*)\{", re.IGNORECASE)
WIDTH = re.compile(r"(min|max)-width\s*:\s*([\d.]+)px", re.IGNORECASE)


def boundaries(css: str) -> list[tuple[str, float]]:
    """Each ``min-width`` or ``max-width`` of the style sheet's media queries, in px."""
    return [
        (kind.lower(), float(px))
        for query in MEDIA.findall(css)
        for kind, px in WIDTH.findall(query)
    ]


def applies(kind: str, px: float, width: int) -> bool:
    return width >= px if kind == "min" else width <= px


def test_no_media_query_tells_the_two_phones_apart():
    sheets = sorted(STATIC.rglob("*.css"))
    assert {"app.css", "bootstrap.min.css"} <= {path.name for path in sheets}
    for path in sheets:
        for kind, px in boundaries(path.read_text()):
            narrow, wide = (applies(kind, px, size[0]) for size in (NARROW, WIDE))
            assert narrow == wide, f"{path.name} has ({kind}-width: {px}px)"


def test_a_query_between_the_phones_would_be_found():
    css = "@media (max-width:575.98px) {a{}} @media (min-width: 375px) and (hover: none) {b{}}"
    assert boundaries(css) == [("max", 575.98), ("min", 375.0)]
    assert not applies("min", 375.0, NARROW[0])
    assert applies("min", 375.0, WIDE[0])
