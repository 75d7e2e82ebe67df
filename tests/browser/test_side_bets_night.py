"""A money night with side bets played on a phone: a high-card bet, and a naturals pot fed for
three hands (one of them undone) and then won. After every step the totals and the pot on
screen are what ``manage.py payouts`` says for the hands that stand, played as one night."""

import json
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from tests.browser.accessibility import assert_accessible
from tests.browser.shots import shoot
from tests.browser.waits import open_sheet
from tests.commands import run_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TABLE = ["Croaker", "Goblin", "Elmo", "One-Eye"]
HIGH_CARD = ["Croaker", "Goblin", "Elmo"]


def bets(high_card=None, naturals=None) -> list[dict]:
    return [
        {"kind": "high_card", "ante": 25, "players": HIGH_CARD, "winner": high_card},
        {"kind": "naturals", "ante": 10, "players": TABLE, "winner": naturals},
    ]


class Keeper:
    def __init__(self, page: Page):
        self.page, self.hands = page, {}

    def save(self, record: dict, *, high_card=None, naturals=None) -> None:
        page = self.page
        held = high_card or "Nobody held it"  # asked every deal: no answer is taken for one
        page.locator(f"#hand input[name=won-high_card] + label:text-is('{held}')").click()
        if naturals:
            page.locator(f"#hand input[name=won-naturals] + label:text-is('{naturals}')").click()
        expect(page.locator("#preview-headline")).to_be_visible()
        number = page.locator(".hands .hand[data-number]").count() + 1
        dealer = page.locator("#dealer").inner_text()
        page.locator("#confirm").click()
        expect(page.locator("#board [role=status]")).to_contain_text(f"Hand {number} saved")
        self.hands[number] = {
            "rules": "pagat",
            "stake": 100,
            "players": TABLE,
            "dealer": dealer,
            **record,
            "side_bets": bets(high_card, naturals),
        }
        self.agree()

    def agree(self) -> None:
        hands = [self.hands[n] for n in sorted(self.hands)]
        run = run_command("payouts", "-", stdin=json.dumps(hands))
        assert run.returncode == 0, run.stderr
        results = json.loads(run.stdout)
        money = Counter()
        for result in results:
            money.update(result["net"])
        shown = dict(
            self.page.locator("[data-total]").evaluate_all(
                "els => els.map(e => [e.dataset.total, +e.dataset.amount])"
            )
        )
        assert shown == {name: money[name] for name in TABLE}
        pot = results[-1].get("pot", 0) if results else 0
        expect(self.page.locator("#pot")).to_have_attribute("data-pot", str(pot))


@pytest.mark.parametrize("width", [360])  # the push-ups night plays at 390
def test_a_night_with_a_high_card_bet_and_a_naturals_pot(
    page: Page, live_server, log_in, owner, league, season, players, width
):
    seated = [players[name] for name in TABLE]
    night = services.start_night(season=season, players=seated, dealer=seated[-1])
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    keeper = Keeper(page)

    # Before the first deal: a high card on diamonds (One-Eye stays out) and the naturals pot.
    page.locator("#side-bets-button").click()
    sheet = page.locator("#side-bets-sheet")
    sheet.locator("label:text-is('High card')").click()
    sheet.locator("[data-kind=high_card] label:text-is('♦')").click()
    sheet.get_by_label("Each player bets ($)").fill("0.25")
    sheet.locator("[data-kind=high_card] label:text-is('One-Eye')").click()
    sheet.locator("label:text-is('Naturals pot')").click()
    sheet.get_by_label("Ante each deal ($)").fill("0.10")
    shoot(page, f"62-side-bets-sheet-{width}")
    assert_accessible(page, f"side bets sheet at {width} px")
    sheet.locator("#save-side-bets").click()
    expect(page.locator("#side-bets [data-bet=high_card]")).to_contain_text(
        "High card ♦ at $0.25 · Croaker, Goblin, Elmo"
    )

    counts = {"Croaker": 3, "Goblin": 9, "Elmo": 20, "One-Eye": 14}
    open_sheet(page, "drop")
    page.locator("#hand .choice label:text-is('Croaker') >> nth=0").click()
    for name, count in counts.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    shoot(page, f"63-hand-with-side-bets-{width}")
    keeper.save({"outcome": "drop", "dropper": "Croaker", "counts": counts}, high_card="Goblin")
    expect(page.locator("#hand-1 [data-bet=high_card]")).to_have_text(
        "High card ♦: Goblin wins $0.25 from each"
    )

    open_sheet(page, "tonk_out")
    page.locator("#hand .choice label:text-is('Elmo') >> nth=0").click()
    keeper.save({"outcome": "tonk_out", "winner": "Elmo", "method": "spread"})

    # The third hand fed the pot, and is undone: its antes come out again.
    open_sheet(page, "dead")
    keeper.save({"outcome": "dead"})
    expect(page.locator("#pot")).to_have_text("$1.20")
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("#undone")).to_be_visible()
    del keeper.hands[3]
    keeper.agree()
    expect(page.locator("#pot")).to_have_text("$0.80")

    open_sheet(page, "discard_out")
    page.locator("#hand .choice label:text-is('One-Eye') >> nth=0").click()
    keeper.save({"outcome": "discard_out", "winner": "One-Eye"})
    expect(page.locator("#pot")).to_have_text("$1.20")

    stock = {"Croaker": 12, "Goblin": 5, "Elmo": 9, "One-Eye": 30}
    open_sheet(page, "stock_out")
    for name, count in stock.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    keeper.save({"outcome": "stock_out", "counts": stock}, naturals="Goblin")
    expect(page.locator("#pot")).to_have_text("empty, a new pot opens with the next deal")
    expect(page.locator("#hand-5 [data-bet=naturals]")).to_have_text(
        "Naturals: Goblin wins the pot, $1.60"
    )
    shoot(page, f"64-side-bets-board-{width}", full_page=True)
    assert_accessible(page, f"board with side bets at {width} px")
