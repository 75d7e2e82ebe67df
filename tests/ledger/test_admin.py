import pytest
from django.urls import reverse

from ledger.models import Entry
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(night, players):
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 9, p["Goblin"]: 10, p["Elmo"]: 25}))
    return Entry.objects.first()


@pytest.mark.parametrize(
    "model", ["league", "player", "season", "night", "hand", "transaction", "entry"]
)
def test_it_lists_the_ledger(admin_client, entry, model):
    assert admin_client.get(reverse(f"admin:ledger_{model}_changelist")).status_code == 200


def test_an_entry_is_shown_but_cannot_be_changed(admin_client, entry):
    url = reverse("admin:ledger_entry_change", args=[entry.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    assert b'name="amount"' not in page.content
    admin_client.post(
        url, {"amount": 1, "player": entry.player_id, "counterparty": entry.counterparty_id}
    )
    assert Entry.objects.get(pk=entry.pk).amount == entry.amount


@pytest.mark.parametrize("view", ["add", "delete"])
def test_entries_cannot_be_added_or_deleted(admin_client, entry, view):
    args = [] if view == "add" else [entry.pk]
    url = reverse(f"admin:ledger_entry_{view}", args=args)
    assert admin_client.get(url).status_code == 403
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert Entry.objects.count() == 4
