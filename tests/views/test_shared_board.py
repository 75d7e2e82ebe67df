"""A poll that finds a change is rendered once per tag and served to every phone with it
(``ledger/web/shared_board.py``): the tag's version, role and language each make it miss;
a viewer never gets a scorekeeper's controls; the bytes carry no one's CSRF token."""

import re

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from ledger.models import Membership, Role
from ledger.web import shared_board
from tests.views.conftest import HTMX
from tests.views.test_polling import drop, poll_urls

# A miss reads the stamp, then what the view reads to render (as an uncached poll did);
# a hit reads the stamp alone.
MISS_QUERIES = {"scoring": 10, "watch": 10}


def member(league, django_user_model, name: str, role: str) -> Client:
    user = django_user_model.objects.create_user(username=name, password=f"pw-{name}-long-enough")
    Membership.objects.create(league=league, user=user, role=role)
    visitor = Client()
    visitor.force_login(user)
    return visitor


@pytest.fixture
def hand_logged(night, players):
    drop(night, players, "shared-1")
    return night


@pytest.mark.parametrize("page", ["scoring", "watch"])
def test_a_second_phone_gets_the_first_ones_rendering_for_one_query(
    client, league, hand_logged, owner, django_user_model, django_assert_num_queries, page
):
    url = poll_urls(league, hand_logged)[page]
    client.get(url, **HTMX)  # PostgreSQL prepares the stamp's statement on first use
    cache.clear()
    with django_assert_num_queries(MISS_QUERIES[page]):
        first = client.get(url, **HTMX)
    other = member(league, django_user_model, "second-owner", Role.OWNER)
    with django_assert_num_queries(1):  # the night's stamp; the rest is the cache's
        second = other.get(url, **HTMX)
    assert (second.status_code, second["ETag"]) == (200, first["ETag"])
    assert second.content == first.content
    assert "Croaker" in second.content.decode()


@pytest.mark.parametrize("page", ["scoring", "watch"])
def test_two_visitors_of_one_role_get_identical_bytes_even_rendered_apart(
    client, league, hand_logged, django_user_model, page
):
    """Rendered once for each (the cache emptied between), the two are the same bytes: nothing
    of one visitor's (a CSRF token, a user id) is in what the cache keeps for all."""
    url = poll_urls(league, hand_logged)[page]
    keeper = member(league, django_user_model, "keeper", Role.SCOREKEEPER)
    other = member(league, django_user_model, "keeper-two", Role.SCOREKEEPER)
    first = keeper.get(url, **HTMX).content
    cache.clear()
    assert other.get(url, **HTMX).content == first
    assert b"csrfmiddlewaretoken" not in first


def test_a_change_of_version_role_or_language_misses(
    client, league, hand_logged, players, django_user_model, django_assert_num_queries
):
    url = poll_urls(league, hand_logged)["scoring"]
    client.get(url, **HTMX)
    viewer = member(league, django_user_model, "viewer", Role.VIEWER)
    with django_assert_num_queries(MISS_QUERIES["scoring"]):  # another role
        viewer.get(url, **HTMX)
    with django_assert_num_queries(MISS_QUERIES["scoring"]):  # another language
        dutch = client.get(url, HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
    assert "Hand 1 ongedaan maken" in dutch.content.decode()
    drop(hand_logged, players, "shared-2")
    with django_assert_num_queries(MISS_QUERIES["scoring"]):  # a new version
        newer = client.get(url, **HTMX)
    assert "Undo hand 2" in newer.content.decode()
    with django_assert_num_queries(1):
        assert client.get(url, **HTMX).content == newer.content


def test_the_cache_key_is_the_tag_of_the_page_version_role_language_and_release(
    client, league, hand_logged
):
    tag = client.get(poll_urls(league, hand_logged)["scoring"], **HTMX)["ETag"]
    page, hands, night_version, league_version, role, language, release = tag[3:-1].split(".", 6)
    assert (page, hands, role, language) == ("poll", "latest", Role.OWNER, "en")
    assert int(night_version) == hand_logged.version + 1
    assert int(league_version) == league.version
    assert release
    assert cache.get(shared_board.key(tag)) is not None


@pytest.mark.parametrize("page", ["scoring", "watch"])
def test_a_viewer_never_receives_a_scorekeepers_controls_from_the_cache(
    client, league, hand_logged, django_user_model, page
):
    url = poll_urls(league, hand_logged)[page]
    owners = client.get(url, **HTMX).content.decode()
    viewer = member(league, django_user_model, "viewer", Role.VIEWER)
    seen = viewer.get(url, **HTMX).content.decode()
    if page == "scoring":
        assert "Undo hand 1" in owners
        assert "hx-post" in owners
    assert "Undo hand 1" not in seen
    assert "hx-post" not in seen
    assert 'method="post"' not in seen
    assert "Croaker" in seen


def test_a_form_from_the_cache_is_refused_without_the_csrf_header_and_taken_with_it(
    league, hand_logged, owner
):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(owner)
    page = phone.get(reverse("ledger:night", args=[league.slug, hand_logged.pk])).content.decode()
    token = re.search(r'"x-csrftoken": "([^"]+)"', page)[1]
    polled = phone.get(poll_urls(league, hand_logged)["scoring"], **HTMX).content.decode()
    undo = re.search(r'<form method="post" action="([^"]+/undo/)"', polled)[1]

    assert phone.post(undo, **HTMX).status_code == 403
    assert hand_logged.hands.voided().count() == 0
    assert phone.post(undo, HTTP_X_CSRFTOKEN=token, **HTMX).status_code == 200
    assert hand_logged.hands.voided().count() == 1


def test_the_page_itself_keeps_its_forms_csrf_fields_for_a_phone_without_javascript(
    client, league, hand_logged
):
    page = client.get(reverse("ledger:night", args=[league.slug, hand_logged.pk])).content
    assert page.count(b'name="csrfmiddlewaretoken"') >= 3  # undo, the seats, the table


def test_a_cache_that_does_not_answer_costs_a_render_not_the_poll(client, league, hand_logged):
    broken = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache"}}
    broken["default"]["LOCATION"] = "redis://127.0.0.1:9/0"  # nothing listens on port 9
    with override_settings(CACHES=broken):
        response = client.get(poll_urls(league, hand_logged)["scoring"], **HTMX)
    assert response.status_code == 200
    assert "Croaker" in response.content.decode()


def redis_answers() -> bool:
    import socket

    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not redis_answers(), reason="no Redis on 127.0.0.1:6379")
def test_app_hosts_sharing_a_redis_render_a_version_once_between_them(
    client, league, hand_logged, django_user_model, django_assert_num_queries, worker_id
):
    """Each gunicorn process (and each app host) keeps its own memory; with CACHE_URL they
    share Redis. A database of its own per test process keeps the runs apart."""
    database = 1 + (int(worker_id[2:]) if worker_id.startswith("gw") else 0)
    redis = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache"}}
    redis["default"]["LOCATION"] = f"redis://127.0.0.1:6379/{database}"
    url = poll_urls(league, hand_logged)["watch"]
    with override_settings(CACHES=redis):
        cache.clear()
        first = client.get(url, **HTMX)
        other = member(league, django_user_model, "on-another-host", Role.OWNER)
        with django_assert_num_queries(1):
            assert other.get(url, **HTMX).content == first.content
        cache.clear()
