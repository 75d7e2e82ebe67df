"""The scoring screen in Dutch, Italian and Spanish phones, and the language switcher."""

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger.models import Hand
from tests.browser.accessibility import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a phone set to each language shows: the drop button, the preview, the settle-up link.
PHONES = {
    "nl-NL": ("nl", "Vallen", "Croaker laat vallen met 3 en wint", "Afrekenen", "$ 1,00"),
    "it-IT": ("it", "Bussare", "Croaker bussa con 3 e vince", "Salda i conti", "1,00 $"),
    "es-ES": ("es", "Jugar bajo", "Croaker juega bajo con 3 y gana", "Saldar cuentas", "1,00 $"),
}


@pytest.mark.parametrize("locale", PHONES)
def test_the_scoring_screen_speaks_the_phones_language(
    browser: Browser, live_server, night, players, owner, log_in, screenshot, locale
):
    code, drop, headline, settle, stake = PHONES[locale]
    phone = browser.new_context(
        locale=locale, viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    log_in(page, owner)
    league = night.season.league
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#stake")).to_have_text(stake)
    expect(page.get_by_role("link", name=settle, exact=True)).to_be_visible()

    page.get_by_role("link", name=drop, exact=True).click()
    page.locator("#hand .choice label:text-is('Croaker')").click()
    for name, count in (("Croaker", 3), ("Goblin", 20), ("Elmo", 9)):
        page.locator(f"#hand .count-row:has(label:text-is('{name}')) input").fill(str(count))
    expect(page.locator("#preview-headline")).to_have_text(headline)
    screenshot(f"20-scoring-screen-{code}", on=page)
    assert_accessible(page, f"scoring screen ({code})")

    page.locator("#confirm").click()
    expect(page.locator("#hand-1")).to_contain_text(headline)
    assert Hand.objects.filter(night=night).count() == 1
    phone.close()


def test_the_switcher_changes_the_language_and_remembers_it(
    page: Page, live_server, night, owner, log_in
):
    log_in(page, owner)
    league = night.season.league
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    expect(page.get_by_role("link", name="Settle up", exact=True)).to_be_visible()
    page.get_by_label("Language").select_option("it")  # applies at once
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page).to_have_url(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    expect(page.get_by_role("link", name="Salda i conti", exact=True)).to_be_visible()
    page.goto(f"{live_server.url}/l/{league.slug}/standings/")
    expect(page.locator("h1")).to_contain_text("Classifica")
