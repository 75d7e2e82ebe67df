"""The end of the night on a phone: close it, land on the recap, share it, pay from it."""

import re

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from ledger.paying import clean_handle
from ledger.rows.details import HandDetails
from tests.browser.accessibility import assert_accessible
from tests.browser.phones import NARROW, WIDE
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# navigator.share stubbed: what the page hands the share sheet is kept for the test to read.
SHARE_STUB = """
window.__shared = [];
navigator.canShare = (data) => !!data && Array.isArray(data.files);
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(async (f) => ({
    name: f.name, type: f.type, size: f.size,
    png: [...new Uint8Array(await f.slice(0, 8).arrayBuffer())],
  })));
  window.__shared.push({ title: data.title, text: data.text, files });
};
"""
PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]


@pytest.fixture
def euro_night(night, players, league):
    """A euro table: Croaker owes Elmo €3.00 (PayPal, Revolut, an IBAN) and Goblin €1.00
    (Bizum)."""
    league.unit = "€"
    league.save()
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    elmo = {
        "paypal": clean_handle("paypal", "ElmoFrog"),
        "revolut": clean_handle("revolut", "elmofrog"),
        "iban": clean_handle("iban", "DE89370400440532013000", holder="Elmo Frog"),
    }
    services.set_pay_handles(player=p["Elmo"], handles=elmo)
    services.set_pay_handles(
        player=p["Goblin"], handles={"bizum": clean_handle("bizum", "612345678")}
    )
    return night


