"""Who may do what: every URL pattern of the app that names a league, walked as six visitors.

Anonymous visitors are sent to log in; members of another league get 404 (not
a hint that the league exists); members whose role is too low get 403; a
share-link visitor may read and nothing else. Refused requests write nothing.
A new URL pattern fails ``test_every_pattern_is_covered`` until it is added here.
"""

import pytest
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from ledger import services
from ledger.rows.details import HandDetails
from tests.helpers import record, rolled_back

pytestmark = pytest.mark.django_db

READ, SCORE, OWN, MEMBER = "read", "score", "own", "member"
# name: (method, who may, POST data)
MATRIX = {
    "league": ("get", READ, None),
    "player_add": ("post", OWN, {"name": "Otto"}),
    "player_rename": ("post", OWN, {"name": "Otto"}),
    "player_retire": ("post", OWN, {}),
    "player_claim": ("post", MEMBER, {}),
    "pay_handles": ("post", OWN, {"paypal": "GoblinPays"}),  # Goblin is nobody's: the owner's
    "season_start": ("post", OWN, {"name": "Spring"}),
    "season_close": ("post", OWN, {}),
    "league_rules": ("post", OWN, {"preset": "speno"}),
    "league_rename": ("post", OWN, {"name": "Renamed"}),
    "league_delete": ("post", OWN, {"confirm": "Black Company"}),
    "league_settling": ("post", OWN, {"settle_unit": "0.25", "points_rate": "0"}),
    "league_time_zone": ("post", OWN, {"time_zone": "America/Chicago"}),
    "members": ("get", OWN, None),
    "member_invite": ("post", OWN, {"role": "viewer"}),
    "member_role": ("post", OWN, {"role": "scorekeeper"}),
    "share_create": ("post", OWN, {}),
    "share_revoke": ("post", OWN, {}),
    "night_start": ("get", SCORE, None),
    "night": ("get", READ, None),
    "night_watch": ("get", READ, None),
    "night_poll": ("get", READ, None),
    "night_summary": ("get", READ, None),
    "night_stake": ("post", SCORE, {"stake": "2"}),
    "night_big_one": ("post", SCORE, {"on": "1"}),
    "night_side_bets": ("post", SCORE, {"high_card": ""}),
    "night_seat": ("post", SCORE, {"new_player": "Otto"}),
    "night_unseat": ("post", SCORE, {}),
    "night_dealer": ("post", SCORE, {}),
    "night_close": ("post", SCORE, {}),
    "night_reopen": ("post", SCORE, {}),
    "hand_void": ("post", SCORE, {}),
    "hand_undo": ("post", SCORE, {}),
    "hand_redo": ("post", SCORE, {}),
    "hand_form": ("get", SCORE, None),
    "hand_preview": ("post", SCORE, {}),
    "hand_record": ("post", SCORE, {"key": "k", "dealer": "0"}),
    "night_recap": ("get", READ, None),
    "night_recap_card": ("get", READ, None),
    "night_settle": ("get", READ, None),
    "night_pay": ("post", SCORE, {"amount": "1", "key": "k"}),
    "night_settle_csv": ("get", READ, None),
    "season_settle": ("get", READ, None),
    "season_pay": ("post", SCORE, {"amount": "1", "key": "k"}),
    "season_settle_csv": ("get", READ, None),
    "standings": ("get", READ, None),
    "standings_all": ("get", READ, None),
    "standings_season": ("get", READ, None),
    "standings_csv": ("get", READ, None),
    "standings_all_csv": ("get", READ, None),
    "standings_season_csv": ("get", READ, None),
    "player": ("get", READ, None),
    "head_to_head": ("get", READ, None),
    "head_to_head_csv": ("get", READ, None),
    "records": ("get", READ, None),
    "ratings_csv": ("get", READ, None),
    "drops": ("get", READ, None),
    "drops_csv": ("get", READ, None),
}
ACTORS = ("anonymous", "outsider", "viewer", "scorekeeper", "owner", "share")
ALLOWED = {
    READ: {"viewer", "scorekeeper", "owner", "share"},
    MEMBER: {"viewer", "scorekeeper", "owner"},
    SCORE: {"scorekeeper", "owner"},
    OWN: {"owner"},
}


