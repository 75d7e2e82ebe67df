import pytest
from django.utils import translation

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Night, Player
from ledger.rules import RulesError
from ledger.web.i18n import explain

pytestmark = pytest.mark.django_db


def names(players):
    return [p.name for p in players]


def test_it_starts_a_night_with_the_leagues_rules_and_stake(night, players):
    assert names(services.seated_players(night)) == ["Croaker", "Goblin", "Elmo"]
    assert (night.dealer, night.stake, night.rules) == (
        players["Elmo"],
        100,
        {"preset": "pagat", "overrides": {}},
    )


@pytest.mark.parametrize(
    ("seated", "dealer", "kwargs", "message"),
    [
        (["Croaker"], "Croaker", {}, "a night needs at least two players"),
        (["Croaker", "Goblin", "Croaker"], "Goblin", {}, "Croaker is named twice"),
        (["Croaker", "Goblin"], "Elmo", {}, "the dealer Elmo is not seated"),
        (["Croaker", "Goblin"], "Goblin", {"stake": -5}, "the stake must be a whole number from 1"),
        (["Croaker", "Goblin"], "Goblin", {"rules": "nope"}, "unknown preset 'nope'"),
    ],
)
def test_it_refuses_a_bad_night(season, players, seated, dealer, kwargs, message):
    with pytest.raises((LedgerError, RulesError), match=message):
        services.start_night(
            season=season, players=[players[n] for n in seated], dealer=players[dealer], **kwargs
        )
    assert not Night.objects.exists()


def test_a_foreign_player_cannot_sit_down(season, players):
    stranger = services.add_player(league=services.create_league(name="Elsewhere"), name="Stranger")
    with pytest.raises(LedgerError, match="Stranger does not play in Black Company"):
        services.start_night(
            season=season, players=[players["Elmo"], stranger], dealer=players["Elmo"]
        )


def test_too_many_players_for_the_deck_are_refused(season, league):
    table = [services.add_player(league=league, name=f"P{i}") for i in range(8)]
    with pytest.raises(
        RulesError, match="8 players cannot each be dealt 5 cards from a 40-card deck"
    ):
        services.start_night(season=season, players=table, dealer=table[0], rules="baton-rouge")


def test_a_late_player_sits_at_the_dealers_right(night, players):
    services.seat_player(night=night, player=players["One-Eye"])  # Elmo deals
    assert names(services.seated_players(night)) == ["Croaker", "Goblin", "One-Eye", "Elmo"]
    services.set_dealer(night=night, player=players["Croaker"])
    services.seat_player(night=night, player=players["Silent"])
    assert names(services.seated_players(night)) == [
        "Silent",
        "Croaker",
        "Goblin",
        "One-Eye",
        "Elmo",
    ]


def test_a_player_seated_already_is_refused(night, players):
    with pytest.raises(LedgerError, match="Goblin is seated already"):
        services.seat_player(night=night, player=players["Goblin"])


def test_a_leaving_dealer_passes_the_deal_to_the_left(night, players):
    services.unseat_player(night=night, player=players["Elmo"])
    night.refresh_from_db()
    assert names(services.seated_players(night)) == ["Croaker", "Goblin"]
    assert night.dealer == players["Croaker"]
    with pytest.raises(
        LedgerError, match="Goblin cannot leave: a table needs at least two players"
    ):
        services.unseat_player(night=night, player=players["Goblin"])


def test_a_player_who_left_can_come_back(night, players):
    services.seat_player(night=night, player=players["One-Eye"])
    services.unseat_player(night=night, player=players["One-Eye"])
    with pytest.raises(LedgerError, match="One-Eye is not seated"):
        services.unseat_player(night=night, player=players["One-Eye"])
    services.seat_player(night=night, player=players["One-Eye"])
    assert names(services.seated_players(night)) == ["Croaker", "Goblin", "One-Eye", "Elmo"]


def test_the_dealer_must_be_seated(night, players):
    with pytest.raises(LedgerError, match="the dealer Silent is not seated"):
        services.set_dealer(night=night, player=players["Silent"])


def test_rules_that_cannot_seat_the_table_are_refused(night, league):
    for i in range(5):
        services.seat_player(
            night=night, player=services.add_player(league=league, name=f"Extra {i}")
        )
    with pytest.raises(RulesError, match="8 players cannot each be dealt 7 cards"):
        services.change_rules(night=night, rules={"hand_size": 7})
    night.refresh_from_db()
    assert night.rules["preset"] == "pagat"


def test_the_big_one_doubles_the_stake_of_the_next_hands(night, players):
    from ledger.rows.details import HandDetails
    from tests.helpers import record

    services.set_big_one(night=night, on=True)
    assert record(night, HandDetails(outcome="dead")).stake == 200
    services.set_big_one(night=night, on=False)
    assert record(night, HandDetails(outcome="dead")).stake == 100


def test_the_league_rules_are_what_new_nights_start_with(league, season, players):
    services.set_league_rules(
        league=league, rules={"preset": "speno", "overrides": {}}, name=" Thursday "
    )
    night = services.start_night(
        season=season, players=[players["Elmo"], players["Goblin"]], dealer=players["Elmo"]
    )
    assert night.rules == {"preset": "speno", "overrides": {}}
    assert league.rules_name == "Thursday"
    with pytest.raises(RulesError):
        services.set_league_rules(league=league, rules="nope")


def test_a_full_table_is_explained_with_the_deck_in_the_readers_language(night, league):
    services.change_rules(night=night, rules="baton-rouge")  # 40 cards, 5 each: 7 at most
    for name in ("Otto", "Hagop", "Candy", "Murgen"):
        services.seat_player(night=night, player=services.add_player(league=league, name=name))
    with pytest.raises(RulesError) as refused:
        services.seat_player(night=night, player=services.add_player(league=league, name="Lady"))
    with translation.override("nl"):
        assert "een spel van 40 kaarten" in explain(refused.value)


def test_a_player_retired_since_the_page_loaded_cannot_sit_down(night, season, players):
    """The views hold the player as loaded; the services look at the row as it is now."""
    stale = Player.objects.get(pk=players["Silent"].pk)
    services.retire_player(player=players["Silent"])
    with pytest.raises(LedgerError, match="Silent is retired"):
        services.seat_player(night=night, player=stale)
    with pytest.raises(LedgerError, match="Silent is retired"):
        services.start_night(season=season, players=[players["Croaker"], stale], dealer=stale)
