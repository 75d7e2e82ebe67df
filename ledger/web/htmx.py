"""The request every view gets: Django's, with what the middleware and the access checks add.

``request.htmx`` is django-htmx's (true when htmx sent it); ``league_role`` is the
visitor's role in the league ``web/access.py`` just looked up.
"""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    league_role: str | None
