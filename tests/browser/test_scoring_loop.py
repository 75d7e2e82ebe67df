"""The scoring loop at the table: undo and redo, a lost answer, the sheet, the table controls, the same table again."""

import re

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from ledger.models import Hand
from tests.browser.phones import SIZES
from tests.browser.shots import shoot
from tests.browser.waits import open_sheet
from tests.helpers import balances, drop, new_key, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def three_hands(night, players):
    p = players
    hands = [
        record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20})),
        record(night, drop(p["Goblin"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 20})),
        record(night, drop(p["Elmo"], {p["Croaker"]: 12, p["Goblin"]: 11, p["Elmo"]: 2})),
    ]
    return hands


def night_url(live_server, night) -> str:
    return f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/"


@pytest.fixture
def at_the_night(page: Page, live_server, log_in, owner, night) -> Page:
    """The scorekeeper's phone (360×740), on the night's scoring screen."""
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    return page


def test_four_fast_taps_undo_one_hand_and_redo_restores_it(
    page: Page, live_server, log_in, owner, night, three_hands, screenshot
):
    page.set_viewport_size({"width": 360, "height": 740})
    before = balances()
    third = three_hands[-1]
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    undo = page.locator("#undo")
    expect(undo).to_have_text("Undo hand 3")
    page.wait_for_timeout(1100)  # the button takes taps a moment after it appears
    box = undo.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(4):  # a thumb that is not sure it worked
        page.mouse.click(x, y)
        page.wait_for_timeout(120)
    expect(page.locator("#undone")).to_have_text("Hand 3 undone")
    page.wait_for_timeout(1500)
    assert [h.number for h in Hand.objects.standing()] == [1, 2]
    expect(page.locator("#dealer")).to_have_text(third.dealer.name)  # the deal came back
    screenshot("40-undone-360")

    redo = page.locator("#redo")
    page.wait_for_timeout(1100)
    redo.click()
    expect(page.locator("#board [role=status]")).to_contain_text("Hand 3 is back, as hand 4.")
    expect(page.locator("#undo")).to_have_text("Undo hand 4")
    assert balances() == before
    night.refresh_from_db()
    expect(page.locator("#dealer")).to_have_text(night.dealer.name)
    assert night.dealer != third.dealer
    screenshot("41-redone-360")


def test_a_void_tapped_by_mistake_is_one_tap_from_undone(
    page: Page, live_server, log_in, owner, night, three_hands, screenshot
):
    """Void acts at once (no dialog to dismiss with the cards in the other hand), so the
    bar under the outcomes offers it back; the hand then stands again, as a new hand."""
    page.set_viewport_size({"width": 360, "height": 740})
    before = balances()
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    page.locator("#hand-2 summary").click()
    page.get_by_role("button", name="Void").click()
    expect(page.locator("#voided")).to_have_text("Hand 2 voided")
    assert balances() != before
    unvoid = page.get_by_role("button", name="Undo void")
    expect(unvoid).to_be_in_viewport()
    screenshot("42-voided-undo-offered-360")
    page.wait_for_timeout(1100)  # the button takes taps a moment after it appears
    unvoid.click()
    expect(page.locator("#board [role=status]")).to_contain_text("Hand 2 is back, as hand 4.")
    expect(page.locator("#undo")).to_have_text("Undo hand 4")  # the bar is itself again
    assert balances() == before
    assert [h.number for h in Hand.objects.standing()] == [1, 3, 4]


def test_undoing_a_correction_brings_the_original_back(
    page: Page, live_server, log_in, owner, night, players, three_hands
):
    p = players
    before = balances()
    fixed = drop(p["Elmo"], {p["Croaker"]: 12, p["Goblin"]: 11, p["Elmo"]: 20})
    services.correct_hand(hand=three_hands[-1], key=new_key(), details=fixed, acting_user=None)
    assert balances() != before
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    expect(page.locator("#undo")).to_have_text("Undo hand 4")
    page.wait_for_timeout(1100)
    page.locator("#undo").click()
    expect(page.locator("#board [role=status]")).to_contain_text(
        "Hand 4 undone: hand 3 counts again."
    )
    expect(page.locator("#undone")).to_have_text("Hand 4 undone")
    assert balances() == before
    expect(page.locator("#hand-5")).to_contain_text("undoes #4")


