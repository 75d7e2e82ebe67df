"""A push-ups night of nine hands played on a phone: the screen asks every loser's count,
names a missing one, previews the pushes, and after every hand (and an undo) the money and
the points on screen are what ``manage.py payouts`` says for the hands that stand."""

import json
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from tests.browser.accessibility import assert_accessible
from tests.browser.shots import shoot
from tests.commands import run_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TABLE = ["Croaker", "Goblin", "Elmo", "One-Eye"]
STAKE = 5  # $0.05 a point


class PointsKeeper:
    def __init__(self, page: Page):
        self.page, self.hands = page, {}

    def play(self, outcome: str, record: dict, *, pick: str = "", counts=None, deal=None):
        page = self.page
        page.locator(f"a.outcome[data-outcome={outcome}]").click()
        expect(page.locator(f"#hand[data-outcome={outcome}]")).to_be_visible()
        if pick:
            page.locator(f"#hand .choice label:text-is('{pick}')").click()
        for name, count in (counts or {}).items():
            page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
        for name, (count, called) in (deal or {}).items():
            if called:
                page.locator(f"#hand .claim-row:has-text('{name}') .call").click()
            page.get_by_label(f"{name}'s deal count", exact=True).fill(str(count))
        expect(page.locator("#preview-headline")).to_be_visible()
        self.save(record)

    def save(self, record: dict) -> None:
        page = self.page
        number = page.locator(".hands .hand[data-number]").count() + 1
        players = page.locator("[data-total][data-seated]").evaluate_all(
            "els => els.map(e => e.dataset.total)"
        )
        dealer = page.locator("#dealer").inner_text()
        page.locator("#confirm").click()
        expect(page.locator("#board [role=status]")).to_contain_text(f"Hand {number} saved")
        self.hands[number] = {
            "rules": "pushups",
            "stake": STAKE,
            "players": players,
            "dealer": dealer,
            **record,
        }
        self.agree()

    def agree(self) -> None:
        hands = [self.hands[n] for n in sorted(self.hands)]
        run = run_command("payouts", "-", stdin=json.dumps(hands))
        assert run.returncode == 0, run.stderr
        money, points = Counter(), Counter()
        for result in json.loads(run.stdout):
            money.update(result["net"])
            points.update(result["points"])
        page = self.page
        shown = dict(
            page.locator("[data-total]").evaluate_all(
                "els => els.map(e => [e.dataset.total, +e.dataset.amount])"
            )
        )
        assert shown == {name: money[name] for name in TABLE}
        listed = page.locator("[data-points]").evaluate_all(
            "els => els.map(e => [e.dataset.points, +e.dataset.value])"
        )
        assert dict(listed) == {name: points[name] for name in TABLE}
        assert [value for _, value in listed] == sorted(value for _, value in listed)


@pytest.mark.parametrize("width", [390])  # the side-bets night plays at 360
def test_a_pushups_night_agrees_with_payouts(
    page: Page, live_server, log_in, owner, league, season, players, width
):
    seated = [players[name] for name in TABLE]
    night = services.start_night(
        season=season, players=seated, dealer=seated[-1], rules="pushups", stake=STAKE
    )
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    keeper = PointsKeeper(page)

    drop = {"Croaker": 5, "Goblin": 9, "Elmo": 14, "One-Eye": 20}
    keeper.play(
        "drop",
        {"outcome": "drop", "dropper": "Croaker", "counts": drop},
        pick="Croaker",
        counts=drop,
    )

    # A spread tonk-out: the losers' counts are asked, and the preview says they are doubled.
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    page.locator("#hand .choice label:text-is('Goblin')").click()
    out = {"Croaker": 7, "Elmo": 22, "One-Eye": 3}
    for name, count in out.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    pushes = page.locator("#preview-pushes")
    expect(pushes).to_contain_text("Croaker is pushed up 14 (double: a tonk out with a spread)")
    expect(pushes).to_contain_text("Elmo is pushed up 44")
    shoot(page, f"60-pushups-tonk-out-{width}")
    assert_accessible(page, f"push-ups tonk-out sheet at {width} px")
    keeper.save({"outcome": "tonk_out", "winner": "Goblin", "method": "spread", "counts": out})

    discard = {"Croaker": 12, "Goblin": 4, "One-Eye": 30}
    keeper.play(
        "discard_out",
        {"outcome": "discard_out", "winner": "Elmo", "counts": discard},
        pick="Elmo",
        counts=discard,
    )
    keeper.play(
        "deal_tonk",
        {
            "outcome": "deal_tonk",
            "claims": [{"player": "Goblin", "count": 50}],
            "counts": {"Croaker": 30, "Elmo": 12, "One-Eye": 41},
        },
        deal={
            "Goblin": (50, True),
            "Croaker": (30, False),
            "Elmo": (12, False),
            "One-Eye": (41, False),
        },
    )
    caught = {"Croaker": 8, "Goblin": 5, "Elmo": 20, "One-Eye": 10}
    keeper.play(
        "drop",
        {"outcome": "drop", "dropper": "One-Eye", "counts": caught},
        pick="One-Eye",
        counts=caught,
    )
    stock = {"Croaker": 12, "Goblin": 5, "Elmo": 9, "One-Eye": 30}
    keeper.play("stock_out", {"outcome": "stock_out", "counts": stock}, counts=stock)
    hit = {"Goblin": 11, "Elmo": 6, "One-Eye": 17}
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    page.locator("#hand .choice label:text-is('Croaker')").click()
    page.locator("#hand label:text-is('Hit a spread')").click()
    for name, count in hit.items():
        page.get_by_label(f"{name}'s count", exact=True).fill(str(count))
    keeper.save({"outcome": "tonk_out", "winner": "Croaker", "method": "hit", "counts": hit})
    keeper.play("dead", {"outcome": "dead"})

    # A loser's count left out is named beside them, and nothing is saved until it is given.
    page.locator("a.outcome[data-outcome=tonk_out]").click()
    page.locator("#hand .choice label:text-is('One-Eye')").click()
    page.get_by_label("Croaker's count", exact=True).fill("9")
    page.get_by_label("Elmo's count", exact=True).fill("2")
    page.locator("#confirm").click()
    goblin = page.get_by_label("Goblin's count", exact=True)
    expect(page.locator("#hand .invalid-feedback")).to_have_text(
        "Goblin's count is missing: push-ups push them up by it"
    )
    assert page.locator(".hands .hand[data-number]").count() == 8
    goblin.fill("15")
    keeper.save(
        {
            "outcome": "tonk_out",
            "winner": "One-Eye",
            "method": "spread",
            "counts": {"Croaker": 9, "Goblin": 15, "Elmo": 2},
        }
    )
    shoot(page, f"61-pushups-board-{width}")
    assert_accessible(page, f"push-ups board at {width} px")

    page.get_by_role("button", name="Undo hand 9").click()
    expect(page.locator("#undone")).to_be_visible()
    del keeper.hands[9]
    keeper.agree()
