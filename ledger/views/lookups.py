"""Objects named in a URL, found within their league or night, or 404."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from ledger.models import Hand, League, Night, Player


def hand_or_404(night: Night, hand_id: int) -> Hand:
    return get_object_or_404(Hand.objects.select_related("dealer"), pk=hand_id, night=night)


def player_or_404(league: League, player_id: int | str) -> Player:
    if not str(player_id).isdigit():
        raise Http404("no such player")
    return get_object_or_404(Player, pk=player_id, league=league)
