import re

import pytest

from ledger.models import League, Night, Player, Season
from ledger.rows.details import HandDetails
from tests.helpers import record

pytestmark = pytest.mark.django_db


def test_home_lists_leagues_and_creates_one(client):
    page = client.get("/")
    assert page.status_code == 200
    assert b"Start a league" in page.content
    response = client.post(
        "/",
        {
            "name": "Black Company",
            "unit": "$",
            "decimal_places": "2",
            "preset": "speno",
            "default_stake": "0.25",
        },
    )
    league = League.objects.get()
    assert response.status_code == 302
    assert response["Location"] == "/l/black-company/"
    assert (league.default_stake, league.rules) == (25, {"preset": "speno", "overrides": {}})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("default_stake", "0.255", "more than 2 decimal places"),
        ("default_stake", "0", "must be more than zero"),
        ("default_stake", "lots", "is not an amount"),
        ("name", "", "This field is required"),
        ("preset", "vegas", "Select a valid choice"),
    ],
)
def test_home_refuses_a_bad_league(client, field, value, message):
    data = {
        "name": "X",
        "unit": "$",
        "decimal_places": "2",
        "preset": "pagat",
        "default_stake": "1",
        field: value,
    }
    page = client.post("/", data)
    assert page.status_code == 200
    assert message in page.content.decode()
    assert not League.objects.exists()


def test_the_league_page_shows_players_seasons_and_nights(client, league, players, night):
    page = client.get(f"/l/{league.slug}/")
    text = page.content.decode()
    assert page.status_code == 200
    for name in players:
        assert name in text
    assert "Winter 2026" in text
    assert f"/l/{league.slug}/nights/{night.pk}/" in text
    assert "Start a night" in text


def test_an_unknown_league_is_404(client):
    assert client.get("/l/nope/").status_code == 404


def test_players_are_added_renamed_and_retired(client, league):
    client.post(f"/l/{league.slug}/players/", {"name": "Goblin"})
    goblin = Player.objects.get(name="Goblin")
    client.post(f"/l/{league.slug}/players/{goblin.pk}/rename/", {"name": "Goblin the Small"})
    client.post(f"/l/{league.slug}/players/{goblin.pk}/retire/")
    goblin.refresh_from_db()
    assert goblin.name == "Goblin the Small"
    assert goblin.retired_at is not None


def test_a_duplicate_player_is_explained_beside_the_name_and_not_added(client, league, players):
    page = client.post(f"/l/{league.slug}/players/", {"name": "goblin"})
    assert page.status_code == 200
    feedback = re.search(r'id="error_1_add-player-name"[^>]*>(.*?)</', page.content.decode(), re.S)
    assert "Black Company already has a player called goblin" in feedback.group(1)
    assert Player.objects.filter(name__iexact="goblin").count() == 1


def test_after_adding_a_player_the_page_opens_at_the_name_box(client, league):
    answer = client.post(f"/l/{league.slug}/players/", {"name": "Goblin"})
    assert answer["Location"] == f"/l/{league.slug}/#add-player-name"
    assert 'id="add-player-name"' in client.get(answer["Location"]).content.decode()


def test_another_leagues_player_is_404(client, league, players):
    from ledger import services

    other = services.create_league(name="Other")
    assert client.post(f"/l/{other.slug}/players/{players['Elmo'].pk}/retire/").status_code == 404
    players["Elmo"].refresh_from_db()
    assert players["Elmo"].retired_at is None


def test_seasons_are_closed_and_started(client, league, season):
    client.post(f"/l/{league.slug}/seasons/{season.pk}/close/")
    page = client.post(f"/l/{league.slug}/seasons/", {"name": "Spring"}, follow=True)
    assert "Spring has started" in page.content.decode()
    assert Season.objects.filter(closed_at__isnull=True).get().name == "Spring"


