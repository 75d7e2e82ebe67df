"""The installable app: its web app manifest, its service worker, and the page that says
what a phone on plain http is missing and what to do about it.

Both are served from the site's root, so the worker may control every page; they name
the static files by ``static()``, so a collected (hashed) release names its own.
"""

import hashlib
import json
from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from ledger.web.htmx import HtmxHttpRequest
from ledger.web.polling import BUILD

STATIC = Path(__file__).resolve().parents[2] / "static"  # ledger/static/

# The JavaScript modules: every one is fetched by an import, so every one is in the shell.
MODULES = tuple(
    sorted(str(path.relative_to(STATIC)) for path in (STATIC / "ledger" / "js").rglob("*.js"))
)
# What the scoring screen needs to open with no connection, besides the page itself.
SHELL = (
    "ledger/theme.js",
    *MODULES,
    "ledger/app.css",
    "ledger/favicon.svg",
    "vendor/bootstrap/bootstrap.min.css",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "vendor/idiomorph/idiomorph-ext.min.js",
    "ledger/icons/icon-192.png",
)
ICONS = (
    ("ledger/icons/icon-192.png", "192x192", "any"),
    ("ledger/icons/icon-512.png", "512x512", "any"),
    ("ledger/icons/maskable-512.png", "512x512", "maskable"),
)


@cache
def shell_version() -> str:
    """Changes with the release and with any file of the shell, so a phone's worker
    fetches the new files (a development server's static URLs carry no hash)."""
    digest = hashlib.sha256(BUILD.encode())
    for name in SHELL:
        path = finders.find(name)
        assert isinstance(path, str), f"{name} is not among the static files"
        with open(path, "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()[:12]


@require_GET
def https_help(request: HtmxHttpRequest) -> HttpResponse:
    """For the players the scoring screen's plain-http notice sends here: no README needed."""
    return render(request, "ledger/https.html")


@require_GET
def manifest(request: HtmxHttpRequest) -> HttpResponse:
    data = {
        "name": "Tonk Tracker",
        "short_name": "Tonk",
        "description": "Score Tonk at the table: who pays whom, under your house rules.",
        "start_url": reverse("ledger:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0d6efd",
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
def service_worker(request: HtmxHttpRequest) -> HttpResponse:
    context = {
        "version": shell_version(),
        "shell": json.dumps([static(name) for name in SHELL]),
        "static_prefix": json.dumps(static("")),
    }
    response = render(request, "ledger/app/sw.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a phone checks for a new worker on each visit
    return response
