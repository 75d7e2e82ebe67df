"""A second phone opens the night's share link: it sees the live night and cannot change it."""

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger.models import Hand
from ledger.rows.details import HandDetails
from tests.browser.accessibility import assert_accessible
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_second_phone_watches_through_the_share_link(
    page: Page, browser: Browser, live_server, night, players, owner, log_in, screenshot
):
    log_in(page, owner)
    league = night.season.league
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    page.locator("#share-night").click()
    expect(page.locator("#share .qr svg")).to_be_visible()
    url = page.get_by_role("textbox", name="Share link").input_value()
    screenshot("14-share-link")
    assert_accessible(page, "scoring screen, sharing")
    page.goto(f"{live_server.url}/l/{league.slug}/members/")
    expect(page.locator(".share-link input[readonly]")).to_have_value(
        url
    )  # the owner can revoke it there
    assert_accessible(page, "members and sharing")

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    second = phone.new_page()
    second.goto(url)
    # The live view answers at the link itself, which stays in the address bar to pass on.
    expect(second).to_have_url(url)
    expect(second.get_by_text("Updates by itself as each hand is saved.")).to_be_visible()
    expect(second.locator("[data-total='Goblin']")).to_have_attribute("data-amount", "0")
    assert second.locator("main form, main button, a.outcome").count() == 0

    record(
        night, HandDetails(outcome="tonk_out", winner=players["Goblin"])
    )  # the scorekeeper logs a hand
    expect(second.locator("[data-total='Goblin']")).to_have_attribute(
        "data-amount", "400", timeout=10_000
    )
    screenshot("15-spectator-by-share-link", on=second)

    # Even by hand, the share link grants no write.
    status = second.evaluate(
        """async (url) => (await fetch(url, {method: 'POST', body: new URLSearchParams({stake: '9'}),
                                            redirect: 'manual'})).status""",
        f"/l/{league.slug}/nights/{night.pk}/stake/",
    )
    assert status in (0, 302, 403)
    second.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    assert second.locator("a.outcome").count() == 0
    night.refresh_from_db()
    assert night.stake == 100
    assert Hand.objects.count() == 1
    phone.close()
