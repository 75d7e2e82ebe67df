"""Playwright driving Debian's Chromium at a phone viewport against pytest-django's live server."""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser import shots
from tests.browser.shots import shoot

# A save is given 15 s before the phone calls it lost; on a loaded two-core CI machine one took
# more than Playwright's default 5 s, so the tests wait as long as the app does.
expect.set_options(timeout=15_000)

# The ORM and the synchronous Playwright page share the test's thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI") == "true":
        raise pytest.UsageError(f"CI needs Chromium at {CHROMIUM} for the browser tests")
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


# Every page of every test reports what the Content Security Policy blocked (an inline
# style a script sets through an attribute, say): the test fails with it, as a player's
# console would show it.
REPORT_CSP = """document.addEventListener('securitypolicyviolation', e => console.error(
  'CSP blocked ' + e.violatedDirective + ' (' + e.blockedURI + ') from ' + e.sourceFile))"""


@pytest.fixture(autouse=True)
def no_csp_violation(monkeypatch):
    blocked: list[str] = []
    opened = Browser.new_context

    def new_context(self, *args, **kwargs):
        context = opened(self, *args, **kwargs)
        context.add_init_script(REPORT_CSP)
        context.on("console", lambda m: blocked.append(m.text) if "CSP blocked" in m.text else None)
        return context

    monkeypatch.setattr(Browser, "new_context", new_context)
    yield
    assert blocked == []


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        # A phone's sharp screen for the pictures; for the checks alone one pixel per CSS
        # pixel, a quarter of the painting (layout, taps and axe see CSS pixels either way).
        "device_scale_factor": 2 if shots.WANTED else 1,
        "is_mobile": True,
        "has_touch": True,
        # The service worker has its own tests (test_installable.py): elsewhere it would
        # answer requests Playwright's routes and the tests mean to reach the server.
        "service_workers": "block",
    }


@pytest.fixture
def screenshot(page):
    """``screenshot("night")`` saves the whole page (``on=`` another page) to test-artifacts/
    (git-ignored) when screenshots are asked for (tests/browser/shots.py)."""

    def take(name: str, on=None) -> Path:
        return shoot(on or page, name, full_page=True)

    return take


@pytest.fixture
def log_in(live_server):
    """``log_in(page, user)``: the browser carries that user's session cookie."""
    from django.conf import settings
    from django.test import Client

    def enter(page, user, url: str | None = None):
        """``url``: the server by another name (a phone reaching a laptop by its address)."""
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url or live_server.url}]
        )

    return enter


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone whose service workers run (the other browser tests block them)."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    yield context
    context.close()