def assert_fits(page: Page, selector: str) -> None:
    """Every control under ``selector`` lies within the phone's width."""
    overflow = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector + ' a, ' + selector + ' button, '
            + selector + ' input, ' + selector + ' svg')]
            .filter((el) => el.getClientRects().length)
            .map((el) => [el.textContent.trim() || el.id, el.getBoundingClientRect().right])
            .filter(([, right]) => right > window.innerWidth)""",
        selector,
    )
    assert overflow == []


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=lambda s: f"{s[0]}px")
def test_closing_the_night_leads_to_a_recap_to_share(
    page: Page, live_server, euro_night, owner, log_in, screenshot, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(SHARE_STUB)
    log_in(page, owner)
    night_url = f"{live_server.url}/l/{euro_night.season.league.slug}/nights/{euro_night.pk}/"
    page.goto(night_url)
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_text("The table: stake, players, dealer").click()
    page.get_by_role("button", name="Close the night").click()  # one tap, and the confirm
    expect(page).to_have_url(night_url + "recap/")
    expect(page.locator(".recap-totals li")).to_have_text(
        ["Elmo +€3.00", "Goblin +€1.00", "Croaker −€4.00"]
    )
    expect(page.get_by_role("link", name="Pay Elmo €3.00 with PayPal")).to_have_attribute(
        "href", "https://paypal.me/ElmoFrog/3.00EUR"
    )
    assert_fits(page, ".pay-options")
    expect(page.locator(".recap-card")).to_have_js_property("naturalWidth", 1200)  # drawn, shown
    screenshot(f"28-recap-{size[0]}")
    assert_accessible(page, "recap")

    share = page.get_by_role("button", name="Share…")
    expect(share).to_be_visible()
    share.click()
    page.wait_for_function("() => window.__shared.length === 1")
    (shared,) = page.evaluate("window.__shared")
    text = page.locator("#recap-text").input_value()
    assert shared["text"] == text
    assert text.startswith("Black Company · Tonk night of ")
    assert "Croaker pays Elmo €3.00: https://paypal.me/ElmoFrog/3.00EUR" in text
    (card,) = shared["files"]
    assert card["name"] == f"tonk-{euro_night.date:%Y-%m-%d}.png"
    assert card["type"] == "image/png"
    assert card["png"] == PNG_SIGNATURE
    assert 0 < card["size"] <= 60_000


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=lambda s: f"{s[0]}px")
def test_each_payment_pays_in_a_tap_and_mark_paid_waits_on_return(
    page: Page, live_server, euro_night, owner, log_in, screenshot, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    # The services are outside: their pages are answered here, never fetched.
    page.context.route("https://paypal.me/**", lambda route: route.fulfill(body="PayPal"))
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{euro_night.season.league.slug}/nights/{euro_night.pk}/settle/")
    elmo = page.locator(".payment-row[data-payee=Elmo]")
    expect(elmo.get_by_role("link", name="Pay Elmo with Revolut")).to_be_hidden()
    elmo.get_by_text("2 other ways to pay Elmo").click()  # PayPal leads, the rest a tap away
    expect(elmo.get_by_role("link", name="Pay Elmo with Revolut")).to_have_attribute(
        "href", "https://revolut.me/elmofrog"
    )
    expect(
        elmo.get_by_text("Revolut's link cannot fill in the amount: type €3.00 there.")
    ).to_be_visible()
    expect(elmo.get_by_label("Elmo's IBAN")).to_have_value("DE89 3704 0044 0532 0130 00")
    elmo.get_by_text("Show the GiroCode for a banking app to scan").click()
    expect(elmo.locator(".giro svg")).to_be_visible()
    goblin = page.locator(".payment-row[data-payee=Goblin]")
    expect(goblin.get_by_label("Goblin's Bizum number")).to_have_value("612345678")
    assert_fits(page, ".plan")
    screenshot(f"28-pay-buttons-{size[0]}")
    assert_accessible(page, "pay buttons")

    with page.context.expect_page() as opened:
        elmo.get_by_role("link", name="Pay Elmo €3.00 with PayPal").click()
    paypal = opened.value
    paypal.wait_for_load_state()
    assert paypal.url == "https://paypal.me/ElmoFrog/3.00EUR"
    paypal.close()
    page.bring_to_front()
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # back in the app
    expect(elmo.get_by_role("status")).to_have_text(
        "Back from paying? Once the money has gone, mark it paid:"
    )
    mark = elmo.get_by_role("button", name="Mark paid")
    expect(mark).to_be_focused()
    assert page.evaluate("sessionStorage.getItem('tonk-paying')") is None  # reminded once
    assert not euro_night.season.transactions.filter(kind="payment").exists()  # still a tap
    mark.click()
    expect(page.locator(".payment-row")).to_have_count(1)


def test_a_payment_leads_with_the_payees_preferred_way_and_the_rest_wait_a_tap(
    page: Page, live_server, night, players, league, owner, log_in, screenshot
):
    """Four services set and Venmo preferred, in a dollar league: the row is the Venmo
    button and one line under it, not a screen of buttons, and no IBAN box (no dollar
    account has one) however many the payee set."""
    p = players
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    handles = {
        "paypal": clean_handle("paypal", "ElmoFrog"),
        "venmo": clean_handle("venmo", "@elmo-frog"),
        "cashapp": clean_handle("cashapp", "$elmofrog"),
        "revolut": clean_handle("revolut", "elmofrog"),
        "iban": clean_handle("iban", "DE89370400440532013000", holder="Elmo Frog"),
    }
    services.set_pay_handles(player=p["Elmo"], handles=handles, preferred="venmo")
    page.set_viewport_size({"width": NARROW[0], "height": NARROW[1]})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/recap/")
    row = page.locator(".payment-row").first
    links = row.locator(".pay-link:visible")
    expect(links).to_have_count(1)
    expect(links).to_have_accessible_name(re.compile(r"^Pay Elmo \$\d+\.\d\d with Venmo$"))
    assert row.bounding_box()["height"] < 200
    row.get_by_text("3 other ways to pay Elmo").click()
    expect(row.locator(".pay-link:visible")).to_have_count(4)
    expect(row.locator(".pay-link:visible").nth(1)).to_contain_text("PayPal")
    expect(row.get_by_label("Elmo's IBAN")).to_have_count(0)
    screenshot("28-preferred-way-360")
    assert_accessible(page, "preferred way")
