"""Objects named in a URL, found within their league or 404."""

from django.shortcuts import get_object_or_404

from ledger.models import Hand, League, Night, Player


def league_or_404(slug: str) -> League:
    return get_object_or_404(League, slug=slug)


def night_or_404(league: League, night_id: int) -> Night:
    return get_object_or_404(
        Night.objects.select_related("season__league", "dealer"), pk=night_id, season__league=league
    )


def hand_or_404(night: Night, hand_id: int) -> Hand:
    return get_object_or_404(Hand.objects.select_related("dealer"), pk=hand_id, night=night)


def player_or_404(league: League, player_id: int | str) -> Player:
    return get_object_or_404(Player, pk=player_id, league=league)
