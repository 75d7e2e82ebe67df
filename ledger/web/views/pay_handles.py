"""How a player gets paid: the page where their payment handles are kept."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ledger import services
from ledger.web.access import READ, keeps_pay_handles, league_for
from ledger.web.forms.pay_handles import PayHandlesForm
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.lookups import player_or_404
from ledger.web.pay_buttons import handles_of


@require_http_methods(["GET", "POST"])
def pay_handles_page(request: HtmxHttpRequest, slug: str, player_id: int) -> HttpResponse:
    league = league_for(request, slug, READ)
    player = player_or_404(league, player_id)
    if not keeps_pay_handles(request, league, player):
        raise PermissionDenied("a player's handles are theirs, or the owner's while unclaimed")
    handles = handles_of([player]).get(player.pk, [])
    if request.method == "POST":
        form = PayHandlesForm(request.POST)
        if form.is_valid():
            services.set_pay_handles(player=player, handles=form.handles, preferred=form.preferred)
            messages.success(
                request, _("How %(player)s gets paid is saved.") % {"player": player.name}
            )
            return redirect("ledger:player", slug=slug, player_id=player.pk)
    else:
        preferred = player.pay_handles.filter(preferred=True).values_list("kind", flat=True)
        form = PayHandlesForm(initial=PayHandlesForm.initial_for(handles, preferred.first() or ""))
    context = {"league": league, "player": player, "form": form}
    return render(request, "ledger/pay_handles.html", context)
