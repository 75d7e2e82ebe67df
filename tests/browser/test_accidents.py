"""What a table does by accident changes no money: Back to an old board, a double-tapped Save.

Each test plays at both phone widths the table uses (360 and 390 px)."""

import re

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from ledger.models import Hand
from tests.browser.phones import NARROW, WIDE
from tests.browser.shots import shoot
from tests.browser.waits import SETTLED, open_sheet
from tests.helpers import drop, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONES = pytest.mark.parametrize("size", [NARROW, WIDE], ids=["360", "390"])


def night_url(live_server, night) -> str:
    return f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/"


@pytest.fixture
def open_night(page: Page, live_server, log_in, owner, size):
    """``open_night(night)``: the scorekeeper's phone of ``size``, on that night's screen."""

    def at(night) -> Page:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        log_in(page, owner)
        page.goto(night_url(live_server, night))
        page.wait_for_function(SETTLED)
        return page

    return at


@pytest.fixture
def scorekeeper(open_night, night) -> Page:
    return open_night(night)


def another_phones_drop(night, players):
    p = players
    return record(night, drop(p["Goblin"], {p["Croaker"]: 9, p["Goblin"]: 4, p["Elmo"]: 20}))


@PHONES
def test_back_to_the_board_shows_the_night_as_it_is_and_undoes_only_the_newest(
    scorekeeper: Page, night, players
):
    page = scorekeeper
    another_phones_drop(night, players)
    page.reload()
    expect(page.locator("#undo")).to_have_text("Undo hand 1")
    page.get_by_role("link", name="Summary").click()
    page.wait_for_url("**/summary/")
    another_phones_drop(night, players)  # hand 2, from another phone, while this one looks away
    page.go_back()
    page.wait_for_load_state("domcontentloaded")
    # A thumb on Undo the moment the board is back: what it showed is what it undoes.
    shown = page.evaluate(
        "() => { const b = document.querySelector('#undo'); const t = b.textContent; b.click(); return t; }"
    )
    assert shown == "Undo hand 2"
    expect(page.locator("#undone")).to_have_text("Hand 2 undone")
    assert [h.number for h in Hand.objects.standing()] == [1]


@PHONES
def test_a_page_kept_on_the_phone_says_so_and_holds_taps_until_redrawn(
    scorekeeper: Page, live_server, night, players
):
    """What the service worker serves with no answer from the server (data-kept)."""
    page = scorekeeper
    another_phones_drop(night, players)
    page.reload()
    kept = page.content().replace("<body ", "<body data-kept ", 1)
    another_phones_drop(night, players)
    poll = f"/l/{night.season.league.slug}/nights/{night.pk}/poll/"
    answer = {}

    def slow_poll(route):
        answer["route"] = route  # the server's answer waits until the test lets it through

    page.route(f"**{poll}*", slow_poll)
    page.route(
        night_url(live_server, night),
        lambda route: route.fulfill(body=kept, content_type="text/html"),
    )
    page.reload()
    expect(page.locator("#stale")).to_have_text(
        "This page was kept on the phone: bringing it up to date…"
    )
    expect(page.locator("#undo")).to_have_text("Undo hand 1")
    assert page.locator("body.holding-taps").count() == 1
    page.locator("#undo").click(force=True)  # a thumb on the old Undo: held
    page.get_by_role("link", name="Summary").click(force=True)
    assert page.url == night_url(live_server, night)
    page.unroute(f"**{poll}*")
    answer["route"].continue_()
    expect(page.locator("#undo")).to_have_text("Undo hand 2")
    expect(page.locator("#stale")).to_be_hidden()
    assert page.locator("body.holding-taps").count() == 0
    assert [h.number for h in Hand.objects.standing()] == [1, 2]


@PHONES
def test_a_double_tapped_saves_second_touch_lands_on_nothing(
    open_night, live_server, night, players
):
    """Four at the table: under Save's place the board has The table (360) or Summary (390)."""
    services.seat_player(night=night, player=players["One-Eye"])
    page = open_night(night)
    open_sheet(page, "dead")
    save = page.locator("#confirm").bounding_box()
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_function("() => !document.querySelector('#hand-form > form')")
    page.mouse.click(x, y)  # the second touch of a double tap, on what the sheet uncovered
    page.wait_for_timeout(300)
    assert page.url == night_url(live_server, night)
    assert page.locator("#board details[open]").count() == 0
    assert page.locator("#hand-form > form").count() == 0
    assert Hand.objects.filter(night=night).count() == 1
    page.wait_for_timeout(400)  # a double tap's length later, the board takes taps again
    under = page.evaluate(
        f"() => document.elementFromPoint({x}, {y}).closest('a, summary').textContent"
    )
    assert under in ("Summary", "The table: stake, players, dealer")
    open_sheet(page, "dead")


