"""Side bets on the scoring screen: the sheet that sets them up, the board and the spectator
view showing them with the pot, the hand sheet asking who won, the refusals in plain words."""

import re

import pytest
from django.db.models import Sum

from ledger import services
from ledger.models import Entry, Hand, Membership, Role
from ledger.rows.details import HandDetails, stored_bets
from ledger.tooling.exchange import export_league, import_league
from tests.helpers import record
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


def pks(players):
    return {name: str(player.pk) for name, player in players.items()}


def set_up(client, urls, players, **fields):
    p = pks(players)
    data = {
        "high_card": "on",
        "high_card-ante": "0.25",
        "high_card-players": [p["Croaker"], p["Goblin"]],
        "high_card-suit": "♥",
        "naturals": "on",
        "naturals-ante": "0.10",
        "naturals-players": [p["Croaker"], p["Goblin"], p["Elmo"]],
    }
    return client.post(urls["night"] + "side-bets/", data | fields, **HTMX)


def seen(client, url) -> str:
    """The side bets a hand sheet shows, as the sheet names them."""
    page = client.get(url, **HTMX).content.decode()
    return re.search(r'name="bets_seen" value="(\w*)"', page).group(1)


def dead(client, urls, players, key, high_card="nobody", naturals="nobody"):
    p = pks(players)
    data = {"key": key, "dealer": p["Elmo"], "won-high_card": high_card, "won-naturals": naturals}
    data["bets_seen"] = seen(client, urls["night"] + "hand/dead/")
    return client.post(urls["night"] + "hand/dead/save/", data, **HTMX)


def bets_line(page) -> str:
    found = re.search(r'<ul class="list-unstyled small mt-2 mb-0 side-bets".*?</ul>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))).strip() if found else ""


def test_the_sheet_starts_with_everyone_in_and_sets_the_bets(client, urls, players, night):
    sheet = client.get(urls["night"] + "side-bets/", **HTMX).content.decode()
    assert sheet.count('name="naturals-players"') == 3
    assert sheet.count(" checked>") == 1 + 3 + 3  # the first suit, everyone in both bets
    board = set_up(client, urls, players).content.decode()
    assert "Side bets set for the next deals." in board
    assert bets_line(board) == (
        "High card ♥ at $0.25 · Croaker, Goblin "
        "Naturals pot, $0.10 a deal: empty, a new pot opens with the next deal · Croaker, Goblin, Elmo"
    )
    night.refresh_from_db()
    assert night.side_bets["high_card"]["suit"] == "♥"


def test_a_hand_says_who_won_each_bet_and_the_pot_carries(client, urls, players, night):
    set_up(client, urls, players)
    form = client.get(urls["night"] + "hand/dead/", **HTMX).content.decode()
    assert "High card: the suit called for this deal" in form
    assert "High card: who held the highest?" in form
    assert "Naturals: who spread three of a kind first?" in form
    page = dead(client, urls, players, "h1", high_card=pks(players)["Goblin"]).content.decode()
    assert "Naturals pot, $0.10 a deal: $0.30" in bets_line(page)
    assert "High card ♥: Goblin wins $0.25 from each" in page
    dead(client, urls, players, "h2")
    watch = client.get(urls["watch"]).content.decode()
    assert "Naturals pot, $0.10 a deal: $0.60" in bets_line(watch)
    page = dead(client, urls, players, "h3", naturals=pks(players)["Elmo"]).content.decode()
    assert "Naturals: Elmo wins the pot, $0.90" in page
    assert "Naturals pot, $0.10 a deal: empty, a new pot opens" in bets_line(page)
    nets = dict(
        Entry.objects.filter(transaction__kind="hand")
        .values_list("player__name")
        .annotate(net=Sum("amount"))
    )
    assert nets == {"Croaker": -25 - 30, "Goblin": 25 - 30, "Elmo": 60}


def test_a_hand_whose_antes_a_later_win_paid_cannot_be_voided(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    dead(client, urls, players, "h2", naturals=pks(players)["Croaker"])
    first = Hand.objects.get(number=1)
    entries = Entry.objects.count()
    page = client.post(urls["night"] + f"hands/{first.pk}/void/", **HTMX).content.decode()
    assert "hand 1 put antes in the naturals pot that hand 2 won: undo or void hand 2 first" in page
    assert Entry.objects.count() == entries


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"naturals-players": []}, "Tick two players or more"),
        ({"high_card-ante": "0"}, "It must be more than zero."),
        ({"high_card-ante": "1.234"}, "has more than 2 decimal places"),
    ],
)
def test_a_bad_set_up_is_named_and_changes_nothing(client, urls, players, night, fields, message):
    answer = set_up(client, urls, players, **fields)
    assert answer["HX-Retarget"] == "#hand-form"
    assert message in answer.content.decode()
    night.refresh_from_db()
    assert night.side_bets == {}


