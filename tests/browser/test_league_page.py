"""The league page as an owner fills it in before the first night."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_players_are_added_one_after_another_without_scrolling_back(
    page: Page, live_server, log_in, owner, league, players
):
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/")
    name = page.get_by_label("Player's name")
    name.fill("Otto")
    page.get_by_role("button", name="Add the player").click()
    expect(page.locator("#players-h + ul")).to_contain_text("Otto")
    expect(name).to_be_focused()  # the next name goes straight in
    expect(name).to_be_in_viewport()
    page.keyboard.type("goblin")  # already playing: said beside the box, which keeps focus
    page.keyboard.press("Enter")
    expect(page.locator("#add-player .invalid-feedback")).to_contain_text(
        "already has a player called goblin"
    )
    expect(name).to_be_focused()
    expect(name).to_be_in_viewport()
