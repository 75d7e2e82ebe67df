import html
import re

import pytest

from ledger import services
from ledger.models import Transaction
from ledger.rows.details import HandDetails
from tests.helpers import record
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


def test_the_settle_page_shows_plan_pairs_and_share_text(client, urls, settled_up):
    text = client.get(urls["night"] + "settle/").content.decode()
    assert "2 payments settle it all, the fewest there can be." in text
    assert "<strong>Croaker</strong> pays <strong>Elmo</strong> $3.00" in text
    assert "Croaker pays Elmo $3.00\nCroaker pays Goblin $1.00</textarea>" in text
    assert "Elmo won $2.00 from Croaker" in text
    assert "Goblin won $2.00 from Croaker" in text
    assert "Elmo won $1.00 from Goblin" in text


def test_marking_paid_in_part_and_in_full(client, urls, settled_up, players):
    p = players
    page = client.post(
        urls["night"] + "settle/pay/",
        {"payer": p["Croaker"].pk, "payee": p["Elmo"].pk, "amount": "1.00", "key": "a"},
        **HTMX,
    ).content.decode()
    assert "Croaker paid Elmo $1.00." in page
    assert "<strong>Croaker</strong> pays <strong>Elmo</strong> $2.00" in page
    client.post(
        urls["night"] + "settle/pay/",
        {"payer": p["Croaker"].pk, "payee": p["Elmo"].pk, "amount": "2", "key": "b"},
    )
    page = client.post(
        urls["night"] + "settle/pay/",
        {"payer": p["Croaker"].pk, "payee": p["Goblin"].pk, "amount": "1", "key": "c"},
        **HTMX,
    ).content.decode()
    assert "Everyone is square: the night is closed." in page
    settled_up.refresh_from_db()
    assert settled_up.closed_at is not None
    # The group chat's text keeps the record; no plan is left "above".
    share = re.search(r'<textarea[^>]*id="share-text"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    heading, *lines = share.splitlines()
    assert heading.startswith("Black Company · Settle up: night of ")
    assert lines == [
        "Everyone is square.",
        "Croaker paid Elmo $1.00",
        "Croaker paid Elmo $2.00",
        "Croaker paid Goblin $1.00",
    ]
    assert "the payments below settled exactly these" in page
    assert "the plan above" not in page


def test_a_double_tap_on_paid_pays_once(client, urls, settled_up, players):
    data = {
        "payer": players["Croaker"].pk,
        "payee": players["Elmo"].pk,
        "amount": "1",
        "key": "same",
    }
    client.post(urls["night"] + "settle/pay/", data)
    client.post(urls["night"] + "settle/pay/", data)
    assert Transaction.objects.filter(kind="payment").count() == 1


def test_a_part_payment_sent_again_is_answered_as_recorded_not_refused(
    client, urls, settled_up, players
):
    """$2.00 of the $3.00 is recorded, the answer is lost, the phone sends it again: the plan
    now has Croaker pay Elmo $1.00, but this is the payment already recorded, not a new one
    of more than the plan."""
    data = {"payer": players["Croaker"].pk, "payee": players["Elmo"].pk, "amount": "2"}
    data["key"] = "part"
    client.post(urls["night"] + "settle/pay/", data, **HTMX)
    again = client.post(urls["night"] + "settle/pay/", data, **HTMX).content.decode()
    assert "Croaker paid Elmo $2.00." in again
    assert "in this plan: mark at most" not in again
    assert Transaction.objects.filter(kind="payment").count() == 1


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("9", "Croaker pays Elmo $3.00 in this plan: mark at most that on this row"),
        ("0.001", "more than 2 decimal places"),
        ("x", "is not an amount"),
    ],
)
def test_a_bad_payment_is_explained(client, urls, settled_up, players, amount, message):
    data = {
        "payer": players["Croaker"].pk,
        "payee": players["Elmo"].pk,
        "amount": amount,
        "key": "k",
    }
    page = client.post(urls["night"] + "settle/pay/", data, **HTMX).content.decode()
    assert not Transaction.objects.filter(kind="payment").exists()
    # Beside the row's own box, which keeps what was typed: not at the top of the list.
    box = re.search(r'<input class="form-control is-invalid" id="amount-1"[^>]*>', page).group(0)
    assert f'value="{amount}"' in box
    assert 'aria-describedby="amount-1-error"' in box
    error = re.search(r'id="amount-1-error" role="alert">([^<]*)<', page).group(1)
    assert message in html.unescape(error)
    assert 'class="alert alert-danger' not in page


def test_a_refused_payment_without_javascript_keeps_the_row_and_what_was_typed(
    client, urls, settled_up, players
):
    data = {"payer": players["Croaker"].pk, "payee": players["Elmo"].pk, "amount": "9", "key": "k"}
    page = client.post(urls["night"] + "settle/pay/", data).content.decode()
    assert "mark at most that on this row" in page
    assert re.search(r'id="amount-1" name="amount" value="9"', page)


