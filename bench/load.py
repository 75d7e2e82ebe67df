"""Capacity: how many live tables one small server holds (``manage.py bench_load``).

A table is an open night with four phones polling every 4 s, each with the ETag of what
it shows (the scorekeeper's scoring screen, two more phones signed in to a member's
account on the spectator view and one share link's), and the scorekeeper saving a hand
every 45 s the phone's way: htmx, saying which version its screen shows, and taking its
poll's next tag from the answer as the app does. Starts and
intervals are spread at random (±10 %) as people's are. The driver is asyncio over plain
sockets, one connection per request as gunicorn's sync workers answer; it runs on the
same cores as the server, as wrk does, and reports its own share of them.
"""

import asyncio
import html
import os
import random
import re
import resource
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlencode

POLL_EVERY, SAVE_EVERY = 4.0, 45.0
GOAL_MS = 200.0
TIMEOUT = 10.0
KINDS = ("poll, nothing new", "poll, something new", "save")


@dataclass
class Phone:
    path: str
    cookie: str
    etag: str = ""


@dataclass
class Table:
    phones: list[Phone]
    save_path: str
    form: dict[str, str]  # the hand the scorekeeper logs, but its key


@dataclass
class Scorekeeper:
    cookie: str
    csrf: str


@dataclass
class Run:
    tables: int
    seconds: float
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter = field(default_factory=Counter)
    driver_cpu: float = 0.0  # of all the machine's cores

    def p(self, kind: str, quantile: float) -> float:
        times = sorted(self.latencies.get(kind, []))
        return times[min(len(times) - 1, round(quantile * (len(times) - 1)))] if times else 0.0

    @property
    def polls(self) -> list[float]:
        return [ms for kind in KINDS[:2] for ms in self.latencies.get(kind, [])]

    @property
    def poll_p95(self) -> float:
        times = sorted(self.polls)
        return times[round(0.95 * (len(times) - 1))] if times else 0.0

    @property
    def ok(self) -> bool:
        return (
            not self.errors
            and bool(self.polls)
            and self.poll_p95 < GOAL_MS
            and self.p("save", 0.95) < GOAL_MS
        )

    def summary(self) -> str:
        counts = {kind: len(self.latencies.get(kind, [])) for kind in KINDS}
        rate = sum(counts.values()) / self.seconds
        parts = [f"T={self.tables}: {rate:.0f} req/s"]
        for kind in KINDS:
            parts.append(
                f"{kind} {counts[kind]} (p50 {self.p(kind, 0.5):.1f}, p95 {self.p(kind, 0.95):.1f} ms)"
            )
        parts.append(f"polls p95 {self.poll_p95:.1f} ms")
        parts.append(
            f"errors {sum(self.errors.values())}" + (f" {dict(self.errors)}" if self.errors else "")
        )
        parts.append(f"driver CPU {self.driver_cpu:.0%} of {os.cpu_count()} cores")
        return "; ".join(parts)


