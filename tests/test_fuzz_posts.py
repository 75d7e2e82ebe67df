"""Hostile input: every URL pattern that takes a POST, every field of its form.

For each target (a pattern, who posts, a valid baseline form) each field in turn
gets every value of a corpus of hostile values, then hypothesis-generated ones;
the other fields keep their valid values, so the hostile one is what gets tested.
Fields the form does not have get the whole corpus in one post.
Each post runs in a savepoint that is rolled back, so all posts meet the same
data. Three things must hold for every post:

- no response is a server error (500 or more);
- a refused post (4xx, a form shown again, an error message) writes no row;
- a post that is accepted leaves a ledger that ``check_ledger`` finds clean (audited
  again after every post that writes a table the audit reads).

``test_every_pattern_that_takes_a_post_is_fuzzed`` fails when a pattern that
answers POST is added without a target here, and ``test_each_target_fuzzes_every_field``
fails when a view reads a form field its target does not fuzz.
"""

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import ERROR, get_messages
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.datastructures import MultiValueDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import services
from ledger.models import Membership
from ledger.reads.audit import audit
from ledger.rows.details import HandDetails
from ledger.rules.options import CHOICES, MULTIPLIERS
from tests.helpers import PLAYERS, black_company, drop, first_night, record, rolled_back

pytestmark = pytest.mark.django_db

DEEP_JSON = "[" * 50_000 + "]" * 50_000
HUGE_NUMBER = "9" * 5000
HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "007",
    HUGE_NUMBER,
    str(2**31),
    str(2**63),
    str(10**30),
    "²",
    "\uff11\uff12",  # full-width 12
    "\u0663",  # Arabic-Indic 3
    "7.5",
    "2,50",
    "1e3",
    "1e999999999",
    "-Infinity",
    "0x1F",
    "x" * 10_000,
    "<script>alert(1)</script>",
    "'; DROP TABLE ledger_entry; --",
    "\x00",
    "a\x00b",
    "\u202eevil",
    "[]",
    DEEP_JSON,
    '{"a":' * 1000 + "1" + "}" * 1000,
    f'[{{"name": "x", "min": {HUGE_NUMBER}}}]',
    "[" + ",".join(["1"] * 20_000) + "]",
    '[{"name": "x", "min": 1e999, "multiplier": Infinity}]',
    '[{"name": "a\\u0000b", "min": 50, "max": 50, "multiplier": 2}]',  # NUL, spelt in JSON
    '[{"name": "\\ud800", "min": 50, "max": 50, "multiplier": 2}]',  # a lone surrogate
]
TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=40)
GENERATED = st.one_of(
    TEXT,
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.from_regex(r"-?[0-9]{1,25}(\.[0-9]{0,4})?", fullmatch=True),
    st.recursive(
        st.none() | st.booleans() | st.integers() | TEXT,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
        max_leaves=12,
    ).map(json.dumps),
)


@dataclass
class Target:
    """A POST to fuzz: the pattern, who posts, its URL arguments and a valid form."""

    name: str
    actor: str
    form: Callable[[dict], dict]
    kwargs: dict = field(default_factory=dict)
    htmx: bool | None = False  # posted as the phone's page posts it; None: every other post
    shared: frozenset = frozenset()  # fields another target of the same form fuzzes already
    night: str = "night_id"  # which night of the world: "bets_night_id" has side bets set up

    @property
    def label(self) -> str:
        extra = self.kwargs.get("outcome", "") + ("+bets" if self.night != "night_id" else "")
        return f"{self.name}[{extra}]" if extra else self.name


HAND_FIELDS = frozenset({"key", "dealer", "correcting", "bets_seen"})  # every outcome's form


def _hand(outcome: str, fields: Callable[[dict], dict]) -> list[Target]:
    """The preview (as the phone sends it) and the save of one outcome's form; the fields
    every outcome shares get the corpus with the drop's form only."""

    def form(w):
        return {
            "key": "fuzz-key",
            "dealer": w["Elmo"],
            "correcting": "",
            "bets_seen": "",
            **fields(w),
        }

    shared = frozenset() if outcome == "drop" else HAND_FIELDS
    return [
        Target("hand_preview", "owner", form, {"outcome": outcome}, htmx=True, shared=shared),
        Target("hand_record", "owner", form, {"outcome": outcome}, htmx=None, shared=shared),
    ]


