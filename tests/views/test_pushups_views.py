"""The scoring screen of a push-ups night: it asks every loser's count, previews who is
pushed up, refuses a missing count beside its player, and shows the points."""

import re

import pytest

from ledger import services
from ledger.models import Hand, HandPlayer
from ledger.reads.standings import Standing
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(pushups_night):
    return pushups_night


def pks(players):
    return {name: str(player.pk) for name, player in players.items()}


def tonk_out(players, **counts):
    p = pks(players)
    data = {"key": "t-1", "dealer": p["Elmo"], "winner": p["Elmo"], "method": "spread"}
    return data | {f"count-{p[name]}": count for name, count in counts.items()}


def test_a_tonk_out_asks_everyones_count_and_previews_the_pushes(client, urls, players):
    form = client.get(urls["night"] + "hand/tonk_out/", **HTMX).content.decode()
    assert "Counts: everyone's but the winner's (push-ups)" in form
    assert form.count('class="form-control count') == 3
    preview = client.post(
        urls["night"] + "hand/tonk_out/preview/", tonk_out(players, Croaker=7, Goblin=22), **HTMX
    ).content.decode()
    assert "Croaker is pushed up 14 (double: a tonk out with a spread)" in preview
    assert "Goblin is pushed up 44 (double: a tonk out with a spread)" in preview
    assert "Goblin pays Elmo $0.44" in preview


def test_a_missing_losers_count_is_named_and_nothing_is_saved(client, urls, players):
    answer = client.post(
        urls["night"] + "hand/tonk_out/save/", tonk_out(players, Croaker=7), **HTMX
    )
    text = answer.content.decode()
    assert answer["HX-Retarget"] == "#hand-form"
    assert "Goblin&#x27;s count is missing: push-ups push them up by it" in text
    assert f'id="id_count-{players["Goblin"].pk}-error"' in text
    assert not Hand.objects.exists()


def test_a_saved_hand_shows_the_points_fewest_first(client, urls, players):
    client.post(urls["night"] + "hand/tonk_out/save/", tonk_out(players, Croaker=7, Goblin=22))
    board = client.get(urls["night"]).content.decode()
    assert "Points, fewest first:" in board
    order = [board.index(f'data-points="{name}"') for name in ("Elmo", "Croaker", "Goblin")]
    assert order == sorted(order)
    assert 'data-points="Goblin" data-value="44"' in board
    assert "Pushed up: Croaker 14, Goblin 44" in board


def test_a_deal_tonk_takes_the_callers_and_everyones_deal_count(client, urls, players):
    p = pks(players)
    data = {
        "key": "d-1",
        "dealer": p["Elmo"],
        f"claim-{p['Goblin']}": 50,
        f"order-{p['Goblin']}": 1,
        f"claim-{p['Croaker']}": 30,
        f"claim-{p['Elmo']}": 12,
    }
    form = client.get(urls["night"] + "hand/deal_tonk/", **HTMX).content.decode()
    assert "data-every-count" in form
    client.post(urls["night"] + "hand/deal_tonk/save/", data)
    seats = dict(HandPlayer.objects.values_list("player__name", "points").filter(hand__number=1))
    assert seats == {"Croaker": 60, "Goblin": 0, "Elmo": 24}
    missing = dict(data, key="d-2")
    del missing[f"claim-{p['Goblin']}"]
    answer = client.post(urls["night"] + "hand/deal_tonk/save/", missing, **HTMX)
    assert "Enter the deal count of each player who called tonk" in answer.content.decode()
    assert Hand.objects.count() == 1


def test_a_money_night_asks_no_count_on_a_tonk_out(client, league, season, players):
    seated = [players["Croaker"], players["Goblin"]]
    night = services.start_night(season=season, players=seated, dealer=seated[0])
    form = client.get(f"/l/{league.slug}/nights/{night.pk}/hand/tonk_out/", **HTMX)
    assert 'class="form-control count' not in form.content.decode()
    assert (
        "Points, fewest first"
        not in client.get(f"/l/{league.slug}/nights/{night.pk}/").content.decode()
    )