async def request(
    port: int,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes = b"",
    host: str = "127.0.0.1",
):
    """One HTTP/1.1 exchange on a fresh connection: (status, headers with lower-case names,
    body)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items() if value]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        answer = await reader.read()
    finally:
        writer.close()
    head, _, content = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.lower(): v.strip() for k, v in (h.split(":", 1) for h in lines[1:] if ":" in h)}
    return status, fields, content


class Driver:
    def __init__(self, port: int, tables: list[Table], scorekeeper: Scorekeeper, seconds: float):
        self.port, self.tables, self.scorekeeper = port, tables, scorekeeper
        self.run = Run(tables=len(tables), seconds=seconds)
        self.rng = random.Random(len(tables))

    async def timed(self, kind_of, method, path, headers, body=b""):
        start = time.perf_counter()
        try:
            status, answer, content = await asyncio.wait_for(
                request(self.port, method, path, headers, body), TIMEOUT
            )
        except (TimeoutError, OSError) as exc:
            return self.failed(type(exc).__name__)
        kind = kind_of(status)
        if kind is None:
            return self.failed(f"HTTP {status}", content)
        self.run.latencies[kind].append((time.perf_counter() - start) * 1000)
        return answer, content

    def save_headers(self) -> dict[str, str]:
        """A save the phone's way: htmx, with the scorekeeper's session and CSRF token."""
        return {
            "Cookie": self.scorekeeper.cookie,
            "X-CSRFToken": self.scorekeeper.csrf,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }

    async def post_hand(self, table: Table, key: str, headers: dict[str, str]):
        body = urlencode({**table.form, "key": key}).encode()
        return await self.timed(
            lambda status: "save" if status == 200 else None, "POST", table.save_path, headers, body
        )

    def failed(self, what: str, content: bytes | None = None) -> None:
        """A request with no answer (``content`` None) or an answer it should not get."""
        self.run.errors[what] += 1

    async def sleep(self, seconds: float, until: float):
        await asyncio.sleep(max(0.0, min(seconds, until - time.monotonic())))

    async def prime(self, phone: Phone, gate: asyncio.Semaphore):
        """The ETag the phone's page was drawn with, as a browser that just opened it holds."""
        async with gate:
            headers = {"Cookie": phone.cookie, "HX-Request": "true"}
            _, answer, _ = await request(self.port, "GET", phone.path, headers)
            phone.etag = answer.get("etag", "")

    async def phone(self, phone: Phone, until: float):
        await self.sleep(self.rng.uniform(0, POLL_EVERY), until)
        kinds = {200: "poll, something new", 304: "poll, nothing new"}
        while time.monotonic() < until:
            started = time.monotonic()
            headers = {"Cookie": phone.cookie, "HX-Request": "true", "If-None-Match": phone.etag}
            answered = await self.timed(kinds.get, "GET", phone.path, headers)
            if answered is not None and answered[0].get("etag"):
                phone.etag = answered[0]["etag"]
            wait = POLL_EVERY * self.rng.uniform(0.9, 1.1) - (time.monotonic() - started)
            await self.sleep(wait, until)

    async def scorekeeper_of(self, table: Table, until: float):
        await self.sleep(self.rng.uniform(0, SAVE_EVERY), until)
        while time.monotonic() < until:
            started = time.monotonic()
            own = table.phones[0]  # the scorekeeper's phone, on the scoring screen
            headers = {**self.save_headers(), "X-Board-ETag": own.etag}
            answered = await self.post_hand(table, uuid.uuid4().hex, headers)
            tag = answered and NEXT_TAG.search(answered[1])
            if tag:
                own.etag = html.unescape(tag[1].decode())
            wait = SAVE_EVERY * self.rng.uniform(0.9, 1.1) - (time.monotonic() - started)
            await self.sleep(wait, until)

    async def prime_all(self):
        gate = asyncio.Semaphore(8)
        phones = [phone for table in self.tables for phone in table.phones]
        await asyncio.gather(*(self.prime(phone, gate) for phone in phones))

    async def main(self):
        until = time.monotonic() + self.run.seconds
        jobs = [self.phone(phone, until) for table in self.tables for phone in table.phones]
        jobs += [self.scorekeeper_of(table, until) for table in self.tables]
        await asyncio.gather(*jobs)


def run_apart(coroutine) -> None:
    """Run on an event loop of its own thread: the caller's may have one running already
    (Playwright's, in the test suite)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def drive(port: int, tables: list[Table], scorekeeper: Scorekeeper, seconds: float) -> Run:
    driver = Driver(port, tables, scorekeeper, seconds)
    run_apart(driver.prime_all())
    before, start = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
    run_apart(driver.main())
    after, wall = resource.getrusage(resource.RUSAGE_SELF), time.monotonic() - start
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    driver.run.seconds = wall
    driver.run.driver_cpu = cpu / (wall * (os.cpu_count() or 1))
    return driver.run


def largest(
    try_tables, start: int = 100, limit: int = 3200, step: int = 50
) -> tuple[int, list[Run]]:
    """The largest T for which ``try_tables(T)`` meets the goal: doubling, then halving the gap
    down to ``step`` tables. Returns it (0 if even ``start`` fails) with every run."""
    runs: list[Run] = []
    good, bad, tables = 0, None, start
    while bad is None and tables <= limit:
        run = try_tables(tables)
        runs.append(run)
        if run.ok:
            good, tables = tables, tables * 2
        else:
            bad = tables
    while bad is not None and bad - good > step:
        middle = (good + bad) // 2 // step * step or step
        if middle in (good, bad):
            break
        run = try_tables(middle)
        runs.append(run)
        good, bad = (middle, bad) if run.ok else (good, middle)
    return good, runs


NEXT_TAG = re.compile(rb'id="poll" hidden hx-swap-oob="true"[^>]*data-etag="([^"]+)"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
