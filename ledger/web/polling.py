"""Phones poll a night every few seconds; a poll that finds nothing new costs one lookup.

A night's version moves on in the same transaction as anything its screens show
(``services.guards.touch``), and its league's with the names and time zone they
show. Those versions, the visitor's role and language and the page name what a poll
would answer: its ETag. The phone sends back the ETag it holds (If-None-Match,
``js/board.js``); while it still matches, the answer is 304 with no body and htmx swaps
nothing. A poll that finds a change is answered from the cache when another phone of
the same role and language fetched that version first (``shared_board``).
"""

from dataclasses import replace
from functools import wraps
from importlib.metadata import version

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import parse_etags, patch_vary_headers  # type: ignore[attr-defined]

from ledger.web import shared_board
from ledger.web.access import Stamp, night_stamp

BUILD = version("tonk-tracker")  # a new release renders differently: its tags differ


def interval(request) -> dict:
    """Template context: every how many seconds the pages that poll ask (``POLL_SECONDS``)."""
    return {"poll_seconds": settings.POLL_SECONDS}


def etag(request, page: str, stamp: Stamp) -> str:
    every_hand = "all" if request.GET.get("hands") == "all" else "latest"
    return (
        f'W/"{page}.{every_hand}.{stamp.night}.{stamp.league}.{stamp.role}.'
        f'{request.LANGUAGE_CODE}.{BUILD}"'
    )


def stamp_of(request, night) -> Stamp:
    """The stamp of a night just read for this visitor (``access.night_for`` set the role)."""
    return Stamp(night.version, night.season.league.version, request.league_role)


def after_own_change(request, night) -> str:
    """The tag the phone that made a change may poll with next: the new version's, if what it
    showed was the version just before (its poll's tag, sent as ``X-Board-ETag``), so its
    next poll does not redraw what the change's answer drew; "" when something else changed
    in between (the poll then fetches it)."""
    stamp = stamp_of(request, night)
    before = etag(request, "poll", replace(stamp, night=stamp.night - 1))
    return etag(request, "poll", stamp) if request.headers.get("X-Board-ETag") == before else ""


def conditional(page: str):
    """A poll view ``view(request, slug, night_id)`` that answers 304 while the phone's copy
    is current, and tags what it renders, which it renders for every visitor with the same
    tag (``shared_board``). The tag is read before the view reads anything, so a change
    committed meanwhile is at worst rendered twice, never missed; and the rendering kept
    under a tag shows at least that tag's version."""

    def decorate(view):
        @wraps(view)
        def poll(request, slug: str, night_id: int):
            if not request.htmx:  # a page, not a poll: never answered from a cache
                return view(request, slug, night_id)
            stamp = night_stamp(request, slug, night_id)
            if stamp is None:  # not theirs to read: the view refuses it the usual way
                return view(request, slug, night_id)
            tag = etag(request, page, stamp)
            response: HttpResponse
            if tag in parse_etags(request.headers.get("If-None-Match", "")):
                response = HttpResponseNotModified()
            else:
                response = shared_board.answer(tag, lambda: view(request, slug, night_id))
            if response.status_code in (200, 304):
                response["ETag"] = tag
                response["Cache-Control"] = "no-cache, private"
            patch_vary_headers(response, ["HX-Request"])  # the page and its poll share a URL
            return response

        return poll

    return decorate