def test_the_standings_show_points_and_points_per_hand_ranked_by_money(
    client, league, urls, players
):
    client.post(urls["night"] + "hand/tonk_out/save/", tonk_out(players, Croaker=7, Goblin=22))
    second = tonk_out(players, Croaker=4, Goblin=9) | {"key": "t-2", "method": "hit"}
    client.post(urls["night"] + "hand/tonk_out/save/", second)
    page = client.get(f"/l/{league.slug}/standings/?columns=all").content.decode()
    assert "Points per hand" in page
    # Croaker 14 + 4, Goblin 44 + 9 (a hit does not double under the pushups preset).
    rows = re.findall(
        r'data-player="(\w+)".*?data-points="(\d+)"[^<]*</td><td[^>]*>([\d.]*)<', page, re.S
    )
    assert rows == [("Elmo", "0", "0.0"), ("Croaker", "18", "9.0"), ("Goblin", "53", "26.5")]
    csv = client.get(f"/l/{league.slug}/standings.csv").content.decode()
    assert csv.splitlines()[1].endswith("push-ups points,points per hand")
    assert ",53,26.5" in csv


@pytest.mark.parametrize(
    ("points", "hands", "shown"), [(0, 1, 0), (53, 2, 265), (10, 3, 33), (11, 6, 18)]
)
def test_points_per_hand_is_rounded_half_up_to_a_tenth(points, hands, shown):
    assert Standing(1, "A", points=points, points_hands=hands).points_per_hand == shown
    assert Standing(1, "A").points_per_hand is None


@pytest.mark.parametrize("language", ["nl", "it", "es"])
def test_points_per_hand_are_written_with_the_languages_decimal_comma(
    client, league, urls, players, language
):
    client.post(urls["night"] + "hand/tonk_out/save/", tonk_out(players, Croaker=7, Goblin=22))
    second = tonk_out(players, Croaker=4, Goblin=9) | {"key": "t-2", "method": "hit"}
    client.post(urls["night"] + "hand/tonk_out/save/", second)
    client.cookies["django_language"] = language
    page = client.get(f"/l/{league.slug}/standings/?columns=all").content.decode()
    assert re.search(r'data-points="53"[^<]*</td><td[^>]*>26,5<', page)
    assert "26.5" not in page


@pytest.mark.parametrize(
    ("net", "hands", "per_hand"),
    [(7, 2, 4), (-7, 2, -4), (-1, 3, 0), (-2, 3, -1), (-5, 12, 0), (-125, 3, -42), (5, 1, 5)],
)
def test_net_per_hand_is_rounded_to_the_nearest_minor_unit(net, hands, per_hand):
    """-41.67 cents is shown as -$0.42, not cut to -$0.41; a half goes away from zero."""
    assert Standing(1, "A", net=net, hands=hands).net_per_hand == per_hand


def test_fixing_a_deal_tonk_keeps_the_non_claimers_deal_counts(client, urls, players):
    p = pks(players)
    data = {"key": "d-1", "dealer": p["Elmo"], f"claim-{p['Goblin']}": 50}
    data |= {f"order-{p['Goblin']}": 1, f"claim-{p['Croaker']}": 30, f"claim-{p['Elmo']}": 12}
    client.post(urls["night"] + "hand/deal_tonk/save/", data)
    hand = Hand.objects.get()
    form = client.get(urls["night"] + f"hand/deal_tonk/?correcting={hand.pk}", **HTMX)
    text = form.content.decode()
    assert f'name="claim-{p["Croaker"]}" id="id_claim-{p["Croaker"]}" value="30"' in text
    assert f'name="claim-{p["Elmo"]}" id="id_claim-{p["Elmo"]}" value="12"' in text
    assert f'name="order-{p["Goblin"]}" id="id_order-{p["Goblin"]}" value="1"' in text
