"""Pay buttons on the settle page, the handles behind them, and who sees them."""

import html

import pytest

from ledger import services
from ledger.models import Membership, PayHandle
from ledger.paying import clean_handle
from ledger.rows.details import HandDetails
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def give(player, kind, text, holder=""):
    services.set_pay_handles(player=player, handles={kind: clean_handle(kind, text, holder)})


def test_each_payment_offers_the_payees_services_with_the_amount(client, urls, settled_up, players):
    give(players["Elmo"], "venmo", "@Elmo-Frog")
    give(players["Elmo"], "paypal", "paypal.me/ElmoFrog")
    give(players["Goblin"], "cashapp", "$goblin")
    page = html.unescape(client.get(urls["night"] + "settle/").content.decode())
    assert "Pay Elmo $3.00 with PayPal" in page
    assert 'href="https://paypal.me/ElmoFrog/3.00USD"' in page
    assert "Pay Elmo $3.00 with Venmo" in page
    assert "https://venmo.com/?txn=pay&recipients=elmo-frog&amount=3.00&note=Tonk" in page
    assert "Pay Goblin $1.00 with Cash App" in page
    assert 'href="https://cash.app/$goblin/1.00"' in page


def test_a_service_that_cannot_take_the_currency_gets_no_button(
    client, urls, settled_up, players, league
):
    league.unit = "€"
    league.save()
    give(players["Elmo"], "venmo", "@elmo-frog")  # dollars only
    give(players["Elmo"], "revolut", "revolut.me/elmo")
    give(players["Elmo"], "iban", "DE89 3704 0044 0532 0130 00", "Elmo Frog")
    page = html.unescape(client.get(urls["night"] + "settle/").content.decode())
    assert "Venmo" not in page
    assert "Pay Elmo with Revolut" in page
    assert "Revolut's link cannot fill in the amount: type €3.00 there." in page
    assert 'value="DE89 3704 0044 0532 0130 00"' in page
    assert "Bank transfer of €3.00 to Elmo Frog (Elmo):" in page
    assert "GiroCode" in page


def test_chips_get_no_pay_buttons(client, urls, settled_up, players, league):
    league.unit = "chips"
    league.save()
    give(players["Elmo"], "paypal", "elmo")
    page = client.get(urls["night"] + "settle/").content.decode()
    assert "paypal.me" not in page


def test_a_share_link_never_sees_the_handles(client, settled_up, players, league, owner):
    give(players["Elmo"], "paypal", "ElmoFrog")
    link = services.share(league=league, acting_user=owner)
    visitor = type(client)()
    visitor.get(f"/s/{link.lookup}/{link.token}/")
    for path in (
        f"nights/{settled_up.pk}/settle/",
        f"nights/{settled_up.pk}/recap/",
        f"players/{players['Elmo'].pk}/",
    ):
        page = visitor.get(f"/l/{league.slug}/{path}")
        assert page.status_code == 200, path
        assert "ElmoFrog" not in page.content.decode(), path


def test_members_see_the_handles_on_the_player_page(client, players, league):
    give(players["Elmo"], "bizum", "612 34 56 78")
    page = client.get(f"/l/{league.slug}/players/{players['Elmo'].pk}/").content.decode()
    assert 'Bizum: <span class="font-monospace">+34 612 34 56 78</span>' in page
    assert "Change how Elmo gets paid" in page  # the owner keeps an unclaimed player's


def test_the_owner_saves_an_unclaimed_players_handles(client, players, league):
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    page = client.post(url, {"paypal": "https://www.paypal.me/ElmoFrog", "venmo": "@elmo_frog"})
    assert page.status_code == 302
    kept = dict(PayHandle.objects.values_list("kind", "value"))
    assert kept == {"paypal": "ElmoFrog", "venmo": "elmo_frog"}
    client.post(url, {"paypal": "ElmoFrog", "venmo": ""})  # an empty box removes
    assert dict(PayHandle.objects.values_list("kind", "value")) == {"paypal": "ElmoFrog"}


def test_the_preferred_way_is_kept_and_leads_the_payment(client, urls, settled_up, players, league):
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    data = {"paypal": "ElmoFrog", "venmo": "@elmo_frog", "cashapp": "$elmo"}
    assert client.post(url, {**data, "preferred": "cashapp"}).status_code == 302
    assert list(PayHandle.objects.filter(preferred=True).values_list("kind", flat=True)) == [
        "cashapp"
    ]
    assert 'value="cashapp" selected' in client.get(url).content.decode()
    page = html.unescape(client.get(urls["night"] + "settle/").content.decode())
    row = page[page.index('data-payee="Elmo"') :]
    first, rest = row.split('class="other-ways"', 1)
    assert "Pay Elmo $3.00 with Cash App" in first
    assert "PayPal" not in first
    assert "Venmo" not in first
    assert "2 other ways to pay Elmo" in rest
    assert rest.index("with PayPal") < rest.index("with Venmo")  # the rest in the usual order
    client.post(url, {**data, "preferred": "venmo"})  # another: one preferred at a time
    assert list(PayHandle.objects.filter(preferred=True).values_list("kind", flat=True)) == [
        "venmo"
    ]
    client.post(url, data)  # none: the services' order
    assert not PayHandle.objects.filter(preferred=True).exists()


