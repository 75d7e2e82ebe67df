"""The longest names the app takes, on every screen: the page never scrolls sideways at 360 or
390 px, and no name runs out of its button or box (the whole name shows, broken over lines;
the standings' player column, which scrolls with the table, cuts it short with its title)."""

import pytest
from playwright.sync_api import Browser, Page

from ledger import services
from ledger.rows.details import HandDetails
from tests.browser.phones import NARROW, WIDE
from tests.browser.shots import shoot
from tests.browser.waits import SETTLED
from tests.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# At the limits of the forms: a league's name 100 characters, a unit 20, a season 60, a player 60.
WORD = "Wolfeschlegelsteinhausenbergerdorffvortrangnackshowinshyroll"  # 60, no space to break at
NAMES = [
    WORD,
    "Maria del Carmen Fernández-Villaverde de la Santísima Trinid",
    "Zoë O'Neil",
    "Bartholomew Alexander Montgomery-Smythe the Third of Yorkshi",
    "Bo",
]
LEAGUE = (
    "The Thursday Night Tonk Society of Greater Springfield and the Surrounding Counties, Est. 19"[
        :100
    ]
)
# A phone lays out a page wider than its screen and zooms out, so the width is the phone's own.
OVERFLOW = """(width) => {
  const out = [];
  if (document.documentElement.scrollWidth > width)
    out.push('page ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const e of document.querySelectorAll('main *, header *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || getComputedStyle(e).position === 'fixed') continue;
    const scrolls = e.closest('.table-responsive, .really, .overflow-auto');
    const style = getComputedStyle(e);
    const clipped = e.scrollWidth > e.clientWidth + 1 && e.clientWidth && style.overflowX === 'visible';
    if (!scrolls && (clipped || r.right > width + 1 || r.left < -1))
      out.push(e.tagName + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 30) + ' ' + r.left + '-' + r.right);
  }
  return out.slice(0, 8);
}"""


# A number in a table's column is on one line ("+$1." over "00" is a number no one can read),
# and a name in the standings' player column is all there, wrapped, not cut to "…".
BROKEN_NUMBERS = r"""() => {
  const out = [];
  for (const cell of document.querySelectorAll('main td.text-end')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node = walk.nextNode();
    while (node && !node.data.trim()) node = walk.nextNode();
    if (!node) continue;
    const start = node.data.search(/\S/), space = node.data.indexOf(' ', start);
    const range = document.createRange();  // the number, up to a unit's first space
    range.setStart(node, start);
    range.setEnd(node, space > start ? space : node.data.length);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) out.push('broken ' + cell.textContent.trim());
  }
  for (const name of document.querySelectorAll('.standings td.player, .standings th.player')) {
    if (name.scrollWidth > name.clientWidth + 1) out.push('cut ' + name.textContent.trim());
  }
  return out;
}"""


# No word of up to twelve letters is broken inside ("Jo" over "ker" in a button, "Montgomer"
# over "y-Smythe" in a name), and no sign is left alone on a line away from its amount ("−"
# over "$0.41"). A name of 60 letters with no space may break where it must.
BROKEN_WORDS = r"""() => {
  const out = [];
  const lines = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return new Set([...range.getClientRects()].filter(r => r.width).map(r => Math.round(r.top))).size;
  };
  const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.parentElement.checkVisibility()) continue;
    for (const m of node.data.matchAll(/(?<![\p{L}'])\p{L}{2,12}(?![\p{L}'])/gu))
      if (lines(node, m.index, m.index + m[0].length) > 1)
        out.push('word ' + m[0] + ' in ' + node.parentElement.tagName + '.' + node.parentElement.className);
    for (const m of node.data.matchAll(/[−+][^\d\s]*\s?\d/g))
      if (lines(node, m.index, m.index + m[0].length) > 1) out.push('sign ' + m[0]);
  }
  return [...new Set(out)];
}"""


@pytest.fixture(params=[("$", 2, 125), ("chips of the house!", 0, 5)], ids=["dollars", "chips"])
def long_night(owner, request):
    """Five at the table with the longest names, hands of every kind, side bets on: in dollars
    and cents, and in a unit as long as a unit can be."""
    unit, places, stake = request.param
    league = services.create_league(
        name=LEAGUE, unit=unit, decimal_places=places, default_stake=stake, owner=owner
    )
    p = [services.add_player(league=league, name=name) for name in NAMES]
    season = services.start_season(league=league, name="S" * 59 + "!")
    night = services.start_night(season=season, players=p, dealer=p[4])
    counts = {p[0]: 25, p[1]: 3, p[2]: 40, p[3]: 12, p[4]: 33}
    for details in (
        HandDetails(outcome="drop", dropper=p[0], counts=counts),  # caught: four payments
        HandDetails(outcome="drop", dropper=p[1], counts=counts),
        HandDetails(outcome="tonk_out", winner=p[3]),
        HandDetails(outcome="deal_tonk", claims=[(p[0], 50)]),
        HandDetails(outcome="discard_out", winner=p[0]),
    ):
        record(night, details)
    everyone = {"ante": stake, "players": [x.pk for x in p]}
    services.set_side_bets(night=night, bets={"naturals": everyone, "high_card": everyone})
    return night


