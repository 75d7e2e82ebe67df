"""Settings that must hold however the machine is set up."""

import tomllib
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tonk_tracker import settings as project_settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "url", [None, "sqlite:////tmp/tonk.sqlite3", "sqlite:///relative.sqlite3"], ids=str
)
def test_sqlite_queues_writers_however_it_is_named(monkeypatch, url):
    if url is None:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("DATABASE_URL", url)
    database = project_settings._database()
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["OPTIONS"] == project_settings.SQLITE_OPTIONS
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert Path(database["TEST"]["NAME"]).name.startswith("test-")


def test_postgresql_gets_no_sqlite_options(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://tonk@db:5432/tonk")
    assert "transaction_mode" not in project_settings._database().get("OPTIONS", {})


def test_each_process_caches_in_memory_unless_cache_url_names_a_redis(monkeypatch):
    monkeypatch.delenv("CACHE_URL", raising=False)
    assert project_settings._caches()["default"]["BACKEND"].endswith("LocMemCache")
    monkeypatch.setenv("CACHE_URL", "redis://127.0.0.1:6379/3")
    cache = project_settings._caches()["default"]
    assert cache == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/3",
    }
    monkeypatch.setenv("CACHE_URL", "memcached://127.0.0.1:11211")
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        project_settings._caches()


def test_any_python_from_3_11_on_may_install_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"


@pytest.mark.django_db
def test_the_benchmarks_are_no_part_of_the_app(client, settings):
    """The floor views (one writes without CSRF) exist only under bench.settings."""
    assert "bench" not in settings.INSTALLED_APPS
    assert client.post("/benchmark/floor/write/").status_code == 404
