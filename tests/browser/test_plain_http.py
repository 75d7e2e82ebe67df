"""A phone that reaches the app over plain http by a name (a laptop on the Wi-Fi): no secure
context, so no service worker, wake lock or clipboard API. It says so, and still loses no
hand to a dropped connection."""

import pytest
from playwright.sync_api import expect

from ledger.models import Hand
from tests.browser.conftest import CHROMIUM
from tests.browser.test_offline_queue import drop, eventually

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LAPTOP = "tonk-laptop.test"


@pytest.fixture
def laptop_phone(browser_type, browser_context_args, settings):
    """A Chromium that finds the laptop by name, as a phone on the Wi-Fi would."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAPTOP]
    browser = browser_type.launch(
        executable_path=CHROMIUM, args=[f"--host-resolver-rules=MAP {LAPTOP} 127.0.0.1"]
    )
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    yield context
    browser.close()


def test_on_plain_http_the_notice_shows_and_a_hand_saved_offline_is_recorded_once(
    laptop_phone, live_server, log_in, owner, night, screenshot
):
    page = laptop_phone.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    url = live_server.url.replace("localhost", LAPTOP)
    log_in(page, owner, url)
    page.goto(f"{url}/l/{night.season.league.slug}/nights/{night.pk}/")
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'serviceWorker' in navigator") is False
    notice = page.locator("#insecure")
    expect(notice).to_contain_text("This phone reached the app over plain http")
    expect(notice).to_contain_text("start it with “make table”")  # what to do, not a README
    help_link = notice.get_by_role("link", name="Why, and what to do")
    assert help_link.get_attribute("href") == "/https/"
    screenshot("80-plain-http-notice-360", on=page)
    # The page keeps its own copy of every new hand's sheet for a dropped connection.
    sheets = page.locator("a.outcome").count()
    eventually(
        page,
        "Object.keys((JSON.parse(localStorage.getItem('tonk-sheets:' + location.pathname))"
        f" || {{sheets: {{}}}}).sheets).length === {sheets}",
    )

    laptop_phone.set_offline(True)
    drop(page, "Croaker", {"Croaker": 3, "Goblin": 8, "Elmo": 20})
    expect(page.locator("#hand[data-kept]")).to_be_visible()  # the page's copy opened
    page.locator("#confirm").click()
    expect(page.locator("#queue li.queued")).to_have_count(1)
    expect(page.locator("#notice")).not_to_contain_text("No connection: that needs the server")
    assert Hand.objects.count() == 0

    laptop_phone.set_offline(False)
    page.reload()  # the phone dropped the page meanwhile: the hand waited on it
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#hand-list li.hand")).to_have_count(1)
    page.wait_for_timeout(1000)  # nothing sent twice
    assert Hand.objects.count() == 1
    assert Hand.objects.get().outcome == "drop"

    page.get_by_role("button", name="Got it").click()
    expect(notice).to_be_hidden()
    page.reload()
    expect(page.locator("#hand-list li.hand")).to_have_count(1)
    expect(notice).to_be_hidden()  # told once

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()
    kept = "Object.keys(localStorage).filter((key) => key.startsWith('tonk-sheets:')).length"
    assert page.evaluate(kept) == 0  # another account may sign in on this phone


def test_copy_works_without_the_clipboard_api(laptop_phone, live_server, log_in, owner, night):
    page = laptop_phone.new_page()
    url = live_server.url.replace("localhost", LAPTOP)
    log_in(page, owner, url)
    page.goto(f"{url}/l/{night.season.league.slug}/nights/{night.pk}/")
    assert page.evaluate("navigator.clipboard === undefined")
    page.locator("#share-night").click()
    copy = page.locator("#share button.copy")
    expect(copy).to_have_text("Copy")
    copy.click()
    expect(copy).to_have_text("Copied")
    selected = page.evaluate("document.getSelection().toString() || document.activeElement.value")
    assert "/s/" in selected