def _counts(w):
    return {
        f"count-{w[name]}": n for name, n in (("Croaker", "9"), ("Goblin", "10"), ("Elmo", "25"))
    }


# Every rule option the rules forms offer (rules/options.py), as their fields are named.
OVERRIDES = [option.replace(".", "__") for option in [*CHOICES, *MULTIPLIERS]] + ["tiers"]


def _rules(prefix: str = "") -> dict:
    return {f"{prefix}preset": "speno", **{f"{prefix}{name}": "" for name in OVERRIDES}}


def _side_bets(w):
    return {
        "high_card": "on",
        "high_card-ante": "0.25",
        "high_card-players": [w["Croaker"], w["Goblin"]],
        "high_card-suit": "♠",
        "naturals": "on",
        "naturals-ante": "0.10",
        "naturals-players": [w["Croaker"], w["Goblin"], w["Elmo"]],
    }


def _bets_hand(w):
    return {
        "key": "fuzz-bets-key",
        "dealer": w["Silent"],
        "correcting": "",
        "bets_seen": w["bets_seen"],
        "suit": "♦",
        "won-high_card": w["One-Eye"],
        "won-naturals": "nobody",
    }


def _night_start(w):
    form = {
        "new_player": "",
        "dealer": w["Croaker"],
        "stake": "1.00",
        "date": "2026-12-01",
        **_rules("rules-"),
    }
    for name in ("Croaker", "Goblin", "Elmo", "One-Eye", "Silent"):
        form[f"seat-{w[name]}"] = "1"
        form[f"sit-{w[name]}"] = "on" if name in ("Croaker", "Goblin") else ""
    return form


def _pay(w):
    return {"payer": w["Goblin"], "payee": w["Croaker"], "amount": "0.50", "key": "pay-key"}


