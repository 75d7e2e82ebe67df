"""Counts a phone should never send, sent anyway: each is named beside its field, nothing saved."""

import pytest
from playwright.sync_api import Page, expect

from ledger.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_bad_count_is_named_beside_its_player(
    page: Page, live_server, log_in, owner, night, screenshot
):
    page.set_viewport_size({"width": 360, "height": 780})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    page.locator("a.outcome[data-outcome=drop]").first.click()
    page.locator("#hand .choice label:text-is('Croaker')").first.click()
    counts = {"Croaker": "7.5", "Goblin": "-5", "Elmo": "999"}
    for name, text in counts.items():  # a number field takes these from a paste or a keyboard
        page.get_by_label(f"{name}'s count", exact=True).evaluate(
            "(input, text) => { input.type = 'text'; input.value = text; }", text
        )
    page.locator("#confirm").click()
    for name in counts:
        expect(page.locator("#hand")).to_contain_text(
            f"{name}'s count: a whole number from 0 to 200"
        )
    screenshot("30-bad-counts-360")
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    assert not Hand.objects.exists()
    # Put right, the same sheet saves the hand once and closes.
    for name, count in {"Croaker": 7, "Goblin": 5, "Elmo": 20}.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    page.locator("#confirm").click()
    expect(page.locator("#board [role=status]")).to_contain_text("Hand 1 saved.")
    expect(page.locator("#hand")).to_have_count(0)
    assert Hand.objects.count() == 1
