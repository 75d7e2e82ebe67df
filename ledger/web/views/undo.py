"""Undo, redo and void of a hand: each appends to the ledger, nothing is taken out."""

from functools import partial

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ledger import services
from ledger.errors import DOMAIN_ERRORS
from ledger.reads import board
from ledger.web.access import SCORE, acting_user, night_for
from ledger.web.htmx import HtmxHttpRequest
from ledger.web.i18n import explain
from ledger.web.inputs import parse_id
from ledger.web.lookups import hand_or_404
from ledger.web.night_page import after, render_night


def _act_on_hand(request, slug: str, night_id: int, hand_id: int, act) -> HttpResponse:
    """Run ``act(hand, user)``, which returns the notice, on a hand of the night."""
    night = night_for(request, slug, night_id, SCORE)
    hand = hand_or_404(night, hand_id)
    try:
        notice = act(hand, acting_user(request))
    except DOMAIN_ERRORS as exc:
        return after(request, night, error=explain(exc))
    return after(request, night, notice=notice)


def _undo(hand, user) -> str:
    restored = services.undo_hand(hand=hand, acting_user=user)
    original = restored.replaces.replaces if restored and restored.replaces else None
    if original is None:
        return _("Hand %(number)d undone.") % {"number": hand.number}
    return _("Hand %(number)d undone: hand %(original)d counts again.") % {
        "number": hand.number,
        "original": original.number,
    }


def _redo(hand, user, newest: int | None) -> str:
    again = services.redo_hand(hand=hand, newest=newest, acting_user=user)
    notice = _("Hand %(number)d is back, as hand %(again)d.")
    return notice % {"number": hand.number, "again": again.number}


@require_POST
def hand_undo(request: HtmxHttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    return _act_on_hand(request, slug, night_id, hand_id, _undo)


@require_POST
def hand_redo(request: HtmxHttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    """*Redo* under the board names the newest hand its page showed (``newest``); *Restore*
    in a voided hand's row names none, as it is about that hand alone."""
    newest = parse_id(request.POST.get("newest", ""))
    return _act_on_hand(request, slug, night_id, hand_id, partial(_redo, newest=newest))


@require_POST
def hand_void(request: HtmxHttpRequest, slug: str, night_id: int, hand_id: int) -> HttpResponse:
    """Void a hand; the bar under the outcomes then offers *Undo void* (its Restore), so a
    tap on the wrong row's Void is one tap from undone."""
    night = night_for(request, slug, night_id, SCORE)
    hand = hand_or_404(night, hand_id)
    try:
        services.void_hand(hand=hand, acting_user=acting_user(request))
    except DOMAIN_ERRORS as exc:
        return after(request, night, error=explain(exc))
    notice = _("Hand %(number)d is voided.") % {"number": hand.number}
    if not request.htmx:
        return after(request, night, notice=notice)
    night.refresh_from_db()
    return render_night(request, night, notice=notice, undo_bar=board.UndoBar(unvoid=hand))
