"""The address a request came from, for the login lock-out.

Behind the proxy (``DJANGO_BEHIND_PROXY``) every request arrives from the proxy
itself; the proxy appends the address it saw to ``X-Forwarded-For``. Only that
last entry is the proxy's word: anything before it was sent by the client and can
be forged. Without a proxy the header is ignored for the same reason.
"""

from django.conf import settings


def client_ip(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    if not settings.BEHIND_PROXY:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    return hops[-1][:64] if hops else remote
