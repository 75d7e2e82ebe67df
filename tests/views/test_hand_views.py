import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger import services
from ledger.models import Entry, Hand, Night
from ledger.rows.details import HandDetails
from tests.helpers import record
from tests.views.conftest import HTMX

pytestmark = pytest.mark.django_db


def ids(players, *names):
    return [str(players[n].pk) for n in names]


def drop_data(players, dropper="Croaker", counts=(10, 8, 30), key="k-1"):
    croaker, goblin, elmo = ids(players, "Croaker", "Goblin", "Elmo")
    return {
        "key": key,
        "dealer": elmo,
        "dropper": str(players[dropper].pk),
        f"count-{croaker}": counts[0],
        f"count-{goblin}": counts[1],
        f"count-{elmo}": counts[2],
    }


def test_the_drop_form_has_a_button_per_player_and_numeric_counts(client, urls, players):
    page = client.get(urls["night"] + "hand/drop/", **HTMX)
    text = page.content.decode()
    assert page.status_code == 200
    assert "<html" not in text, "htmx gets the fragment"
    assert text.count('class="btn-check"') == 3
    assert text.count('inputmode="numeric"') == 3
    assert re.search(r'name="key" value="[0-9a-f]{32}"', text)
    full = client.get(urls["night"] + "hand/drop/")
    assert b"<html" in full.content
    assert b'id="hand"' in full.content


def test_an_unknown_outcome_is_404(client, urls):
    assert client.get(urls["night"] + "hand/gin/").status_code == 404


def test_the_preview_says_it_in_plain_words(client, urls, players):
    page = client.post(urls["night"] + "hand/drop/preview/", drop_data(players), **HTMX)
    text = page.content.decode()
    assert "Croaker is caught by Goblin (8 vs 10)" in text
    assert "Croaker pays Goblin $2.00" in text
    assert "Elmo pays Goblin $1.00" in text
    assert not Hand.objects.exists()


def test_the_preview_explains_an_impossible_count(client, urls, players):
    page = client.post(
        urls["night"] + "hand/drop/preview/", drop_data(players, counts=(10, 8, 51)), **HTMX
    )
    assert "Elmo&#x27;s count 51 is impossible with a 52-card deck" in page.content.decode()
    assert not Hand.objects.exists()


def test_the_preview_lists_what_is_still_needed(client, urls, players):
    data = drop_data(players)
    del data["dropper"], data[f"count-{players['Elmo'].pk}"]
    text = client.post(urls["night"] + "hand/drop/preview/", data, **HTMX).content.decode()
    assert "Still needed: Tap who dropped · Enter Elmo&#x27;s count" in text


def test_the_preview_works_without_javascript(client, urls, players):
    page = client.post(urls["night"] + "hand/drop/preview/", drop_data(players))
    assert b"<html" in page.content
    assert b"Croaker is caught by Goblin (8 vs 10)" in page.content


def test_saving_answers_with_what_the_hand_changed(client, urls, players):
    page = client.post(urls["night"] + "hand/drop/save/", drop_data(players), **HTMX)
    text = page.content.decode()
    assert page.status_code == 200
    assert page["X-Hand-Saved"] == "1", "how the phone's offline queue knows it was taken"
    assert 'id="board"' not in text, "not the whole board: the parts that changed"
    assert (page["HX-Retarget"], page["HX-Reswap"]) == ("#hand-form", "innerHTML show:window:top")
    assert "<html" not in text
    assert '<div id="notice" hx-swap-oob="true">' in text
    assert "Hand 1 saved." in text
    assert '<div id="totals" hx-swap-oob="true">' in text
    assert 'data-total="Goblin" data-amount="300"' in text
    assert '<strong id="dealer">Croaker</strong> deals' in text, "the deal moved left"
    assert '<ol hx-swap-oob="afterbegin:#hand-list">' in text
    assert "#1</span>" in text
    assert "Croaker is caught by Goblin" in text
    assert "Undo hand 1" in text
    assert '<li id="no-hands" hx-swap-oob="delete">' in text
    assert 'id="seats" hx-ext="morph" hx-swap-oob="morph"' in text, (
        "the deal moved: the dealer buttons too"
    )


