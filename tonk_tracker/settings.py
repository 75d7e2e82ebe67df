"""Settings for Tonk Tracker, read from the environment.

DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and DATABASE_URL are the
knobs; anything malformed stops start-up with a message naming the variable.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from tonk_tracker.env import env_bool, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
# Command-line tools run with a development key; serving the app with DEBUG off
# needs a real one (tonk_tracker.wsgi and .asgi refuse to start without it).
SECRET_KEY_FROM_ENVIRONMENT = bool(os.environ.get("DJANGO_SECRET_KEY", "").strip())
SECRET_KEY = (
    os.environ["DJANGO_SECRET_KEY"]
    if SECRET_KEY_FROM_ENVIRONMENT
    else "insecure-local-development-key"
)
ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    ["127.0.0.1", "localhost", "[::1]", "*"] if DEBUG else ["127.0.0.1", "localhost", "[::1]"],
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "template_partials",
    "axes",
    "csp",
    "ledger",
]

MIDDLEWARE = [
    "tonk_tracker.outages.HealthCheckMiddleware",  # first: asked by address, over plain HTTP
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "ledger.web.access.LoginNeededMiddleware",
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login
    "django.contrib.auth.backends.ModelBackend",
]
# Five wrong passwords lock that name from that address only: the people behind one
# proxy (or one bar's wifi) keep logging in while someone guesses at a name.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "tonk_tracker.lockout.client_ip"
AXES_USERNAME_CALLABLE = "tonk_tracker.lockout.username"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "ledger:home"
LOGOUT_REDIRECT_URL = "ledger:home"

# Sessions live in a signed cookie: no state in the process or an extra query per page,
# so several app servers can share one database.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_HTTPONLY = True

# Production hardening; DJANGO_SSL_REDIRECT=0 behind a local reverse proxy that does TLS,
# DJANGO_BEHIND_PROXY=1 when that proxy sets X-Forwarded-Proto.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = 0 if DEBUG else 31_536_000
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = env_bool(
    "DJANGO_SECURE_COOKIES", not DEBUG
)
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"  # share tokens in URLs never leave in a Referer
SECURE_CONTENT_TYPE_NOSNIFF = True
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    }
}

ROOT_URLCONF = "tonk_tracker.urls"

# How often the scoring screen and the spectator view ask whether the night changed, when
# no event stream tells them (or while it is away).
POLL_SECONDS = 4

# Live boards (ledger/doorbell): the URL the pages open their event stream at (same origin
# behind Caddy: /events/; empty: the pages poll), and the bus the app rings the doorbells on
# after a change commits (udp://127.0.0.1:8765 or redis://...; empty: no rings).
EVENTS_URL = env_str("EVENTS_URL", "")
EVENTS_BUS = env_str("EVENTS_BUS", "udp://127.0.0.1:8765" if EVENTS_URL else "")
EVENTS_HEARTBEAT = int(env_str("EVENTS_HEARTBEAT", "15"))
if EVENTS_URL.startswith(("http://", "https://")):  # a doorbell on another origin
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["connect-src"].append(
        "{0}://{2}".format(*EVENTS_URL.split("/"))
    )

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ledger.web.polling.interval",
            ],
        },
    },
]

WSGI_APPLICATION = "tonk_tracker.wsgi.application"


# IMMEDIATE takes the write lock at BEGIN, so two phones logging a hand at once queue
# up instead of failing with "database is locked"; WAL lets pages read meanwhile.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def _database() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL")
    config: dict[str, Any]
    if url is None:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    else:
        try:
            # No health check: it is a round trip before every request's first query (a
            # third of an unchanged poll's CPU, measured by make bench). After a database
            # restart each worker's first request answers 503 instead, which phones retry.
            config = dict(dj_database_url.parse(url, conn_max_age=60, conn_health_checks=False))
        except Exception as exc:  # dj-database-url raises several types
            raise ImproperlyConfigured(f"DATABASE_URL is malformed: {exc}") from exc
        if not config.get("ENGINE"):
            raise ImproperlyConfigured(f"DATABASE_URL={url!r} names no database engine")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # The same protection however SQLite is named, and tests on a file beside it.
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        name = Path(config["NAME"])
        if config["NAME"] != ":memory:":
            config.setdefault("TEST", {}).setdefault("NAME", name.with_name(f"test-{name.name}"))
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _caches() -> dict[str, Any]:
    """Django's cache: the boards a poll serves to every phone (ledger/web/shared_board.py)
    and the league's records. Each process keeps its own in memory, unless CACHE_URL names
    a Redis server (redis://host:6379/0), which several app hosts then share."""
    url = os.environ.get("CACHE_URL")
    if url is None:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "OPTIONS": {"MAX_ENTRIES": 5000},  # a board per table, role and language
            }
        }
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"CACHE_URL={url!r} is not a Redis URL (redis://host:6379/0)")
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}


CACHES = _caches()

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The language comes from the switcher's cookie, else the browser's Accept-Language.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("nl", "Nederlands"),
    ("it", "Italiano"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes (a deploy may keep it outside the checkout).
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files after `collectstatic`; plain files while debugging and testing.
    "staticfiles": {
        "BACKEND": "tonk_tracker.storage.StaticFiles"
        if env_bool("DJANGO_COLLECTED_STATIC", False)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}


CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Errors go to standard error (journald, the container's log), with the traceback of a 500
# or a 503: Django's default sends them only by mail, to admins nobody configured.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