def in_view(page: Page, selector: str) -> bool:
    return page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }"
    )


@PHONES
def test_the_tables_controls_leave_the_board_at_the_top_and_the_table_open(
    open_night, night, players
):
    """A long night: each of them used to land at the foot of the hand list, The table shut."""
    for _ in range(12):
        another_phones_drop(night, players)
    page = open_night(night)
    page.on("dialog", lambda dialog: dialog.accept())
    table = page.locator("details.table-controls")
    table.locator("summary").click()
    steps = [
        (lambda: page.get_by_role("button", name="Give Goblin the deal").click(), "Goblin deals."),
        (
            lambda: (
                page.locator("#seat-player").select_option(label="One-Eye"),
                page.get_by_role("button", name="Seat them").click(),
            ),
            "Seated at the dealer's right.",
        ),
        (
            lambda: page.get_by_role("button", name="One-Eye leaves").click(),
            "One-Eye left the table.",
        ),
        (
            lambda: (
                page.locator("#id_stake").fill("2,50"),
                page.get_by_role("button", name="Change").click(),
            ),
            "The stake is changed for the next hands.",
        ),
    ]
    for tap, notice in steps:
        page.wait_for_function(SETTLED)
        tap()
        expect(page.locator("#notice [role=status]")).to_have_text(notice)
        page.wait_for_function(SETTLED)
        assert page.evaluate("window.scrollY") == 0
        assert in_view(page, "#actions a.outcome[data-outcome=drop]")
        expect(page.locator("details.table-controls")).to_have_attribute("open", "")


def preview_shows_everything(page: Page) -> None:
    preview = page.locator("#preview")
    assert preview.evaluate("p => p.scrollHeight <= p.clientHeight"), "the preview scrolls"
    box = preview.bounding_box()
    for line in page.locator("#preview li").all():
        shown = line.bounding_box()
        assert box["y"] <= shown["y"]
        assert shown["y"] + shown["height"] <= box["y"] + box["height"]


FIVE = ("Croaker", "Goblin", "Elmo", "One-Eye", "Silent")


def five_at_a_drop(open_night, season, players, dropper: str, counts, **rules) -> Page:
    """Five at the table, a drop's sheet with the dropper tapped and everyone's count typed."""
    five = [players[name] for name in FIVE]
    night = services.start_night(season=season, players=five, dealer=five[-1], **rules)
    page = open_night(night)
    open_sheet(page, "drop")
    page.locator(f"#hand .choice label:text-is('{dropper}')").click()
    for player, count in zip(five, counts, strict=True):
        page.get_by_label(f"{player.name}'s count", exact=True).fill(str(count))
    return page


@PHONES
def test_a_caught_drops_seven_payments_all_show_in_the_preview(open_night, season, players, size):
    page = five_at_a_drop(open_night, season, players, "Croaker", [30, 9, 20, 3, 12])
    expect(page.locator("#preview-headline")).to_contain_text("Croaker is caught")
    # Croaker pays the four catchers, and the three others pay One-Eye's low count.
    expect(page.locator("#preview-payments li")).to_have_count(7)
    shoot(page, f"accidents-caught-drop-{size[0]}")
    preview_shows_everything(page)
    # A shorter preview after it (a winning drop) leaves the box as tall: nothing moves.
    height = page.locator("#preview").bounding_box()["height"]
    page.get_by_label("Croaker's count", exact=True).fill("2")
    expect(page.locator("#preview-headline")).to_contain_text("Croaker drops with 2 and wins")
    assert abs(page.locator("#preview").bounding_box()["height"] - height) < 1


@PHONES
def test_push_ups_pushes_and_payments_all_show_in_the_preview(open_night, season, players, size):
    counts = [20, 30, 25, 33, 12]
    page = five_at_a_drop(open_night, season, players, "Goblin", counts, rules="pushups", stake=1)
    expect(page.locator("#preview-headline")).to_contain_text("Goblin is caught")
    expect(page.locator("#preview-pushes li")).to_have_count(2)
    expect(page.locator("#preview-payments li")).to_have_count(7)
    shoot(page, f"accidents-push-ups-{size[0]}")
    preview_shows_everything(page)


