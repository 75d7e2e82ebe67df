"""Leagues: create, rename or delete one, its house rules, its time zone and how it settles up."""

from functools import cache
from zoneinfo import available_timezones

from django.db import transaction
from django.utils.text import slugify

from ledger.errors import LedgerError
from ledger.models import (
    League,
    Membership,
    Night,
    NightEvent,
    Role,
    Seat,
    Transaction,
)
from ledger.rules import MAX_STAKE, normalize_rules
from ledger.rules.whole import is_whole
from ledger.services.guards import amount_of, insert_or, move_version
from ledger.services.postings import (
    check_stake,
)

LEAGUE_NAME_LONGEST: int = League._meta.get_field("name").max_length  # type: ignore[assignment]


def create_league(
    *,
    name: str,
    owner=None,
    unit: str = "$",
    decimal_places: int = 2,
    rules: object = "pagat",
    default_stake: int = 100,
    slug: str | None = None,
    time_zone: str = "",
) -> League:
    name = (name or "").strip()
    if not name:
        raise LedgerError("league_name_blank")
    if len(name) > LEAGUE_NAME_LONGEST:
        raise LedgerError("league_name_long", longest=LEAGUE_NAME_LONGEST)
    if not (unit or "").strip():
        raise LedgerError("league_unit_blank")
    if not is_whole(decimal_places, low=0, high=3):
        raise LedgerError("decimal_places_invalid", value=decimal_places)
    check_stake(default_stake)
    spec = normalize_rules(rules)
    fields = {
        "name": name,
        "unit": unit.strip(),
        "decimal_places": decimal_places,
        "rules": spec,
        "default_stake": default_stake,
        "time_zone": check_time_zone(time_zone),
    }
    with transaction.atomic():
        if slug is not None:
            league = insert_or(
                League, LedgerError("league_slug_taken", slug=slug), slug=slug, **fields
            )
        else:
            league = _league_with_free_slug(slugify(name)[:50] or "league", fields)
        if owner is not None:
            Membership.objects.create(league=league, user=owner, role=Role.OWNER)
        return league


def rename_league(*, league: League, name: str) -> League:
    """A new name; the address (slug) stays, so shared links and bookmarks still work."""
    name = (name or "").strip()
    if not name:
        raise LedgerError("league_name_blank")
    if len(name) > LEAGUE_NAME_LONGEST:
        raise LedgerError("league_name_long", longest=LEAGUE_NAME_LONGEST)
    with transaction.atomic():
        League.objects.filter(pk=league.pk).update(name=name)
        move_version(League, league.pk)  # the name on every night's screens
    league.name = name
    return league


def delete_league(*, league: League) -> None:
    """A league started by mistake goes, with its players, seasons and empty nights. Once a
    hand or a payment is in its ledger it stays: the ledger is append-only."""
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).get()
        if Transaction.objects.filter(season__league=league).exists():
            raise LedgerError("league_has_history", league=league.name)
        nights = Night.objects.filter(season__league=league)
        NightEvent.objects.filter(night__in=nights).delete()
        Seat.objects.filter(night__in=nights).delete()
        nights.delete()
        league.seasons.all().delete()
        league.players.all().delete()
        league.delete()  # its memberships, invitations and share links with it


def _league_with_free_slug(base: str, fields: dict) -> League:
    """The league under ``base``, or ``base-2``, ``base-3``… whichever is free when it is saved."""
    for _attempt in range(5):
        slug = _free_slug(base)
        try:
            return insert_or(
                League, LedgerError("league_slug_taken", slug=slug), slug=slug, **fields
            )
        except LedgerError:
            continue  # another league took it since we looked: look again
    raise LedgerError("league_slug_taken", slug=base)


def _free_slug(base: str) -> str:
    taken = set(League.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def set_league_rules(*, league: League, rules: object, name: str = "") -> League:
    """The house rules every new night of the league starts with."""
    spec = normalize_rules(rules)
    league.rules = spec
    league.rules_name = (name or "").strip()[:60]
    league.save(update_fields=["rules", "rules_name"])
    return league


def set_settling(*, league: League, settle_unit: int, points_rate: int = 0) -> League:
    """How a league settles up: the cash unit amounts round to, and cents per point."""
    if not is_whole(settle_unit, low=1):
        raise LedgerError("settle_unit_invalid", value=settle_unit)
    if settle_unit > MAX_STAKE:
        raise LedgerError("settle_unit_too_big", high=amount_of(league, MAX_STAKE))
    if not is_whole(points_rate, low=0):
        raise LedgerError("points_rate_invalid", value=points_rate)
    league.settle_unit, league.points_rate = settle_unit, points_rate
    league.save(update_fields=["settle_unit", "points_rate"])
    return league


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def check_time_zone(name: object) -> str:
    """An IANA zone name such as "America/Chicago", or "" for the server's own."""
    name = name.strip() if isinstance(name, str) else name
    if name != "" and name not in _zones():
        raise LedgerError("time_zone_unknown", value=name)
    return name


def set_time_zone(*, league: League, time_zone: str) -> League:
    league.time_zone = check_time_zone(time_zone)
    with transaction.atomic():
        league.save(update_fields=["time_zone"])
        move_version(League, league.pk)  # the times on every night's screens
    return league
