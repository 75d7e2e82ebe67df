"""``manage.py bench_profile``: where a request's CPU goes inside the app, without HTTP.

Each kind of request a live table makes (an unchanged poll, a changed poll from the cache
and not, a save the phone's way) is called straight through Django's WSGI handler, as a
gunicorn worker calls it, on one of the load driver's tables: its CPU per request, then
cProfile's heaviest calls. What gunicorn adds (accepting, parsing, writing) is what the
load steps show beyond these figures (their "inside the server" line).
"""

import cProfile
import io
import pstats
import statistics
import sys
import time
import uuid
from urllib.parse import urlencode

from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.management.base import BaseCommand
from django.test import override_settings

from bench.tables import live_tables

RUNS = {"poll, nothing new": 2000, "poll, from the cache": 2000, "poll, not cached": 300}
RUNS["save"] = 250
ROUNDS = 5
# A save may take 12 ms of CPU: 1,500 live tables on two cores leave it some 18, and the
# rest of the machine needs the difference.
GOALS = {"save": 12.0}


class Command(BaseCommand):
    help = "CPU per request of polls and saves, and their profiles, in process."

    def add_arguments(self, parser):
        parser.add_argument("--top", type=int, default=25, help="calls shown per profile")

    @override_settings(
        ALLOWED_HOSTS=["testserver", "127.0.0.1"], SECURE_SSL_REDIRECT=False, DEBUG=False
    )
    def handle(self, *args, **options):
        tables, keeper = live_tables(1)
        app, table = WSGIHandler(), tables[0]
        watcher = table.phones[1]

        def call(method="GET", path=watcher.path, cookie=watcher.cookie, headers=None, body=b""):
            environ = {
                "REQUEST_METHOD": method,
                "PATH_INFO": path,
                "QUERY_STRING": "",
                "SERVER_NAME": "127.0.0.1",
                "SERVER_PORT": "8000",
                "SERVER_PROTOCOL": "HTTP/1.1",
                "HTTP_HOST": "127.0.0.1",
                "HTTP_COOKIE": cookie,
                "HTTP_HX_REQUEST": "true",
                "wsgi.url_scheme": "http",
                "wsgi.input": io.BytesIO(body),
                "wsgi.errors": sys.stderr,
                "CONTENT_LENGTH": str(len(body)),
                "CONTENT_TYPE": "application/x-www-form-urlencoded",
                **(headers or {}),
            }
            answer = {}
            b"".join(app(environ, lambda status, fields, exc=None: answer.update(fields)))
            return answer

        tag = call()["ETag"]

        def save():
            form = urlencode({**table.form, "key": uuid.uuid4().hex}).encode()
            headers = {"HTTP_X_CSRFTOKEN": keeper.csrf}
            call("POST", table.save_path, keeper.cookie, headers, form)

        kinds = {
            "poll, nothing new": lambda: call(headers={"HTTP_IF_NONE_MATCH": tag}),
            "poll, from the cache": call,
            "poll, not cached": lambda: (cache.clear(), call()),
            "save": save,
        }
        for kind, request in kinds.items():
            self.profile(kind, request, RUNS[kind], options["top"])

    def profile(self, kind: str, request, runs: int, top: int):
        request()
        rounds = []  # a shared machine's other work lands in some rounds: the median is kept
        for _ in range(ROUNDS):
            start = time.process_time()
            for _ in range(runs // ROUNDS):
                request()
            rounds.append((time.process_time() - start) / (runs // ROUNDS) * 1000)
        cpu, low, high = statistics.median(rounds), min(rounds), max(rounds)
        goal = GOALS.get(kind)
        verdict = (
            "" if goal is None else f"; goal {goal:g} ms: {'met' if cpu <= goal else 'NOT MET'}"
        )
        self.stdout.write(
            f"== {kind}: {cpu:.2f} ms of CPU per request ({runs} requests,"
            f" the median of {ROUNDS} rounds; {low:.2f} to {high:.2f}){verdict}"
        )
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [request() for _ in range(max(20, runs // 10))])
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
        self.stdout.write(out.getvalue())
