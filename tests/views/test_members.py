import csv
import re

import pytest
from django.test import Client
from django.urls import reverse

from ledger import services
from ledger.models import Membership, ShareLink

pytestmark = pytest.mark.django_db


def test_the_owner_invites_and_sees_the_link_with_a_qr_code(client, league):
    page = client.post(
        reverse("ledger:member_invite", args=[league.slug]), {"role": "scorekeeper"}, follow=True
    )
    text = page.content.decode()
    assert "Send this one-use link to your new scorekeeper." in text
    assert re.search(r'value="http://testserver/invite/[\w-]+/[\w-]{32}/"', text)
    assert "<svg" in text


def test_an_unknown_role_is_refused(client, league):
    page = client.post(
        reverse("ledger:member_invite", args=[league.slug]), {"role": "king"}, follow=True
    )
    assert "a role is owner, scorekeeper or viewer, not &#x27;king&#x27;" in page.content.decode()


def test_roles_change_but_the_last_owner_stays(client, league, owner):
    mine = Membership.objects.get(user=owner)
    page = client.post(
        reverse("ledger:member_role", args=[league.slug, mine.pk]), {"role": "viewer"}, follow=True
    )
    assert "a league needs at least one owner" in page.content.decode()
    page = client.post(
        reverse("ledger:member_role", args=[league.slug, mine.pk]), {"remove": "1"}, follow=True
    )
    assert "a league needs at least one owner" in page.content.decode()
    assert Membership.objects.get(user=owner).role == "owner"


def test_share_links_are_made_shown_and_revoked(client, league, night):
    client.post(reverse("ledger:share_create", args=[league.slug]))
    client.post(reverse("ledger:share_create", args=[league.slug]), {"night": night.pk})
    text = client.get(reverse("ledger:members", args=[league.slug])).content.decode()
    assert text.count('class="card card-body mb-2 share-link"') == 2
    assert "The night of" in text
    assert "The whole league" in text
    link = ShareLink.objects.filter(night__isnull=True).get()
    client.post(reverse("ledger:share_revoke", args=[league.slug, link.pk]))
    link.refresh_from_db()
    assert link.revoked_at is not None


def test_a_member_says_this_is_me_once(client, league, players, owner):
    client.post(reverse("ledger:player_claim", args=[league.slug, players["Croaker"].pk]))
    players["Croaker"].refresh_from_db()
    assert players["Croaker"].user == owner
    page = client.post(
        reverse("ledger:player_claim", args=[league.slug, players["Goblin"].pk]), follow=True
    )
    assert "you are a player of Black Company already" in page.content.decode()
    assert (
        "Croaker <small>(you)</small>"
        in client.get(reverse("ledger:league", args=[league.slug])).content.decode()
    )


def test_a_claimed_player_cannot_be_taken(client, league, players, django_user_model):
    other = django_user_model.objects.create_user(username="goblin", password="pw-goblin-goblin")
    Membership.objects.create(league=league, user=other, role="viewer")
    services.claim_player(player=players["Goblin"], user=other)
    page = client.post(
        reverse("ledger:player_claim", args=[league.slug, players["Goblin"].pk]), follow=True
    )
    assert "Goblin is someone else&#x27;s player already" in page.content.decode()


def test_a_viewer_sees_the_night_without_controls(league, night, django_user_model):
    from django.test import Client

    viewer = django_user_model.objects.create_user(username="viewer", password="pw-viewer-viewer")
    Membership.objects.create(league=league, user=viewer, role="viewer")
    client = Client()
    client.force_login(viewer)
    text = client.get(reverse("ledger:night", args=[league.slug, night.pk])).content.decode()
    assert 'data-outcome="drop"' not in text
    assert "The table: stake" not in text
    assert '<strong id="dealer">Elmo</strong> deals' in text


def test_home_lists_only_my_leagues(client, league, django_user_model):
    stranger = django_user_model.objects.create_user(username="stranger", password="pw-stranger-1")
    services.create_league(name="Not Mine", owner=stranger)
    text = client.get("/").content.decode()
    assert "Black Company" in text
    assert "Not Mine" not in text


@pytest.mark.parametrize(
    "name", ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', '=HYPERLINK("x")']
)
def test_a_hostile_league_name_is_shown_escaped(client, owner, name):
    league = services.create_league(name=name, owner=owner)
    for url in (
        "/",
        reverse("ledger:league", args=[league.slug]),
        reverse("ledger:standings", args=[league.slug]),
    ):
        text = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in text
        assert "<img src=x" not in text
    rows = list(
        csv.reader(
            client.get(reverse("ledger:standings_csv", args=[league.slug]))
            .content.decode()
            .splitlines()
        )
    )
    assert rows[0][0] == ("'" if name.startswith("=") else "") + f"{name}: all time"


def test_an_invitation_shows_its_league_only_with_its_secret(league, owner, django_user_model):
    invitation, secret = services.invite(league=league, role="scorekeeper", acting_user=owner)
    stranger = django_user_model.objects.create_user(username="stranger", password="pw-stranger")
    visitor = Client()
    visitor.force_login(stranger)
    wrong = ("y" if secret[0] == "x" else "x") + secret[1:]  # one character off, never equal
    forged = visitor.get(reverse("ledger:invitation", args=[invitation.lookup, wrong]))
    assert forged.status_code == 200
    assert league.name not in forged.content.decode()
    assert "scorekeeper" not in forged.content.decode()
    assert "does not work" in forged.content.decode()
    real = visitor.get(reverse("ledger:invitation", args=[invitation.lookup, secret]))
    assert "Join Black Company" in real.content.decode()
    assert not stranger.memberships.exists()
