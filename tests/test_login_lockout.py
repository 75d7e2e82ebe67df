"""Five wrong passwords lock that name from that address, and nobody else.

Behind the proxy every request comes from the proxy's address; the client's is the
last hop the proxy appended to X-Forwarded-For.
"""

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from tonk_tracker.lockout import client_ip

pytestmark = pytest.mark.django_db
PROXY = "10.0.0.1"


@pytest.fixture
def goblin(django_user_model):
    return django_user_model.objects.create_user(username="goblin", password="goblins-pass-phrase")


def log_in(name: str, password: str, **meta) -> Client:
    client = Client()
    client.post(reverse("login"), {"username": name, "password": password}, **meta)
    return client


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def guess_five_times(name: str, **meta) -> None:
    for _ in range(5):
        log_in(name, "wrong guess", **meta)


def test_a_guessed_name_is_locked_from_that_address_only(owner, goblin):
    guess_five_times("croaker", REMOTE_ADDR="192.0.2.7")
    assert not logged_in(log_in("croaker", "a-long-pass-phrase", REMOTE_ADDR="192.0.2.7"))
    assert logged_in(log_in("goblin", "goblins-pass-phrase", REMOTE_ADDR="192.0.2.7"))
    assert logged_in(log_in("croaker", "a-long-pass-phrase", REMOTE_ADDR="198.51.100.9"))


def test_behind_the_proxy_each_player_is_their_own_address(owner, goblin, settings):
    settings.BEHIND_PROXY = True
    guess_five_times("croaker", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.7")
    locked = log_in(
        "croaker", "a-long-pass-phrase", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.7"
    )
    assert not logged_in(locked)
    at_home = log_in(
        "croaker", "a-long-pass-phrase", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.9"
    )
    assert logged_in(at_home)
    assert logged_in(
        log_in("goblin", "goblins-pass-phrase", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.7")
    )


def test_a_forged_forwarded_for_does_not_dodge_the_lock(owner, settings):
    """The guesser writes their own X-Forwarded-For; the proxy appends the real address last."""
    settings.BEHIND_PROXY = True
    for forged in ("203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"):
        log_in(
            "croaker",
            "wrong guess",
            REMOTE_ADDR=PROXY,
            HTTP_X_FORWARDED_FOR=f"{forged}, 192.0.2.7",
        )
    assert not logged_in(
        log_in(
            "croaker",
            "a-long-pass-phrase",
            REMOTE_ADDR=PROXY,
            HTTP_X_FORWARDED_FOR="203.0.113.99, 192.0.2.7",
        )
    )


def test_without_a_proxy_the_header_is_not_believed(rf, settings):
    settings.BEHIND_PROXY = False
    request = rf.get("/", REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert client_ip(request) == "192.0.2.7"
    settings.BEHIND_PROXY = True
    assert client_ip(request) == "203.0.113.1"
    assert client_ip(rf.get("/", REMOTE_ADDR=PROXY)) == PROXY


def test_a_name_too_long_for_any_account_is_refused_before_it_is_tried(owner):
    client = Client()
    response = client.post(reverse("login"), {"username": "x" * 10_000, "password": "p"})
    assert response.status_code == 200
    assert "at most 150 characters" in response.content.decode()


def test_the_admin_login_records_a_long_name_cut_to_an_account_name(owner):
    """The admin's own log-in form does not check the length; the lock-out's record must."""
    response = Client().post("/admin/login/", {"username": "x" * 10_000, "password": "p"})
    assert response.status_code == 200
    assert [len(name) for name in AccessAttempt.objects.values_list("username", flat=True)] == [150]
