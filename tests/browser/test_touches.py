"""How many touches and scrolls a hand costs on a phone, at a 4- and a 6-player table.

A touch is a tap or a typed digit; a scroll is a next target that was outside the
screen. Each run prints its table (``pytest -s``), writes it to
test-artifacts/touches-*.md, and asserts each budget. The checks play at 360×740, where a
scroll would come first; ``make screenshots`` plays 390×844 too (tests/browser/phones.py).
"""

import pytest
from playwright.sync_api import Page, expect

from ledger import services
from ledger.models import Hand
from tests.browser.phones import SIZES
from tests.browser.shots import ARTIFACTS, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Croaker", "Goblin", "Elmo", "One-Eye", "Silent", "Otto")
LONG = "Alexandrina Montgomery-Smythe"  # five at the table, one with a name of 29 letters
TABLES = {"4": NAMES[:4], "5 with a long name": (*NAMES[:4], LONG), "6": NAMES}


# Where the target was still moving (the sheet scrolling itself), or the board holds taps
# after a save (js/tap_guard.js), the thumb waits until it stops, as a player's does.
SETTLE = """e => new Promise(done => {
  let last = '';
  const look = () => {
    const now = JSON.stringify(e.getBoundingClientRect());
    if (now === last && !document.body.classList.contains('holding-taps')) done(); else { last = now; requestAnimationFrame(() => requestAnimationFrame(look)); }
  };
  look();
})"""
# On the screen and not under anything (the sheet's save bar rides over its last rows).
SEEN = """e => {
  const r = e.getBoundingClientRect();
  const over = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= window.innerHeight && !!over && (over === e || e.contains(over));
}"""


class Thumb:
    """Taps like a player: counts every touch, and a scroll when the target was off screen."""

    def __init__(self, page: Page):
        self.page, self.touches, self.scrolls = page, 0, 0

    def tap(self, selector: str) -> None:
        target = self.page.locator(selector).first
        target.wait_for(state="visible")
        self.page.wait_for_timeout(50)
        target.evaluate(SETTLE)
        seen = target.evaluate(SEEN)
        if not seen:  # what the screen showed when the target was off it
            self.scrolls += 1  # the shot is the failure's evidence: taken whenever it happens
            ARTIFACTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(ARTIFACTS / f"touches-scroll-{self.scrolls}.png"))
        target.click()
        self.touches += 1


def pad(value: int) -> str:
    return f"#hand .pad-button[data-value='{value}']"


def outcome(name: str) -> str:
    return f"a.outcome[data-outcome={name}]"


def choice(name: str) -> str:
    return f"#hand .choice label:text-is('{name}')"


def play(thumb: Thumb, steps: list[str]) -> None:
    for step in steps:
        thumb.tap(step)


@pytest.mark.parametrize("names", TABLES.values(), ids=TABLES.keys())
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_hand_costs_a_few_touches_and_no_scroll(
    page: Page, live_server, log_in, owner, league, players, season, names, width, height
):
    added = {name: services.add_player(league=league, name=name) for name in ("Otto", LONG)}
    everyone = {**players, **added}
    table = [everyone[name] for name in names]
    seats = len(table)
    night = services.start_night(season=season, players=table, dealer=table[-1])
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, owner)
    page.goto(f"{live_server.url}/l/{league.slug}/nights/{night.pk}/")
    low, high = [3], [20, 9, 30, 25, 14, 11][: seats - 1]
    caught = [12, 8, 47, 25, 14, 50][:seats]
    hands = {
        "won drop": [outcome("drop"), choice("Croaker"), *map(pad, low + high)],
        "caught drop": [outcome("drop"), choice("Croaker"), *map(pad, caught)],
        "stock-out": [outcome("stock_out"), *map(pad, caught)],
        "tonk-out": [outcome("tonk_out"), choice("Goblin")],
        "deal tonk at 50": [outcome("deal_tonk"), "#hand .claim-row .call", pad(50)],
    }
    budgets = {"won drop": 8, "caught drop": 8, "stock-out": 7, "tonk-out": 3}
    budgets["deal tonk at 50"] = 4
    budgets = {name: budget + seats - 4 for name, budget in budgets.items()}
    measured = []
    for number, (name, steps) in enumerate(hands.items(), start=1):
        thumb = Thumb(page)
        play(thumb, steps)
        if number == 1:
            shoot(page, f"46-count-pad-{seats}-{width}")
        thumb.tap("#confirm")
        expect(page.locator("#board [role=status]")).to_contain_text(f"Hand {number} saved.")
        measured.append((f"{seats} players {width}x{height}", name, thumb.touches, thumb.scrolls))
        assert thumb.scrolls == 0, name
        assert thumb.touches <= budgets[name], name
    # Correcting one count of the last hand: "Fix hand N" sits beside Undo.
    thumb = Thumb(page)
    play(thumb, ["#fix-last", "#hand .claim-row .count", pad(49), "#confirm"])
    expect(page.locator("#board [role=status]")).to_contain_text("correcting hand 5")
    row = (f"{seats} players {width}x{height}", "correct the last hand's count", thumb.touches)
    measured.append((*row, thumb.scrolls))
    assert thumb.touches <= 5
    assert thumb.scrolls == 0

    # Correcting one count of the first hand: the sheet moves to it from the last hand's.
    thumb = Thumb(page)
    play(thumb, ["#fix-last", "#other-hands a[data-number='1']"])
    expect(page.locator("#hand h2")).to_contain_text("Correct hand 1")
    shoot(page, f"47-correct-hand-1-{seats}-{width}")
    goblin = everyone["Goblin"].pk
    play(thumb, [f"#id_count-{goblin}", pad(21), "#confirm"])
    expect(page.locator("#board [role=status]")).to_contain_text("correcting hand 1")
    row = (f"{seats} players {width}x{height}", "correct one count of hand 1", thumb.touches)
    measured.append((*row, thumb.scrolls))
    table = "\n".join("| {} | {} | {} | {} |".format(*line) for line in measured)
    print(f"\n| table and screen | hand | touches | scrolls |\n|---|---|---|---|\n{table}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"touches-{seats}-{width}x{height}.md").write_text(table + "\n")
    assert thumb.touches <= 5
    assert thumb.scrolls == 0
    assert Hand.objects.standing().count() == len(hands)  # two corrections replaced two
    shoot(page, f"45-after-a-night-{seats}-{width}")
