"""Scoring through a dropped connection: hands saved offline, or whose answer was lost, wait
on the phone and are sent in order, once each, when the connection is back."""

import json
import random
import re
import time
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from ledger.models import Hand, Membership
from ledger.rows.details import stored_details
from tests.browser.accessibility import assert_accessible
from tests.browser.test_installable import ACTIVATED
from tests.commands import run_command
from tests.helpers import balances

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SEATS = ["Croaker", "Goblin", "Elmo"]  # the night fixture's table, clockwise; Elmo deals


def night_url(live_server, night) -> str:
    return f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/"


def eventually(page: Page, script: str, timeout: float = 30) -> None:
    """Wait until ``script`` (which may return a promise) is true in the page."""
    end = time.monotonic() + timeout
    while not page.evaluate(script):
        assert time.monotonic() < end, f"never true: {script}"
        time.sleep(0.1)


def scoring_screen(phone, live_server, log_in, user, night, width: int, height: int) -> Page:
    """The night's scoring screen on an installed phone, its worker in control."""
    page = phone.new_page()
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, user)
    page.goto(night_url(live_server, night))
    installed(page)
    return page


def installed(page: Page) -> None:
    """The worker controls the page and has kept every new hand's sheet."""
    assert page.evaluate(ACTIVATED) == "activated"
    eventually(page, "!!navigator.serviceWorker.controller")
    sheets = page.locator("a.outcome").count()
    eventually(
        page,
        "caches.open('tonk-pages').then(c => c.keys()).then(keys =>"
        f" keys.filter(r => /\\/hand\\/\\w+\\/$/.test(r.url)).length === {sheets})",
    )


def drop(page: Page, dropper: str, counts: dict[str, int]) -> None:
    page.locator("a.outcome[data-outcome=drop]").click()
    expect(page.locator("#hand[data-outcome=drop]")).to_be_visible()
    page.locator(f"#hand .choice label:text-is('{dropper}')").click()
    for name, count in counts.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))


def tonk_out(page: Page, winner: str) -> None:
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    expect(page.locator("#hand[data-outcome=tonk_out]")).to_be_visible()
    page.locator(f"#hand .choice label:text-is('{winner}')").first.click()


def payouts(hands: list[dict]) -> dict[str, int]:
    """What ``manage.py payouts`` says the table owes after these hands, dealt in turn."""
    dealt = [
        {"rules": "pagat", "stake": 100, "players": SEATS, "dealer": SEATS[(n + 2) % 3], **hand}
        for n, hand in enumerate(hands)
    ]
    run = run_command("payouts", "-", stdin=json.dumps(dealt))
    assert run.returncode == 0, run.stderr
    net = Counter()
    for result in json.loads(run.stdout):
        net.update(result["net"])
    return {name: net[name] for name in SEATS}


