"""The app installs on a phone: a web app manifest with its icons, and a service worker that
controls the pages and opens a night seen before with no connection, marked as such."""

import struct

import pytest
from playwright.sync_api import expect

from tests.browser.accessibility import assert_accessible
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


ACTIVATED = """navigator.serviceWorker.ready.then(r => r.active.state === "activated" ? "activated"
  : new Promise(done => r.active.addEventListener("statechange",
      () => r.active.state === "activated" && done("activated"))))"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_and_its_icons(phone, live_server):
    page = phone.new_page()
    page.goto(live_server.url + "/accounts/login/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(live_server.url + href)
    assert manifest.headers["content-type"] == "application/manifest+json"
    data = manifest.json()
    assert (data["name"], data["short_name"], data["display"]) == (
        "Tonk Tracker",
        "Tonk",
        "standalone",
    )
    assert (data["start_url"], data["scope"]) == ("/", "/")
    assert data["theme_color"]
    assert data["background_color"]
    sizes = set()
    for icon in data["icons"]:
        image = page.request.get(live_server.url + icon["src"])
        assert image.headers["content-type"] == "image/png"
        width, height = png_size(image.body())
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    colours = page.locator("meta[name=theme-color]").evaluate_all(
        "els => els.map(e => e.getAttribute('media'))"
    )
    assert colours == ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]


def test_a_night_seen_before_opens_with_no_connection(
    phone, live_server, log_in, owner, night, players, screenshot
):
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    page = phone.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    url = f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/"
    page.goto(url)
    assert page.evaluate(ACTIVATED) == "activated"
    page.reload()  # now through the worker, which keeps the page
    assert page.evaluate("!!navigator.serviceWorker.controller")
    totals = page.locator("[data-total]").evaluate_all(
        "els => els.map(e => [e.dataset.total, e.dataset.amount])"
    )
    expect(page.locator("#offline")).to_be_hidden()

    phone.set_offline(True)
    page.reload()
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator("#offline")).to_contain_text("as this phone last saw it")
    shown = page.locator("[data-total]").evaluate_all(
        "els => els.map(e => [e.dataset.total, e.dataset.amount])"
    )
    assert shown == totals, (shown, totals)
    assert page.locator("link[rel=stylesheet]").count() == 2
    assert page.evaluate("getComputedStyle(document.querySelector('.outcome')).display") != "inline"
    screenshot("70-offline-board-360", on=page)
    assert_accessible(page, "the board with no connection")

    phone.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert page.evaluate("caches.has('tonk-pages')") is False  # one phone, another scorekeeper