TARGETS = [
    Target(
        "home",
        "owner",
        lambda w: {
            "name": "Fuzzers",
            "unit": "$",
            "decimal_places": "2",
            "preset": "pagat",
            "default_stake": "1.00",
            "time_zone": "Europe/Amsterdam",
        },
    ),
    Target("invitation", "outsider", lambda w: {}),
    Target("member_invite", "owner", lambda w: {"role": "viewer"}),
    Target("member_role", "owner", lambda w: {"role": "scorekeeper", "remove": ""}),
    Target("share_create", "owner", lambda w: {"night": w["night"]}),
    Target("share_revoke", "owner", lambda w: {}),
    Target("player_claim", "owner", lambda w: {}),
    Target(
        "pay_handles",
        "owner",
        lambda w: {
            "paypal": "paypal.me/Croaker",
            "venmo": "@croaker-frog",
            "cashapp": "$croaker",
            "revolut": "revolut.me/croaker",
            "bizum": "612 345 678",
            "iban": "DE89 3704 0044 0532 0130 00",
            "holder": "Croaker Frog",
            "preferred": "venmo",
        },
    ),
    Target("player_add", "owner", lambda w: {"name": "Otto"}),
    Target("player_rename", "owner", lambda w: {"name": "Otto"}),
    Target("player_retire", "owner", lambda w: {}),
    Target("season_start", "owner", lambda w: {"name": "Spring"}),
    Target("season_close", "owner", lambda w: {}),
    Target("league_rules", "owner", lambda w: {**_rules(), "rules_name": "House"}),
    Target("league_rename", "owner", lambda w: {"name": "Renamed"}),
    Target("league_delete", "owner", lambda w: {"confirm": "Black Company"}),
    Target("league_settling", "owner", lambda w: {"settle_unit": "0.25", "points_rate": "0"}),
    Target("league_time_zone", "owner", lambda w: {"time_zone": "America/Chicago"}),
    # The night's house rules are the league rules' form under a prefix: fuzzed there.
    Target("night_start", "owner", _night_start, shared=frozenset(_rules("rules-"))),
    Target("night_stake", "scorekeeper", lambda w: {"stake": "2", "sure": ""}, htmx=None),  # both
    Target("night_big_one", "scorekeeper", lambda w: {"on": "1"}),
    Target("night_side_bets", "scorekeeper", _side_bets, htmx=True),  # the sheet posts it so
    Target("night_seat", "scorekeeper", lambda w: {"player": w["One-Eye"], "new_player": ""}),
    Target("night_unseat", "scorekeeper", lambda w: {}),
    Target("night_dealer", "scorekeeper", lambda w: {}),
    Target("night_close", "scorekeeper", lambda w: {}),
    Target("night_reopen", "scorekeeper", lambda w: {}),
    Target("hand_void", "scorekeeper", lambda w: {}),
    Target("hand_undo", "scorekeeper", lambda w: {}),
    Target("hand_redo", "scorekeeper", lambda w: {"newest": "1"}),
    Target("night_pay", "scorekeeper", _pay),
    Target("season_pay", "scorekeeper", _pay),
    *_hand("drop", lambda w: {"dropper": w["Croaker"], **_counts(w)}),
    *_hand("stock_out", _counts),
    *_hand("tonk_out", lambda w: {"winner": w["Goblin"], "method": "spread", "first_turn": ""}),
    *_hand("discard_out", lambda w: {"winner": w["Goblin"]}),
    *_hand(
        "deal_tonk",
        lambda w: {
            **{f"claim-{w[n]}": "" for n in ("Croaker", "Goblin")},
            f"claim-{w['Elmo']}": "50",
            **{f"order-{w[n]}": "" for n in ("Croaker", "Goblin", "Elmo")},
        },
    ),
    *_hand("dead", lambda w: {}),
    # A night with both side bets: the sheet asks the suit and who won each (HAND_FIELDS are
    # the dead hand's above).
    *(
        Target(name, "owner", _bets_hand, {"outcome": "dead"}, htmx, HAND_FIELDS, "bets_night_id")
        for name, htmx in (("hand_preview", True), ("hand_record", None))
    ),
    Target(
        "signup",
        "anonymous",
        lambda w: {
            "username": "newcomer",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
            "next": "/",
        },
    ),
    Target(
        "login",
        "anonymous",
        lambda w: {"username": "croaker", "password": "a-long-pass-phrase", "next": "/"},
    ),
    Target("logout", "owner", lambda w: {"next": "/"}),
    Target(
        "password_change",
        "owner",
        lambda w: {
            "old_password": "a-long-pass-phrase",
            "new_password1": "another-long-phrase",
            "new_password2": "another-long-phrase",
        },
    ),
    Target("password_reset", "anonymous", lambda w: {"email": "croaker@example.org"}),
    Target(
        "password_reset_confirm",
        "anonymous",
        lambda w: {"new_password1": "another-long-phrase", "new_password2": "another-long-phrase"},
    ),
    Target("set_language", "anonymous", lambda w: {"language": "nl", "next": "/"}),
]
NOT_FUZZED = {"admin"}  # Django's admin: read-only model admins, staff only


@pytest.fixture(autouse=True)
def templates_not_recorded(monkeypatch):
    """The test client copies every template's context for ``response.context``: nothing
    here reads it, and on pages of many form fields the copying costs more than the page."""
    monkeypatch.setattr("django.test.client.store_rendered_templates", lambda *a, **k: None)


@pytest.fixture(scope="module")
def world(module_db):
    """Built once for the module (every test rolls back what it did): the league of the
    conftest with two hands, members of each role, a share link and an invitation; and
    another league whose ids the corpus throws at this one."""
    with module_db():
        return _world()