def patterns_naming_a_league() -> set[str]:
    """Every pattern of the app whose URL takes a league (and maybe more)."""
    names = set()

    def walk(entries):
        for entry in entries:
            if isinstance(entry, URLResolver):
                if entry.namespace == "ledger":
                    walk(entry.url_patterns)
            elif isinstance(entry, URLPattern) and "slug" in entry.pattern.converters:
                names.add(entry.name)

    walk(get_resolver().url_patterns)
    return names


def test_every_pattern_is_covered():
    assert patterns_naming_a_league() == set(MATRIX)


@pytest.fixture
def world(league, owner, season, night, players, django_user_model):
    users = {
        name: django_user_model.objects.create_user(username=name, password="pw-" + name * 3)
        for name in ("viewer", "scorekeeper", "outsider")
    }
    from ledger.models import Membership

    Membership.objects.create(league=league, user=users["viewer"], role="viewer")
    Membership.objects.create(league=league, user=users["scorekeeper"], role="scorekeeper")
    services.create_league(name="Elsewhere", owner=users["outsider"])
    hand = record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    link = services.share(league=league, acting_user=owner)
    membership = Membership.objects.get(user=users["viewer"])
    kwargs = {
        "slug": league.slug,
        "night_id": night.pk,
        "hand_id": hand.pk,
        "player_id": players["Goblin"].pk,
        "other_id": players["Croaker"].pk,
        "season_id": season.pk,
        "membership_id": membership.pk,
        "link_id": link.pk,
        "outcome": "drop",
    }
    return {"users": users | {"owner": owner}, "link": link, "kwargs": kwargs, "players": players}


def client_for(actor: str, world) -> Client:
    client = Client()
    if actor in world["users"]:
        client.force_login(world["users"][actor])
    if actor == "share":
        link = world["link"]
        assert (
            client.get(reverse("ledger:share", args=[link.lookup, link.token])).status_code == 302
        )
    return client


def url_for(name: str, world) -> str:
    pattern = next(p for p in get_resolver("ledger.web.urls").url_patterns if p.name == name)
    params = {key: world["kwargs"][key] for key in pattern.pattern.converters}
    return reverse(f"ledger:{name}", kwargs=params)


def snapshot() -> dict:
    """Every row of every model of the app: what a refused request must leave alone."""
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in apps.get_app_config("ledger").get_models()
    }


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_the_matrix(name, world):
    """The pattern walked as each visitor in turn, on one world (each visit rolled back)."""
    method, need, data = MATRIX[name]
    url = url_for(name, world)
    if data is not None and "dealer" in data:
        data = {**data, "dealer": world["players"]["Elmo"].pk}
    if name in ("night_pay", "season_pay"):
        data = {
            **data,
            "payer": world["players"]["Croaker"].pk,
            "payee": world["players"]["Goblin"].pk,
        }
    for actor in ACTORS:
        with rolled_back():
            visit(actor, method, url, data, need, world)


def visit(actor: str, method: str, url: str, data: dict | None, need: str, world) -> None:
    client = client_for(actor, world)
    before = snapshot()
    response = getattr(client, method)(url, data) if method == "post" else client.get(url)
    seen = f"{actor} {method} {url}: {response.status_code}"
    if actor in ALLOWED[need]:
        assert response.status_code in (200, 302), seen
        if response.status_code == 302:
            assert "/accounts/login/" not in response["Location"], seen
        return
    if actor == "anonymous" or (actor == "share" and need == MEMBER):
        assert response.status_code == 302, seen
        assert response["Location"].startswith("/accounts/login/?next="), seen
    elif actor == "outsider":
        assert response.status_code == 404, seen
    else:
        assert response.status_code == 403, seen
    assert snapshot() == before, f"{seen}: a refused request wrote something"


