import pytest
from django.db import connection

from ledger import services
from ledger.models import Entry, PlayerNight, Transaction
from ledger.reads.audit import audit
from ledger.rows.details import HandDetails
from ledger.tooling.demo import DemoLeague
from tests.helpers import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, players):
    record(night, HandDetails(outcome="tonk_out", winner=players["Elmo"]))
    return night


def test_the_standings_page_shows_the_table_and_a_zero_total(client, league, played):
    text = client.get(f"/l/{league.slug}/standings/").content.decode()
    assert '<tr data-player="Elmo">' in text
    assert 'id="total" data-amount="0">$0.00 <span aria-label="nets to zero"' in text
    assert "Winter 2026" in text
    assert "All time" in text
    assert "unbalanced" not in text


def test_a_corrupted_tally_makes_the_page_say_so_loudly(client, league, played, players):
    """The page sums the tallies it shows; an entry the tallies do not match is found by
    check_ledger (tests/ledger/test_audit.py), which the page's notice sends the owner to."""
    tally = PlayerNight.objects.get(player=players["Goblin"])
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {PlayerNight._meta.db_table} SET net = net + 5 WHERE id = %s", [tally.pk]
        )
    text = client.get(f"/l/{league.slug}/standings/").content.decode()
    assert "These standings do not net to zero:</strong> they are off by +$0.05" in text
    assert "manage.py check_ledger" in text
    posting = Transaction.objects.get(kind="hand")
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Entry._meta.db_table} (transaction_id, player_id, counterparty_id, amount) VALUES (%s, %s, %s, %s)",
            [posting.pk, players["Goblin"].pk, players["Croaker"].pk, 5],
        )
    assert any("Goblin" in problem or "net" in problem for problem in audit())


def test_the_standings_query_count_does_not_grow(client, owner, django_assert_num_queries):
    # 1 the user, 2 the league with the user's role, 3 season (open first, else latest),
    # 4 seasons for the switcher, 5 the players' night tallies summed, 6 their wins by
    # kind, 7 the total of every net from the tallies. All time: no season to look up, but
    # the closed seasons' totals and the open season's tallies.
    small = DemoLeague(players=5, seasons=1, hands=15, name="Small", owner=owner).create()
    big = DemoLeague(players=12, seasons=2, hands=600, seed=9, name="Big", owner=owner).create()
    for league in (small, big):
        with django_assert_num_queries(7):
            assert client.get(f"/l/{league.slug}/standings/").status_code == 200
        with django_assert_num_queries(7):
            assert client.get(f"/l/{league.slug}/standings/all/").status_code == 200


def test_player_and_night_summary_queries_do_not_grow(
    client, owner, django_assert_num_queries, django_assert_max_num_queries
):
    for size in (15, 400):
        league = DemoLeague(
            players=6, seasons=1, hands=size, seed=size, name=f"L{size}", owner=owner
        ).create()
        player = league.players.first()
        night = league.seasons.get().nights.order_by("pk").first()
        # 17: the page of before (10) less the ledger's total it did not show, the
        # ratings, the opponents (2 and their players), and the runs and bests (4)
        with django_assert_num_queries(17):
            assert client.get(f"/l/{league.slug}/players/{player.pk}/").status_code == 200
        with django_assert_max_num_queries(7):  # the 7th: the naturals pot's story
            assert client.get(f"/l/{league.slug}/nights/{night.pk}/summary/").status_code == 200


def test_the_player_page_has_a_chart_with_a_table(client, league, played, players):
    text = client.get(f"/l/{league.slug}/players/{players['Elmo'].pk}/").content.decode()
    assert '<svg class="chart"' in text
    assert "<polyline" in text
    assert "Net <strong" in text
    assert "+$4.00" in text
    assert "Tonk-outs: <strong>1</strong>" in text


def test_the_night_summary_has_a_line_per_player(client, league, played):
    text = client.get(f"/l/{league.slug}/nights/{played.pk}/summary/").content.decode()
    assert text.count("<polyline") == 3
    assert "The numbers behind the chart" in text


def test_a_bad_season_is_404(client, league, played):
    assert client.get(f"/l/{league.slug}/standings/999/").status_code == 404
    assert client.get(f"/l/{league.slug}/players/{played.dealer_id}/?season=abc").status_code == 404


def test_hostile_names_are_escaped_and_neutralised(client, league, season, players):
    names = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', '=HYPERLINK("x")']
    hostile = [services.add_player(league=league, name=name) for name in names]
    night = services.start_night(season=season, players=hostile, dealer=hostile[0])
    record(night, HandDetails(outcome="tonk_out", winner=hostile[2]))
    for url in (
        f"/l/{league.slug}/standings/",
        f"/l/{league.slug}/nights/{night.pk}/summary/",
        f"/l/{league.slug}/players/{hostile[0].pk}/",
        f"/l/{league.slug}/nights/{night.pk}/",
    ):
        text = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in text
        assert "<img src=x" not in text
    csv_text = client.get(f"/l/{league.slug}/standings.csv").content.decode()
    assert "'=HYPERLINK" in csv_text


def test_a_big_league_shows_its_top_sixty_and_the_rest_on_demand(client, owner):
    league = DemoLeague(players=70, seasons=1, hands=900, seed=3, name="Big", owner=owner).create()
    client.force_login(owner)
    ranked = client.get(f"/l/{league.slug}/standings/all/?players=all").content.decode()
    everyone = ranked.count("<tr data-player=")
    assert everyone > 60
    top = client.get(f"/l/{league.slug}/standings/all/").content.decode()
    assert top.count("<tr data-player=") == 60
    assert f"Show the other {everyone - 60} players too" in top
    assert top.split("<tbody>")[1][:2000] == ranked.split("<tbody>")[1][:2000]  # the same top
    assert 'id="total" data-amount="0"' in top  # the sum is over everyone