def test_three_hands_logged_offline_wait_through_a_reload_and_are_recorded_once_each(
    phone,
    live_server,
    log_in,
    owner,
    night,
    screenshot,
):
    page = scoring_screen(phone, live_server, log_in, owner, night, 390, 844)

    phone.set_offline(True)
    drop(page, "Croaker", {"Croaker": 3, "Goblin": 8, "Elmo": 20})
    expect(page.locator("#preview")).to_contain_text("No connection, so no preview")
    page.locator("#confirm").click()
    expect(page.locator("#hand")).to_have_count(0)
    expect(page.locator("#offline")).to_contain_text("Hands you save are kept on this phone")
    expect(page.locator("#queue-count")).to_contain_text("Not in the totals yet: 1 waiting")
    waiting = page.locator("#queue li.queued")
    expect(waiting.locator("p")).to_have_text(
        "Drop: Croaker · Croaker 3, Goblin 8, Elmo 20 · dealt by Elmo: will be scored when back online"
    )
    expect(page.locator("#dealer")).to_have_text("Croaker")  # predicted: left of Elmo
    badged = page.locator("li.total .name:has(#deals-badge)")  # read out as two words
    expect(badged).to_have_text(re.compile(r"^Croaker\s+deals$"))
    expect(page.locator("#undo-bar")).to_be_hidden()
    # A stake or seat changed now would overtake the hands waiting: the table waits too.
    expect(page.locator("#table-controls button").first).to_be_disabled()
    tonk_out(page, "Goblin")
    page.locator("#confirm").click()
    drop(page, "Elmo", {"Croaker": 5, "Goblin": 12, "Elmo": 9})  # caught
    page.locator("#confirm").click()
    expect(waiting).to_have_count(3)
    expect(page.locator("#dealer")).to_have_text("Elmo")
    eventually(page, "caches.match(location.href).then(Boolean)")  # the board, kept...
    page.wait_for_timeout(700)  # ...as it stood after the last change (js/offline.js waits 500 ms)

    page.reload()  # the phone closed the page, or the browser dropped it
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator("#offline")).to_contain_text("Hands you save are kept on this phone")
    expect(waiting).to_have_count(3)
    expect(waiting.nth(1)).to_contain_text("Tonk out: Goblin, Laid a spread · dealt by Croaker")
    expect(page.locator("#dealer")).to_have_text("Elmo")
    # A fourth, taken back before it was ever sent.
    tonk_out(page, "Elmo")
    page.locator("#confirm").click()
    expect(waiting).to_have_count(4)
    screenshot("71-queue-offline-390", on=page)
    assert_accessible(page, "the board with hands waiting")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot("72-queue-offline-360", on=page)
    assert_accessible(page, "the board with hands waiting, 360 px")
    waiting.nth(3).get_by_role("button", name="Undo").click()
    expect(waiting).to_have_count(3)
    assert waiting.nth(1).get_by_role("button").count() == 0  # only the newest can be undone
    assert Hand.objects.count() == 0

    page.evaluate("window.scrollTo(0, 0)")  # where a save leaves the board
    tonk_button = page.locator("a.outcome[data-outcome=tonk_out]")
    where = tonk_button.bounding_box()
    phone.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("Sent from this phone and saved: #1, #2, #3.")
    expect(page.locator("#offline")).to_be_hidden()
    # The banner going, the hands sent and the board redrawn moved no button under the thumb.
    expect(page.locator("#hand-list li.hand")).to_have_count(3)
    assert tonk_button.bounding_box() == where
    hands = list(Hand.objects.order_by("number"))
    assert [(h.number, h.outcome, h.dealer.name) for h in hands] == [
        (1, "drop", "Elmo"),
        (2, "tonk_out", "Croaker"),
        (3, "drop", "Goblin"),
    ]
    expected = payouts(
        [
            {
                "outcome": "drop",
                "dropper": "Croaker",
                "counts": {"Croaker": 3, "Goblin": 8, "Elmo": 20},
            },
            {"outcome": "tonk_out", "winner": "Goblin", "method": "spread", "first_turn": False},
            {
                "outcome": "drop",
                "dropper": "Elmo",
                "counts": {"Croaker": 5, "Goblin": 12, "Elmo": 9},
            },
        ]
    )
    for name, amount in expected.items():
        expect(page.locator(f"[data-total='{name}']")).to_have_attribute("data-amount", str(amount))
    expect(page.locator("#dealer")).to_have_text("Elmo")
    expect(page.locator("#undo")).to_have_text("Undo hand 3")
    expect(page.locator("#table-controls button").first).to_be_enabled()


def test_a_refused_hand_blocks_the_rest_until_fixed_and_is_never_sent_for_another_account(
    phone,
    live_server,
    log_in,
    owner,
    night,
    django_user_model,
    screenshot,
):
    page = scoring_screen(phone, live_server, log_in, owner, night, 360, 740)

    phone.set_offline(True)
    drop(page, "Croaker", {"Croaker": 99, "Goblin": 8, "Elmo": 20})  # no hand holds 99
    page.locator("#confirm").click()
    tonk_out(page, "Goblin")
    page.locator("#confirm").click()
    phone.set_offline(False)
    refused = page.locator("#queue li.queued.refused")
    expect(refused).to_contain_text("Croaker's count")
    expect(page.locator("#notice")).to_contain_text("A waiting hand was not accepted")
    expect(page.locator("#queue li.queued").nth(1)).to_contain_text("waits for the hand above")
    screenshot("73-queue-refused-360", on=page)
    assert_accessible(page, "a refused hand in the queue")
    time.sleep(1)
    assert Hand.objects.count() == 0

    # Another scorekeeper on this phone sees none of it and sends none of it.
    other = django_user_model.objects.create_user(username="goblin", password="x-long-pass-42")
    Membership.objects.create(league=night.season.league, user=other, role="scorekeeper")
    page.get_by_role("button", name="Log out").click()
    log_in(page, other)
    page.goto(night_url(live_server, night))
    expect(page.locator("#totals")).to_be_visible()
    expect(page.locator("#queue")).to_be_hidden()
    page.get_by_role("button", name="Log out").click()
    assert Hand.objects.count() == 0

    log_in(page, owner)
    page.goto(night_url(live_server, night))
    expect(refused).to_have_count(1)
    refused.get_by_role("button", name="Fix it").click()
    box = page.get_by_label("Croaker's count", exact=True)
    expect(box).to_have_value("99")
    expect(page.locator("#hand .invalid-feedback").first).to_contain_text("Croaker")
    box.fill("9")
    page.locator("#confirm").click()
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("Sent from this phone and saved: #1, #2.")
    hands = list(Hand.objects.order_by("number"))
    assert [(h.outcome, h.dealer.name) for h in hands] == [
        ("drop", "Elmo"),
        ("tonk_out", "Croaker"),
    ]
    assert hands[0].seats.get(player__name="Croaker").count == 9


