"""/healthz, and what a phone gets while the database is unreachable or a page fails."""

from contextlib import contextmanager

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from ledger.models import Hand

pytestmark = pytest.mark.django_db


@contextmanager
def database_down(monkeypatch):
    """Every query fails as it does when PostgreSQL is stopped (the connection refused)."""

    def refused(*args, **kwargs):
        raise OperationalError("connection refused")

    with monkeypatch.context() as patch:
        patch.setattr(connection, "ensure_connection", refused)
        yield


def test_healthz_answers_ok_without_a_session_or_a_known_host(django_assert_num_queries):
    client = Client()
    with django_assert_num_queries(1):
        answer = client.get("/healthz", HTTP_HOST="10.0.0.7:8000", secure=False)
    assert answer.status_code == 200
    assert answer.content == b"ok\n"
    assert answer["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in answer
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_healthz_says_503_while_the_database_is_down(monkeypatch):
    with database_down(monkeypatch):
        answer = Client().get("/healthz")
    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"
    assert Client().get("/healthz").status_code == 200  # and back, with no restart


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Back in a moment"), ("nl", "Zo terug"), ("es", "Volvemos enseguida")],
)
def test_a_page_and_an_htmx_save_answer_503_in_the_visitors_language(
    owner, night, players, monkeypatch, language, words
):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(owner)
    slug = night.season.league.slug
    page = reverse("ledger:night", args=[slug, night.pk])
    save = reverse("ledger:hand_record", args=[slug, night.pk, "dead"])
    hand = {"key": "k-outage", "dealer": players["Elmo"].pk}
    with database_down(monkeypatch):
        answers = [client.get(page), client.post(save, hand, HTTP_HX_REQUEST="true")]
    for answer in answers:
        assert answer.status_code == 503
        assert answer["Retry-After"] == "5"
        assert words in answer.content.decode()
        assert "Traceback" not in answer.content.decode()
    assert '<meta http-equiv="refresh" content="5">' in answers[0].content.decode()
    assert "refresh" not in answers[1].content.decode()  # a post is never sent again unasked
    assert not Hand.objects.exists()
    assert client.get(page).status_code == 200
    assert client.post(save, hand, HTTP_HX_REQUEST="true").status_code == 200
    assert Hand.objects.count() == 1


def test_any_other_failure_is_a_plain_translated_500(owner, league, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug, with a secret detail")

    monkeypatch.setattr("ledger.web.views.leagues.render", broken)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(owner)
    answer = client.get(reverse("ledger:league", args=[league.slug]))
    assert answer.status_code == 500
    text = answer.content.decode()
    assert "Qualcosa è andato storto" in text
    assert "secret detail" not in text
    assert "Retry-After" not in answer
