"""gunicorn's settings for Tonk Tracker: ``gunicorn -c deploy/gunicorn.conf.py``.

Sync workers, (2 x cores) + 1 of them as gunicorn's documentation advises, chosen on
measurement (``manage.py bench_load`` with ``--workers``, ``--worker-class`` and
``--threads`` on a 2-core machine, 30 s steps). At 300 live tables all of 2 and 5 sync
workers and 2 gthread workers of 4 threads met the goal (p95 of polls 113, 51 and 22 ms;
of saves 188, 194 and 152 ms), 3 gthread workers did not (saves 267 ms). Past the
machine's capacity, at 450 tables, 5 sync workers still answered polls in 176 ms at p95
where gthread's took 5 s, and under wrk an unchanged poll on PostgreSQL ran at 0.44 of
the fixed response's rate with sync workers against 0.19 with threads: a thread back from
the database waits for the interpreter lock behind its CPU-bound neighbours. A worker that
dies takes nothing with it (sessions live in a signed cookie). TONK_BIND, TONK_WORKERS,
TONK_WORKER_CLASS and TONK_THREADS override.
"""

import multiprocessing
import os

wsgi_app = "tonk_tracker.wsgi"
bind = os.environ.get("TONK_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TONK_WORKERS", 2 * multiprocessing.cpu_count() + 1))
worker_class = os.environ.get("TONK_WORKER_CLASS", "sync")
threads = int(os.environ.get("TONK_THREADS", 1))
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
# gunicornc's control socket (gunicorn 25.1 and later; older ones ignore the name): `make
# table` gives each instance its own, so a second one on the laptop does not take the first's.
if os.environ.get("TONK_CONTROL_SOCKET"):
    control_socket = os.environ["TONK_CONTROL_SOCKET"]
