"""Objects named in a URL, found within their league or night, or 404."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from ledger.models import Hand, League, Night, Player, Season
from ledger.web.inputs import parse_id


def _id_or_404(value: int | str) -> int:
    """An id from a URL or a hidden field; anything but plain digits in range is "not found"."""
    object_id = parse_id(value)
    if object_id is None:
        raise Http404("no such object")
    return object_id


def hand_or_404(night: Night, hand_id: int | str) -> Hand:
    return get_object_or_404(
        Hand.objects.select_related("dealer"), pk=_id_or_404(hand_id), night=night
    )


def player_or_404(league: League, player_id: int | str) -> Player:
    return get_object_or_404(Player, pk=_id_or_404(player_id), league=league)


def night_id_or_none(value: str) -> int | None:
    """An optional night named by a form: blank means none, anything else must be an id."""
    return None if value == "" else _id_or_404(value)


def season_asked(league: League, season_id: int | str | None) -> Season | None:
    """The season asked for; by default the open one, else the latest; None for all time."""
    if season_id == "all":
        return None
    if season_id not in (None, ""):
        return get_object_or_404(league.seasons, pk=_id_or_404(season_id))
    return league.seasons.open().first() or league.seasons.order_by("-started_at").first()