def screens(night) -> dict[str, str]:
    league = night.season.league
    base = f"/l/{league.slug}/"
    at = f"{base}nights/{night.pk}/"
    player = league.players.get(name=NAMES[0])
    other = league.players.get(name=NAMES[1])
    return {
        "home": "/",
        "league": base,
        "night start": f"{base}nights/new/",
        "members": f"{base}members/",
        "standings": f"{base}standings/",
        "player": f"{base}players/{player.pk}/",
        "head-to-head": f"{base}players/{player.pk}/vs/{other.pk}/?season=all",
        "records and ratings": f"{base}records/?season=all",
        "when to drop": f"{base}drops/?player={player.pk}",
        "night": at,
        "watch": f"{at}watch/",
        "summary": f"{at}summary/",
        "settle up": f"{at}settle/",
    }


SHEETS = ["drop", "deal_tonk", "tonk_out", "discard_out", "stock_out", "dead"]


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["360", "390"])
def test_the_longest_names_never_push_a_screen_sideways(
    page: Page, live_server, log_in, owner, long_night, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, owner)
    found = {}
    for name, path in screens(long_night).items():
        page.goto(live_server.url + path)
        page.wait_for_function(SETTLED)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        found[name] = (
            page.evaluate(OVERFLOW, size[0])
            + page.evaluate(BROKEN_NUMBERS)
            + page.evaluate(BROKEN_WORDS)
        )
        shoot(page, f"long-{name}-{size[0]}-{long_night.season.league.unit[:5]}", full_page=True)
    page.goto(live_server.url + screens(long_night)["night"])
    for outcome in [*SHEETS, "side-bets"]:
        if outcome == "side-bets":
            page.locator("#side-bets-button").click()
            page.wait_for_selector("#side-bets-sheet")
        else:
            page.locator(f"a.outcome[data-outcome={outcome}]").click()
            page.wait_for_selector(f"#hand[data-outcome={outcome}]")
        page.wait_for_function(SETTLED)
        page.evaluate(
            "() => document.querySelectorAll('#hand details').forEach(d => d.open = true)"
        )
        found[f"sheet {outcome}"] = page.evaluate(OVERFLOW, size[0]) + page.evaluate(BROKEN_WORDS)
        shoot(page, f"long-sheet-{outcome}-{size[0]}")
        page.goto(live_server.url + screens(long_night)["night"])
    assert {name: out for name, out in found.items() if out} == {}
    assert errors == []  # the console of every screen and sheet, too


@pytest.mark.parametrize("locale", ["en-US", "nl-NL", "it-IT"])
def test_no_sign_is_left_alone_on_a_line_at_any_width(
    browser: Browser, live_server, log_in, owner, long_night, locale
):
    """ "−$" over "1,25" (Dutch writes "−$ 1,25") is a sum no one reads right: no amount breaks
    between its sign and its number at any width from 320 to 420 px, in any language."""
    page = browser.new_context(locale=locale).new_page()
    log_in(page, owner)
    found = {}
    for name in ("night", "summary", "settle up", "standings", "player", "records and ratings"):
        page.goto(live_server.url + screens(long_night)[name])
        page.wait_for_function(SETTLED)
        for width in range(320, 421, 4):
            page.set_viewport_size({"width": width, "height": 800})
            signs = [out for out in page.evaluate(BROKEN_WORDS) if out.startswith("sign")]
            if signs:
                found[f"{name} at {width}"] = signs
    page.context.close()
    assert found == {}


@pytest.mark.parametrize("locale", ["en-US", "nl-NL", "it-IT", "es-ES"])
def test_the_standings_four_columns_fit_a_phone_in_every_language(
    browser: Browser, live_server, log_in, owner, long_night, locale
):
    """Player, Net, Hands and Per hand fit 360 px without a swipe, in each language's words and
    in a unit of words as long as a unit can be: the caption names it once ("Net in chips of
    the house!"), its rows give the numbers alone."""
    page = browser.new_context(locale=locale, viewport={"width": 360, "height": 740}).new_page()
    log_in(page, owner)
    page.goto(live_server.url + screens(long_night)["standings"])
    table = page.locator(".table-responsive")
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth"), table.evaluate(
        "t => t.scrollWidth"
    )
    unit = long_night.season.league.unit
    nets = page.locator(".standings td.net").all_inner_texts()
    assert nets
    assert all((unit in net) == (unit == "$") for net in nets)
    assert unit in page.locator(".standings caption").inner_text()
    page.context.close()
