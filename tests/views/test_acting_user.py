"""Every change made from the web records who made it, and a hand's row says so."""

import pytest

from ledger.models import Hand, NightEvent, Transaction
from tests.views.conftest import HTMX
from tests.views.test_hand_views import drop_data

pytestmark = pytest.mark.django_db


def test_a_hand_saved_voided_and_restored_names_who_did_each(client, urls, players, owner):
    client.post(urls["night"] + "hand/drop/save/", drop_data(players), **HTMX)
    hand = Hand.objects.get()
    assert hand.logged_by == owner
    assert Transaction.objects.get(hand=hand, kind="hand").created_by == owner
    page = client.get(urls["night"]).content.decode()
    assert "logged by croaker" in page  # the owner's account (tests/conftest.py)

    client.post(urls["night"] + f"hands/{hand.pk}/void/", **HTMX)
    assert Transaction.objects.get(hand=hand, kind="void").created_by == owner
    page = client.get(urls["night"]).content.decode()
    assert "voided by croaker" in page

    client.post(urls["night"] + f"hands/{hand.pk}/redo/", **HTMX)
    again = Hand.objects.get(replaces=hand)
    assert again.logged_by == owner


def test_closing_reopening_and_paying_name_who_did_it(client, urls, settled_up, players, owner):
    client.post(urls["night"] + "close/")
    client.post(urls["night"] + "reopen/")
    assert [(e.kind, e.by) for e in NightEvent.objects.all()] == [
        ("closed", owner),
        ("reopened", owner),
    ]
    data = {"payer": players["Croaker"].pk, "payee": players["Elmo"].pk, "amount": "1", "key": "k"}
    client.post(urls["night"] + "settle/pay/", data)
    assert Transaction.objects.get(kind="payment").created_by == owner
