"""What the CSV downloads (standings, settle-up) have in common."""

FORMULA_STARTS = ("=", "+", "-", "@")


def safe_cell(text: str) -> str:
    """A spreadsheet must not run a name as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
