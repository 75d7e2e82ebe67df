import os

from django.core.wsgi import get_wsgi_application

from tonk_tracker.env import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tonk_tracker.settings")
application = get_wsgi_application()
require_secret_key()
