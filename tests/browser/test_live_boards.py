"""Live boards: the doorbell tells the phones their night changed, and they draw it.

Polling is as good as off here (once an hour) unless a test says otherwise, so a hand that
shows on the other phone came by its event stream."""

import copy
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.waits import open_sheet
from tests.doorbell import serving
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def events(settings):
    """A doorbell the pages reach (another origin, so the policy names it), and no timed
    polls to speak of."""
    with serving.doorbell(EVENTS_HEARTBEAT="1", EVENTS_RETRY="1-3") as running:
        settings.EVENTS_URL = running.url
        settings.EVENTS_BUS = running.bus
        settings.EVENTS_HEARTBEAT = 1
        settings.POLL_SECONDS = 3600
        policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
        policy["DIRECTIVES"]["connect-src"].append(running.url.removesuffix("/events/"))
        settings.CONTENT_SECURITY_POLICY = policy
        yield running


def second_phone(browser: Browser) -> Page:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    return context.new_page()


def night_url(live_server, night) -> str:
    return f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/"


def test_a_hand_saved_on_one_phone_appears_on_the_other_at_once(
    page: Page, browser: Browser, live_server, log_in, owner, night, events, screenshot
):
    page.set_viewport_size({"width": 360, "height": 740})
    other = second_phone(browser)
    for phone in (page, other):
        log_in(phone, owner)
        phone.goto(night_url(live_server, night))
        expect(phone.locator("#live")).to_have_attribute("data-state", "live")
    asked = []
    other.on("request", lambda r: asked.append(r.url) if r.url.endswith("/poll/") else None)

    open_sheet(page, "tonk_out")
    page.locator("#hand .choice label:text-is('Goblin')").first.click()
    page.locator("#confirm").click()
    expect(page.locator("#notice [role=status]")).to_contain_text("Hand 1 saved.")

    expect(other.locator("[data-total='Goblin']")).to_have_attribute(
        "data-amount", "400", timeout=3_000
    )
    expect(other.locator("#undo")).to_have_text("Undo hand 1")
    assert len(asked) == 1, asked  # the one look the ring asked for, no timed poll
    screenshot("51-second-phone-told-by-its-stream", on=other)
    other.context.close()


def test_a_stream_that_opens_before_the_page_is_wired_still_catches_up(
    page: Page, live_server, log_in, owner, night, players, events
):
    """The scoring screen's queue script arrives a second late (a weak connection): the
    stream opens meanwhile, and its first look must not be lost before htmx wires the
    board, or the page would never be live (polls are once an hour here)."""
    log_in(page, owner)
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))

    def late(route):
        time.sleep(1.5)
        route.continue_()

    page.route("**/queue/main*.js", late)
    looks = []
    page.on("request", lambda r: looks.append(r.url) if r.url.endswith("/poll/") else None)
    page.goto(night_url(live_server, night))
    expect(page.locator("#live")).to_have_attribute("data-state", "live", timeout=10_000)
    assert looks  # the look the stream's opening asked for


def test_a_stream_cut_catches_up_when_it_reconnects(
    page: Page, live_server, log_in, owner, night, players, events
):
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    port = int(events.url.split(":")[2].split("/")[0])

    events.stop()  # the doorbell restarts: every stream is cut
    expect(page.locator("#live")).not_to_have_attribute("data-state", "live")
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    page.wait_for_timeout(500)
    expect(page.locator("#hand-list li.hand")).to_have_count(0)  # nobody rang: nor did it poll

    back = serving.start(port, EVENTS_BUS=events.bus, EVENTS_HEARTBEAT="1", EVENTS_RETRY="1-3")
    try:
        # The browser reconnects after the stream's retry (1 to 3 s here) and looks at once.
        expect(page.locator("#live")).to_have_attribute("data-state", "live", timeout=10_000)
        expect(page.locator("#hand-list li.hand")).to_have_count(1)
        expect(page.locator("#undo")).to_have_text("Undo hand 1")
    finally:
        back.stop()


def test_a_stream_gone_silent_is_opened_afresh(
    page: Page, live_server, log_in, owner, night, events
):
    """A proxy that holds the stream, or a phone that slept: no heartbeat for two of them,
    and the page opens a new stream (and polls meanwhile)."""
    opened = []
    page.on("request", lambda r: opened.append(r) if "/events/" in r.url else None)
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    assert len(opened) == 1
    events.app.hub.beat = lambda: None  # the stream stays open and says nothing
    page.wait_for_timeout(5_000)  # two heartbeats of 1 s, and 2 s more
    assert len(opened) >= 2
    expect(page.locator("#live")).to_have_attribute("data-state", "live")


def test_with_the_events_path_blocked_the_page_polls(
    page: Page, live_server, log_in, owner, night, players, events, settings
):
    settings.POLL_SECONDS = 1
    page.route(f"{events.url}**", lambda route: route.abort())
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    expect(page.locator("#live")).to_have_attribute("data-state", "polling")
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    expect(page.locator("#undo")).to_have_text("Undo hand 1", timeout=5_000)