def test_a_refused_hand_discarded_is_gone_and_the_table_is_free_again(
    page: Page, live_server, log_in, owner, night
):
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    drop(page, "Croaker", {"Croaker": 99, "Goblin": 8, "Elmo": 20})
    page.context.set_offline(True)
    page.locator("#confirm").click()
    expect(page.locator("#queue-count")).to_have_text(
        "Not in the totals yet: 1 waiting on this phone, below ↓"
    )
    expect(page.locator("#no-hands")).to_be_hidden()
    page.context.set_offline(False)
    refused = page.locator("#queue li.queued.refused")
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Discard hand").click()
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#queue-count")).to_be_hidden()
    expect(page.locator("#table-controls button").first).to_be_enabled()
    assert Hand.objects.count() == 0


def test_a_save_whose_answer_is_lost_waits_on_the_phone_and_is_recorded_once(
    page: Page, live_server, log_in, owner, night, screenshot
):
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    tonk_out(page, "Goblin")

    def saved_then_lost(route):
        route.fetch()  # the server saves the hand...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/hand/tonk_out/save/", saved_then_lost, times=1)
    page.locator("#confirm").click()
    lost = page.locator("#queue li.queued")
    expect(lost).to_contain_text("sent once with no answer")
    assert lost.get_by_role("button", name="Undo").count() == 0, "it may be recorded already"
    expect(page.locator("#notice")).to_contain_text("Sent from this phone and saved: #1.")
    assert Hand.objects.count() == 1
    expect(page.locator("[data-total=Goblin]")).to_have_attribute("data-amount", "400")


def goblin_tonks_out_slowly(page: Page) -> list:
    """Save Goblin's tonk-out and hold the request on its way: the held route is returned."""
    held = []
    page.route("**/hand/tonk_out/save/", lambda route: held.append(route), times=1)
    tonk_out(page, "Goblin")
    page.locator("#confirm").click()
    for _ in range(100):  # until the request reaches the route (a loaded machine is slow)
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the save is on its way"
    assert Hand.objects.count() == 0
    return held


def test_a_hand_saved_while_the_last_is_on_its_way_waits_behind_it(
    page: Page, live_server, log_in, owner, night, players
):
    """A slow answer: the scorekeeper opens the next sheet and saves it before the first
    save has come back. The second waits, then goes, in order."""
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    held = goblin_tonks_out_slowly(page)
    drop(page, "Croaker", {"Croaker": 3, "Goblin": 8, "Elmo": 20})
    dealer = page.locator("#hand select[name=dealer]")
    expect(dealer).to_have_value(str(players["Croaker"].pk))  # left of the first one's Elmo
    page.locator("#confirm").click()
    expect(page.locator("#queue li.queued")).to_have_count(1)
    assert Hand.objects.count() == 0
    held[0].fulfill(response=held[0].fetch())
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("Sent from this phone and saved: #2.")
    hands = list(Hand.objects.order_by("number"))
    assert [(h.outcome, h.dealer.name) for h in hands] == [
        ("tonk_out", "Elmo"),
        ("drop", "Croaker"),
    ]
    expect(page.locator(".hands .hand[data-number]")).to_have_count(2)


def test_a_page_closed_while_its_save_was_on_its_way_sends_it_when_opened_again(
    page: Page, live_server, log_in, owner, night
):
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    goblin_tonks_out_slowly(page)
    page.reload()  # the phone dropped the page; the save never reached the server
    expect(page.locator("#notice")).to_contain_text("Sent from this phone and saved: #1.")
    assert Hand.objects.count() == 1


