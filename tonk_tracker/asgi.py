import os

from django.core.asgi import get_asgi_application

from tonk_tracker.env import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tonk_tracker.settings")
application = get_asgi_application()
require_secret_key()
