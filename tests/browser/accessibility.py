"""What every screen the browser tests pass must be: no serious axe-core violation, and
nothing wider than the phone."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()

# ``page.evaluate`` has no timeout of its own: a promise that never settles would hold the
# test (and the CI run) for ever, so each wait here races a timer.
TRANSITIONS_DONE = """() => Promise.race([
  Promise.all(document.getAnimations().filter(a => a instanceof CSSTransition)
    .map(a => a.finished.catch(() => null))),
  new Promise(done => setTimeout(done, 2000)),
])"""
# A notice caught fading out (its five-second animation, on a slow run) is judged as it is
# drawn at full strength, then left to go on fading.
AXE_RUN = """() => {
  const fading = document.getAnimations().filter(a => a instanceof CSSAnimation)
    .map(a => [a, a.currentTime]);
  fading.forEach(([a]) => { a.pause(); a.currentTime = 0; });
  const restore = () => fading.forEach(([a, time]) => { a.currentTime = time; a.play(); });
  return Promise.race([
    axe.run(document, {resultTypes: ['violations']}),
    new Promise((_, fail) => setTimeout(() => fail(new Error('axe.run took over 30 s')), 30000)),
  ]).finally(restore);
}"""


def assert_accessible(page: Page, screen: str) -> None:
    """No serious or critical axe-core violations, and nothing wider than the phone."""
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (
        f"{screen}: the page is {width[0]} px wide on a {width[1]} px screen"
    )
    # A colour caught mid-transition (a button under the pointer turning solid) is no verdict.
    page.evaluate(TRANSITIONS_DONE)
    if not page.evaluate("() => typeof axe === 'object'"):  # once a page: it is 570 KB
        page.evaluate(AXE.axe_script)
    violations = page.evaluate(AXE_RUN)["violations"]
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, f"{screen}: " + "; ".join(
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        f" ({v['nodes'][0].get('failureSummary', '')})"
        for v in bad
    )
