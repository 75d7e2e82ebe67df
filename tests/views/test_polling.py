"""Phones poll a night: nothing new is a 304 for one or two queries; a change is rendered.

The version each service moves on is checked here too: a poll can only be as right as
the version it compares.
"""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from ledger import services
from ledger.models import League, Membership, Night
from tests.helpers import drop as a_drop
from tests.views.conftest import HTMX


def drop(night, players, key):
    counts = {players["Croaker"]: 3, players["Goblin"]: 20, players["Elmo"]: 9}
    return services.record_hand(
        night=night, key=key, details=a_drop(players["Croaker"], counts), acting_user=None
    ).hand


def poll_urls(league, night):
    args = [league.slug, night.pk]
    return {
        "scoring": reverse("ledger:night_poll", args=args),
        "watch": reverse("ledger:night_watch", args=args),
    }


@pytest.mark.parametrize("page", ["scoring", "watch"])
def test_a_poll_with_nothing_new_is_answered_304_until_a_hand_is_logged(
    client, league, night, players, page
):
    url = poll_urls(league, night)[page]
    first = client.get(url, **HTMX)
    assert first.status_code == 200
    assert first["Cache-Control"] == "no-cache, private"
    assert "HX-Request" in first["Vary"]
    tag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX)
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", tag)

    drop(night, players, "poll-1")
    changed = client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert 'data-total="Croaker" data-amount="' in changed.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], **HTMX).status_code == 304


def test_the_scoring_screens_poll_swaps_the_board_parts_out_of_band(client, league, night, players):
    drop(night, players, "poll-1")
    text = client.get(poll_urls(league, night)["scoring"], **HTMX).content.decode()
    for region in ("totals", "history"):
        assert f'id="{region}" hx-swap-oob="true"' in text
    for region in ("actions", "seats"):  # morphed in place: a button under a thumb stays
        assert f'id="{region}" hx-ext="morph" hx-swap-oob="morph"' in text
    assert 'id="hand-form"' not in text, "a form being filled in is left alone"
    assert "Undo hand 1" in text


def test_a_night_closed_on_another_phone_takes_its_table_controls_away(client, league, night):
    services.close_night(night=night, acting_user=None)
    text = client.get(poll_urls(league, night)["scoring"], **HTMX).content.decode()
    assert '<div id="table-controls" hx-swap-oob="true"></div>' in text
    assert 'id="same-table"' in text
    assert 'id="seats"' not in text


def test_the_page_carries_the_tag_its_first_poll_sends(client, league, night):
    page = client.get(reverse("ledger:night", args=[league.slug, night.pk])).content.decode()
    poll = client.get(poll_urls(league, night)["scoring"], **HTMX)
    assert f'data-etag="{poll["ETag"].replace(chr(34), "&quot;")}"' in page
    assert "ETag" not in client.get(reverse("ledger:night", args=[league.slug, night.pk]))


def test_a_page_load_is_never_conditional(client, league, night):
    """The page and its poll share the spectator's URL: only htmx's poll is tagged."""
    url = poll_urls(league, night)["watch"]
    tag = client.get(url, **HTMX)["ETag"]
    page = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert page.status_code == 200
    assert b"<html" in page.content


