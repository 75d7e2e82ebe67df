"""A poll that finds a change is answered from one rendering per version, not one per phone.

After a hand is saved, every other phone at the table polls and finds it. What they are
sent (the board's regions on the scoring screen, the board on the spectator view) depends
on nothing but the poll's tag: the page, the hands shown, the night's and the league's
versions, the visitor's role and language and the release (``polling.etag``). So it is
rendered once per tag and kept in Django's cache: local memory in each process by default,
Redis when ``CACHE_URL`` names one (``tonk_tracker/settings.py``), so several app hosts
share it. The tag holds the version, so an entry can never be stale; an old version's entry
is simply never asked for again and expires.

These regions carry no CSRF field (``{% form_token %}``), as a field would be one visitor's:
htmx sends the token in the header ``<body hx-headers>`` gives every request, and
``js/forms.js`` adds it to the one plain form among them.
"""

import logging

from django.core.cache import cache
from django.http import HttpResponse

# A table's phones poll every few seconds: after a minute an entry's version has been seen.
SECONDS = 120
PREFIX = "board:"
log = logging.getLogger(__name__)

# What the views put in their context: their regions are rendered for everyone.
FOR_EVERYONE = {"for_everyone": True}


def key(tag: str) -> str:
    return PREFIX + tag


def answer(tag: str, render) -> HttpResponse:
    """The cached rendering for ``tag``, else ``render()``'s response, kept when it is a
    200. A cache that does not answer (Redis down) costs a render, never the poll."""
    try:
        body = cache.get(key(tag))
    except Exception:  # any backend's failure (Redis down): the table goes on polling
        log.warning("the board cache did not answer; rendering", exc_info=True)
        return render()
    if body is not None:
        return HttpResponse(body)
    response = render()
    if response.status_code == 200:
        try:
            cache.set(key(tag), response.content, SECONDS)
        except Exception:  # any backend's failure (Redis down): the table goes on polling
            log.warning("the board cache did not keep a rendering", exc_info=True)
    return response