def test_the_csv_neutralises_formulas(client, league, season, players):
    hostile = services.add_player(league=league, name="=HYPERLINK(1)")
    night = services.start_night(
        season=season, players=[hostile, players["Elmo"]], dealer=players["Elmo"]
    )
    record(night, HandDetails(outcome="tonk_out", winner=players["Elmo"]))
    response = client.get(f"/l/{league.slug}/nights/{night.pk}/settle/csv/")
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode().splitlines() == [
        "payer,payee,amount,unit,status",
        "'=HYPERLINK(1),Elmo,2.00,$,to pay",
    ]


def test_the_csv_of_a_night_paid_in_full_lists_the_payments_made(client, urls, settled_up, players):
    p = players
    for payee, amount, key in (("Elmo", "3", "a"), ("Goblin", "1", "b")):
        data = {"payer": p["Croaker"].pk, "payee": p[payee].pk, "amount": amount, "key": key}
        client.post(urls["night"] + "settle/pay/", data)
    assert client.get(urls["night"] + "settle/csv/").content.decode().splitlines() == [
        "payer,payee,amount,unit,status",
        "Croaker,Elmo,3.00,$,paid",
        "Croaker,Goblin,1.00,$,paid",
    ]


def test_a_season_settles_across_nights(client, league, season, settled_up, players):
    page = client.get(f"/l/{league.slug}/seasons/{season.pk}/settle/").content.decode()
    assert "Settle up: Winter 2026" in page
    assert "<strong>Croaker</strong> pays <strong>Elmo</strong> $3.00" in page


def test_reopening_a_closed_night(client, urls, settled_up):
    services.close_night(night=settled_up, acting_user=None)
    client.post(urls["night"] + "reopen/")
    settled_up.refresh_from_db()
    assert settled_up.closed_at is None
    assert list(settled_up.events.values_list("kind", flat=True)) == ["closed", "reopened"]


def test_another_leagues_settle_page_is_404(client, settled_up, players):
    other = services.create_league(name="Other")
    assert client.get(f"/l/{other.slug}/nights/{settled_up.pk}/settle/").status_code == 404
    data = {"payer": players["Croaker"].pk, "payee": players["Elmo"].pk, "amount": "1", "key": "k"}
    assert (
        client.post(f"/l/{other.slug}/nights/{settled_up.pk}/settle/pay/", data).status_code == 404
    )


def test_a_points_league_shows_what_the_points_are_worth(client, season, players):
    league = season.league
    services.set_settling(league=league, settle_unit=1, points_rate=25)
    night = services.start_night(
        season=season,
        players=[players["Croaker"], players["Elmo"]],
        dealer=players["Elmo"],
        stake=4,
    )
    record(night, HandDetails(outcome="tonk_out", winner=players["Elmo"]))
    text = client.get(f"/l/{league.slug}/nights/{night.pk}/settle/").content.decode()
    assert (
        "<strong>Croaker</strong> pays <strong>Elmo</strong> $0.08 <small>($2.00)</small>" in text
    )


def test_the_night_page_logs_closing_and_reopening(client, urls, settled_up):
    services.close_night(night=settled_up, acting_user=None)
    services.reopen_night(night=settled_up, acting_user=None)
    text = client.get(urls["night"]).content.decode()
    assert "<li>Closed: " in text
    assert "<li>Reopened: " in text


def test_a_big_season_shows_its_biggest_pairs_first_and_the_rest_on_demand(client, owner):
    from ledger.tooling.demo import DemoLeague
    from ledger.web.views.settling import PAIRS_SHOWN

    league = DemoLeague(players=14, seasons=1, hands=300, seed=3, owner=owner).create()
    season = league.seasons.get()
    url = f"/l/{league.slug}/seasons/{season.pk}/settle/"
    text = client.get(url).content.decode()
    assert text.count(" won $") == PAIRS_SHOWN
    hidden = int(text.split("Show the ")[1].split(" ")[0])
    assert client.get(url + "?pairs=all").content.decode().count(" won $") == PAIRS_SHOWN + hidden


def test_a_big_season_draws_forty_payments_and_balances_the_rest_a_tap_away(client, owner):
    """A season of 90 players owes more than 40 payments: the page draws the first 40 and the
    first 40 balances (a season at 100,000 hands stays under 150 ms), says how many more,
    and draws them all on ?rows=all; the share text always has every payment."""
    from ledger.reads.settlement import season_settlement
    from ledger.tooling.demo import DemoLeague

    league = DemoLeague(players=90, seasons=1, hands=500, seed=3, owner=owner).create()
    client.force_login(owner)
    season = league.seasons.get()
    planned = len(season_settlement(season).plan.transfers)
    assert planned > 40
    url = f"/l/{league.slug}/seasons/{season.pk}/settle/"
    page = html.unescape(client.get(url).content.decode())
    assert page.count('class="payment-row') == 40
    assert f"Show the other {planned - 40} payments too" in page
    assert page.count('class="text-end owed"') == 40
    assert page.count(" pays ") >= planned  # the share text lists them all
    every = html.unescape(client.get(url + "?rows=all").content.decode())
    assert every.count('class="payment-row') == planned
    assert "Show the other" not in every
