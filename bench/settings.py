"""The app's settings, plus the benchmark commands, the floor views and the header that says
where a request's time went inside the server (`make bench`)."""

from tonk_tracker.settings import *  # noqa: F403
from tonk_tracker.settings import INSTALLED_APPS, MIDDLEWARE

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]
MIDDLEWARE = ["bench.timing.ServerTiming", *MIDDLEWARE]
ROOT_URLCONF = "bench.urls"