def test_a_second_open_season_is_refused(client, league, season):
    page = client.post(f"/l/{league.slug}/seasons/", {"name": "Spring"})
    assert "still has an open season" in page.content.decode()
    assert Season.objects.count() == 1


def test_league_rules_are_saved_with_overrides(client, league):
    client.post(
        f"/l/{league.slug}/rules/",
        {
            "rules_name": "Thursday",
            "preset": "speno",
            "drop__catch": "standard",
            "out__first_turn_multiplier": "3",
        },
    )
    league.refresh_from_db()
    assert league.rules_name == "Thursday"
    assert league.rules == {
        "preset": "speno",
        "overrides": {"drop": {"catch": "standard"}, "out": {"first_turn_multiplier": 3}},
    }


def test_bad_rule_overrides_are_explained(client, league):
    page = client.post(
        f"/l/{league.slug}/rules/",
        {
            "preset": "pagat",
            "tiers": '[{"name": "low", "max": 15}, {"name": "mid", "min": 10, "max": 20}]',
        },
    )
    assert (
        "deal-tonk tiers &#x27;low&#x27; and &#x27;mid&#x27; share the count 10"
        in page.content.decode()
    )
    league.refresh_from_db()
    assert league.rules == {"preset": "pagat", "overrides": {}}


class TestStartANight:
    def post(self, client, league, players, **extra):
        p = players
        data = {
            f"sit-{p['Croaker'].pk}": "on",
            f"seat-{p['Croaker'].pk}": "2",
            f"sit-{p['Goblin'].pk}": "on",
            f"seat-{p['Goblin'].pk}": "1",
            f"sit-{p['Elmo'].pk}": "on",
            f"seat-{p['Elmo'].pk}": "3",
            "dealer": str(p["Elmo"].pk),
            "stake": "0.50",
            "date": "2026-11-30",
            "rules-preset": "newark",
            "new_player": "",
        }
        data.update(extra)
        return client.post(f"/l/{league.slug}/nights/new/", data)

    def test_it_seats_players_in_the_order_given(self, client, league, players, season):
        response = self.post(client, league, players)
        night = Night.objects.get()
        assert response["Location"] == f"/l/{league.slug}/nights/{night.pk}/"
        assert [s.player.name for s in night.seats.all()] == ["Goblin", "Croaker", "Elmo"]
        assert (night.stake, night.rules["preset"], night.dealer.name) == (50, "newark", "Elmo")

    def test_a_new_player_can_sit_down_and_deal(self, client, league, players, season):
        self.post(client, league, players, new_player="Otto", dealer="new")
        night = Night.objects.get()
        assert [s.player.name for s in night.seats.all()][-1] == "Otto"
        assert night.dealer.name == "Otto"

    def test_a_dealer_who_does_not_sit_is_refused(self, client, league, players, season):
        page = self.post(client, league, players, dealer=str(players["Silent"].pk))
        assert "The dealer must be one of the players who sit down" in page.content.decode()
        assert not Night.objects.exists()

    def test_a_new_players_taken_name_writes_nothing(self, client, league, players, season):
        page = self.post(client, league, players, new_player="elmo")
        assert "already has a player called elmo" in page.content.decode()
        assert not Night.objects.exists()

    def test_without_a_season_it_says_so(self, client, league, players):
        response = client.get(f"/l/{league.slug}/nights/new/", follow=True)
        assert "Start a season first" in response.content.decode()


def test_a_blank_rename_is_refused(client, league, players):
    page = client.post(
        f"/l/{league.slug}/players/{players['Elmo'].pk}/rename/", {"name": " "}, follow=True
    )
    assert "A player needs a name." in page.content.decode()
    players["Elmo"].refresh_from_db()
    assert players["Elmo"].name == "Elmo"


def test_a_blank_season_name_is_refused(client, league):
    page = client.post(f"/l/{league.slug}/seasons/", {"name": ""})
    assert "This field is required" in page.content.decode()
    assert not Season.objects.exists()


