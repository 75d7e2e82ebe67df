"""gunicorn's settings for Tonk Tracker: ``gunicorn -c deploy/gunicorn.conf.py``.

Threaded workers (gthread), one per core with 4 threads each, chosen on measurement
(``manage.py bench_load`` with ``--workers``, ``--worker-class`` and ``--threads``, on a
2-core machine at 300 live tables for 30 s): p95 of polls 22 ms and of saves 152 ms with
the machine 56 % busy, against 113 / 188 ms (77 %) for 2 sync workers, 51 / 194 ms (73 %)
for gunicorn's own advice of (2 x cores) + 1 sync workers, and 45 / 267 ms (73 %) for 3
gthread workers. A save takes some 30 ms of CPU: in a sync worker the polls queue behind
it, in a thread they go on. A worker that dies takes nothing with it (sessions live in a
signed cookie). TONK_BIND, TONK_WORKERS, TONK_WORKER_CLASS and TONK_THREADS override.
"""

import multiprocessing
import os

wsgi_app = "tonk_tracker.wsgi"
bind = os.environ.get("TONK_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TONK_WORKERS", multiprocessing.cpu_count()))
worker_class = os.environ.get("TONK_WORKER_CLASS", "gthread")
threads = int(os.environ.get("TONK_THREADS", 4))
backlog = 2048
timeout = 30  # a request never takes seconds: a worker stuck this long is restarted
graceful_timeout = 20
# The app is loaded once, in the master, and each worker forks from it: a worker renewed
# (now and then, not all at once) is serving in milliseconds. Loaded by each worker itself,
# a renewal took a second of CPU, and with 5,000 requests a worker that was every half
# minute under load: polls queued behind it for up to a second (make bench-load).
preload_app = True
max_requests, max_requests_jitter = 50_000, 5_000
accesslog = os.environ.get("TONK_ACCESS_LOG", "-") or None  # "" logs no request
errorlog = "-"
# Behind Caddy the client's address arrives in X-Forwarded-For, which Django reads
# (DJANGO_BEHIND_PROXY); gunicorn itself trusts no forwarded header.
forwarded_allow_ips = ""
