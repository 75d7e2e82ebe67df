"""gunicorn's settings for Tonk Tracker: ``gunicorn -c deploy/gunicorn.conf.py``.

Sync workers, (2 x cores) + 1 of them, as gunicorn's documentation advises: every request
is short (a poll, a save), the database is the only thing a request waits on, and a worker
that dies takes nothing with it (sessions live in a signed cookie). TONK_BIND and
TONK_WORKERS override the address and the count.
"""

import multiprocessing
import os

wsgi_app = "tonk_tracker.wsgi"
bind = os.environ.get("TONK_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TONK_WORKERS", 2 * multiprocessing.cpu_count() + 1))
worker_class = "sync"
backlog = 2048
timeout = 30  # a request never takes seconds: a worker stuck this long is restarted
graceful_timeout = 20
max_requests, max_requests_jitter = 5000, 500  # workers renewed now and then, not at once
accesslog = os.environ.get("TONK_ACCESS_LOG", "-")
errorlog = "-"
# Behind Caddy the client's address arrives in X-Forwarded-For, which Django reads
# (DJANGO_BEHIND_PROXY); gunicorn itself trusts no forwarded header.
forwarded_allow_ips = ""