def test_a_correction_answers_with_the_whole_board(client, urls, players):
    client.post(urls["night"] + "hand/drop/save/", drop_data(players, key="first"), **HTMX)
    hand = Hand.objects.get()
    data = {**drop_data(players, key="fix"), "correcting": hand.pk}
    data[f"count-{players['Croaker'].pk}"] = 2
    page = client.post(urls["night"] + "hand/drop/save/", data, **HTMX)
    text = page.content.decode()
    assert page["X-Hand-Saved"] == "2"
    assert 'id="board"' in text
    assert "Hand 2 saved, correcting hand 1." in text
    assert "corrected by #2" in text, "the corrected row changes too"


def test_saving_without_javascript_redirects(client, urls, players):
    response = client.post(urls["night"] + "hand/drop/save/", drop_data(players))
    assert (response.status_code, response["Location"]) == (302, urls["night"])
    assert response["X-Hand-Saved"] == "1"
    assert "Hand 1 saved." in client.get(urls["night"]).content.decode()


def test_a_resubmitted_form_records_one_hand(client, urls, players):
    for _ in range(3):
        page = client.post(
            urls["night"] + "hand/drop/save/", drop_data(players, key="same"), **HTMX
        )
        assert page["X-Hand-Saved"] == "1", "a queue sending it again learns it was taken"
        assert page["X-Night-Version"] == str(Night.objects.get().version)
    assert Hand.objects.count() == 1
    assert Entry.objects.count() == 4  # two transfers, two entries each


def test_a_save_sent_again_after_the_table_changed_still_answers_with_its_hand(
    client, urls, players, night
):
    """The answer was lost, then a player left: the phone's queue sends the hand again, and
    it is the hand already recorded, not a refusal the scorekeeper would have to sort out."""
    client.post(urls["night"] + "hand/drop/save/", drop_data(players, key="lost"), **HTMX)
    services.seat_player(night=night, player=players["One-Eye"])
    services.unseat_player(night=night, player=players["Goblin"])
    again = client.post(urls["night"] + "hand/drop/save/", drop_data(players, key="lost"), **HTMX)
    assert again["X-Hand-Saved"] == "1"
    assert again["X-Dealer"] == str(players["Croaker"].pk), "who deals now, after hand 1"
    assert Hand.objects.count() == 1
    other = client.post(urls["night"] + "hand/drop/save/", drop_data(players, key="new"), **HTMX)
    assert "X-Hand-Saved" not in other, "a new key to the changed table is refused as before"


def test_bad_input_is_shown_at_its_field_and_nothing_is_written(client, urls, players):
    page = client.post(
        urls["night"] + "hand/drop/save/", drop_data(players, counts=(10, 8, 51)), **HTMX
    )
    text = page.content.decode()
    assert page["HX-Retarget"] == "#hand-form"
    assert "X-Hand-Saved" not in page, "refused: the queue keeps it and shows why"
    assert page["X-Hand-Refused"] == "1", "how the queue tells a refusal from a lost answer"
    elmo = players["Elmo"].pk
    assert re.search(rf'id="id_count-{elmo}"[^>]*aria-describedby', text)
    assert "Elmo&#x27;s count 51 is impossible with a 52-card deck" in text
    assert not Hand.objects.exists()


def test_every_impossible_count_is_named_beside_its_player(client, urls, players):
    page = client.post(
        urls["night"] + "hand/drop/save/", drop_data(players, counts=(0, 120, 51)), **HTMX
    )
    text = page.content.decode()
    for name, count in (("Croaker", 0), ("Goblin", 120), ("Elmo", 51)):
        assert f"{name}&#x27;s count {count} is impossible with a 52-card deck" in text
        assert re.search(rf'id="id_count-{players[name].pk}"[^>]*aria-describedby', text)
    assert not Hand.objects.exists()


