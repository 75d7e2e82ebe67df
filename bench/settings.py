"""The app's settings, plus the benchmark commands and the floor views (`make bench`)."""

from tonk_tracker.settings import *  # noqa: F403
from tonk_tracker.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]
ROOT_URLCONF = "bench.urls"
