"""Waits for what a player's eye waits for before the next tap."""

from playwright.sync_api import Page, expect

# htmx wires what it swapped in (links, the preview's triggers) only when it settles, 20 ms
# after the swap; a page that is still loading has not wired anything yet.
SETTLED = (
    "() => document.readyState === 'complete'"
    " && !document.querySelector('.htmx-added, .htmx-settling')"
)


def open_sheet(page: Page, outcome: str) -> None:
    """Tap an outcome's button and wait for its sheet, wired and ready for taps."""
    page.wait_for_function(SETTLED)  # a poll may have just redrawn the buttons
    page.locator(f"a.outcome[data-outcome={outcome}]").click()
    expect(page.locator(f"#hand[data-outcome={outcome}]")).to_be_visible()
    page.wait_for_function(SETTLED)