def test_a_nights_share_link_reads_that_night_only(client, league, owner, season, night, players):
    other = services.start_night(
        season=season, players=[players["Goblin"], players["Elmo"]], dealer=players["Elmo"]
    )
    link = services.share(league=league, acting_user=owner, night=night)
    response = client.get(reverse("ledger:share", args=[link.lookup, link.token]))
    assert "Updates by itself as each hand is saved." in response.content.decode()  # the live view
    assert (
        client.get(reverse("ledger:night_watch", args=[league.slug, night.pk])).status_code == 200
    )
    assert (
        client.get(reverse("ledger:night_watch", args=[league.slug, other.pk])).status_code == 302
    )  # log in
    assert client.get(reverse("ledger:standings", args=[league.slug])).status_code == 302


def test_a_revoked_or_forged_share_link_opens_nothing(client, league, owner):
    link = services.share(league=league, acting_user=owner)
    forged = link.token[:-1] + ("y" if link.token.endswith("x") else "x")  # never the real one
    assert client.get(reverse("ledger:share", args=[link.lookup, forged])).status_code == 404
    services.revoke_share(link=link)
    assert client.get(reverse("ledger:share", args=[link.lookup, link.token])).status_code == 404
    assert len(link.token) >= 32  # 192 bits from secrets


def test_a_revoked_link_stops_working_for_those_who_opened_it(client, league, owner):
    link = services.share(league=league, acting_user=owner)
    client.get(reverse("ledger:share", args=[link.lookup, link.token]))
    assert client.get(reverse("ledger:league", args=[league.slug])).status_code == 200
    services.revoke_share(link=link)
    assert client.get(reverse("ledger:league", args=[league.slug])).status_code == 302


def test_an_invitation_is_single_use(league, owner, django_user_model):
    invitation, secret = services.invite(league=league, role="scorekeeper", acting_user=owner)
    first = django_user_model.objects.create_user(username="first", password="pw-first-first")
    second = django_user_model.objects.create_user(username="second", password="pw-second-second")
    url = reverse("ledger:invitation", args=[invitation.lookup, secret])
    assert Client().get(url)["Location"].startswith("/accounts/login/")
    client = Client()
    client.force_login(first)
    assert client.post(url)["Location"] == reverse("ledger:league", args=[league.slug])
    assert first.memberships.get().role == "scorekeeper"
    client.force_login(second)
    client.post(url)
    assert not second.memberships.exists()


def test_payment_handles_are_for_members_only(world):
    """The handles show on the settle-up plan, the recap and the player's page to members,
    and to nobody else: not a share link's visitor, not another league's members."""
    from ledger.paying import clean_handle

    players = world["players"]
    handle = clean_handle("paypal", "paypal.me/GoblinPays")  # a dollar league: no IBAN
    services.set_pay_handles(player=players["Goblin"], handles={"paypal": handle})
    record(
        services.start_night(
            season=players["Goblin"].league.seasons.get(),
            players=[players["Goblin"], players["Croaker"]],
            dealer=players["Croaker"],
        ),
        HandDetails(outcome="tonk_out", winner=players["Goblin"]),
    )
    night = players["Goblin"].league.seasons.get().nights.latest("pk")
    slug = world["kwargs"]["slug"]
    pages = [
        reverse("ledger:night_settle", args=[slug, night.pk]),
        reverse("ledger:night_recap", args=[slug, night.pk]),
        reverse("ledger:player", args=[slug, players["Goblin"].pk]),
    ]
    for actor in ACTORS:
        client = client_for(actor, world)
        for url in pages:
            response = client.get(url)
            shows = "GoblinPays" in response.content.decode()
            assert shows == (actor in ALLOWED[MEMBER]), f"{actor} {url}: {response.status_code}"
