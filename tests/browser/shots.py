"""Screenshots are for people to look at, so they are taken only when asked for:
``make screenshots`` (``SCREENSHOTS=1``) runs the browser tests and fills test-artifacts/.
A full-page shot of a phone screen costs a fifth of a second or more; the suite's
checks never read one."""

import os
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WANTED = os.environ.get("SCREENSHOTS") == "1"


def shoot(page, name: str, *, full_page: bool = False) -> Path:
    """Save what ``page`` shows (the whole page with ``full_page``) as test-artifacts/NAME.png."""
    path = ARTIFACTS / f"{name}.png"
    if WANTED:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path