def test_the_open_pots_ante_cannot_change(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    sheet = client.get(urls["night"] + "side-bets/", **HTMX).content.decode()
    assert "The pot holds $0.30; its ante stays $0.10 until someone wins it." in sheet
    answer = set_up(client, urls, players, **{"naturals-ante": "0.20"}).content.decode()
    assert "the naturals pot is open at an ante of $0.10" in answer
    night.refresh_from_db()
    assert night.side_bets["naturals"]["ante"] == 10


def test_a_correction_keeps_the_bets_and_asks_who_won_again(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1", high_card=pks(players)["Goblin"])
    naturals = {"ante": 10, "players": [players[n].pk for n in ("Croaker", "Goblin", "Elmo")]}
    services.set_side_bets(night=night, bets={"naturals": naturals})  # no high card any more
    hand = Hand.objects.get()
    form = client.get(urls["night"] + f"hand/dead/?correcting={hand.pk}", **HTMX).content.decode()
    goblin = pks(players)["Goblin"]
    assert re.search(rf'name="won-high_card" id="[^"]+" value="{goblin}" checked', form)
    croaker = pks(players)["Croaker"]
    data = {"key": "fix", "dealer": pks(players)["Elmo"], "correcting": hand.pk}
    data |= {"won-high_card": croaker, "won-naturals": "nobody"}
    data["bets_seen"] = seen(client, urls["night"] + f"hand/dead/?correcting={hand.pk}")
    client.post(urls["night"] + "hand/dead/save/", data, **HTMX)
    fixed = Hand.objects.get(number=2)
    assert [bet["winner"] for bet in fixed.side_bets] == [int(croaker), None]


def test_the_settle_up_says_an_open_pot_goes_back(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    services.close_night(night=night, acting_user=None)
    page = client.get(urls["night"] + "settle/").content.decode()
    assert "The naturals pot was still open when the night closed" in page
    assert "Croaker $0.10 · Elmo $0.10 · Goblin $0.10" in page


def test_the_night_summary_tells_the_pots_story(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    dead(client, urls, players, "h2", naturals=pks(players)["Goblin"])
    dead(client, urls, players, "h3")
    page = client.get(urls["night"] + "summary/").content.decode()
    steps = re.findall(r'<li data-hand="(\d+)">(.*?)</li>', page)
    assert steps == [
        ("1", "#1 · the pot holds $0.30"),
        ("2", "#2 · Goblin wins the pot: $0.60"),
        ("3", "#3 · the pot holds $0.30"),
    ]
    assert "Still open: if the night ends before someone wins it" in page


def test_a_sheet_opened_before_the_bets_changed_is_refused_then_saves(client, urls, players, night):
    set_up(client, urls, players)
    stale = seen(client, urls["night"] + "hand/dead/")
    set_up(client, urls, players, **{"high_card": ""})  # another phone: no high card now
    data = {"key": "k", "dealer": pks(players)["Elmo"], "won-high_card": pks(players)["Goblin"]}
    answer = client.post(urls["night"] + "hand/dead/save/", data | {"bets_seen": stale}, **HTMX)
    text = answer.content.decode()
    assert "The side bets changed on another phone: check them here, then save." in text
    assert "High card" not in re.sub(r"<legend[^>]*>Naturals[^<]*", "", text.split("save-bar")[0])
    assert not Hand.objects.exists()
    fresh = re.search(r'name="bets_seen" value="(\w*)"', text).group(1)
    assert fresh != stale
    client.post(urls["night"] + "hand/dead/save/", data | {"bets_seen": fresh}, **HTMX)
    assert [bet["kind"] for bet in Hand.objects.get().side_bets] == ["naturals"]


def test_the_preview_counts_the_pot_a_win_pays_out(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    dead(client, urls, players, "h2")
    p = pks(players)
    data = {"key": "h3", "dealer": p["Elmo"], "won-naturals": p["Elmo"], "won-high_card": "nobody"}
    data["bets_seen"] = seen(client, urls["night"] + "hand/dead/")
    preview = client.post(urls["night"] + "hand/dead/preview/", data, **HTMX).content.decode()
    assert "Croaker pays Elmo $0.30" in preview  # two hands' antes and this one's
    assert "Goblin pays Elmo $0.30" in preview


def test_an_imported_night_whose_pot_names_someone_who_left_shows(
    client, owner, league, season, players
):
    table = [players[name] for name in ("Croaker", "Goblin", "Elmo")]
    night = services.start_night(season=season, players=table, dealer=table[0])
    naturals = {"ante": 10, "players": [p.pk for p in table]}
    high_card = {"ante": 25, "players": [table[1].pk, table[2].pk]}
    services.set_side_bets(night=night, bets={"naturals": naturals, "high_card": high_card})
    record(
        night,
        HandDetails(
            outcome="dead",
            side_bets=stored_bets([{"kind": "naturals", **naturals}], {p.pk: p for p in table}),
        ),
    )
    services.unseat_player(night=night, player=players["Elmo"])  # high card: one bettor left
    document = export_league(league)
    document["league"]["slug"] = "copy"
    copy = import_league(document)
    Membership.objects.create(league=copy, user=owner, role=Role.OWNER)
    copied = copy.seasons.get().nights.get()
    page = client.get(f"/l/copy/nights/{copied.pk}/")
    assert page.status_code == 200
    assert "Naturals pot, $0.10 a deal: $0.30 · Croaker, Goblin" in bets_line(page.content.decode())


def test_nobody_is_each_bets_default_and_the_suit_is_called_each_deal(client, urls, players, night):
    set_up(client, urls, players)  # the high card's suit set up: ♥
    form = client.get(urls["night"] + "hand/dead/", **HTMX).content.decode()
    assert re.search(r'name="won-high_card" id="[^"]+" value="nobody" checked', form)
    assert re.search(r'name="won-naturals" id="[^"]+" value="nobody" checked', form)
    assert re.search(r'name="suit" id="[^"]+" value="♥" checked', form)
    # The bettors in seat order, as the counts are, nobody last.
    bettors = re.findall(r'name="won-naturals" id="[^"]+" value="([^"]+)"', form)
    assert bettors == [*(str(players[n].pk) for n in ("Croaker", "Goblin", "Elmo")), "nobody"]
    p = pks(players)
    data = {"key": "h1", "dealer": p["Elmo"], "suit": "♣", "won-high_card": p["Goblin"]}
    data |= {"won-naturals": "nobody", "bets_seen": seen(client, urls["night"] + "hand/dead/")}
    page = client.post(urls["night"] + "hand/dead/save/", data, **HTMX).content.decode()
    assert "High card ♣: Goblin wins $0.25 from each" in page
    night.refresh_from_db()
    assert night.side_bets["high_card"]["suit"] == "♣"  # the next deal's, until called again
    form = client.get(urls["night"] + "hand/dead/", **HTMX).content.decode()
    assert re.search(r'name="suit" id="[^"]+" value="♣" checked', form)
    # A sheet that sent neither (kept on the phone from before): nobody won, the suit as set.
    dead(client, urls, players, "h2", high_card="", naturals="")
    assert Hand.objects.get(number=2).side_bets[0] == {
        "kind": "high_card",
        "ante": 25,
        "players": [players["Croaker"].pk, players["Goblin"].pk],
        "winner": None,
        "suit": "♣",
    }


def test_a_won_pot_shows_what_a_player_who_left_paid(client, urls, players, night):
    set_up(client, urls, players)
    dead(client, urls, players, "h1")
    services.unseat_player(night=night, player=players["Elmo"])
    p = pks(players)
    data = {"key": "h2", "dealer": p["Goblin"], "won-high_card": "nobody"}
    data |= {"won-naturals": p["Croaker"], "bets_seen": seen(client, urls["night"] + "hand/dead/")}
    saved = client.post(urls["night"] + "hand/dead/save/", data, **HTMX).content.decode()
    page = client.get(urls["night"]).content.decode()
    for text in (saved, page):  # the lean answer and the board
        row = re.search(r'id="hand-2".*?</li>', text, re.S).group(0)
        nets = re.findall(r'<span class="net">(.*?)</span>', row)
        assert nets == ["Croaker +$0.30", "Goblin −$0.20", "Elmo −$0.10"]


def test_the_board_lists_the_bettors_in_seat_order(client, urls, players, night):
    p = players
    bettors = [p["Elmo"].pk, p["Croaker"].pk, p["Goblin"].pk]  # ticked in another order
    services.set_side_bets(night=night, bets={"naturals": {"ante": 10, "players": bettors}})
    page = client.get(urls["night"]).content.decode()
    assert bets_line(page).endswith("· Croaker, Goblin, Elmo")
