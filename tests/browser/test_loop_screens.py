"""Every screen of the scoring loop, light and dark: no serious or critical axe-core
violation and nothing wider than the phone (360 px; the pictures at 360 and 390 px)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_accessible
from tests.browser.phones import WIDTHS
from tests.browser.shots import shoot
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_scoring_loop_screens(
    page: Page, live_server, log_in, owner, night, players, scheme, width
):
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")

    def shot(name: str) -> None:
        shoot(page, f"50-{name}-{width}-{scheme}")
        assert_accessible(page, f"{name} at {width} px ({scheme})")

    shot("board")
    page.locator("a.outcome[data-outcome=drop]").click()
    expect(page.locator("#hand .count-pad")).to_be_visible()
    shot("drop-sheet")
    page.locator("a:text-is('Cancel')").click()
    page.locator("a.outcome[data-outcome=deal_tonk]").click()
    expect(page.locator("#hand .claim-row").first).to_be_visible()
    fifty, hint = page.locator("#hand .pad-button[data-value='50']"), page.locator(".pad-hint")
    fifty.click()  # before anyone called: the pad says what comes first
    expect(hint).to_have_text("Tap who called tonk first, then their count.")
    shot("deal-tonk-sheet")
    page.locator("#hand .claim-row .call").first.click()
    fifty.click()
    expect(hint).to_have_text("")
    expect(page.locator("#hand .claim-row input.count").first).to_have_value("50")
    page.locator("a:text-is('Cancel')").click()
    page.wait_for_timeout(1100)
    page.locator("#undo").click()
    expect(page.locator("#undone")).to_be_visible()
    shot("undone")
    page.locator("details.table-controls summary").click()
    shot("table-controls")
    page.locator("#share-night").click()
    expect(page.locator("#share .qr svg")).to_be_visible()
    shot("share")
