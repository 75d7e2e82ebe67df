import re

import pytest

from ledger import services
from ledger.models import Night
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


def test_the_scoring_screen_shows_totals_dealer_stake_and_outcomes(client, urls):
    text = client.get(urls["night"]).content.decode()
    assert 'Stake <strong id="stake">$1.00</strong>' in text
    assert '<strong id="dealer">Elmo</strong> deals' in text
    for label in ("Deal tonk", "Drop", "Tonk out", "Out on discard", "Stock out", "Dead hand"):
        assert f">{label}</a>" in text
    assert "data-wake-lock" in text
    assert 'hx-headers=\'{"x-csrftoken": "' in text


def test_another_leagues_night_is_404(client, night, players):
    other = services.create_league(name="Other")
    assert client.get(f"/l/{other.slug}/nights/{night.pk}/").status_code == 404
    assert (
        client.post(f"/l/{other.slug}/nights/{night.pk}/stake/", {"stake": "5"}).status_code == 404
    )
    night.refresh_from_db()
    assert night.stake == 100


def test_the_stake_changes_for_the_next_hands(client, urls, night):
    page = client.post(urls["night"] + "stake/", {"stake": "2.50"}, **HTMX).content.decode()
    night.refresh_from_db()
    assert night.stake == 250
    assert 'Stake <strong id="stake">$2.50</strong>' in page


@pytest.mark.parametrize(
    ("stake", "message"), [("0", "must be more than zero"), ("1.234", "more than 2 decimal places")]
)
def test_a_bad_stake_is_explained(client, urls, night, stake, message):
    page = client.post(urls["night"] + "stake/", {"stake": stake}, **HTMX).content.decode()
    assert message in page
    night.refresh_from_db()
    assert night.stake == 100


def test_a_bad_stake_is_named_beside_its_box_with_what_was_typed(client, urls, night):
    """Not at the top of a long page: the table's controls stay open at the stake box."""
    page = client.post(urls["night"] + "stake/", {"stake": "abc"}, **HTMX).content.decode()
    assert '<details class="mt-2 table-controls" open>' in page
    assert re.search(r'id="id_stake"[^>]*value="abc"[^>]*aria-invalid="true"', page)
    assert re.search(r'id="id_stake-error"[^>]*>[^<]*is not an amount', page)


def test_a_decimal_comma_in_english_is_the_stake_meant(client, urls, night):
    client.post(urls["night"] + "stake/", {"stake": "2,50"}, **HTMX)
    night.refresh_from_db()
    assert night.stake == 250


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_a_stake_ten_times_the_last_asks_once_before_it_applies(client, urls, night, headers):
    page = client.post(urls["night"] + "stake/", {"stake": "250"}, **headers).content.decode()
    night.refresh_from_db()
    assert night.stake == 100
    assert "$250.00 is more than 10 times the stake now ($1.00)" in page
    assert '<details class="mt-2 table-controls" open>' in page
    assert '<input type="hidden" name="sure" value="25000">' in page
    assert re.search(r'id="id_stake"[^>]*value="250"[^>]*aria-describedby="id_stake-sure"', page)
    # Sure of another amount asks again; the same amount, sure, applies.
    client.post(urls["night"] + "stake/", {"stake": "300", "sure": "25000"}, **headers)
    night.refresh_from_db()
    assert night.stake == 100
    client.post(urls["night"] + "stake/", {"stake": "250", "sure": "25000"}, **headers)
    night.refresh_from_db()
    assert night.stake == 25000


def test_a_stake_up_to_ten_times_the_last_applies_at_once(client, urls, night):
    client.post(urls["night"] + "stake/", {"stake": "10"}, **HTMX)
    night.refresh_from_db()
    assert night.stake == 1000


def test_the_big_one_doubles_and_ends(client, urls, night):
    page = client.post(urls["night"] + "big-one/", {"on": "1"}, **HTMX).content.decode()
    assert 'Stake <strong id="stake">$2.00</strong>' in page
    assert "Big One" in page
    client.post(urls["night"] + "big-one/", {"on": "0"})
    night.refresh_from_db()
    assert (night.big_one, night.next_stake) == (False, 100)


