"""The night's recap: the page, its image card, and the card under a share link's token."""

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ledger.reads.recap import night_recap
from ledger.web.access import READ, night_for, share_link_for
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.recap_card import card_png
from ledger.web.recap_page import hands_line, render_recap


@require_GET
@never_cache  # its payments change as they are marked paid
def night_recap_page(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    night = night_for(request, slug, night_id, READ)
    card = reverse("ledger:night_recap_card", args=[slug, night.pk])
    return render_recap(request, night, card_url=card)


def _card(night) -> HttpResponse:
    recap = night_recap(night)
    response = HttpResponse(card_png(recap, hands_line=hands_line(recap)), content_type="image/png")
    response["Cache-Control"] = "private, max-age=60"
    return response


@require_GET
def night_recap_card(request: HtmxHttpRequest, slug: str, night_id: int) -> HttpResponse:
    return _card(night_for(request, slug, night_id, READ))


@require_GET
def share_card(request: HtmxHttpRequest, lookup: str, secret: str) -> HttpResponse:
    """The card a chat app fetches for a night's share link: under the link's own token,
    so it shows what the link shows and is gone when the link is revoked."""
    link = share_link_for(lookup, secret)
    if link.night is None:
        raise Http404("a league's link has no night card")
    night = link.night
    night.season.league = link.league
    return _card(night)
