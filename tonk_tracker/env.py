"""Small readers for settings from the environment that fail loudly on bad values."""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean: use 1/0, true/false, yes/no, on/off"
    )


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",")]
    if not all(items):
        raise ImproperlyConfigured(f"{name}={raw!r} has an empty item: separate values with commas")
    return items


def env_str(name: str, default: str) -> str:
    raw = os.environ.get(name)
    if raw is None:
        return default
    if not raw.strip():
        raise ImproperlyConfigured(f"{name} is set but empty")
    return raw


def require_secret_key() -> None:
    """Refuse to serve the app with DEBUG off and the development key."""
    from django.conf import settings

    if not settings.DEBUG and not settings.SECRET_KEY_FROM_ENVIRONMENT:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off (make run turns DEBUG on)"
        )
