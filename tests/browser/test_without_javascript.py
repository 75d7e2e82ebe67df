"""With JavaScript off, on a 360 px screen, a hand is still logged by plain POST and redirect."""

import pytest
from playwright.sync_api import Browser, expect

from ledger import services
from ledger.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_drop_is_logged_with_javascript_off(
    browser: Browser, live_server, night, players, screenshot, owner, log_in
):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    page.get_by_role("link", name="Drop", exact=True).click()
    page.locator(".choice label:text-is('Goblin')").click()
    for name, count in {"Croaker": 12, "Goblin": 4, "Elmo": 20}.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#preview-headline")).to_have_text("Goblin drops with 4 and wins")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".messages .alert-success")).to_have_text("Hand 1 saved.")
    expect(page.locator("[data-total='Goblin']")).to_have_text("+$2.00")
    screenshot("08-no-javascript-360px", on=page)
    assert Hand.objects.get().dealer == players["Elmo"]
    night.refresh_from_db()
    assert night.dealer == services.seated_players(night)[0]
    context.close()
