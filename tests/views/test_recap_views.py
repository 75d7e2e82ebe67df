"""The night's recap: its page, text and card, the share link's preview, and closing."""

import html
import io
import re

import pytest
from PIL import Image

from ledger import services
from ledger.paying import clean_handle
from ledger.rows.details import HandDetails
from tests.helpers import drop, record
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


def test_the_recap_tells_the_night(client, urls, settled_up, players):
    services.set_pay_handles(
        player=players["Elmo"], handles={"paypal": clean_handle("paypal", "ElmoFrog")}
    )
    page = html.unescape(client.get(urls["night"] + "recap/").content.decode())
    text = re.search(r'<textarea[^>]*id="recap-text"[^>]*>(.*?)</textarea>', page, re.S)[1]
    date = settled_up.date
    assert text.splitlines() == [
        f"Black Company · Tonk night of {date:%a} {date.day} {date:%b %Y}",
        "Elmo +$3.00",
        "Goblin +$1.00",
        "Croaker −$4.00",
        "2 hands · 1 tonk-out · 1 drop caught",
        "Biggest hand: Elmo took $4.00 on hand 2 (Tonk out)",
        "To settle up:",
        "Croaker pays Elmo $3.00: https://paypal.me/ElmoFrog/3.00USD",
        "Croaker pays Goblin $1.00",
    ]
    assert "Pay Elmo $3.00 with PayPal" in page
    assert 'download="tonk-' in page


def test_the_card_is_a_small_png_of_the_night(client, urls, settled_up):
    response = client.get(urls["night"] + "recap/card.png")
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.size == (1200, 630)
    assert len(response.content) <= 60_000


def test_a_nights_share_link_shows_its_recap_with_a_preview(client, settled_up, league, owner):
    services.close_night(night=settled_up, acting_user=None)
    link = services.share(league=league, acting_user=owner, night=settled_up)
    visitor = type(client)()  # no cookies: as a chat app fetches a pasted link
    page = visitor.get(f"/s/{link.lookup}/{link.token}/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    card = f"http://testserver/s/{link.lookup}/{link.token}/card.png"
    assert f'<meta property="og:image" content="{card}">' in text
    assert '<meta property="og:title" content="Black Company · Tonk night of' in text
    assert (
        '<meta property="og:description" content="Elmo +$3.00 · Goblin +$1.00 · Croaker −$4.00">'
        in text
    )
    fetched = type(client)().get(card)  # the crawler fetches the image with no session
    assert fetched.status_code == 200
    assert fetched["Content-Type"] == "image/png"


def test_an_open_nights_share_link_is_the_live_view_with_a_preview(
    client, settled_up, league, owner
):
    link = services.share(league=league, acting_user=owner, night=settled_up)
    page = type(client)().get(f"/s/{link.lookup}/{link.token}/").content.decode()
    assert "Updates by itself as each hand is saved." in page
    assert f"/s/{link.lookup}/{link.token}/card.png" in page


def test_the_card_goes_with_its_link(client, settled_up, league, owner):
    night_link = services.share(league=league, acting_user=owner, night=settled_up)
    league_link = services.share(league=league, acting_user=owner)
    visitor = type(client)()
    assert visitor.get(f"/s/{league_link.lookup}/{league_link.token}/card.png").status_code == 404
    assert (
        visitor.get(f"/s/{night_link.lookup}/{'x' * len(night_link.token)}/card.png").status_code
        == 404
    )
    services.revoke_share(link=night_link)
    assert visitor.get(f"/s/{night_link.lookup}/{night_link.token}/card.png").status_code == 404


def test_closing_the_night_leads_to_its_recap(client, urls, settled_up):
    response = client.post(urls["night"] + "close/", **HTMX)
    assert response["HX-Redirect"] == urls["night"] + "recap/"
    page = client.get(urls["night"]).content.decode()
    assert "Recap of the night" in page


def test_closing_a_closed_night_says_so(client, urls, settled_up):
    services.close_night(night=settled_up, acting_user=None)
    page = client.post(urls["night"] + "close/", follow=True).content.decode()
    assert "this night is closed" in page


# A recap reads the night's tallies, results, biggest hand and plan; the card skips the plan.
@pytest.mark.parametrize(
    ("path", "queries"), [("recap/", 12), ("recap/card.png", 6), ("settle/", 10)]
)
def test_recap_and_settle_queries_do_not_grow_with_the_hands(
    client, urls, night, players, path, queries, django_assert_num_queries
):
    p = players
    for name in ("Elmo", "Goblin"):
        handle = clean_handle("venmo", f"@{name}-frog")
        services.set_pay_handles(player=p[name], handles={"venmo": handle})
    for hands in (1, 10):
        for _ in range(hands):
            record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
            record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
        with django_assert_num_queries(queries):
            assert client.get(urls["night"] + path).status_code == 200


def test_a_big_table_sums_the_rest_on_the_card(client, league, season):
    names = [f"Player {i}" for i in range(9)]
    seated = [services.add_player(league=league, name=name) for name in names]
    night = services.start_night(season=season, players=seated, dealer=seated[0])
    record(night, HandDetails(outcome="tonk_out", winner=seated[3]))
    response = client.get(f"/l/{league.slug}/nights/{night.pk}/recap/card.png")
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    assert len(response.content) <= 60_000
