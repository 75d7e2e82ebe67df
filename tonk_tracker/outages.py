"""What the app answers when something is wrong: ``/healthz`` for a proxy or a load balancer,
503 with ``Retry-After`` while the database is unreachable, and a plain 500 otherwise.

The health check is answered by the first middleware, before the host check, the HTTPS
redirect, the session and the login: a proxy asks it by address, over plain HTTP, every
second or so, and it must cost one ``SELECT 1``.
"""

import sys

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.template import loader

HEALTH_PATH = "/healthz"
RETRY_AFTER_SECONDS = 5  # PostgreSQL restarting, or a fail-over: seconds, not minutes


def _plain(text: str, status: int) -> HttpResponse:
    response = HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    if status == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:  # the broken connection is closed when the request ends, as ever
        return False


class HealthCheckMiddleware:
    """Answers ``GET /healthz``: 200 "ok" when the database answers, 503 when it does not."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info != HEALTH_PATH:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return _plain("GET or HEAD only\n", 405)
        if database_answers():
            return _plain("ok\n", 200)
        return _plain("the database does not answer\n", 503)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a lost database is an outage (503, try again shortly), in the visitor's
    language (the locale middleware has run by then); anything else is our fault (500)."""
    error = sys.exc_info()[1]
    if isinstance(error, (OperationalError, InterfaceError)):
        # A page asked for comes back by itself once the database is back; a form posted
        # is not posted again behind the visitor's back.
        again = RETRY_AFTER_SECONDS if request.method == "GET" else None
        response = HttpResponse(loader.render_to_string("503.html", {"again": again}), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        response = HttpResponse(loader.render_to_string("500.html"), status=500)
    response["Cache-Control"] = "no-store"
    return response
