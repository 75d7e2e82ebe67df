"""Two scorekeepers' phones on one night: a hand logged on one shows on the other within a
poll, a poll with nothing new swaps nothing, and a form being filled in is left alone.
The phones poll every second here (every 4 s in the app: ``POLL_SECONDS``)."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def polls_every_second(settings):
    settings.POLL_SECONDS = 1


def test_a_hand_logged_on_one_phone_shows_on_the_other_within_a_poll(
    page: Page, browser: Browser, live_server, log_in, owner, night, players, screenshot
):
    league = night.season.league
    url = f"{live_server.url}/l/{league.slug}/nights/{night.pk}/"
    other = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    second = other.new_page()
    for phone in (page, second):
        log_in(phone, owner)
        phone.goto(url)
    polls = []
    second.on("response", lambda r: polls.append(r.status) if r.url.endswith("/poll/") else None)

    # The second phone starts a hand of its own and leaves it half done.
    second.locator("a.outcome[data-outcome=drop]").first.click()
    second.get_by_label("Goblin's count", exact=True).fill("17")
    second.wait_for_timeout(1_500)  # a poll with nothing new
    assert polls, "no poll in 1.5 s"
    assert set(polls) == {304}, polls
    expect(second.get_by_label("Goblin's count", exact=True)).to_have_value("17")

    page.locator("a.outcome[data-outcome=tonk_out]").first.click()
    page.locator("#hand .choice label:text-is('Goblin')").first.click()
    page.locator("#confirm").click()
    expect(page.locator("#notice [role=status]")).to_contain_text("Hand 1 saved.")
    first_polls = []  # those asked after the save's answer (one already on its way finds it)
    page.on("request", lambda r: first_polls.append(r) if r.url.endswith("/poll/") else None)

    # Within a poll the second phone shows it, and its own form is as it was.
    expect(second.locator("[data-total='Goblin']")).to_have_attribute(
        "data-amount", "400", timeout=9_000
    )
    expect(second.locator("#undo")).to_have_text("Undo hand 1")
    expect(second.locator("#hand-list li.hand")).to_have_count(1)
    expect(second.get_by_label("Goblin's count", exact=True)).to_have_value("17")
    assert 200 in polls
    # The phone that saved drew the hand from the save's answer: its polls find nothing new.
    page.wait_for_timeout(1_500)
    statuses = [r.response().status for r in first_polls]
    assert statuses, "the first phone polled meanwhile"
    assert set(statuses) == {304}, statuses
    screenshot("50-second-phone-after-a-poll", on=second)
    other.close()


def test_a_night_reopened_on_another_phone_brings_its_table_controls_back(
    page: Page, live_server, log_in, owner, night
):
    from ledger import services

    services.close_night(night=night, acting_user=None)
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    expect(page.locator("details.table-controls")).to_have_count(0)
    services.reopen_night(night=night, acting_user=None)  # on another phone
    expect(page.locator("details.table-controls")).to_be_visible(timeout=9_000)
    expect(page.locator("a.outcome").first).to_be_visible()


def test_a_tap_held_while_a_poll_redraws_the_board_still_opens_its_sheet(
    page: Page, live_server, log_in, owner, night, players
):
    """A thumb presses Tonk out as another phone's hand comes in: the poll redraws the totals
    and the undo bar, but the buttons it leaves as they were, so the press and the release
    meet the same button (replaced in between, the tap was lost)."""
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    button = page.locator("a.outcome[data-outcome=tonk_out]")
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    counts = {players["Croaker"]: 3, players["Goblin"]: 20, players["Elmo"]: 9}
    record(night, drop(players["Croaker"], counts))  # on another phone
    expect(page.locator("#undo")).to_have_text("Undo hand 1", timeout=9_000)  # the poll's redraw
    page.mouse.up()
    expect(page.locator("#hand[data-outcome=tonk_out]")).to_be_visible()


def test_a_poll_answered_after_a_save_redrew_it_leaves_the_page_as_it_is(
    page: Page, live_server, log_in, owner, night
):
    """A poll on its way as a save's answer redraws the poll element comes back to an element
    that left the page, so htmx finds none of the board's parts: the answer is dropped and
    the page stays (it was reloaded, and the sheet just opened on it went)."""
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    held = []
    page.route("**/poll/", lambda route: held.append(route))
    for _ in range(50):  # the next poll (every second here) is held on its way
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "no poll in 5 s"
    page.evaluate("window.stayed = true")
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    page.locator("#hand .choice label:text-is('Goblin')").first.click()
    page.locator("#confirm").click()
    expect(page.locator("#notice [role=status]")).to_contain_text("Hand 1 saved.")
    page.locator("a.outcome[data-outcome=drop]").click()
    expect(page.locator("#hand[data-outcome=drop]")).to_be_visible()
    for route in list(held):
        route.continue_()  # the server answers: the board changed since that poll left
    page.unroute("**/poll/")  # and any poll held since goes on too
    page.wait_for_timeout(1_000)
    assert page.evaluate("window.stayed === true"), "the page was reloaded"
    expect(page.locator("#hand[data-outcome=drop]")).to_be_visible()


def test_the_controls_a_poll_drew_from_the_shared_cache_still_act(
    page: Page, live_server, log_in, owner, night, players
):
    """What a poll draws is rendered once for every phone, with no CSRF field in its forms
    (ledger/web/shared_board.py): Undo sends the token as htmx's header, and Reopen, a
    plain form, is given it as it is sent."""
    from ledger import services

    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    counts = {players["Croaker"]: 3, players["Goblin"]: 20, players["Elmo"]: 9}
    record(night, drop(players["Croaker"], counts))  # on another phone
    expect(page.locator("#undo")).to_have_text("Undo hand 1", timeout=9_000)
    assert page.locator("#undo-bar input[name=csrfmiddlewaretoken]").count() == 0
    page.locator("#undo").click()
    expect(page.locator("#undone")).to_have_text("Hand 1 undone")
    expect(page.locator("[data-total='Croaker']")).to_have_attribute("data-amount", "0")

    services.close_night(night=night, acting_user=None)  # on another phone
    reopen = page.get_by_role("button", name="Reopen the night")
    expect(reopen).to_be_visible(timeout=9_000)
    reopen.click()
    expect(page.locator("a.outcome").first).to_be_visible()
    night.refresh_from_db()
    assert night.is_open
