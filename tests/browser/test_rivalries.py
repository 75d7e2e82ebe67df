"""Rivalries on a phone: the player page's story, a head-to-head, the drop sheet's line."""

import pytest
from playwright.sync_api import Page, expect

from ledger.models import PlayerRating
from ledger.reads.drops import drop_advice
from ledger.reads.rivalry import opponents, rival_and_nemesis
from ledger.tooling.demo import DemoLeague
from tests.browser.accessibility import assert_accessible
from tests.browser.phones import NARROW, WIDE
from tests.browser.waits import open_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONES = pytest.mark.parametrize("size", [NARROW, WIDE], ids=["360", "390"])


@pytest.fixture
def league(owner):
    """Five players, a season of 300 hands: a dozen nights closed and rated, one open."""
    return DemoLeague(players=5, seasons=1, hands=300, seed=11, owner=owner).create()


def assert_no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide} px"


@PHONES
def test_a_player_page_tells_their_rivalries_and_leads_to_a_head_to_head(
    page: Page, live_server, log_in, owner, league, screenshot, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    player, rival = next(
        (p, rival_and_nemesis(opponents(p))[0])
        for p in league.players.order_by("pk")
        if rival_and_nemesis(opponents(p))[0]
    )
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/players/{player.pk}/?season=all")
    rating = PlayerRating.objects.get(player=player)
    expect(page.locator("#player-rating strong")).to_have_text(f"{rating.ordinal:.1f}")
    expect(page.locator("#streak-now")).to_be_visible()
    expect(page.locator("table.opponents tbody tr")).to_have_count(len(opponents(player)))
    assert_no_sideways_scroll(page)
    screenshot(f"29-player-{size[0]}")
    assert_accessible(page, "player page with rivalries")

    page.locator("#rival a").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"{player.name} against {rival.other.name}"
    )
    expect(page.locator("#h2h-wins")).to_have_text(str(rival.wins))
    expect(page.locator("table.head-to-head")).to_be_visible()
    assert_no_sideways_scroll(page)
    screenshot(f"29-head-to-head-{size[0]}")
    assert_accessible(page, "head-to-head")
    page.get_by_role("link", name=f"Seen from {rival.other.name}'s side").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"{rival.other.name} against {player.name}"
    )
    expect(page.locator("#h2h-wins")).to_have_text(str(rival.losses))


@PHONES
def test_the_drop_sheet_says_how_drops_at_the_count_went(
    page: Page, live_server, log_in, owner, league, screenshot, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    figure = max(drop_advice(league), key=lambda f: f.drops)
    assert figure.shown
    night = league.seasons.get().nights.get(closed_at__isnull=True)
    dropper = night.seats.filter(seated=True).select_related("player").first().player
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    open_sheet(page, "drop")
    expect(page.locator("#drop-advice")).to_have_count(0)
    page.locator(f"#hand .choice label:text-is('{dropper.name}')").click()
    page.get_by_label(f"{dropper.name}'s count", exact=True).fill(str(figure.count))
    line = page.locator("#drop-advice")
    expect(line).to_have_text(
        f"At {figure.count}, drops in this league won {figure.won} of {figure.drops} ({figure.won_percent}%)."
    )
    box = line.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= size[0]
    assert_no_sideways_scroll(page)
    screenshot(f"29-drop-line-{size[0]}")


@PHONES
def test_records_ratings_and_when_to_drop_fit_a_phone(
    page: Page, live_server, log_in, owner, league, screenshot, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/standings/")
    page.get_by_role("link", name="Records and ratings").click()
    expect(page.locator("table.ratings tbody tr")).to_have_count(5)
    assert_no_sideways_scroll(page)
    screenshot(f"29-records-{size[0]}")
    assert_accessible(page, "records and ratings")
    page.get_by_role("link", name="When to drop").click()
    expect(page.locator("svg.chart")).to_be_visible()
    page.get_by_label("Whose drops").select_option(label=league.players.order_by("name")[0].name)
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("'s drops")
    assert_no_sideways_scroll(page)
    screenshot(f"29-drops-{size[0]}")
    assert_accessible(page, "when to drop")