def test_the_tag_names_the_role_and_the_language(client, league, night, owner, django_user_model):
    url = poll_urls(league, night)["scoring"]
    tag = client.get(url, **HTMX)["ETag"]
    viewer = django_user_model.objects.create_user(username="viewer", password="pw-viewer-viewer")
    Membership.objects.create(league=league, user=viewer, role="viewer")
    other = Client()
    other.force_login(viewer)
    assert other.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 200
    dutch = client.get(url, HTTP_IF_NONE_MATCH=tag, HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
    assert dutch.status_code == 200


def test_an_unchanged_poll_costs_one_query_for_a_member_or_a_share_link(
    client, league, night, owner, django_assert_num_queries
):
    url = poll_urls(league, night)["watch"]
    tag = client.get(url, **HTMX)["ETag"]
    with django_assert_num_queries(1):  # the night's stamp, with the role and the session's user
        assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304

    link = services.share(league=league, acting_user=owner, night=night)
    spectator = Client()
    spectator.get(reverse("ledger:share", args=[link.lookup, link.token]))
    tag = spectator.get(url, **HTMX)["ETag"]
    with django_assert_num_queries(1):  # the night's stamp with the link's check
        assert spectator.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304

    services.revoke_share(link=link)
    assert spectator.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code in (302, 404)


def test_a_session_a_new_password_or_a_deactivation_ended_gets_no_304(client, league, night, owner):
    url = poll_urls(league, night)["watch"]
    tag = client.get(url, **HTMX)["ETag"]
    owner.set_password("another-long-pass-phrase")
    owner.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 302  # log in again
    client.force_login(owner)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304
    owner.is_active = False
    owner.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 302


def test_a_session_from_before_a_new_password_gets_no_304_through_a_share_link_either(
    client, league, night, owner
):
    """django.contrib.auth ends such a session, the share links it holds with it."""
    link = services.share(league=league, acting_user=owner, night=night)
    client.get(reverse("ledger:share", args=[link.lookup, link.token]))
    url = poll_urls(league, night)["watch"]
    tag = client.get(url, **HTMX)["ETag"]
    owner.set_password("another-long-pass-phrase")
    owner.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code != 304


def test_a_visitor_without_access_is_refused_not_answered_304(client, league, night):
    url = poll_urls(league, night)["watch"]
    tag = client.get(url, **HTMX)["ETag"]
    stranger = Client()
    assert stranger.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 302  # log in
    other = services.create_league(name="Other", unit="$", decimal_places=2, default_stake=1)
    wrong = reverse("ledger:night_watch", args=[other.slug, night.pk])
    assert client.get(wrong, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 404


def version(night) -> int:
    return Night.objects.values_list("version", flat=True).get(pk=night.pk)


CHANGES = {
    "record a hand": lambda night, p, o: drop(night, p, "v-1"),
    "void": lambda night, p, o: services.void_hand(hand=drop(night, p, "v-1"), acting_user=None),
    "undo": lambda night, p, o: services.undo_hand(hand=drop(night, p, "v-1"), acting_user=None),
    "stake": lambda night, p, o: services.change_stake(night=night, stake=200),
    "big one": lambda night, p, o: services.set_big_one(night=night, on=True),
    "dealer": lambda night, p, o: services.set_dealer(night=night, player=p["Goblin"]),
    "seat": lambda night, p, o: services.seat_player(night=night, player=p["Silent"]),
    "unseat": lambda night, p, o: services.unseat_player(night=night, player=p["Goblin"]),
    "close": lambda night, p, o: services.close_night(night=night, acting_user=None),
    "close season": lambda night, p, o: services.close_season(
        season=night.season, acting_user=None
    ),
}


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_a_screen_shows_moves_the_nights_version_on(night, players, owner, change):
    before = version(night)
    CHANGES[change](night, players, owner)
    assert version(night) > before


def test_a_correction_a_redo_and_a_reopening_move_it_on_too(night, players):
    hand = drop(night, players, "v-1")
    before = version(night)
    counts = {players["Croaker"]: 2, players["Goblin"]: 20, players["Elmo"]: 9}
    details = a_drop(players["Croaker"], counts)
    fixed = services.correct_hand(hand=hand, key="v-2", details=details, acting_user=None).hand
    assert version(night) > before
    before = version(night)
    services.undo_hand(hand=fixed, acting_user=None)
    assert version(night) > before
    newest = night.hands.order_by("-number").first()
    services.undo_hand(hand=newest, acting_user=None)
    before = version(night)
    services.redo_hand(hand=newest, acting_user=None)
    assert version(night) > before
    services.close_night(night=night, acting_user=None)
    before = version(night)
    services.reopen_night(night=night, acting_user=None)
    assert version(night) > before


def test_a_retried_save_moves_nothing(night, players):
    drop(night, players, "v-1")
    before = version(night)
    drop(night, players, "v-1")
    assert version(night) == before


def test_a_rename_or_a_new_time_zone_moves_the_leagues_version_on(league, players):
    def league_version():
        return League.objects.values_list("version", flat=True).get(pk=league.pk)

    before = league_version()
    services.rename_player(player=players["Goblin"], name="Hob")
    assert league_version() == before + 1
    services.set_time_zone(league=league, time_zone="America/Chicago")
    assert league_version() == before + 2


def save_a_drop(client, league, night, players, key: str, shown: str) -> str:
    """Croaker's drop saved the phone's way, from a phone that shows ``shown``."""
    save = reverse("ledger:hand_record", args=[league.slug, night.pk, "drop"])
    counts = (("Croaker", 3), ("Goblin", 20), ("Elmo", 9))
    data = {
        "key": key,
        "dealer": Night.objects.get(pk=night.pk).dealer_id,
        "dropper": players["Croaker"].pk,
        **{f"count-{players[name].pk}": n for name, n in counts},
    }
    return client.post(save, data, HTTP_X_BOARD_ETAG=shown, **HTMX).content.decode()


def test_the_phone_that_saved_a_hand_polls_on_from_its_answer(client, league, night, players):
    """Its answer drew the hand; its next poll is a 304, not the same hand drawn again."""
    poll = poll_urls(league, night)["scoring"]
    shown = client.get(poll, **HTMX)["ETag"]
    answer = save_a_drop(client, league, night, players, "own-1", shown)
    new = re.search(r'<div id="poll" hidden hx-swap-oob="true".*?data-etag="([^"]+)"', answer, re.S)
    assert new, "the answer carries the poll's next tag"
    tag = html.unescape(new[1])
    assert tag != shown
    assert client.get(poll, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304


def test_a_phone_behind_the_night_is_not_told_it_is_up_to_date(client, league, night, players):
    poll = poll_urls(league, night)["scoring"]
    shown = client.get(poll, **HTMX)["ETag"]
    drop(night, players, "elsewhere")  # logged on another phone, not yet polled here
    answer = save_a_drop(client, league, night, players, "own-2", shown)
    assert "Hand 2 saved." in answer
    assert 'id="poll"' not in answer, "its next poll fetches the hand it has not seen"