def _world() -> dict:
    user_model = get_user_model()
    owner = user_model.objects.create_user(
        username="croaker", password="a-long-pass-phrase", email="croaker@example.org"
    )
    league = black_company(owner)
    players = {name: services.add_player(league=league, name=name) for name in PLAYERS}
    season = services.start_season(league=league, name="Winter 2026")
    night = first_night(season, players)
    users = {
        name: user_model.objects.create_user(username=name, password="pw-" + name * 3)
        for name in ("viewer", "scorekeeper", "outsider")
    }
    Membership.objects.create(league=league, user=users["viewer"], role="viewer")
    Membership.objects.create(league=league, user=users["scorekeeper"], role="scorekeeper")
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 20, p["Elmo"]: 25}))
    hand = record(night, HandDetails(outcome="tonk_out", winner=p["Goblin"]))
    link = services.share(league=league, acting_user=owner)
    invitation, secret = services.invite(league=league, role="viewer", acting_user=owner)
    bettors = [p["One-Eye"], p["Silent"]]  # a second table, side bets on
    bets_night = services.start_night(season=season, players=bettors, dealer=bettors[1])
    both = {"ante": 10, "players": [player.pk for player in bettors]}
    services.set_side_bets(night=bets_night, bets={"high_card": both, "naturals": both})
    sheet = Client()
    sheet.force_login(owner)
    page = sheet.get(f"/l/{league.slug}/nights/{bets_night.pk}/hand/dead/").content.decode()
    bets_seen = re.search(r'name="bets_seen" value="(\w+)"', page).group(1)

    elsewhere = services.create_league(name="Elsewhere", owner=users["outsider"])
    strangers = [services.add_player(league=elsewhere, name=n) for n in ("Raven", "Lady")]
    other_season = services.start_season(league=elsewhere, name="Theirs")
    other_night = services.start_night(season=other_season, players=strangers, dealer=strangers[0])
    other_hand = record(other_night, HandDetails(outcome="tonk_out", winner=strangers[1]))
    foreign_ids = {
        str(pk)
        for pk in (
            strangers[0].pk,
            other_night.pk,
            other_hand.pk,
            other_season.pk,
            Membership.objects.get(user=users["outsider"]).pk,
            services.share(league=elsewhere, acting_user=users["outsider"]).pk,
        )
    }
    ids = {name: str(player.pk) for name, player in players.items()}
    return {
        **ids,
        "audited": tables_audited(),
        "night": str(night.pk),
        "bets_seen": bets_seen,
        "users": users | {"owner": owner},
        "foreign_ids": sorted(foreign_ids),
        "url": {
            "slug": league.slug,
            "night_id": night.pk,
            "bets_night_id": bets_night.pk,
            "hand_id": hand.pk,
            "player_id": players["Goblin"].pk,
            "other_id": players["Croaker"].pk,
            "season_id": season.pk,
            "membership_id": Membership.objects.get(user=users["viewer"]).pk,
            "link_id": link.pk,
            "lookup": invitation.lookup,
            "secret": secret,
            "uidb64": "MQ",
            "token": "set-password",
        },
    }


def named_patterns() -> dict[str, tuple[str, str]]:
    """Every named pattern outside the admin: its reversible name and its whole route."""
    found = {}

    def walk(entries, namespace="", prefix=""):
        for entry in entries:
            if isinstance(entry, URLResolver):
                if entry.namespace not in NOT_FUZZED:
                    walk(
                        entry.url_patterns,
                        entry.namespace or namespace,
                        prefix + str(entry.pattern),
                    )
            elif isinstance(entry, URLPattern) and entry.name:
                qualified = f"{namespace}:{entry.name}" if namespace else entry.name
                found[entry.name] = (qualified, prefix + str(entry.pattern))

    walk(get_resolver().url_patterns)
    return found


PATTERNS = named_patterns()
ROUTE_PART = re.compile(r"<(?:(\w+):)?(\w+)>")


def url_of(target: Target, world, **override) -> str:
    """The target's URL, written from its route so that values its converters refuse
    (an id past the database's range) can be sent too."""
    values = {**world["url"], "night_id": world["url"][target.night], **target.kwargs, **override}
    route = PATTERNS[target.name][1]
    return "/" + ROUTE_PART.sub(lambda m: quote(str(values[m.group(2)]), safe=""), route)


def url_parts(target: Target) -> list[tuple[str, str]]:
    """The converter and name of each part of the target's route."""
    return [
        (m.group(1) or "str", m.group(2)) for m in ROUTE_PART.finditer(PATTERNS[target.name][1])
    ]


