import pytest
from django.db import IntegrityError, transaction

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Hand, League, Membership, Night, Player, Season
from ledger.rows.details import HandDetails
from ledger.rules import RulesError
from tests.helpers import record

pytestmark = pytest.mark.django_db


def test_it_creates_a_league_with_a_free_slug():
    first = services.create_league(name="Black Company")
    second = services.create_league(name="Black  Company!")
    assert (first.slug, second.slug) == ("black-company", "black-company-2")
    assert first.rules == {"preset": "pagat", "overrides": {}}
    assert (first.unit, first.decimal_places, first.default_stake) == ("$", 2, 100)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"name": "  "}, LedgerError, "a league needs a name"),
        ({"name": "X", "unit": ""}, LedgerError, "a league needs a unit"),
        ({"name": "X", "decimal_places": 4}, LedgerError, "decimal places must be 0 to 3, not 4"),
        ({"name": "X", "default_stake": 0}, LedgerError, "the stake must be a whole number from 1"),
        ({"name": "X", "rules": "vegas"}, RulesError, "unknown preset 'vegas'"),
        (
            {"name": "X", "rules": {"preset": "speno", "overrides": {"out": {"x": 1}}}},
            RulesError,
            "'out.x'",
        ),
    ],
)
def test_it_refuses_a_bad_league(kwargs, error, message):
    with pytest.raises(error, match=message):
        services.create_league(**kwargs)
    assert not League.objects.exists()


def test_a_taken_slug_is_refused():
    services.create_league(name="A", slug="table")
    with pytest.raises(LedgerError, match="the address 'table' is taken"):
        services.create_league(name="B", slug="table")


def test_player_names_are_unique_in_a_league_whatever_the_case(league):
    services.add_player(league=league, name="Goblin")
    with pytest.raises(LedgerError, match="Black Company already has a player called goblin"):
        services.add_player(league=league, name=" goblin ")
    other = services.create_league(name="Other")
    assert services.add_player(league=other, name="Goblin").league == other


def test_the_database_refuses_a_duplicate_name_too(league):
    Player.objects.create(league=league, name="Elmo")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(league=league, name="ELMO")


def test_renaming_checks_the_name(league, players):
    services.rename_player(player=players["Elmo"], name="Elmo the Elder")
    with pytest.raises(LedgerError, match="already has a player called goblin"):
        services.rename_player(player=players["Croaker"], name="goblin")
    services.rename_player(player=players["Croaker"], name="CROAKER")  # its own name, new case
    assert Player.objects.get(pk=players["Croaker"].pk).name == "CROAKER"


def test_a_retired_player_cannot_sit_down(season, players):
    services.retire_player(player=players["Silent"])
    with pytest.raises(LedgerError, match="Silent is retired already"):
        services.retire_player(player=players["Silent"])
    with pytest.raises(LedgerError, match="Silent is retired"):
        services.start_night(
            season=season, players=[players["Silent"], players["Elmo"]], dealer=players["Elmo"]
        )
    assert list(Player.objects.active().values_list("name", flat=True)).count("Silent") == 0


def test_a_player_with_hands_cannot_be_deleted(night, players):
    from django.db.models import ProtectedError

    from ledger.rows.details import HandDetails
    from tests.helpers import record

    record(night, HandDetails(outcome="dead"))
    with pytest.raises(ProtectedError):
        players["Goblin"].delete()


def test_there_is_one_open_season_at_a_time(league, season):
    with pytest.raises(LedgerError, match="Black Company still has an open season, Winter 2026"):
        services.start_season(league=league, name="Spring 2027")
    services.close_season(season=season, acting_user=None)
    with pytest.raises(LedgerError, match="already has a season called winter 2026"):
        services.start_season(league=league, name="winter 2026")
    assert services.start_season(league=league, name="Spring 2027").is_open


def test_the_database_allows_one_open_season(league, season):
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(league=league, name="Another")


def test_a_closed_season_takes_no_new_nights(season, players):
    services.close_season(season=season, acting_user=None)
    with pytest.raises(LedgerError, match="the season Winter 2026 is closed"):
        services.start_night(
            season=season, players=[players["Goblin"], players["Elmo"]], dealer=players["Elmo"]
        )
    with pytest.raises(LedgerError, match="the season Winter 2026 is closed"):
        services.close_season(season=season, acting_user=None)


def test_closing_a_season_logs_why_each_open_night_closed(season, players, owner):
    table = [players["Croaker"], players["Goblin"]]
    open_night, closed_night = (
        services.start_night(season=season, players=table, dealer=table[0]) for _ in range(2)
    )
    services.close_night(night=closed_night, acting_user=None)
    services.close_season(season=season, acting_user=owner)
    open_night.refresh_from_db()
    assert open_night.closed_at is not None
    assert [(e.kind, e.by) for e in open_night.events.all()] == [("season", owner)]
    assert [e.kind for e in closed_night.events.all()] == ["closed"]


def test_a_league_is_renamed_and_its_address_stays(league):
    version = league.version
    services.rename_league(league=league, name="  The Company  ")
    league.refresh_from_db()
    assert (league.name, league.slug) == ("The Company", "black-company")
    assert league.version > version  # every night's screens show the name


@pytest.mark.parametrize(
    ("name", "code"), [("   ", "league_name_blank"), ("x" * 101, "league_name_long")]
)
def test_a_bad_league_name_is_refused(league, name, code):
    for create in (
        lambda: services.rename_league(league=league, name=name),
        lambda: services.create_league(name=name),
    ):
        with pytest.raises(LedgerError) as refused:
            create()
        assert refused.value.code == code
    league.refresh_from_db()
    assert league.name == "Black Company"


def test_a_league_with_no_hands_is_deleted_with_all_it_had(league, owner, players, night):
    services.share(league=league, night=night, acting_user=owner)
    services.close_night(night=night, acting_user=None)
    services.delete_league(league=league)
    assert not League.objects.filter(pk=league.pk).exists()
    assert not Player.objects.exists()
    assert not Season.objects.exists()
    assert not Night.objects.exists()
    assert not Membership.objects.exists()


def test_a_league_with_a_hand_keeps_its_ledger(league, players, night):
    record(night, HandDetails(outcome="dead"))
    with pytest.raises(LedgerError) as refused:
        services.delete_league(league=league)
    assert refused.value.code == "league_has_history"
    assert League.objects.filter(pk=league.pk).exists()
    assert Hand.objects.count() == 1
