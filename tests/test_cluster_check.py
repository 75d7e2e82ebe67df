"""`make cluster-check` in small: two app hosts behind Caddy on the suite's PostgreSQL
database, four tables, the first host killed halfway."""

import os
import shutil

import pytest
from django.conf import settings
from django.test import override_settings

from bench.cluster import check
from bench.tables import live_tables
from tests.test_through_caddy import database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="two app hosts share PostgreSQL: runs on the PostgreSQL leg",
    ),
    pytest.mark.skipif(
        not shutil.which("caddy") and os.environ.get("CI") != "true", reason="needs caddy"
    ),
]


def test_two_hosts_lose_and_double_no_hand_when_one_is_killed(tmp_path, monkeypatch):
    with override_settings(ALLOWED_HOSTS=["testserver"], SECURE_SSL_REDIRECT=False):
        tables, keeper = live_tables(4)
    monkeypatch.setenv("DATABASE_URL", database_url())
    monkeypatch.setenv("DJANGO_SECRET_KEY", settings.SECRET_KEY)  # the phones' cookies are signed
    said = []
    assert check(tables, keeper, 14, tmp_path, said.append), "\n".join(said)
    report = "\n".join(said)
    assert "lost 0, doubled 0, never confirmed 0" in report
    assert "4 compared, 0 differing" in report
    assert "refusing connections after the kill: yes" in report


def test_with_events_the_killed_hosts_streams_reconnect_and_keep_hearing(tmp_path, monkeypatch):
    with override_settings(ALLOWED_HOSTS=["testserver"], SECURE_SSL_REDIRECT=False):
        tables, keeper = live_tables(4)
    monkeypatch.setenv("DATABASE_URL", database_url())
    monkeypatch.setenv("DJANGO_SECRET_KEY", settings.SECRET_KEY)
    said = []
    ok = check(tables, keeper, 20, tmp_path, said.append, events=True, retry="1-3")
    report = "\n".join(said)
    assert ok, report
    assert "lost 0, doubled 0, never confirmed 0" in report
    cut = int(report.split("event streams: ")[1].split(" cut")[0])
    assert cut > 0, "the kill cut the streams the first host's doorbell held"
    assert ", missed 0;" in report
    assert " 0 not back;" in report
