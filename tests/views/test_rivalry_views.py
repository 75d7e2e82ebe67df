import csv
import io
import re
from datetime import date

import pytest

from ledger import services
from ledger.rows.details import HandDetails
from ledger.tooling.demo import DemoLeague
from tests.helpers import drop, record
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def rivals(season, players):
    """Three closed nights of Croaker, Goblin and Elmo: Croaker tonks out on each, Goblin
    catches Elmo's drop on the last; and a fourth night still open."""
    p = players
    table = [p["Croaker"], p["Goblin"], p["Elmo"]]
    for day in (1, 2, 3, 4):
        night = services.start_night(
            season=season, players=table, dealer=p["Elmo"], date=date(2026, 1, day)
        )
        record(night, HandDetails(outcome="tonk_out", winner=p["Croaker"]))
        if day == 3:
            record(night, drop(p["Elmo"], {p["Croaker"]: 20, p["Goblin"]: 5, p["Elmo"]: 9}))
        if day < 4:
            services.close_night(night=night, acting_user=None)
    return night


def rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_player_page_tells_the_story(client, league, rivals, players):
    text = client.get(f"/l/{league.slug}/players/{players['Croaker'].pk}/").content.decode()
    assert 'id="player-rating">Skill rating (all seasons) <strong>' in text
    assert "provisional: 3 of 5 nights" in text
    assert "4 nights won in a row" not in text  # the open night counts for no run
    assert "3 nights won in a row" in text
    elmo = f"/l/{league.slug}/players/{players['Croaker'].pk}/vs/{players['Elmo'].pk}/"
    link = f'<a href="{elmo}?season={rivals.season_id}">Elmo</a>'
    assert f'{link} <strong class="text-nowrap">+$8.00</strong>' in text
    won_lost = "4\N{EN DASH}0"
    assert f'text-nowrap">{won_lost}</td><td class="text-end text-nowrap">+$7.00</td>' in text
    elmo = client.get(f"/l/{league.slug}/players/{players['Elmo'].pk}/").content.decode()
    assert 'id="nemesis"' in elmo
    assert '>Croaker</a> <strong class="text-nowrap">\N{MINUS SIGN}$8.00</strong>' in elmo
    assert "When Elmo drops" in elmo


def test_the_head_to_head_page_both_ways(client, league, rivals, players):
    a, b = players["Goblin"], players["Elmo"]
    text = client.get(f"/l/{league.slug}/players/{a.pk}/vs/{b.pk}/?season=all").content.decode()
    assert "Goblin against Elmo" in text
    assert "over 4 nights together." in text
    assert '<td class="text-end" id="h2h-catches">1</td>' in text
    back = client.get(f"/l/{league.slug}/players/{b.pk}/vs/{a.pk}/?season=all").content.decode()
    assert '<td class="text-end" id="h2h-catches">0</td><td class="text-end">1</td>' in back
    assert client.get(f"/l/{league.slug}/players/{a.pk}/vs/{a.pk}/").status_code == 404
    assert client.get(f"/l/{league.slug}/players/{a.pk}/vs/99999/").status_code == 404
    lonely = services.add_player(league=league, name="Otto")
    text = client.get(f"/l/{league.slug}/players/{a.pk}/vs/{lonely.pk}/").content.decode()
    assert "Goblin and Otto played no hand together in Winter 2026." in text
    url = f"/l/{league.slug}/players/{a.pk}/vs/{lonely.pk}/?season=all"
    assert "have not played a hand together yet" in client.get(url).content.decode()