def in_view(page: Page, selector: str) -> bool:
    return page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }"
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_hand_sheet_opens_in_view_and_save_brings_the_totals_back(
    page: Page, live_server, log_in, owner, night, players, three_hands, screenshot, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    page.locator("a.outcome[data-outcome=drop]").first.click()
    expect(page.locator("#hand")).to_be_visible()
    assert in_view(page, "#hand h2")
    assert in_view(page, "#confirm")
    shoot(page, f"43-drop-sheet-{width}")
    page.locator("#hand .choice label:text-is('Croaker')").first.click()
    for name, count in (("Croaker", "3"), ("Goblin", "20"), ("Elmo", "9")):
        page.get_by_label(f"{name}'s count", exact=True).fill(count)
    page.locator("#confirm").click()
    expect(page.locator("#board [role=status]")).to_contain_text("Hand 4 saved.")
    assert in_view(page, "#board [role=status]")
    assert in_view(page, "#dealer")

    # Correct the first hand from the bottom of the list: its sheet opens in view too.
    page.locator("#hand-1 summary").scroll_into_view_if_needed()
    page.locator("#hand-1 summary").click()
    page.locator("#hand-1 a:text-is('Correct')").click()
    expect(page.locator("#hand h2")).to_contain_text("Correct hand 1")
    assert in_view(page, "#hand h2")
    assert in_view(page, "#confirm")
    shoot(page, f"44-correct-sheet-{width}")


def test_leaving_and_closing_the_night_ask_first(page: Page, live_server, log_in, owner, night):
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    controls = page.locator("details.table-controls")
    assert controls.evaluate("e => e.getBoundingClientRect().top < window.innerHeight")
    controls.locator("summary").click()
    answers = iter([False, True])
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept() if next(answers) else dialog.dismiss()

    page.on("dialog", answer)
    page.locator("button:text-is('Elmo leaves')").click()
    page.wait_for_timeout(300)
    assert asked == ["Elmo leaves the table?"]
    assert "Elmo" in [p.name for p in services.seated_players(night)]
    page.locator("button:text-is('Elmo leaves')").click()
    expect(page.locator("#board [role=status]")).to_contain_text("Elmo left the table.")
    assert "Elmo" not in [p.name for p in services.seated_players(night)]


def test_the_same_table_starts_again_in_two_touches(
    page: Page, live_server, log_in, owner, night, three_hands
):
    page.set_viewport_size({"width": 360, "height": 740})
    services.change_stake(night=night, stake=250)
    services.close_night(night=night, acting_user=None)
    night.refresh_from_db()
    seats = [p.name for p in services.seated_players(night)]
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    for target in ("#same-table", "#start-same"):
        assert in_view(page, target), target
        page.locator(target).click()
    expect(page.locator("h1")).to_contain_text("Night of")
    again = night.season.nights.exclude(pk=night.pk).get()
    assert [p.name for p in services.seated_players(again)] == seats
    assert (again.dealer, again.stake, again.rules) == (night.dealer, 250, night.rules)
    expect(page.locator("#dealer")).to_have_text(night.dealer.name)

    # The home page leads back to it.
    page.goto(f"{live_server.url}/")
    expect(page.locator("a.tonight")).to_have_attribute(
        "href", f"/l/{night.season.league.slug}/nights/{again.pk}/"
    )


def test_share_opens_the_nights_link_in_place_and_it_works_without_an_account(
    page: Page, browser, live_server, log_in, owner, night, three_hands, screenshot
):
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    page.locator("#share-night").click()
    expect(page.locator("#share .qr svg")).to_be_visible()
    url = page.locator("#share-url").input_value()
    page.locator("#share-night").click()  # a second tap shows the same link
    expect(page.locator("#share-url")).to_have_value(url)
    expect(page.locator("#share .qr svg")).to_be_visible()
    screenshot("47-share-360")
    stranger = browser.new_context(viewport={"width": 360, "height": 740})
    other = stranger.new_page()
    other.goto(url)
    expect(other.locator("#board")).to_contain_text("Croaker")
    assert other.url == url  # the spectator view, answered at the link itself
    expect(other.locator("a.outcome")).to_have_count(0)
    stranger.close()


def test_the_card_picker_lists_the_cards_takes_one_back_and_stops_at_a_hand(
    page: Page, live_server, log_in, owner, night
):
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    page.locator("a.outcome[data-outcome=stock_out]").click()
    expect(page.locator("#hand[data-outcome=stock_out] .count-pad")).to_be_visible()
    picker = page.locator("#hand .card-picker")
    picker.locator("summary").click()
    expect(picker).to_have_attribute("open", "")
    goblin = page.get_by_label("Goblin's count", exact=True)
    goblin.click()
    expect(goblin).to_have_attribute("inputmode", "none")  # the pad is there: no keyboard
    for label in ("A", "2", "4", "K", "Q"):
        page.locator(f"#hand .card-button[data-label='{label}']").click()
    expect(page.locator("#hand .cards-tapped")).to_have_text("Goblin: A 2 4 K Q = 27")
    page.locator("#hand .card-button[data-label='3']").click()
    expect(page.locator("#hand .cards-tapped")).to_have_text("A hand holds 5 cards.")
    expect(goblin).to_have_value("27")
    page.locator("#hand .card-undo").click()
    expect(page.locator("#hand .cards-tapped")).to_have_text("Goblin: A 2 4 K = 17")
    expect(goblin).to_have_value("17")


def test_required_stars_are_not_read_aloud(page: Page, live_server):
    page.goto(f"{live_server.url}/accounts/signup/")
    password = page.get_by_role("textbox", name="Password", exact=True)
    expect(password).to_have_count(1)  # its accessible name has no "*"
    expect(page.locator(".asteriskField").first).to_have_attribute("aria-hidden", "true")


def test_an_outcome_button_redrawn_by_a_poll_opens_its_sheet_at_once(
    page: Page, live_server, log_in, owner, night
):
    """A tap in the 20 ms between a redraw and htmx's settle opens the sheet in place (it
    used to load it as a plain page, whose Save skips the phone's queue)."""
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    opened_in_place = page.evaluate(
        """() => {
          const actions = document.getElementById("actions");
          htmx.swap(actions, actions.outerHTML, { swapStyle: "outerHTML", settleDelay: 20 });  // as a poll swaps
          const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
          document.querySelector("a.outcome[data-outcome=drop]").dispatchEvent(tap);
          return tap.defaultPrevented;
        }"""
    )
    assert opened_in_place
    expect(page.locator("#hand[data-outcome=drop]")).to_be_visible()


def test_picking_the_dropper_chooses_their_count_first(at_the_night: Page):
    """The dropper's count is called first ("Goblin drops with 20"): the pad's first tap is it."""
    page = at_the_night
    open_sheet(page, "drop")
    page.locator("#hand .choice label:text-is('Goblin')").click()
    page.locator("#hand .pad-button[data-value='20']").click()
    expect(page.get_by_label("Goblin's count", exact=True)).to_have_value("20")
    expect(page.get_by_label("Croaker's count", exact=True)).to_have_value("")
    # Then the seats after the dropper, clockwise.
    expect(page.get_by_label("Elmo's count", exact=True)).to_have_class(re.compile(r"\bchosen\b"))


def test_a_four_player_hands_payments_all_show_above_save(
    page: Page, live_server, log_in, owner, season, players
):
    four = [players[name] for name in ("Croaker", "Goblin", "Elmo", "One-Eye")]
    night = services.start_night(season=season, players=four, dealer=four[-1])
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    open_sheet(page, "drop")
    page.locator("#hand .choice label:text-is('One-Eye')").click()
    for player, count in zip(four, [20, 9, 30, 3], strict=True):
        page.get_by_label(f"{player.name}'s count", exact=True).fill(str(count))
    expect(page.locator("#preview-headline")).to_have_text("One-Eye drops with 3 and wins")
    expect(page.locator("#preview-payments li")).to_have_count(3)
    shoot(page, "48-four-payments-360")  # the screen as the thumb sees it
    preview = page.locator("#preview")
    assert preview.evaluate("p => p.scrollHeight <= p.clientHeight"), "the preview scrolls"
    save = page.locator("#confirm").bounding_box()
    last = page.locator("#preview-payments li").last.bounding_box()
    assert last["y"] + last["height"] <= save["y"]


def test_log_out_asks_first_while_a_hand_is_half_entered(at_the_night: Page):
    page = at_the_night
    open_sheet(page, "stock_out")
    page.get_by_label("Croaker's count", exact=True).fill("12")
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.get_by_role("button", name="Log out").click()
    page.wait_for_timeout(300)
    assert asked == ["Log out? The hand you are entering is not saved."]
    expect(page.get_by_label("Croaker's count", exact=True)).to_have_value("12")
    page.get_by_role("link", name="Cancel").click()  # no sheet open: no question
    expect(page.locator("#hand-form > form")).to_have_count(0)
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("header").get_by_role("link", name="Log in")).to_be_visible()
    assert len(asked) == 1


def test_a_bad_stake_is_named_in_view_beside_its_box(at_the_night: Page):
    page = at_the_night
    page.locator("summary:has-text('The table')").click()
    page.get_by_label("Stake for the next hands ($)").fill("abc")
    page.get_by_role("button", name="Change").click()
    expect(page.locator("#id_stake-error")).to_have_text("'abc' is not an amount")
    expect(page.locator("#id_stake-error")).to_be_in_viewport()
    expect(page.get_by_label("Stake for the next hands ($)")).to_have_value("abc")


def test_the_last_saves_notice_goes_when_the_next_sheet_opens(at_the_night: Page):
    page = at_the_night
    open_sheet(page, "tonk_out")
    page.locator("#hand .choice label:text-is('Goblin')").click()
    expect(page.locator("#preview-headline")).to_have_text("Goblin tonks out with a spread")
    page.locator("#confirm").click()
    expect(page.locator(".notice-toast")).to_have_text("Hand 1 saved.")
    open_sheet(page, "drop")
    expect(page.locator(".notice-toast")).to_have_count(0)
