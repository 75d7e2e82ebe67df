"""Where a request's time goes inside the server, for the load driver (bench settings only):
a ``Server-Timing`` header with the wall time of the middleware and the view (app), the CPU
the worker's thread spent on it (cpu) and the database's share (db, with its queries). What
a phone waits beyond ``app`` it waits outside Django: in the listen queue for a free worker,
and on the connection."""

import time

from django.db import connection


class ServerTiming:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        database = [0.0, 0]

        def timed(execute, sql, params, many, context):
            start = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                database[0] += time.perf_counter() - start
                database[1] += 1

        start, cpu = time.perf_counter(), time.thread_time()
        with connection.execute_wrapper(timed):
            response = self.get_response(request)
        app, cpu = time.perf_counter() - start, time.thread_time() - cpu
        response["Server-Timing"] = (
            f"app;dur={app * 1000:.2f}, cpu;dur={cpu * 1000:.2f}, "
            f'db;dur={database[0] * 1000:.2f};desc="{database[1]} queries"'
        )
        return response
