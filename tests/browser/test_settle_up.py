"""Settling a night on a phone: mark every payment paid, and the night closes square."""

import re

import pytest
from playwright.sync_api import Page, expect

from ledger.rows.details import HandDetails
from tests.browser.accessibility import assert_accessible
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_settle_a_night_and_mark_everything_paid(
    page: Page, live_server, night, players, screenshot, owner, log_in
):
    log_in(page, owner)
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    page.get_by_role("link", name="Settle up").click()
    expect(page.locator("#share-text")).to_have_value(
        re.compile(
            r"^Black Company · Settle up: night of .+\nCroaker pays Elmo \$3\.00\nCroaker pays Goblin \$1\.00$"
        )
    )
    screenshot("09-settle-up")
    assert_accessible(page, "settle up")
    for left in (1, 0):
        page.locator(".payment-row button").first.click()
        expect(page.locator(".payment-row")).to_have_count(left)
    expect(page.locator("#settled")).to_have_text("Nothing is owed; the night is closed.")
    owed = page.locator("[data-owed]").evaluate_all("els => els.map(e => +e.dataset.amount)")
    assert owed == [0, 0, 0]
    screenshot("10-settled")
    assert_accessible(page, "settled")
    page.get_by_role("link", name="Back to the night").click()
    expect(page.locator(".stake-line .badge")).to_have_text("closed")
    assert page.locator("a.outcome").count() == 0


def test_back_then_forward_after_mark_paid_shows_the_payment_paid(
    page: Page, live_server, night, players, owner, log_in
):
    """The page came back from the browser's cache as it was first drawn: the payment just
    marked owed again, with no word. It is never kept (no-store), so it is asked again."""
    log_in(page, owner)
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    page.get_by_role("link", name="Settle up").click()
    expect(page.locator(".payment-row")).to_have_count(2)
    page.locator(".payment-row button").first.click()
    expect(page.locator(".payment-row")).to_have_count(1)
    page.go_back()
    expect(page.get_by_role("link", name="Settle up")).to_be_visible()
    page.go_forward()
    expect(page.locator(".payment-row")).to_have_count(1)
    expect(page.locator("#share-text")).not_to_have_value(re.compile("Elmo \\$3\\.00"))