def test_preferring_a_service_left_empty_is_refused(client, players, league):
    give(players["Elmo"], "paypal", "ElmoFrog")
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    page = client.post(url, {"paypal": "ElmoFrog", "venmo": "@elmo_frog", "preferred": "revolut"})
    assert page.status_code == 200
    assert "Revolut has no box filled in above: fill it in, or choose another." in html.unescape(
        page.content.decode()
    )
    assert list(PayHandle.objects.values_list("kind", "preferred")) == [("paypal", False)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"venmo": "@me"}, "&#x27;@me&#x27; is not a Venmo username"),
        (
            {"iban": "DE89 3704 0044 0532 0130 01", "holder": "Elmo"},
            "its check digits do not match",
        ),
        ({"iban": "DE89 3704 0044 0532 0130 00"}, "an IBAN needs the account holder"),
        ({"bizum": "0044 7700 900123"}, "is not a Spanish mobile number for Bizum"),
    ],
)
def test_a_malformed_handle_is_refused_and_nothing_is_saved(client, players, league, data, message):
    give(players["Elmo"], "paypal", "ElmoFrog")
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    page = client.post(url, {"paypal": "", "cashapp": "$elmo", **data})
    assert page.status_code == 200
    assert message in page.content.decode()
    assert list(PayHandle.objects.values_list("kind", "value")) == [("paypal", "ElmoFrog")]


def test_a_claimed_player_keeps_their_own_handles(client, players, league, django_user_model):
    elmo = django_user_model.objects.create_user(username="elmo", password="pw-elmo-elmo")
    Membership.objects.create(league=league, user=elmo, role="viewer")
    services.claim_player(player=players["Elmo"], user=elmo)
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    assert client.post(url, {"paypal": "owner-wants"}).status_code == 403  # not the owner's
    assert not PayHandle.objects.exists()
    mine = type(client)()
    mine.force_login(elmo)
    assert mine.post(url, {"paypal": "ElmoFrog"}).status_code == 302
    other = f"/l/{league.slug}/players/{players['Goblin'].pk}/paid/"
    assert mine.post(other, {"paypal": "gotcha"}).status_code == 403
    assert list(PayHandle.objects.values_list("value", flat=True)) == ["ElmoFrog"]


def test_the_season_plan_pays_the_same_way_in_constant_queries(
    client, league, season, night, players, django_assert_num_queries
):
    p = players
    services.set_pay_handles(
        player=p["Elmo"], handles={"venmo": clean_handle("venmo", "@elmo-frog")}
    )
    url = f"/l/{league.slug}/seasons/{season.pk}/settle/"
    for hands in (1, 10):
        for _ in range(hands):
            record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
            record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
        with django_assert_num_queries(9):
            page = html.unescape(client.get(url).content.decode())
        assert "note=Tonk: Black Company, Winter 2026" in page.replace("+", " ").replace(
            "%3A", ":"
        ).replace("%2C", ",")


def test_a_points_league_pays_its_points_at_its_rate(client, urls, settled_up, players, league):
    league.unit, league.decimal_places, league.points_rate = "points", 0, 25  # 25¢ a point
    league.save()
    give(players["Elmo"], "cashapp", "$elmofrog")
    page = html.unescape(client.get(urls["night"] + "settle/").content.decode())
    # The plan says 300 points; at 25 cents a point that is $75.00.
    assert "pays <strong>Elmo</strong> 300 points" in page
    assert "Pay Elmo $75.00 with Cash App" in page
    assert 'href="https://cash.app/$elmofrog/75.00"' in page


def test_a_payee_with_no_handles_gets_a_way_to_add_them(client, urls, settled_up, players, league):
    page = client.get(urls["night"] + "settle/").content.decode()
    elmo = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    assert f'href="{elmo}">Add how Elmo gets paid</a>' in page  # the owner keeps Elmo's


def test_a_bad_iban_and_a_missing_holder_are_both_said_at_once(client, players, league):
    url = f"/l/{league.slug}/players/{players['Elmo'].pk}/paid/"
    page = client.post(url, {"iban": "DE89 3704 0044 0532 0130 01", "holder": ""}).content.decode()
    assert "Nothing was saved: fix the boxes marked below, then save again." in page
    assert "its check digits do not match" in page
    assert "an IBAN needs the account holder" in page
