"""Who may see and change what: league roles, and share links for the people at the table.

Views find their objects through ``league_for`` and ``night_for``, which answer
404 for a league the visitor has no part in (never a hint that it exists), 403
when their role does not allow the action, and send anonymous visitors to log in.
"""

import itertools
import re
import secrets
from dataclasses import dataclass
from functools import cache

from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.db.models import OuterRef, Q, Subquery
from django.http import Http404
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from ledger.models import League, Membership, Night, Player, Role, Season, Seat, ShareLink
from ledger.rows.raw import Part, fetch, starts

READ, SCORE, OWN = "read", "score", "own"
SHARE = "share"  # the role of a share-link visitor
ALLOWED: dict[str, set[str]] = {
    READ: {Role.OWNER, Role.SCOREKEEPER, Role.VIEWER, SHARE},
    SCORE: {Role.OWNER, Role.SCOREKEEPER},
    OWN: {Role.OWNER},
}
SESSION_KEY = "share_links"
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"  # the one that logs people in


def acting_user(request) -> User:
    """Who a change is recorded as made by (a service's ``acting_user``): the signed-in user.
    Every view that writes has checked the visitor's role first, so a visitor with no
    account never gets here; if one did, they are sent to log in."""
    if not request.user.is_authenticated:
        raise LoginNeeded
    return request.user


class LoginNeeded(Exception):
    """An anonymous visitor asked for a page that needs an account."""


class LoginNeededMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # Each request starts in the server's time zone; a league's page switches to the league's.
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_exception(self, request, exception):
        if isinstance(exception, LoginNeeded):
            return redirect_to_login(request.get_full_path())
        return None


def shared_links(request) -> list[int]:
    return list(request.session.get(SESSION_KEY, []))


def grant_share(request, link: ShareLink) -> None:
    """Remember in the visitor's session that they hold this link."""
    links = shared_links(request)
    if link.pk not in links:
        request.session[SESSION_KEY] = [*links, link.pk][-20:]


def share_link_for(lookup: str, secret: str) -> ShareLink:
    """The live link with this lookup key, if the secret matches (compared in constant time)."""
    link = ShareLink.objects.live().filter(lookup=lookup).select_related("league", "night").first()
    if link is None or not secrets.compare_digest(link.token.encode(), secret.encode()):
        raise Http404("no such share link")
    return link


def _with_role(request, rows, league: str):
    """``rows`` annotated with the visitor's role in the league at ``league`` (a path)."""
    if not request.user.is_authenticated:
        return rows
    role = Membership.objects.filter(league=OuterRef(league), user=request.user)
    return rows.annotate(role=Subquery(role.values("role")[:1]))


def _league_with_role(request, slug: str) -> League:
    leagues = _with_role(request, League.objects.filter(slug=slug), "pk")
    league = leagues.first()
    if league is None:
        raise (
            LoginNeeded
            if not request.user.is_authenticated and not shared_links(request)
            else Http404
        )
    league.role = getattr(league, "role", None)
    return league


def _check(request, league: League, need: str, night: Night | None = None) -> None:
    role = league.role
    if role is None and shared_links(request):
        links = ShareLink.objects.live().filter(pk__in=shared_links(request), league=league)
        scope = Q(night__isnull=True) | (Q(night=night) if night is not None else Q(pk__in=[]))
        if links.filter(scope).exists():
            role = SHARE
    if role is None:
        if not request.user.is_authenticated:
            raise LoginNeeded
        raise Http404("no such league")
    if role not in ALLOWED[need]:
        raise PermissionDenied("your role in this league does not allow that")
    league.role = role
    request.league_role = role
    timezone.activate(league.zone)  # dates and times on the league's pages are the table's


def league_for(request, slug: str, need: str) -> League:
    league = _league_with_role(request, slug)
    _check(request, league, need)
    return league


