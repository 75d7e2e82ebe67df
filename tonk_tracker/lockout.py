"""Who a failed login is counted against: the name tried and the address it came from.

Behind the proxy (``DJANGO_BEHIND_PROXY``) every request arrives from the proxy
itself; the proxy appends the address it saw to ``X-Forwarded-For``. Only that
last entry is the proxy's word: anything before it was sent by the client and can
be forged. Without a proxy the header is ignored for the same reason.
"""

from django.conf import settings

NAME_KEPT = 150  # an account name is at most 150 characters; axes stores 255 at most


def client_ip(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    if not settings.BEHIND_PROXY:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    return hops[-1][:64] if hops else remote


def username(request, credentials: dict | None) -> str:
    """The name tried, cut to what an account can be called: every login form (the admin's
    too) may send 10,000 characters, and axes records failures in a 255-character column."""
    name = (credentials or {}).get("username")
    if name is None and request is not None:
        name = request.POST.get("username", "")
    return str(name or "")[:NAME_KEPT]