def test_records_and_ratings(client, league, rivals, players):
    text = client.get(f"/l/{league.slug}/records/?season=all").content.decode()
    assert "Skill ratings" in text
    assert text.index(">Croaker</a>") < text.index(">Goblin</a>") < text.index(">Elmo</a>")
    croaker, goblin = (f"/l/{league.slug}/players/{players[n].pk}/" for n in ("Croaker", "Goblin"))
    assert f'run:</span> <strong>3 nights</strong> <a href="{croaker}">Croaker</a>' in text
    assert f'night:</span> <strong class="text-nowrap">1</strong> <a href="{goblin}">Goblin' in text
    ratings = rows(client.get(f"/l/{league.slug}/ratings.csv"))
    assert ratings[1] == ["rank", "player", "rating", "mu", "sigma", "rated nights", "provisional"]
    assert [row[1] for row in ratings[2:]] == ["Croaker", "Goblin", "Elmo"]
    assert {row[5] for row in ratings[2:]} == {"3"}
    meetings = rows(client.get(f"/l/{league.slug}/head-to-head.csv?season=all"))
    assert ["Croaker", "Elmo", "4", "5", "8.00", "4", "0", "0", "0"] in meetings
    assert ["Elmo", "Goblin", "4", "5", "-2.00", "0", "0", "0", "1"] in meetings


def test_when_to_drop_and_its_spreadsheet(client, league, rivals, players):
    text = client.get(f"/l/{league.slug}/drops/?season=all").content.decode()
    assert '<svg class="chart"' in text
    assert '<tr><th scope="row">9</th><td class="text-end">1</td>' in text
    assert "%" not in text.split("<tbody>")[1].split("</tbody>")[0]  # one drop: no share
    mine = client.get(f"/l/{league.slug}/drops/?player={players['Goblin'].pk}").content.decode()
    assert "No drops logged here yet." in mine
    sheet = rows(client.get(f"/l/{league.slug}/drops.csv?season=all"))
    assert sheet[2] == ["9", "1", "0", "1", "0", "", ""]
    assert client.get(f"/l/{league.slug}/drops/?player=abc").status_code == 404


def test_when_to_drop_offers_a_retired_player_only_when_their_drops_are_shown(
    client, league, rivals, players
):
    services.retire_player(player=players["Elmo"])
    offered = re.compile(r'<option value="(\d+)"')
    everyone = client.get(f"/l/{league.slug}/drops/?season=all").content.decode()
    assert str(players["Elmo"].pk) not in offered.findall(everyone)
    assert str(players["Goblin"].pk) in offered.findall(everyone)
    elmo = client.get(f"/l/{league.slug}/drops/?player={players['Elmo'].pk}").content.decode()
    assert f'<option value="{players["Elmo"].pk}" selected>Elmo</option>' in elmo


def test_the_drop_sheet_says_how_drops_at_the_count_went(client, league, rivals, players):
    p = players
    preview = f"/l/{league.slug}/nights/{rivals.pk}/hand/drop/preview/"
    data = {"dealer": p["Elmo"].pk, "dropper": p["Croaker"].pk}
    text = client.post(preview, data, **HTMX).content.decode()
    assert "drop-advice" not in text  # no count yet
    text = client.post(preview, data | {f"count-{p['Croaker'].pk}": "9"}, **HTMX).content.decode()
    assert "At 9, drops in this league won 0 of 1: too few to go by." in text
    text = client.post(preview, data | {f"count-{p['Croaker'].pk}": "4"}, **HTMX).content.decode()
    assert "No drops at 4 logged in this league yet." in text
    for _ in range(5):
        record(rivals, drop(p["Goblin"], {p["Croaker"]: 20, p["Goblin"]: 4, p["Elmo"]: 20}))
    text = client.post(preview, data | {f"count-{p['Croaker'].pk}": "4"}, **HTMX).content.decode()
    assert "No drops at 4 logged in this league yet." in text  # tonight's count once closed
    services.close_night(night=rivals, acting_user=None)
    tonight = services.start_night(
        season=rivals.season, players=[p["Croaker"], p["Goblin"], p["Elmo"]], dealer=p["Elmo"]
    )
    preview = f"/l/{league.slug}/nights/{tonight.pk}/hand/drop/preview/"
    text = client.post(preview, data | {f"count-{p['Croaker'].pk}": "4"}, **HTMX).content.decode()
    assert "At 4, drops in this league won 5 of 5 (100%)." in text
    services.reopen_night(
        night=rivals, acting_user=None
    )  # its drops leave the advisor until it closes again
    text = client.post(preview, data | {f"count-{p['Croaker'].pk}": "4"}, **HTMX).content.decode()
    assert "No drops at 4 logged in this league yet." in text


