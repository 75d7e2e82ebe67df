"""The owner's page: members and their roles, invitations, and share links with QR codes.

Also the two doors in: an invitation link (joins a league) and a share link
(reads one, without an account).
"""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Membership, Role
from ledger.reads.recap import night_recap
from ledger.web.access import (
    OWN,
    READ,
    SHARE,
    LoginNeeded,
    acting_user,
    grant_share,
    league_for,
    night_for,
    share_link_for,
)
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain
from ledger.web.lookups import night_id_or_none, player_or_404
from ledger.web.night_page import board_context
from ledger.web.recap_page import open_graph, render_recap


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)


def share_url(request, link) -> str:
    return request.build_absolute_uri(reverse("ledger:share", args=[link.lookup, link.token]))


@require_GET
def members_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    links = league.share_links.live().select_related("night")
    invited = request.session.pop("invitation_link", None)
    return render(
        request,
        "ledger/members.html",
        {
            "league": league,
            "memberships": league.memberships.select_related("user").order_by(
                "role", "user__username"
            ),
            "roles": Role.choices,
            "links": [
                (link, share_url(request, link), _qr(share_url(request, link))) for link in links
            ],
            "invited": invited,
            "invited_qr": _qr(invited) if invited else "",
            "pending": league.invitations.pending().order_by("-created_at"),
        },
    )


def _back(request, slug, *, error: str = "", notice: str = ""):
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("ledger:members", slug=slug)


@require_POST
def member_invite(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    try:
        invitation, secret = services.invite(
            league=league, role=request.POST.get("role", ""), acting_user=acting_user(request)
        )
    except LedgerError as exc:
        return _back(request, slug, error=explain(exc))
    request.session["invitation_link"] = request.build_absolute_uri(
        reverse("ledger:invitation", args=[invitation.lookup, secret])
    )
    return _back(
        request,
        slug,
        notice=_("Send this one-use link to your new %(role)s.")
        % {"role": Role(invitation.role).label.lower()},
    )


@require_POST
def member_role(request: HtmxHttpRequest, slug: str, membership_id: int) -> HttpResponse:
    league = league_for(request, slug, OWN)
    membership = get_object_or_404(Membership, pk=membership_id, league=league)
    try:
        if request.POST.get("remove"):
            services.remove_member(membership=membership)
            return _back(
                request,
                slug,
                notice=_("%(user)s is no longer a member.") % {"user": membership.user},
            )
        services.set_role(membership=membership, role=request.POST.get("role", ""))
    except LedgerError as exc:
        return _back(request, slug, error=explain(exc))
    return _back(
        request,
        slug,
        notice=_("%(user)s is now %(role)s.")
        % {"user": membership.user, "role": Role(membership.role).label.lower()},
    )


@require_POST
def share_create(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    league = league_for(request, slug, OWN)
    night_id = night_id_or_none(request.POST.get("night", ""))
    night = night_for(request, slug, night_id, OWN) if night_id else None
    if request.htmx and night is not None:  # the scoring screen's Share: the link in place
        link = services.share(
            league=league, acting_user=acting_user(request), night=night, reuse=True
        )
        url = share_url(request, link)
        return render(request, "ledger/_share.html", {"url": url, "qr": _qr(url), "night": night})
    services.share(league=league, acting_user=acting_user(request), night=night)
    return _back(
        request, slug, notice=_("A new read-only share link: show its QR code at the table.")
    )


@require_POST
def share_revoke(request: HtmxHttpRequest, slug: str, link_id: int) -> HttpResponse:
    league = league_for(request, slug, OWN)
    services.revoke_share(link=get_object_or_404(league.share_links, pk=link_id))
    return _back(request, slug, notice=_("That share link no longer works."))


@require_GET
@never_cache
def share_open(request: HtmxHttpRequest, lookup: str, secret: str) -> HttpResponse:
    """A share link: remember it for this visitor and show what it shares, read-only."""
    link = share_link_for(lookup, secret)
    grant_share(request, link)
    if link.night is not None:  # answered here, not redirected: a chat app's preview reads it
        night = night_for(request, link.league.slug, link.night.pk, READ)
        card = reverse("ledger:share_card", args=[lookup, secret])
        if not night.is_open:
            return render_recap(request, night, card_url=card)
        og = open_graph(request, night_recap(night), card)
        return render(
            request, "ledger/watch.html", board_context(request, night, page="watch") | {"og": og}
        )
    return redirect("ledger:league", slug=link.league.slug)


@login_required
@require_http_methods(["GET", "POST"])
def invitation(request: HtmxHttpRequest, lookup: str, secret: str) -> HttpResponse:
    if request.method == "POST":
        try:
            membership = services.accept_invitation(lookup=lookup, secret=secret, user=request.user)
        except LedgerError as exc:
            messages.error(request, explain(exc))
            return redirect("ledger:home")
        messages.success(request, _("Welcome to %(league)s.") % {"league": membership.league.name})
        return redirect("ledger:league", slug=membership.league.slug)
    pending = services.pending_invitation(lookup=lookup, secret=secret)
    return render(request, "ledger/invitation.html", {"pending": pending})


@require_POST
def player_claim(request: HtmxHttpRequest, slug: str, player_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        raise LoginNeeded
    league = league_for(request, slug, READ)
    if request.league_role == SHARE:  # a share link reads; it never changes anything
        raise PermissionDenied("a share link is read-only")
    player = player_or_404(league, player_id)
    try:
        services.claim_player(player=player, user=request.user)
    except LedgerError as exc:
        messages.error(request, explain(exc))
    else:
        messages.success(request, _("%(player)s is you.") % {"player": player.name})
    return redirect("ledger:league", slug=slug)