def test_the_start_a_night_form_lists_the_active_players_and_the_presets(
    client, league, players, season
):
    from ledger import services

    services.retire_player(player=players["Silent"])
    text = client.get(f"/l/{league.slug}/nights/new/").content.decode()
    assert "Croaker" in text
    assert "One-Eye" in text
    assert "Silent" not in text
    assert "Black Company (Speno, Glen Cook): 15 or less, 49 or 50 on the deal pays double" in text
    assert 'value="1.00"' in text


def test_a_leagues_first_night_seats_everyone_who_fits_one_table(client, league, players, season):
    text = client.get(f"/l/{league.slug}/nights/new/").content.decode()
    ticked = re.findall(r'name="sit-(\d+)" id="[^"]+" checked', text)
    assert sorted(map(int, ticked)) == sorted(p.pk for p in players.values())


def test_a_league_too_big_for_one_table_ticks_nobody_at_first(client, league, players, season):
    from ledger import services

    for n in range(6):  # eleven players: more than a 52-card deck deals five cards to
        services.add_player(league=league, name=f"Extra {n}")
    text = client.get(f"/l/{league.slug}/nights/new/").content.decode()
    assert 'class="form-check-input sit"' in text
    assert not re.search(r'name="sit-\d+" id="[^"]+" checked', text)


def test_settling_in_quarters_and_points(client, league):
    client.post(f"/l/{league.slug}/settling/", {"settle_unit": "0.25", "points_rate": "25"})
    league.refresh_from_db()
    assert (league.settle_unit, league.points_rate) == (25, 25)
    page = client.post(f"/l/{league.slug}/settling/", {"settle_unit": "0", "points_rate": "1"})
    assert "It must be more than zero." in page.content.decode()
    league.refresh_from_db()
    assert league.settle_unit == 25


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_league_page_only_reads(client, league, method):
    assert getattr(client, method)(f"/l/{league.slug}/").status_code == 405


def test_the_owner_renames_the_league(client, league):
    client.post(f"/l/{league.slug}/rename/", {"name": "The Company"})
    league.refresh_from_db()
    assert league.name == "The Company"
    page = client.post(f"/l/{league.slug}/rename/", {"name": "x" * 101}).content.decode()
    assert "at most 100 characters" in page
    league.refresh_from_db()
    assert league.name == "The Company"


def test_deleting_a_league_takes_its_name_typed_out(client, league, players):
    page = client.post(f"/l/{league.slug}/delete/", {"confirm": "black company"})
    assert "Type the league&#x27;s name exactly to delete it." in page.content.decode()
    assert League.objects.filter(pk=league.pk).exists()
    response = client.post(f"/l/{league.slug}/delete/", {"confirm": "Black Company"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert not League.objects.filter(pk=league.pk).exists()


def test_a_league_with_hands_is_not_deleted_and_says_why(client, league, night, players):
    record(night, HandDetails(outcome="dead"))
    page = client.post(f"/l/{league.slug}/delete/", {"confirm": "Black Company"}).content.decode()
    assert "Black Company has hands in its ledger, which is kept for good" in page
    assert League.objects.filter(pk=league.pk).exists()


def test_retiring_a_player_asks_first(client, league, players):
    page = client.get(f"/l/{league.slug}/").content.decode()
    retire = f'action="/l/{league.slug}/players/{players["Goblin"].pk}/retire/"'
    assert re.search(retire + r'[^>]*data-confirm="Retire Goblin\? They keep their history', page)


def test_a_league_with_hands_offers_no_delete_and_says_why(client, league, night, players):
    page = client.get(f"/l/{league.slug}/").content.decode()
    assert f'action="/l/{league.slug}/delete/"' in page
    record(night, HandDetails(outcome="dead"))
    page = client.get(f"/l/{league.slug}/").content.decode()
    assert f'action="/l/{league.slug}/delete/"' not in page
    assert 'id="kept-for-good"' in page