@pytest.mark.parametrize(
    ("page", "queries"),
    [
        ("records/?season=all", 9),  # 7 once cached: no scan of the tallies
        ("records/", 10),
        ("drops/?season=all", 5),
        ("drops/", 5),
        ("drops.csv", 3),
    ],
)
def test_league_pages_keep_their_queries(client, owner, django_assert_num_queries, page, queries):
    for size in (120, 700):  # both with a closed night in each season
        league = DemoLeague(
            players=8, seasons=2, hands=size, seed=size, name=f"L{size}", owner=owner
        ).create()
        with django_assert_num_queries(queries):
            assert client.get(f"/l/{league.slug}/{page}").status_code == 200


def test_head_to_head_keeps_its_queries(client, owner, django_assert_num_queries):
    for size in (40, 700):
        league = DemoLeague(
            players=5, seasons=2, hands=size, seed=size, name=f"L{size}", owner=owner
        ).create()
        a, b = league.players.order_by("pk")[:2]
        with django_assert_num_queries(8):
            assert client.get(f"/l/{league.slug}/players/{a.pk}/vs/{b.pk}/").status_code == 200


HOSTILE = [
    "abc",
    "-1",
    "0",
    "99999999999999999999",
    "1 OR 1=1",
    "%00",
    "\N{FULLWIDTH DIGIT ONE}",
    "",
    "all",
]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_query_values_are_a_page_or_a_404(client, league, rivals, players, value):
    a, b = players["Goblin"].pk, players["Elmo"].pk
    for path in (
        f"records/?season={value}",
        f"drops/?season={value}",
        f"drops/?player={value}",
        f"drops.csv?player={value}&season={value}",
        f"head-to-head.csv?season={value}",
        f"players/{a}/vs/{b}/?season={value}",
        f"players/{a}/?season={value}",
    ):
        status = client.get(f"/l/{league.slug}/{path}").status_code
        assert status in (200, 404), (path, status)


def test_the_drop_pages_season_switch_keeps_whose_drops(client, league, rivals, players):
    goblin = players["Goblin"].pk
    text = client.get(f"/l/{league.slug}/drops/?player={goblin}").content.decode()
    assert f'href="/l/{league.slug}/drops/?season=all&amp;player={goblin}"' in text


def test_records_follow_a_night_that_closes_or_reopens(client, league, rivals, players):
    url = f"/l/{league.slug}/records/?season=all"
    assert "Longest winning run:</span> <strong>3 nights" in client.get(url).content.decode()
    services.close_night(night=rivals, acting_user=None)  # Croaker's fourth night won in a row
    assert "Longest winning run:</span> <strong>4 nights" in client.get(url).content.decode()
    services.reopen_night(night=rivals, acting_user=None)
    assert "Longest winning run:</span> <strong>3 nights" in client.get(url).content.decode()


def test_the_records_runs_say_when(client, league, rivals, players):
    """Who, and from which night to which, each a link to that night."""
    services.close_night(night=rivals, acting_user=None)
    page = client.get(f"/l/{league.slug}/records/?season=all").content.decode()
    line = next(li for li in page.split("<li>") if "Longest winning run" in li)
    croaker = league.players.get(name="Croaker")
    nights = list(
        league.seasons.first().nights.filter(closed_at__isnull=False).order_by("date", "pk")
    )
    first, last = nights[-4], nights[-1]
    assert f">{croaker.name}</a>" in line
    assert f'nights/{first.pk}/summary/">{first.date:%-d %b %Y}</a> to ' in line
    assert f'nights/{last.pk}/summary/">{last.date:%-d %b %Y}</a>' in line


def test_records_are_read_once_per_close(client, league, rivals, django_assert_num_queries):
    url = f"/l/{league.slug}/records/?season=all"

    def shown():
        return client.get(url).content.decode().split('id="records-h"')[1].split("</section>")[0]

    with django_assert_num_queries(9):
        first = shown()
    with django_assert_num_queries(7):  # the newest close is the same: the tallies are not read
        assert shown() == first
    assert "Croaker" in first