def test_a_missing_count_is_refused(client, urls, players):
    data = drop_data(players)
    del data[f"count-{players['Goblin'].pk}"]
    text = client.post(urls["night"] + "hand/drop/save/", data).content.decode()
    assert "Enter Goblin&#x27;s count" in text
    assert not Hand.objects.exists()


def test_a_deal_tonk_takes_claims_in_calling_order(client, urls, players, night):
    services.change_rules(night=night, rules="speno-es")
    _croaker, goblin, elmo = ids(players, "Croaker", "Goblin", "Elmo")
    data = {
        "key": "t",
        "dealer": elmo,
        f"claim-{goblin}": "13",
        f"order-{goblin}": "2",
        f"claim-{elmo}": "49",
        f"order-{elmo}": "1",
    }
    client.post(urls["night"] + "hand/deal_tonk/save/", data)
    hand = Hand.objects.get()
    assert hand.result == "deal_tonk"
    assert Entry.objects.balances() == {
        players["Elmo"].pk: 300,
        players["Goblin"].pk: -100,
        players["Croaker"].pk: -200,
    }


@pytest.mark.parametrize(
    ("tapped", "message"),
    [
        ({}, "Tap who called tonk, in calling order"),
        ({"order-Goblin": "1"}, "Enter the deal count of each player who called tonk"),
    ],
)
def test_a_deal_tonk_without_a_claim_says_what_is_missing(client, urls, players, tapped, message):
    """Nobody tapped is told to tap who called; a caller tapped without a count, the count."""
    data = {"key": "t", "dealer": players["Elmo"].pk}
    data |= {f"order-{players[key.split('-')[1]].pk}": value for key, value in tapped.items()}
    text = client.post(urls["night"] + "hand/deal_tonk/save/", data).content.decode()
    assert message in text
    assert not Hand.objects.exists()


def test_a_tonk_out_defaults_to_a_spread_not_on_the_first_turn(client, urls, players):
    data = {
        "key": "t",
        "dealer": ids(players, "Elmo")[0],
        "winner": ids(players, "Goblin")[0],
        "method": "spread",
    }
    client.post(urls["night"] + "hand/tonk_out/save/", data)
    hand = Hand.objects.get()
    assert (hand.method, hand.first_turn, hand.winner) == ("spread", False, players["Goblin"])


def test_a_correction_is_prefilled_and_replaces_the_hand(client, urls, players, night):
    client.post(urls["night"] + "hand/drop/save/", drop_data(players))
    original = Hand.objects.get()
    form = client.get(
        urls["night"] + f"hand/drop/?correcting={original.pk}", **HTMX
    ).content.decode()
    assert "Correct hand 1: Drop" in form
    goblin = players["Goblin"].pk
    assert f'name="count-{goblin}" id="id_count-{goblin}" value="8"' in form
    data = drop_data(players, counts=(5, 8, 30), key="fix") | {"correcting": original.pk}
    page = client.post(urls["night"] + "hand/drop/save/", data, **HTMX).content.decode()
    assert "Hand 2 saved, correcting hand 1." in page
    assert "corrects #1" in page
    assert "corrected by #2" in page
    assert "<del>" in page
    assert list(Hand.objects.standing().values_list("number", flat=True)) == [2]


def test_the_correction_sheet_moves_to_any_other_standing_hand(client, urls, players, night):
    first = record(night, HandDetails(outcome="dead"))
    second = record(night, HandDetails(outcome="dead"))
    services.void_hand(hand=second, acting_user=None)
    third = record(night, HandDetails(outcome="dead"))
    form = client.get(urls["night"] + f"hand/dead/?correcting={third.pk}", **HTMX)
    chips = re.findall(
        r'correcting=(\d+)"\s+hx-get="[^"]*"[^>]*data-number="(\d+)"', form.content.decode()
    )
    assert chips == [(str(first.pk), "1")]  # not the voided hand 2, not hand 3 itself
    assert not re.search(
        "Another hand", client.get(urls["night"] + "hand/dead/", **HTMX).content.decode()
    )