@dataclass
class Visitor:
    """A browser of one actor, logged in once. Before each post its cookies are put back as
    that login left them (a post may log it out); the session lives in the signed cookie,
    and whatever the post changed of the user is rolled back with it."""

    actor: str
    world: dict
    htmx: bool | None = False
    client: Client = field(default_factory=Client)
    posts: int = 0
    signed_in: SimpleCookie = field(init=False)

    def __post_init__(self) -> None:
        if self.actor != "anonymous":
            self.client.force_login(self.world["users"][self.actor])
        self.signed_in = copy.deepcopy(self.client.cookies)

    def arrive(self) -> None:
        self.posts += 1
        self.client.cookies = copy.deepcopy(self.signed_in)

    def post(self, url: str, data: dict):
        self.arrive()
        return self.client.post(url, data, **self.headers)

    @property
    def headers(self) -> dict:
        htmx = self.posts % 2 == 0 if self.htmx is None else self.htmx
        return {"HTTP_HX_REQUEST": "true"} if htmx else {}


WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
READ = re.compile(r'\b(?:FROM|JOIN)\s+"?(\w+)"?', re.IGNORECASE)


def tables_audited() -> frozenset[str]:
    """The tables ``audit()`` reads over the world as it stands (clean). The audit is a
    function of them, so a post that writes none of them leaves it clean: only posts that
    write one are audited again."""
    with CaptureQueriesContext(connection) as statements:
        problems = list(audit())
    assert problems == [], problems
    return frozenset(t for query in statements.captured_queries for t in READ.findall(query["sql"]))


def tables_written(queries: list[dict]) -> list[str]:
    """The tables the statements wrote to (failed logins, which axes records on purpose,
    aside)."""
    tables = [m.group(1) for query in queries if (m := WRITE.match(query["sql"]))]
    return [table for table in tables if not table.startswith("axes_")]


def refused(response) -> bool:
    """Whether the app said no: an error status, the form shown again (a page, or with htmx
    the form swapped back in with ``HX-Retarget``; a saved hand's answer also says how it
    replaces the form, ``HX-Reswap``), or an error message after a redirect."""
    if response.status_code >= 400:
        return True
    if response.has_header("HX-Retarget"):
        return not response.has_header("HX-Reswap")
    if response.status_code == 200:
        return not response.wsgi_request.htmx  # htmx answers a save with the new board
    return any(m.level >= ERROR for m in get_messages(response.wsgi_request))


def post_and_check(visitor: Visitor, url: str, data: dict) -> int:
    """One hostile post; fails the test on a server error, a refused write or a bad ledger."""
    with rolled_back():
        visitor.arrive()
        with CaptureQueriesContext(connection) as statements:
            response = visitor.client.post(url, data, **visitor.headers)
        assert response.status_code < 500, f"{response.status_code} from POST {url} {_short(data)}"
        written = tables_written(statements.captured_queries)
        if written:
            assert not refused(response), f"a refused POST {url} wrote {written}: {_short(data)}"
        if visitor.world["audited"].intersection(written):
            problems = list(audit())
            assert problems == [], f"POST {url} {_short(data)} left the ledger: {problems}"
    return response.status_code


def _short(data: dict) -> str:
    return repr({key: value[:40] for key, value in data.items()})


def kinds(fields: list[str]) -> list[list[str]]:
    """The form's fields grouped by kind: each player's count is one kind, so are the
    override menus and the multipliers. Every hostile value reaches every kind, dealt
    round its fields, so a form of forty fields costs a few hundred posts, not two thousand.
    """
    groups: dict[str, list[str]] = {}
    for name in fields:
        kind = re.sub(r"-[0-9]+$", "-#", name)
        bare = kind.removeprefix("rules-")
        if bare in OVERRIDES:
            kind = kind.replace(bare, "multiplier" if "multiplier" in bare else "menu")
            kind = "tiers" if bare == "tiers" else kind
        groups.setdefault(kind, []).append(name)
    return list(groups.values())


def fuzzed(target: Target, form: dict) -> list[str]:
    return [name for name in form if name not in target.shared]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.label)
def test_hostile_values_in_every_field(target, world):
    visitor = Visitor(target.actor, world, target.htmx)
    url = url_of(target, world)
    baseline = {key: str(value) for key, value in target.form(world).items()}
    corpus = [*HOSTILE, *world["foreign_ids"]]
    for group in kinds(fuzzed(target, baseline)):
        for i, value in enumerate(corpus):
            post_and_check(visitor, url, {**baseline, group[i % len(group)]: value})
    post_and_check(visitor, url, {**baseline, **unread_fields(corpus)})


