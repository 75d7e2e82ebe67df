"""A whole night played on a phone, checked against the payouts command."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ledger.models import Hand
from tests.browser.accessibility import assert_accessible
from tests.browser.waits import open_sheet
from tests.commands import run_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Croaker", "Goblin", "Elmo", "One-Eye"]


class Scorekeeper:
    """Plays hands through the screen, counting taps and writing down each hand as JSON."""

    def __init__(self, page: Page, rules: str, stake: int):
        self.page, self.rules, self.stake = page, rules, stake
        self.taps = 0
        self.hands: dict[int, dict] = {}  # hand number -> docs/rules.md JSON, while it stands

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.page.locator(selector).first.click()

    def seated(self) -> list[str]:
        return self.page.locator("[data-total][data-seated]").evaluate_all(
            "els => els.map(e => e.dataset.total)"
        )

    def dealer(self) -> str:
        return self.page.locator("#dealer").inner_text()

    def open(self, outcome: str) -> None:
        self.taps += 1
        open_sheet(self.page, outcome)  # as the eye waits: the sheet in, wired and ready

    def pick(self, name: str) -> None:
        self.tap(f"#hand .choice label:text-is('{name}')")

    def counts(self, counts: dict[str, int]) -> None:
        for name, count in counts.items():
            self.page.get_by_label(f"{name}'s count", exact=True).fill(str(count))

    def confirm(self, expected_headline: str, record: dict) -> int:
        expect(self.page.locator("#preview-headline")).to_have_text(expected_headline)
        number = self.page.locator(".hands .hand[data-number]").count() + 1
        hand = {
            "rules": self.rules,
            "stake": self.stake,
            "players": self.seated(),
            "dealer": self.dealer(),
            **record,
        }
        self.tap("#confirm")
        expect(self.page.locator("#board .alert-success")).to_contain_text(f"Hand {number} saved")
        self.hands[number] = hand
        self.agree()
        return number

    def agree(self) -> None:
        """The totals on screen are what ``manage.py payouts`` says for the hands that stand."""
        hands = [self.hands[n] for n in sorted(self.hands)]
        run = run_command("payouts", "-", stdin=json.dumps(hands))
        assert run.returncode == 0, run.stderr
        expected = Counter()
        for result in json.loads(run.stdout) if hands else []:
            expected.update(result["net"])
        shown = dict(
            self.page.locator("[data-total]").evaluate_all(
                "els => els.map(e => [e.dataset.total, +e.dataset.amount])"
            )
        )
        assert shown == {name: expected[name] for name in shown}


@pytest.fixture
def night_page(live_server, page: Page, screenshot):
    """Sign up, then create the league, players, season and night through the screens."""
    page.goto(live_server.url)
    screenshot("00-welcome")
    assert_accessible(page, "welcome")
    page.get_by_role("link", name="Sign up").first.click()
    page.locator("#id_username").fill("croaker")
    page.locator("#id_password1").fill("a-long-pass-phrase-42")
    page.locator("#id_password2").fill("a-long-pass-phrase-42")
    screenshot("00-sign-up")
    assert_accessible(page, "sign up")
    page.get_by_role("button", name="Create my account").click()
    expect(page.locator("h1")).to_have_text("Your leagues")
    screenshot("01-home")
    assert_accessible(page, "home")
    page.get_by_label("Name").fill("Black Company")
    page.get_by_label("House rules").select_option("speno")
    page.get_by_label("Default stake").fill("1.00")
    page.get_by_role("button", name="Create the league").click()
    for name in [*PLAYERS, "Silent"]:
        page.get_by_label("Player's name").fill(name)
        page.get_by_role("button", name="Add the player").click()
        expect(page.locator(".alert-success")).to_contain_text(f"{name} joined")
    page.get_by_role("button", name="Start the season").click()
    screenshot("02-league")
    assert_accessible(page, "league")
    page.get_by_role("link", name="Start a night").click()
    expect(page.get_by_label("Silent", exact=True)).to_be_checked()  # everyone, at first
    page.get_by_label("Silent", exact=True).uncheck()  # ...but Silent sits this one out
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(name, exact=True).check()
        page.get_by_label(f"Seat of {name}").fill(str(seat))
    page.get_by_label("First dealer").select_option(label="One-Eye")
    screenshot("03-start-night")
    assert_accessible(page, "start a night")
    page.get_by_role("button", name="Start the night").click()
    expect(page.locator("#dealer")).to_have_text("One-Eye")
    return page


def test_a_whole_night_on_a_phone(night_page: Page, screenshot, live_server):
    page = night_page
    night_url = page.url.split("?")[0]  # a sheet tapped before htmx took its link opens as a page
    keeper = Scorekeeper(page, "speno", 100)

    # Hand 1: a won drop at a 4-player table: open, tap the dropper, type counts, confirm.
    keeper.taps = 0
    keeper.open("drop")
    keeper.pick("Croaker")
    keeper.counts({"Croaker": 9, "Goblin": 10, "Elmo": 25, "One-Eye": 31})
    screenshot("04-drop-preview")
    assert_accessible(page, "drop form")
    keeper.confirm(
        "Croaker drops with 9 and wins",
        {
            "outcome": "drop",
            "dropper": "Croaker",
            "counts": {"Croaker": 9, "Goblin": 10, "Elmo": 25, "One-Eye": 31},
        },
    )
    drop_taps = keeper.taps
    expect(page.locator("#dealer")).to_have_text("Croaker")  # the deal moved left

    # Hand 2: a caught drop with a tie: the dropper loses ties.
    keeper.open("drop")
    keeper.pick("Goblin")
    counts = {"Croaker": 7, "Goblin": 7, "Elmo": 20, "One-Eye": 3}
    keeper.counts(counts)
    expect(page.locator("#preview-payments")).to_contain_text("Goblin pays One-Eye $2.00")
    keeper.confirm(
        "Goblin is caught by Croaker and One-Eye (7 and 3 vs 7)",
        {"outcome": "drop", "dropper": "Goblin", "counts": counts},
    )

    # Hand 3: a tonk out in three taps.
    keeper.taps = 0
    keeper.open("tonk_out")
    keeper.pick("Elmo")
    keeper.confirm(
        "Elmo tonks out with a spread",
        {"outcome": "tonk_out", "winner": "Elmo", "method": "spread", "first_turn": False},
    )
    tonk_out_taps = keeper.taps

    # Hand 4: a deal tonk with two claimers, in calling order: low beats fifty under speno.
    keeper.open("deal_tonk")
    keeper.tap("#hand .claim-row:has-text('One-Eye') .call")
    page.get_by_label("One-Eye's deal count").fill("50")
    keeper.tap("#hand .claim-row:has-text('Goblin') .call")
    page.get_by_label("Goblin's deal count").fill("12")
    screenshot("05-deal-tonk")
    keeper.confirm(
        "Goblin wins on the deal (One-Eye 50, Goblin 12)",
        {
            "outcome": "deal_tonk",
            "claims": [{"player": "One-Eye", "count": 50}, {"player": "Goblin", "count": 12}],
        },
    )

    # Hands 5-7: out on a discard, a stock-out, a dead hand.
    keeper.open("discard_out")
    keeper.pick("One-Eye")
    keeper.confirm("One-Eye goes out on a discard", {"outcome": "discard_out", "winner": "One-Eye"})
    keeper.open("stock_out")
    counts = {"Croaker": 12, "Goblin": 5, "Elmo": 5, "One-Eye": 30}
    keeper.counts({name: count for name, count in counts.items() if name != "One-Eye"})
    page.locator("summary:has-text('Card picker')").click()  # One-Eye holds K, Q and J
    page.get_by_label("One-Eye's count", exact=True).focus()
    for card in ("K", "Q", "J"):
        page.locator(f".card-button:text-is('{card}')").click()
    expect(page.get_by_label("One-Eye's count", exact=True)).to_have_value("30")
    keeper.confirm(
        "Stock out: Goblin and Elmo lowest with 5", {"outcome": "stock_out", "counts": counts}
    )
    keeper.open("dead")
    keeper.confirm("Dead hand", {"outcome": "dead"})

    # Hand 8 at a stake of $2.50.
    page.locator("summary:has-text('The table')").click()
    page.get_by_label("Stake for the next hands ($)").fill("2.50")
    page.get_by_role("button", name="Change").click()
    expect(page.locator("#stake")).to_have_text("$2.50")
    keeper.stake = 250
    keeper.open("tonk_out")
    keeper.pick("Croaker")
    page.locator("#hand label:text-is('Hit a spread')").click()
    keeper.confirm(
        "Croaker tonks out by hitting",
        {"outcome": "tonk_out", "winner": "Croaker", "method": "hit", "first_turn": False},
    )

    # Undo: the last hand is voided and shown struck through.
    page.get_by_role("button", name="Undo hand 8").click()
    expect(page.locator("#hand-8.voided del")).to_have_text("Croaker tonks out by hitting")
    del keeper.hands[8]
    keeper.agree()

    # A late joiner sits at the dealer's right.
    page.locator("summary:has-text('The table')").click()
    dealer = keeper.dealer()
    page.get_by_label("Player", exact=True).select_option(label="Silent")
    page.get_by_role("button", name="Seat them").click()
    expect(page.locator("#board .alert-success")).to_have_text("Seated at the dealer's right.")
    seated = keeper.seated()
    assert seated.index("Silent") == (seated.index(dealer) - 1) % len(seated)

    # Hands 9 and 10 at five players.
    keeper.open("drop")
    keeper.pick("Silent")
    counts = {"Croaker": 14, "Goblin": 22, "Elmo": 9, "One-Eye": 30, "Silent": 4}
    keeper.counts(counts)
    keeper.confirm(
        "Silent drops with 4 and wins", {"outcome": "drop", "dropper": "Silent", "counts": counts}
    )
    keeper.open("discard_out")
    keeper.pick("Goblin")
    keeper.confirm("Goblin goes out on a discard", {"outcome": "discard_out", "winner": "Goblin"})

    # Hand 11 corrects hand 5: it was Elmo, not One-Eye, who went out on a discard.
    page.locator("#hand-5 summary").click()
    page.locator("#hand-5").get_by_role("link", name="Correct").click()
    expect(page.locator("#hand h2")).to_have_text("Correct hand 5: Out on discard")
    keeper.pick("Elmo")
    corrected = dict(keeper.hands.pop(5), winner="Elmo")
    expect(page.locator("#preview-headline")).to_have_text("Elmo goes out on a discard")
    keeper.tap("#confirm")
    expect(page.locator("#board .alert-success")).to_contain_text(
        "Hand 11 saved, correcting hand 5."
    )
    keeper.hands[11] = corrected
    expect(page.locator("#hand-5.voided")).to_contain_text("corrected by #11")
    screenshot("06-night")
    assert_accessible(page, "scoring screen")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    page.locator("summary:has-text('The table')").click()
    page.locator("#hand-4 summary").click()
    screenshot("06-night-dark")
    assert_accessible(page, "scoring screen, dark, every control open")
    page.emulate_media(color_scheme="light")

    # The totals on screen are what the payouts command says for the hands that stand.
    hands = [keeper.hands[n] for n in sorted(keeper.hands)]
    assert len(hands) == 9  # 11 logged, one undone, one corrected
    assert {h["outcome"] for h in hands} == {
        "drop",
        "deal_tonk",
        "tonk_out",
        "discard_out",
        "stock_out",
        "dead",
    }
    run = subprocess.run(
        [sys.executable, "manage.py", "payouts", "-"],
        input=json.dumps(hands),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    expected = Counter()
    for result in json.loads(run.stdout):
        expected.update(result["net"])
    shown = page.locator("[data-total]").evaluate_all(
        "els => els.map(e => [e.dataset.total, +e.dataset.amount])"
    )
    assert dict(shown) == {name: expected[name] for name in dict(shown)}
    assert sum(dict(shown).values()) == 0

    # The tap budget.
    assert drop_taps <= 3, f"a won drop took {drop_taps} taps"
    assert tonk_out_taps <= 3, f"a tonk-out took {tonk_out_taps} taps"
    print(f"\ntap budget: won drop {drop_taps} taps plus the counts, tonk-out {tonk_out_taps} taps")

    # A spectator sees the same totals, and no controls.
    page.goto(night_url + "watch/")
    expect(page.locator("[data-total='Goblin']")).to_have_attribute(
        "data-amount", str(expected["Goblin"])
    )
    assert page.locator("main form").count() == 0
    screenshot("07-spectator")
    assert_accessible(page, "spectator view")


def test_a_double_tap_on_confirm_records_one_hand(page: Page, live_server, log_in, owner, night):
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{night.season.league.slug}/nights/{night.pk}/")
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    page.locator("#hand .choice label:text-is('Goblin')").click()
    expect(page.locator("#preview-headline")).to_have_text("Goblin tonks out with a spread")
    page.locator("#confirm").evaluate("button => { button.click(); button.click(); }")
    expect(page.locator("#board .alert-success")).to_contain_text("Hand 1 saved")
    page.wait_for_timeout(500)
    assert Hand.objects.count() == 1