@PHONES
def test_push_ups_with_side_bets_the_pad_skips_the_winner_and_the_suit_is_called_each_deal(
    open_night, pushups_night, players
):
    night, table = pushups_night, [players[n] for n in ("Croaker", "Goblin", "Elmo")]
    everyone = {"ante": 5, "players": [p.pk for p in table]}
    services.set_side_bets(
        night=night, bets={"high_card": {**everyone, "suit": "♥"}, "naturals": everyone}
    )
    page = open_night(night)
    open_sheet(page, "tonk_out")
    page.locator("#hand fieldset:has(input[name=winner]) label:text-is('Croaker')").click()
    assert in_view(page, "#hand .count-pad .pad-button >> nth=0"), "the pad is below the fold"
    for count in ("5", "7"):
        page.locator(f"#hand .pad-button[data-value='{count}']").click()
    expect(page.get_by_label("Goblin's count", exact=True)).to_have_value("5")
    expect(page.get_by_label("Elmo's count", exact=True)).to_have_value("7")
    expect(page.get_by_label("Croaker's count", exact=True)).to_have_value("")
    # Side bets: nobody won by default, the bettors in the counts' order, the suit as called.
    for bet in ("won-high_card", "won-naturals"):
        expect(page.locator(f"#hand input[name={bet}][value=nobody]")).to_be_checked()
        bettors = page.locator(f"#hand fieldset:has(input[name={bet}]) label").all_inner_texts()
        assert bettors[:3] == ["Croaker", "Goblin", "Elmo"]
    suits = "#hand fieldset:has(input[name=suit])"
    expect(page.locator(f"{suits} input[value='♥']")).to_be_checked()
    page.locator(f"{suits} label:text-is('♦')").click()
    page.locator("#confirm").click()
    expect(page.locator("#hand-list .side-bet-result").first).to_have_text(
        "High card ♦: nobody held it"
    )
    page.wait_for_timeout(600)  # past the double tap's guard
    open_sheet(page, "dead")
    expect(page.locator(f"{suits} input[value='♦']")).to_be_checked()  # the last one called


def test_saving_hands_logs_no_error_in_the_console(page: Page, live_server, log_in, owner, night):
    """After the first hand there is no "No hands yet." to remove: htmx said so every save."""
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    for number in (1, 2, 3):
        open_sheet(page, "dead")
        page.locator("#confirm").click()
        expect(page.locator(f"#hand-{number}")).to_be_visible()
        page.wait_for_timeout(600)  # past the double tap's guard
    assert errors == []


@PHONES
def test_a_refused_count_stays_readable_in_its_narrow_box(scorekeeper: Page):
    page = scorekeeper
    open_sheet(page, "drop")
    page.locator("#hand .choice label:text-is('Croaker')").click()
    for name, count in (("Croaker", "-5"), ("Goblin", "999"), ("Elmo", "9")):
        page.get_by_label(f"{name}'s count", exact=True).fill(count)
    page.locator("#confirm").click()
    for name, count in (("Croaker", "-5"), ("Goblin", "999")):
        box = page.get_by_label(f"{name}'s count", exact=True)
        expect(box).to_have_class(re.compile(r"\bis-invalid\b"))
        expect(box).to_have_value(count)
        assert box.evaluate("b => getComputedStyle(b).backgroundImage") == "none"
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth"), f"{count} is cut off"


def test_retiring_a_player_asks_first(page: Page, live_server, log_in, owner, league, players):
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/")
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    page.locator("summary:text-is('Goblin')").click()
    page.get_by_role("button", name="Retire Goblin").click()
    page.wait_for_timeout(300)
    players["Goblin"].refresh_from_db()
    assert players["Goblin"].retired_at is None  # "no" keeps them
    page.get_by_role("button", name="Retire Goblin").click()
    expect(page.locator(".alert-success")).to_have_text("Goblin is retired.")
    assert asked[0].startswith("Retire Goblin? They keep their history")


@PHONES
def test_a_refused_payment_on_the_last_row_is_said_in_view(open_night, season, players, size):
    """Five players, four payments: the last row's refusal used to land below the screen."""
    page = five_at_a_drop(open_night, season, players, "Croaker", [30, 9, 20, 3, 12])
    page.locator("#confirm").click()
    expect(page.locator("#hand-1")).to_be_visible()
    page.get_by_role("link", name="Settle up").click()
    last = page.locator(".payment-row").last
    last.locator("input[name=amount]").fill("99")
    last.get_by_role("button", name="Mark paid").click()
    error = page.locator(".payment-row [role=alert]")
    expect(error).to_contain_text("mark at most that on this row")
    page.wait_for_timeout(300)
    assert in_view(page, ".payment-row [role=alert]")
    expect(page.locator(".payment-row").last.locator("input[name=amount]")).to_have_value("99")
