from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ledger import services
from ledger.models import Entry, Hand, WinTally
from ledger.rows.details import HandDetails
from tests.conftest import corrupting_the_ledger
from tests.helpers import drop, new_key, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, players):
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}))
    caught = record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    services.void_hand(hand=Hand.objects.get(number=1), acting_user=None)
    services.correct_hand(
        hand=caught, key=new_key(), details=HandDetails(outcome="dead"), acting_user=None
    )
    return night


def check() -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("check_ledger", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_passes_a_sound_ledger(played):
    out, err = check()
    assert out.strip() == "ledger OK: 4 hands, 6 transactions, every sum zero"
    assert err == ""


def test_it_names_an_entry_inserted_behind_its_back(played, players):
    posting = Entry.objects.filter(transaction__hand__number=3).first().transaction
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Entry._meta.db_table} (transaction_id, player_id, counterparty_id, amount)"
            " VALUES (%s, %s, %s, %s)",
            [posting.pk, players["Goblin"].pk, players["Croaker"].pk, 5],
        )
    err = StringIO()
    with pytest.raises(CommandError, match=r"the ledger has 7 problem\(s\)") as caught:
        call_command("check_ledger", stdout=StringIO(), stderr=err)
    assert caught.value.returncode == 1
    lines = err.getvalue().splitlines()
    assert f"transaction {posting.pk} does not sum to zero: it sums to 5" in lines
    assert (
        f"night {played.pk} (Black Company, {played.date:%Y-%m-%d}) does not sum to zero: it sums to 5"
        in lines
    )
    assert (
        f"season {played.season_id} (Winter 2026 of Black Company) does not sum to zero: it sums to 5"
        in lines
    )
    assert "league black-company does not sum to zero: it sums to 5" in lines
    assert any(
        line.startswith(f"the tally of player {players['Goblin'].pk} on night {played.pk} is")
        for line in lines
    )
    hand = posting.hand
    assert (
        f"hand 3 of night {played.pk} (id {hand.pk}): stored payouts "
        "{'Croaker': -200, 'Elmo': 400, 'Goblin': -195} differ from the rules engine's "
        "{'Croaker': -200, 'Elmo': 400, 'Goblin': -200}"
    ) in lines


def test_it_catches_a_balanced_edit_that_disagrees_with_the_rules(played):
    entries = Entry.objects.filter(transaction__hand__number=3, transaction__kind="hand")
    with corrupting_the_ledger(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Entry._meta.db_table} SET amount = amount * 2 WHERE id IN ({','.join('%s' for _ in entries)})",
            [e.pk for e in entries],
        )
    err = StringIO()
    with pytest.raises(
        CommandError, match=r"9 problem\(s\)"
    ):  # the hand, three tallies, four pairs, and the winner's best hand of the night
        call_command("check_ledger", stdout=StringIO(), stderr=err)
    assert "differ from the rules engine's" in err.getvalue()
    assert "best hand on night" in err.getvalue()


def test_a_closed_seasons_total_is_kept_and_checked(played, players):
    season = services.close_season(season=played.season, acting_user=None)
    assert season.hands_total == 0
    hand = Entry.objects.filter(transaction__hand__number=3).first().transaction
    with connection.cursor() as cursor:  # a row slipped in after the season closed
        cursor.execute(
            f"INSERT INTO {Entry._meta.db_table} (transaction_id, player_id, counterparty_id, amount)"
            " VALUES (%s, %s, %s, %s)",
            [hand.pk, players["Goblin"].pk, players["Croaker"].pk, 5],
        )
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("check_ledger", stdout=StringIO(), stderr=err)
    assert (
        f"season {season.pk} (Winter 2026) closed with its hands summing to 0, "
        "but they sum to 5 now"
    ) in err.getvalue().splitlines()


def test_it_names_a_win_tally_that_drifted_from_the_hands(played, players):
    """Wins are counted a row per kind (WinTally): a row off by one, or one the hands never
    won, is named."""
    elmo = players["Elmo"]
    assert WinTally.objects.get(player=elmo, kind="tonk_out").count == 1
    WinTally.objects.filter(player=elmo, kind="tonk_out").update(count=2)
    WinTally.objects.create(
        player=elmo, night=played, season=played.season, kind="stock_out", count=1
    )
    _, err = check_failing()
    assert (
        f"player {elmo.pk} won 2 tonk_out hands on night {played.pk} by the win tally, but 1" in err
    )
    assert (
        f"player {elmo.pk} won 1 stock_out hands on night {played.pk} by the win tally, but 0"
        in err
    )


def check_failing() -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError):
        call_command("check_ledger", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()
