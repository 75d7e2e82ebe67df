"""Standings, player page and night summary at phone width, checked by axe-core."""

import re

import pytest
from playwright.sync_api import Page, expect

from ledger.tooling.demo import DemoLeague
from tests.browser.accessibility import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_standings_screens_on_a_phone(
    page: Page, live_server, screenshot, scheme, owner, log_in
):
    page.emulate_media(color_scheme=scheme)
    league = DemoLeague(players=6, seasons=1, hands=60, seed=4, owner=owner).create()
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/standings/")
    expect(page.locator("#total")).to_contain_text("✓")
    screenshot(f"11-standings-{scheme}")
    assert_accessible(page, f"standings ({scheme})")
    expect(page.locator("table.standings thead th")).to_have_count(4)
    page.locator("#columns").click()
    expect(page).to_have_url(re.compile(r"columns=all"))
    expect(page.locator("table.standings thead th")).to_have_count(14)
    name = page.locator("table.standings tbody th").first
    where = name.bounding_box()["x"]
    page.locator(".table-responsive").evaluate("e => { e.scrollLeft = 400; }")
    assert name.bounding_box()["x"] == where, "the player column stays put"
    page.locator("table.standings tbody th a").first.click()
    expect(page.locator("svg.chart polyline")).to_have_count(1)
    screenshot(f"12-player-{scheme}")
    assert_accessible(page, f"player page ({scheme})")
    page.locator("section[aria-labelledby=nights-h] tbody th a").first.click()
    expect(page.locator("svg.chart")).to_be_visible()
    page.locator("summary:has-text('The numbers behind the chart')").click()
    screenshot(f"13-night-summary-{scheme}")
    assert_accessible(page, f"night summary ({scheme})")


WIDTHS = "e => [e.scrollWidth, e.clientWidth]"


def test_the_standings_four_columns_fit_a_360_px_phone_without_a_swipe(
    page: Page, live_server, owner, log_in
):
    """Player, net, hands and per hand all show at 360 px, up to a net of four figures and
    cents (written into the first row, the widest a season at a table reaches)."""
    page.set_viewport_size({"width": 360, "height": 740})
    league = DemoLeague(players=6, seasons=1, hands=300, seed=4, owner=owner).create()
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/standings/")
    table = page.locator(".table-responsive")
    scroll, width = table.evaluate(WIDTHS)
    assert scroll <= width
    page.locator("tbody td.net").first.evaluate("e => { e.textContent = '−$1,234.56'; }")
    page.locator("tbody td.per-hand").first.evaluate("e => { e.textContent = '−$12.34'; }")
    scroll, width = table.evaluate(WIDTHS)
    assert scroll <= width
    expect(page.locator("caption")).to_contain_text("to the nearest $0.01")