def test_twenty_hands_through_a_flapping_connection_are_recorded_once_each_in_order(
    page: Page, live_server, log_in, owner, night
):
    """The network drops at random: before a save reaches the server, between the server's
    commit and its answer, and while the phone is offline for a few hands at a time."""
    rng = random.Random(16)
    log_in(page, owner)
    page.goto(night_url(live_server, night))
    context = page.context
    winners = []

    def saved_then_lost(route):
        route.fetch()
        route.abort("connectionreset")

    for _ in range(20):
        context.set_offline(False)  # a sheet opens only with a connection (no worker here)
        winner = SEATS[rng.randrange(3)]
        tonk_out(page, winner)
        how = rng.choice(["plain", "offline", "lost after commit", "lost before"])
        if how == "offline":
            context.set_offline(True)
        elif how == "lost after commit":
            page.route("**/save/", saved_then_lost, times=1)
        elif how == "lost before":
            page.route("**/save/", lambda route: route.abort("internetdisconnected"), times=1)
        page.locator("#confirm").click()
        expect(page.locator("#hand")).to_have_count(0)
        winners.append(winner)
        if rng.random() < 0.3:  # the connection comes and goes while nobody is saving
            context.set_offline(True)
            time.sleep(rng.random() / 2)

    context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden(timeout=60_000)
    hands = list(Hand.objects.order_by("number"))
    assert [h.number for h in hands] == list(range(1, 21))
    recorded = [stored_details(h, h.seats.select_related("player")).winner.name for h in hands]
    assert recorded == winners
    assert len({h.idempotency_key for h in hands}) == 20
    dealers = [h.dealer.name for h in hands]
    assert dealers == [SEATS[(n + 2) % 3] for n in range(20)]  # each deal passed left


def shown_totals(page: Page) -> dict[str, int]:
    cells = page.locator("[data-total]").evaluate_all(
        "els => els.map(e => [e.dataset.total, e.dataset.amount])"
    )
    return {name: int(amount) for name, amount in cells}


def offline_copy_stands(page: Page, phone, night, hands: int) -> None:
    """Offline at once, three hands queued, the page reloaded from the phone's copy: every
    hand the server recorded is on it, and the next sheet is dealt by whoever the server
    says deals now (three deals on, round a table of three). Back online, the three are sent."""
    night.refresh_from_db()
    dealer = night.dealer.name
    phone.set_offline(True)
    drop(page, "Croaker", {"Croaker": 3, "Goblin": 8, "Elmo": 20})
    page.locator("#confirm").click()
    tonk_out(page, "Goblin")
    page.locator("#confirm").click()
    tonk_out(page, "Elmo")
    page.locator("#confirm").click()
    waiting = page.locator("#queue li.queued")
    expect(waiting).to_have_count(3)

    page.reload()
    expect(page.locator("#offline")).to_contain_text("Hands you save are kept on this phone")
    expect(page.locator("#hand-list li.hand")).to_have_count(hands)
    assert shown_totals(page) == {name: balances().get(name, 0) for name in SEATS}
    expect(waiting).to_have_count(3)
    expect(page.locator("#dealer")).to_have_text(dealer)
    page.locator("a.outcome[data-outcome=tonk_out]").click()  # the worker's sheet
    sheet = page.locator("#hand[data-outcome=tonk_out]")
    expect(sheet.locator(".dealer-choice summary")).to_contain_text(f"Dealt by {dealer}")
    expect(sheet.locator("select[name=dealer] option:checked")).to_have_text(dealer)
    page.get_by_role("link", name="Cancel").click()
    expect(page.locator("#hand")).to_have_count(0)

    phone.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    expect(page.locator("#hand-list li.hand")).to_have_count(hands + 3)
    assert Hand.objects.count() == hands + 3


def test_the_copy_kept_offline_is_the_night_after_each_save_void_and_restore(
    phone, live_server, log_in, owner, night
):
    page = scoring_screen(phone, live_server, log_in, owner, night, 360, 740)
    hand_list = page.locator("#hand-list li.hand")

    drop(page, "Elmo", {"Croaker": 10, "Goblin": 12, "Elmo": 4})  # dealt by Elmo
    page.locator("#confirm").click()
    expect(hand_list).to_have_count(1)
    offline_copy_stands(page, phone, night, hands=1)
    assert night.dealer.name == "Croaker"  # not Elmo, as a copy kept before the save says

    page.locator("#hand-4 summary").click()
    page.get_by_role("button", name="Void").click()
    expect(hand_list.filter(has_text="voided")).to_have_count(1)
    offline_copy_stands(page, phone, night, hands=4)

    page.locator("#hand-4 summary").click()
    page.get_by_role("button", name="Restore hand 4").click()
    expect(hand_list).to_have_count(8)
    offline_copy_stands(page, phone, night, hands=8)
    assert Hand.objects.standing().count() == 10