def test_correcting_another_nights_hand_is_404(client, urls, season, players):
    other = services.start_night(
        season=season, players=[players["Silent"], players["One-Eye"]], dealer=players["Silent"]
    )
    hand = record(other, HandDetails(outcome="dead"))
    assert client.get(urls["night"] + f"hand/dead/?correcting={hand.pk}").status_code == 404
    assert client.get(urls["night"] + "hand/dead/?correcting=abc").status_code == 404


def test_void_then_the_board_offers_redo_not_a_second_undo(client, urls, players, night):
    first = record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    second = record(night, HandDetails(outcome="discard_out", winner=players["Elmo"]))
    board = client.get(urls["night"]).content.decode()
    assert "Undo hand 2" in board
    page = client.post(urls["night"] + f"hands/{second.pk}/void/", **HTMX).content.decode()
    assert "Hand 2 is voided." in page
    assert "Hand 2 voided" in page  # the void offered back at once
    assert 'id="unvoid"' in page
    assert "Undo hand 1" not in page
    later = client.get(urls["night"]).content.decode()  # drawn again: the usual bar
    assert "Hand 2 undone" in later
    assert 'id="redo"' in later
    assert "Undo hand 1" not in later
    again = client.post(urls["night"] + f"hands/{second.pk}/void/", **HTMX).content.decode()
    assert "hand 2 is voided already" in again
    assert list(Hand.objects.standing()) == [first]


def test_undo_four_times_undoes_one_hand_and_redo_brings_it_back(client, urls, players, night):
    first = record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    second = record(night, HandDetails(outcome="discard_out", winner=players["Elmo"]))
    undo = urls["night"] + f"hands/{second.pk}/undo/"
    pages = [client.post(undo, **HTMX).content.decode() for _ in range(4)]
    assert all("Hand 2 undone." in page for page in pages)
    assert list(Hand.objects.standing()) == [first]
    night.refresh_from_db()
    assert night.dealer == second.dealer
    redo = urls["night"] + f"hands/{second.pk}/redo/"
    page = client.post(redo, **HTMX).content.decode()
    assert "Hand 2 is back, as hand 3." in page
    assert "Undo hand 3" in page
    assert "Hand 2 is back, as hand 3." in client.post(redo, **HTMX).content.decode()
    assert [h.number for h in Hand.objects.standing()] == [1, 3]


def test_an_undo_from_a_page_drawn_before_the_newest_hand_is_refused(client, urls, players, night):
    """The page showed "Undo hand 1"; hand 2 came from another phone since."""
    first = record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    record(night, HandDetails(outcome="discard_out", winner=players["Elmo"]))
    page = client.post(urls["night"] + f"hands/{first.pk}/undo/", **HTMX).content.decode()
    assert "hand 2 is the newest hand now, so hand 1 was not undone" in page
    assert "Undo hand 2" in page  # the board, redrawn
    assert [h.number for h in Hand.objects.standing()] == [1, 2]


def test_a_redo_from_a_page_drawn_before_a_later_hand_is_refused(client, urls, players, night):
    record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    second = record(night, HandDetails(outcome="discard_out", winner=players["Elmo"]))
    board = client.post(urls["night"] + f"hands/{second.pk}/undo/", **HTMX).content.decode()
    assert '<input type="hidden" name="newest" value="2">' in board
    record(night, HandDetails(outcome="dead"))  # hand 3, from another phone
    redo = urls["night"] + f"hands/{second.pk}/redo/"
    page = client.post(redo, {"newest": "2"}, **HTMX).content.decode()
    assert "hand 3 was saved after this page was drawn, so hand 2 was not redone" in page
    assert [h.number for h in Hand.objects.standing()] == [1, 3]


