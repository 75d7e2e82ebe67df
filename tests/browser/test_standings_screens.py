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
    name = page.locator("table.standings tbody th").first
    where = name.bounding_box()["x"]
    page.locator(".table-responsive").evaluate("e => { e.scrollLeft = 400; }")
    assert name.bounding_box()["x"] == where, "the player column stays put"
    expect(page.locator("table.standings thead th")).to_have_count(5)
    page.locator("#columns").click()
    expect(page).to_have_url(re.compile(r"columns=all"))
    expect(page.locator("table.standings thead th")).to_have_count(14)
    page.locator("table.standings tbody th a").first.click()
    expect(page.locator("svg.chart polyline")).to_have_count(1)
    screenshot(f"12-player-{scheme}")
    assert_accessible(page, f"player page ({scheme})")
    page.locator("section[aria-labelledby=nights-h] tbody th a").first.click()
    expect(page.locator("svg.chart")).to_be_visible()
    page.locator("summary:has-text('The numbers behind the chart')").click()
    screenshot(f"13-night-summary-{scheme}")
    assert_accessible(page, f"night summary ({scheme})")