def unread_fields(corpus: list[str]) -> dict[str, str]:
    """Every value of the corpus at once, each in a field the form does not have. The view
    reads no such field (``test_each_target_fuzzes_every_field``), so they cannot mask one
    another: one post shows that none of them reaches the view's code."""
    return {f"unexpected-{i}": value for i, value in enumerate(corpus)}


def test_posts_that_write_the_ledger_are_audited(world):
    """The audit's tables are read off its own statements: the ledger's, never the users'."""
    ledger = {"ledger_hand", "ledger_handplayer", "ledger_transaction", "ledger_entry"}
    tallies = {"ledger_playernight", "ledger_pairnight", "ledger_season"}
    assert ledger | tallies <= world["audited"]
    assert not {"auth_user", "ledger_membership", "ledger_sharelink"} & world["audited"]


def test_the_corpus_makes_over_two_thousand_posts(world):
    corpus = [*HOSTILE, *world["foreign_ids"]]
    posts = sum(
        len(kinds(fuzzed(target, target.form(world)))) * len(corpus) + 1 for target in TARGETS
    )
    assert posts >= 2000, posts
    print(f"{posts} hostile posts over {len(TARGETS)} targets")


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.label)
def test_hostile_ids_and_tokens_in_the_url(target, world):
    """Another league's ids, ids past the database's range, and forged tokens."""
    visitor = Visitor(target.actor, world, target.htmx)
    baseline = {key: str(value) for key, value in target.form(world).items()}
    for converter, key in url_parts(target):
        if converter == "slug":
            values = ["elsewhere", "x" * 300]
        elif converter == "id":
            values = [*world["foreign_ids"], "0", str(2**63), str(10**30), HUGE_NUMBER]
        else:
            values = ["x", "A" * 500, "\x00", "..", "\u202e", "①"]
        for value in values:
            url = url_of(target, world, **{key: value})
            post_and_check(visitor, url, baseline)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_generated_values_in_every_field(world, data):
    target = data.draw(st.sampled_from(TARGETS), label="target")
    baseline = {key: str(value) for key, value in target.form(world).items()}
    if not baseline:
        return
    name = data.draw(st.sampled_from(sorted(baseline)), label="field")
    value = data.draw(GENERATED, label="value")
    post_and_check(
        Visitor(target.actor, world, target.htmx), url_of(target, world), {**baseline, name: value}
    )


def patterns_taking_a_post(world) -> set[str]:
    """Every named pattern outside the admin that does not answer a POST with 405."""
    owner, taking = Visitor("owner", world), set()
    for name in PATTERNS:
        with rolled_back():
            url = url_of(Target(name, "owner", lambda w: {}), world, outcome="drop")
            if owner.post(url, {}).status_code != 405:
                taking.add(name)
    return taking


def test_every_pattern_that_takes_a_post_is_fuzzed(world):
    assert patterns_taking_a_post(world) == {target.name for target in TARGETS}


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.label)
def test_each_target_fuzzes_every_field(target, world, monkeypatch):
    """The view reads no field of the POST that its target leaves out."""
    read: set[str] = set()
    for method in ("get", "__getitem__", "__contains__", "getlist"):
        original = getattr(MultiValueDict, method)

        def spy(self, key, *args, _original=original, **kwargs):
            if dict.__contains__(self, "_probe"):  # the POST, not the (empty) query string
                read.add(key)
            return _original(self, key, *args, **kwargs)

        monkeypatch.setattr(MultiValueDict, method, spy)
    baseline = {key: str(value) for key, value in target.form(world).items()}
    with rolled_back():
        Visitor(target.actor, world, target.htmx).post(
            url_of(target, world), {**baseline, "_probe": "1"}
        )
    assert read - {"_probe", "csrfmiddlewaretoken"} <= set(baseline)


def test_the_side_bets_hand_the_corpus_starts_from_is_one_the_server_takes(world):
    """Else the hostile values would only ever meet a refusal (a stale ``bets_seen``)."""
    target = next(t for t in TARGETS if t.night == "bets_night_id" and t.name == "hand_record")
    with rolled_back():
        visitor = Visitor(target.actor, world, htmx=True)
        response = visitor.post(url_of(target, world), target.form(world))
        assert response["X-Hand-Saved"] == "1"  # the bets night's first hand