def night_for(request, slug: str, night_id: int, need: str) -> Night:
    """A night of a league the visitor may ``need`` (a night's share link reaches only it)."""
    league = _league_with_role(request, slug)
    night = (
        Night.objects.select_related("season__league", "dealer")
        .filter(pk=night_id, season__league=league)
        .first()
    )
    if night is None:
        _check(request, league, need)  # a login or a 403 before a 404
        raise Http404("no such night")
    _check(request, league, need, night)
    night.season.league = league
    return night


@dataclass(frozen=True)
class Stamp:
    """What a night's screens show, as far as a poll needs to know: its version, its
    league's, and the role they are shown to."""

    night: int
    league: int
    role: str


def night_stamp(request, slug: str, night_id: int) -> Stamp | None:
    """The night's stamp for a visitor who may read it, read in one statement with what
    checks the session's user; None otherwise, and the full path refuses them as usual."""
    links = shared_links(request)
    row = _read_stamp(len(links), [*links, _session_user(request), night_id, slug])
    if row is None:
        return None
    night, league, shared, user_id, password, active, role = row
    if user_id is not None and not _session_checks_out(request, user_id, password, active):
        return None  # get_user would end this session, its share links with it
    role = role or (SHARE if shared else None)
    if role not in ALLOWED[READ]:
        return None
    return Stamp(night, league, role)


def _session_user(request) -> int | None:
    """The user the session names, as ``django.contrib.auth.get_user`` reads it; checked by
    ``_session_checks_out`` on the row the stamp's statement reads with the night."""
    if request.session.get(auth.BACKEND_SESSION_KEY) != MODEL_BACKEND:
        return None
    try:
        return get_user_model()._meta.pk.to_python(request.session.get(auth.SESSION_KEY))
    except ValidationError:
        return None


def _session_checks_out(request, user_id: int, password: str, active: bool) -> bool:
    """What ``get_user`` checks: the user is active and the session was made with their
    current password. Anything else (a fallback secret) goes the full path, which knows."""
    if not active:
        return False
    user = get_user_model()(pk=user_id, password=password)
    session_hash = request.session.get(auth.HASH_SESSION_KEY) or ""
    return constant_time_compare(session_hash, user.get_session_auth_hash())


def _read_stamp(links: int, params: list) -> tuple | None:
    sql = _stamp_sql(links)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            name = _prepared(cursor, f"tonk_stamp_{links}", sql)
            cursor.execute(f"EXECUTE {name}({', '.join(['%s'] * len(params))})", params)
        else:
            cursor.execute(sql, params)
        return cursor.fetchone()


def _prepared(cursor, name: str, sql: str) -> str:
    """PostgreSQL plans the statement once per connection instead of at every poll (planning
    was two thirds of an unchanged poll's time in the database). A prepared statement lives
    as long as the server session, whatever happens to transactions; behind PgBouncer that
    needs session pooling."""
    server_session = connection.connection  # psycopg's connection: one per server session
    known = getattr(server_session, "tonk_prepared", None)
    if known is None:
        known = server_session.tonk_prepared = set()
    if name not in known:
        numbers = itertools.count(1)
        cursor.execute(f"PREPARE {name} AS " + re.sub("%s", lambda _: f"${next(numbers)}", sql))
        known.add(name)
    return name


@cache
def _stamp_sql(links: int) -> str:
    """Every poll runs this, so it is written once, not built by the ORM each time (that took
    three quarters of an unchanged poll). A live link is one not revoked, as ``live()``."""
    night, season, league = (m._meta.db_table for m in (Night, Season, League))
    membership, share = Membership._meta.db_table, ShareLink._meta.db_table
    user = get_user_model()._meta.db_table
    shared = "FALSE"
    if links:
        shared = (
            f"EXISTS (SELECT 1 FROM {share} s WHERE s.id IN ({', '.join(['%s'] * links)})"
            " AND s.league_id = l.id AND s.revoked_at IS NULL"
            " AND (s.night_id IS NULL OR s.night_id = n.id))"
        )
    return (
        f"SELECT n.version, l.version, {shared}, u.id, u.password, u.is_active, m.role"
        f" FROM {night} n JOIN {season} se ON se.id = n.season_id"
        f" JOIN {league} l ON l.id = se.league_id"
        f" LEFT JOIN {user} u ON u.id = %s"
        f" LEFT JOIN {membership} m ON m.league_id = l.id AND m.user_id = u.id"
        " WHERE n.id = %s AND l.slug = %s"
    )