def test_a_late_player_sits_at_the_dealers_right(client, urls, night, players):
    client.post(urls["night"] + "seat/", {"player": players["One-Eye"].pk})
    assert [p.name for p in services.seated_players(night)] == [
        "Croaker",
        "Goblin",
        "One-Eye",
        "Elmo",
    ]
    client.post(urls["night"] + "seat/", {"new_player": "Otto"})
    assert [p.name for p in services.seated_players(night)][-2:] == ["Otto", "Elmo"]


def test_seating_nobody_is_explained(client, urls, night):
    page = client.post(urls["night"] + "seat/", {}, **HTMX).content.decode()
    assert "Pick a player or type a new name" in page


def test_a_player_leaves_and_another_deals(client, urls, night, players):
    client.post(urls["night"] + f"players/{players['Goblin'].pk}/leave/")
    client.post(urls["night"] + f"players/{players['Croaker'].pk}/deal/")
    night.refresh_from_db()
    assert [p.name for p in services.seated_players(night)] == ["Croaker", "Elmo"]
    assert night.dealer == players["Croaker"]
    page = client.post(
        urls["night"] + f"players/{players['Elmo'].pk}/leave/", **HTMX
    ).content.decode()
    assert "Elmo cannot leave: a table needs at least two players" in page
    # The table's controls offer the deal to the others; the dealer's row says who deals.
    seats = re.search(r'<ul[^>]*id="seats".*?</ul>', page, re.S).group(0)
    assert "Give Elmo the deal" in seats
    assert "Give Croaker the deal" not in seats
    assert re.search(r'class="dealer-now">Croaker <span class="badge[^"]*">deals<', seats)


def test_closing_the_night_hides_the_outcome_buttons(client, urls, night):
    page = client.post(urls["night"] + "close/", follow=True).content.decode()
    assert Night.objects.get().closed_at is not None
    assert "The night is closed." in page
    assert 'data-outcome="drop"' not in page


def test_the_spectator_view_polls_and_has_no_controls(client, urls):
    page = client.get(urls["watch"]).content.decode()
    assert 'hx-trigger="every 4s, tonk:refresh from:body"' in page
    assert 'action="/l/' not in page, "nothing on it changes the league"
    partial = client.get(urls["watch"], **HTMX).content.decode()
    assert partial.lstrip().startswith('<div id="board"')
    assert "<html" not in partial


def test_only_post_changes_things(client, urls, night):
    assert client.get(urls["night"] + "stake/").status_code == 405
    assert client.get(urls["night"] + "close/").status_code == 405


@pytest.mark.parametrize("closed", [True, False], ids=["closed night", "full table"])
def test_a_new_player_who_cannot_sit_is_not_created_either(client, urls, night, league, closed):
    """Creating the player and seating them is one transaction: a refused seat keeps neither."""
    if closed:
        services.close_night(night=night, acting_user=None)
    else:
        services.change_rules(night=night, rules={"preset": "pagat", "overrides": {"hand_size": 7}})
        for name in ("Otto", "Hagop", "Candy", "Murgen"):  # 52 cards deal 7 to at most 7
            services.seat_player(night=night, player=services.add_player(league=league, name=name))
    players_before = league.players.count()
    response = client.post(urls["night"] + "seat/", {"new_player": "Lady"}, follow=True)
    assert ("this night is closed" if closed else "8 players cannot") in response.content.decode()
    assert league.players.count() == players_before
    assert not league.players.filter(name="Lady").exists()


def test_both_screens_poll_as_often_as_the_settings_say(client, urls, settings):
    settings.POLL_SECONDS = 9
    assert (
        'hx-trigger="every 9s, tonk:refresh from:body"'
        in client.get(urls["watch"]).content.decode()
    )
    scoring = client.get(urls["night"]).content.decode()
    assert 'hx-trigger="every 9s, tonk:refresh from:body"' in scoring