def test_any_voided_hand_can_be_restored_from_its_row(client, urls, players, night):
    first = record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    record(night, HandDetails(outcome="discard_out", winner=players["Elmo"]))
    page = client.post(urls["night"] + f"hands/{first.pk}/void/", **HTMX).content.decode()
    restore = urls["night"] + f"hands/{first.pk}/redo/"
    assert f'action="{restore}"' in page
    assert "Restore hand 1" in page
    page = client.post(restore, **HTMX).content.decode()
    assert "Hand 1 is back, as hand 3." in page
    assert "Restore hand 1" not in page  # redone: its row says "redone as #3"
    assert [h.number for h in Hand.objects.standing()] == [2, 3]
    again = Hand.objects.get(number=3)
    page = client.post(urls["night"] + f"hands/{again.pk}/undo/", **HTMX).content.decode()
    row = re.search(r'id="hand-3".*?</li>', page, re.S).group(0)
    assert re.search(r"#1 again\s+·\s+voided", row)  # not "#1 again voided"


def test_a_closed_night_takes_no_hands(client, urls, players, night):
    services.close_night(night=night, acting_user=None)
    response = client.post(urls["night"] + "hand/drop/save/", drop_data(players), **HTMX)
    assert "X-Hand-Saved" not in response
    assert "this night is closed" in response.content.decode()
    assert not Hand.objects.exists()


def test_the_night_page_queries_do_not_grow_with_hands(client, urls, players, night):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(urls["night"]).status_code == 200
        return len(captured)

    record(night, HandDetails(outcome="dead"))
    few = queries()
    for i in range(30):
        p = players
        details = HandDetails(
            outcome="drop",
            dropper=p["Goblin"],
            counts={p["Croaker"]: 9 + i % 5, p["Goblin"]: 7, p["Elmo"]: 20},
        )
        hand = record(night, details)
        if i % 7 == 0:
            services.void_hand(hand=hand, acting_user=None)
    assert queries() == few


def test_a_long_night_shows_its_newest_hands_and_the_rest_on_demand(client, urls, night):
    from ledger.web.night_page import HANDS_SHOWN

    for _ in range(HANDS_SHOWN + 5):
        record(night, HandDetails(outcome="dead"))
    text = client.get(urls["night"]).content.decode()
    assert text.count('class="hand"') == HANDS_SHOWN
    assert "Show the 5 earlier hands too" in text
    assert (
        client.get(urls["night"] + "?hands=all").content.decode().count('class="hand"')
        == HANDS_SHOWN + 5
    )


def test_saving_a_hand_takes_a_fixed_number_of_statements(
    client, urls, players, django_assert_num_queries
):
    client.get(urls["night"])  # the session's user is read once per request anyway
    save = urls["night"] + "hand/drop/save/"
    # 1 the user; 2 the night's seats with the visitor's role (one join); 3 savepoint
    # (BEGIN in production); 4 lock the night; 5 the seats, last hand number and any hand
    # under this key; 6-7 insert the hand and its transaction (their ids are needed);
    # then insert its players and entries, add to the two tallies and move the deal: one
    # statement on PostgreSQL (services/writes.py), five elsewhere; and release (COMMIT).
    statements = 9 if connection.vendor == "postgresql" else 13
    with django_assert_num_queries(statements):
        assert client.post(save, drop_data(players, key="plain")).status_code == 302
    # The htmx save answers with what the hand changed: the above and the totals (the
    # seats with their tallies); the hand's row is drawn from the rows it wrote.
    with django_assert_num_queries(statements + 1):
        assert client.post(save, drop_data(players, key="htmx"), **HTMX).status_code == 200
    assert Hand.objects.count() == 2


def test_a_save_from_the_sheets_own_url_leaves_the_night_in_the_address_bar(client, urls, players):
    """Post/redirect/get the htmx way: a reload after Save must not offer the form again
    under a new key, which a second tap would record as a second hand."""
    save = urls["night"] + "hand/drop/save/"
    sheet = "http://testserver" + urls["night"] + "hand/drop/"
    from_sheet = client.post(
        save, drop_data(players, key="from-sheet"), **HTMX, HTTP_HX_CURRENT_URL=sheet
    )
    assert from_sheet["HX-Replace-Url"] == urls["night"]
    on_night = client.post(
        save,
        drop_data(players, key="on-night"),
        **HTMX,
        HTTP_HX_CURRENT_URL="http://testserver" + urls["night"] + "?hands=all",
    )
    assert "HX-Replace-Url" not in on_night  # the night's own address, as the phone chose it