def seated_night_for(request, slug: str, night_id: int, need: str) -> tuple[Night, list[Player]]:
    """``night_for`` and the players seated now, clockwise, in one statement: the hand
    form's path, where every query counts (written once, ``ledger.rows.raw``)."""
    user = request.user.pk if request.user.is_authenticated else None
    rows = fetch(_seated_sql(), [user, night_id, slug])
    if not rows:  # no such night here: night_for refuses it the usual way
        return night_for(request, slug, night_id, need), []
    first, at = rows[0], SEATED_AT
    night = SEATED_NIGHT.take(first, at[0])
    night.season = SEATED_SEASON.take(first, at[1])
    night.season.league = league = SEATED_LEAGUE.take(first, at[2])
    night.dealer = SEATED_DEALER.take(first, at[3])
    league.role = first[-1]
    _check(request, league, need, night)
    return night, [SEATED_PLAYER.take(row, at[4]) for row in rows]


SEATED_NIGHT, SEATED_SEASON = Part(Night, "n"), Part(Season, "se")
SEATED_LEAGUE, SEATED_DEALER, SEATED_PLAYER = (
    Part(League, "l"),
    Part(Player, "d"),
    Part(Player, "p"),
)
SEATED = (SEATED_NIGHT, SEATED_SEASON, SEATED_LEAGUE, SEATED_DEALER, SEATED_PLAYER)
SEATED_AT = starts(*SEATED)


@cache
def _seated_sql() -> str:
    night, season, league, dealer, player = SEATED
    seat, membership = Part(Seat, "s"), Part(Membership, "m")
    columns = ", ".join(part.columns for part in SEATED)
    return (
        f"SELECT {columns}, {membership.column('role')} FROM {seat.table}"
        f" JOIN {night.table} ON {night.column('id')} = {seat.column('night')}"
        f" JOIN {season.table} ON {season.column('id')} = {night.column('season')}"
        f" JOIN {league.table} ON {league.column('id')} = {season.column('league')}"
        f" JOIN {dealer.table} ON {dealer.column('id')} = {night.column('dealer')}"
        f" JOIN {player.table} ON {player.column('id')} = {seat.column('player')}"
        f" LEFT JOIN {membership.table} ON {membership.column('league')} = {league.column('id')}"
        f" AND {membership.column('user')} = %s"
        f" WHERE {seat.column('night')} = %s AND {league.column('slug')} = %s"
        f" AND {seat.column('seated')} ORDER BY {seat.column('position')}"
    )


def can(request, need: str) -> bool:
    """In templates and views: may the visitor do this in the league just looked up?"""
    return getattr(request, "league_role", None) in ALLOWED[need]


def keeps_pay_handles(request, league: League, player: Player) -> bool:
    """Who keeps a player's payment handles: the account that claimed the player, or the
    league's owner while nobody has (after ``league_for`` has set the visitor's role)."""
    role = getattr(request, "league_role", None)
    if role not in (Role.OWNER, Role.SCOREKEEPER, Role.VIEWER) or player.league_id != league.pk:
        return False  # a share link reads, and never the handles
    if player.user_id is not None:
        return player.user_id == request.user.pk
    return role == Role.OWNER


def sees_pay_handles(request) -> bool:
    """Payment handles are for the league's members, never a share link's visitors."""
    return getattr(request, "league_role", None) in {Role.OWNER, Role.SCOREKEEPER, Role.VIEWER}
