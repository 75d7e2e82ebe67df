"""Capacity: how many live tables one small server holds (``manage.py bench_load``).

A table is an open night with four phones polling every 4 s, each with the ETag of what
it shows (the scorekeeper's scoring screen, two more phones signed in to a member's
account on the spectator view and one share link's), and the scorekeeper saving a hand
every 45 s the phone's way: htmx, saying which version its screen shows, and taking its
poll's next tag from the answer as the app does. Starts and
intervals are spread at random (±10 %) as people's are. The driver is asyncio over plain
sockets, one connection per request; it runs on the same cores as the server, as wrk
does. A step is timed for ``seconds`` after ``WARM_UP`` seconds (the phones' first polls
all find something new, and the server's caches fill), and the machine's state is read
before it and over it (``bench/machine.py``): a step the machine was too busy for does
not count.
"""

import asyncio
import html
import random
import re
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlencode

from bench import machine

POLL_EVERY, SAVE_EVERY = 4.0, 45.0
WARM_UP = 15.0
QUIET = 2.0  # seconds the machine is watched before a step
GOAL_MS = 200.0
TIMEOUT = 10.0
KINDS = ("poll, nothing new", "poll, something new", "save")


@dataclass
class Phone:
    path: str
    cookie: str
    etag: str = ""
    events: str = ""  # its night's event stream (bench/live.py), with the ticket


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
    # per kind, the server's own account of each request (bench/timing.py): app, cpu, db ms
    inside: dict[str, list[tuple[float, ...]]] = field(default_factory=lambda: defaultdict(list))
    before: machine.Usage | None = None  # the machine while the step was being set up
    during: machine.Usage | None = None

    @property
    def counts(self) -> bool:
        """Whether the machine was quiet enough, before and during, for the step to count."""
        return not any(usage and usage.too_busy for usage in (self.before, self.during))

    def p(self, kind: str, quantile: float) -> float:
        times = sorted(self.latencies.get(kind, []))
        return times[min(len(times) - 1, round(quantile * (len(times) - 1)))] if times else 0.0

    def inside_line(self) -> str:
        figures = []
        for kind in KINDS:
            rows = self.inside.get(kind)
            if rows:
                middle = [sorted(column)[len(column) // 2] for column in zip(*rows, strict=True)]
                figures.append(f"{kind} " + " / ".join(f"{ms:.1f}" for ms in middle) + " ms")
        return "; ".join(figures) or "not reported"

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
        lines = [
            "; ".join(parts),
            "    inside the server, p50 of app / its CPU / database: " + self.inside_line(),
        ]
        if self.before and self.during:
            lines += [f"    before: {self.before.line()}", f"    during: {self.during.line()}"]
        return "\n".join(lines)


class _Exchange(asyncio.Protocol):
    """One request on a fresh connection; the answer is what the server sends until it
    closes. A protocol, not asyncio's streams: the driver shares the server's cores, and
    streams cost it twice the CPU per request."""

    def __init__(self, payload: bytes, answer: asyncio.Future):
        self.payload, self.answer, self.chunks = payload, answer, []

    def connection_made(self, transport):
        transport.write(self.payload)

    def data_received(self, data: bytes):
        self.chunks.append(data)

    def connection_lost(self, exc):
        if self.answer.done():
            return
        if exc is None:
            self.answer.set_result(b"".join(self.chunks))
        else:
            self.answer.set_exception(exc)


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
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items() if value]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    payload = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    loop = asyncio.get_running_loop()
    answer = loop.create_future()
    transport, _ = await loop.create_connection(lambda: _Exchange(payload, answer), host, port)
    try:
        raw = await answer
    finally:
        transport.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.lower(): v.strip() for k, v in (h.split(":", 1) for h in lines[1:] if ":" in h)}
    return status, fields, content


class Driver:
    def __init__(
        self,
        port: int,
        tables: list[Table],
        scorekeeper: Scorekeeper,
        seconds: float,
        app_group: int | tuple[int, ...] | None = None,
        warm_up: float = 0.0,
    ):
        self.port, self.tables, self.scorekeeper = port, tables, scorekeeper
        self.run = Run(tables=len(tables), seconds=seconds)
        self.rng = random.Random(len(tables))
        self.app_group, self.warm_up = app_group, warm_up
        # when the timing starts (perf_counter), set once the warm-up is over
        self.timing_from = float("inf") if warm_up else float("-inf")

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
        if start >= self.timing_from:
            self.run.latencies[kind].append((time.perf_counter() - start) * 1000)
            inside = SERVER_TIMING.findall(answer.get("server-timing", ""))
            if len(inside) == 3:
                self.run.inside[kind].append(tuple(float(ms) for ms in inside))
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

    async def watch(self):
        """The timing starts after the warm-up; the machine is read over what is timed."""
        await asyncio.sleep(self.warm_up)
        self.timing_from = time.perf_counter()
        if self.app_group is None:
            return
        before = machine.sample(self.app_group)
        await asyncio.sleep(self.run.seconds)
        self.run.during = machine.usage(before, machine.sample(self.app_group))

    async def main(self):
        until = time.monotonic() + self.warm_up + self.run.seconds
        jobs = [self.phone(phone, until) for table in self.tables for phone in table.phones]
        jobs += [self.scorekeeper_of(table, until) for table in self.tables]
        await asyncio.gather(self.watch(), *jobs)


def run_apart(coroutine) -> None:
    """Run on an event loop of its own thread: the caller's may have one running already
    (Playwright's, in the test suite). uvloop's where ``make bench`` installed it: it costs
    the driver less of the cores it shares with the server."""
    try:
        import uvloop

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, coroutine).result()


def drive(
    port: int,
    tables: list[Table],
    scorekeeper: Scorekeeper,
    seconds: float,
    app_group: int | tuple[int, ...] | None = None,
    warm_up: float = WARM_UP,
) -> Run:
    """One step: ``tables`` live for a warm-up and ``seconds``; with the app server's
    process group (``app_group``), the machine is read before and during."""
    driver = Driver(port, tables, scorekeeper, seconds, app_group, warm_up)
    run_apart(driver.prime_all())
    if app_group is not None:
        quiet = machine.sample(app_group)
        time.sleep(QUIET)
        driver.run.before = machine.usage(quiet, machine.sample(app_group))
    run_apart(driver.main())
    return driver.run


def largest(
    try_tables, start: int = 100, limit: int = 3200, step: int = 50, bad: int | None = None
) -> tuple[int, list[Run]]:
    """The largest T for which ``try_tables(T)`` meets the goal: doubling, then halving the gap
    down to ``step`` tables (below ``bad`` at once, when a size already failed). Returns it (0
    if even the smallest fails) with every run."""
    runs: list[Run] = []
    good, tables = 0, start
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


def confirmed(try_tables, start: int = 100, step: int = 50) -> tuple[int, list[Run]]:
    """``largest``, then the step that decided it run once more: a capacity met once and
    missed the second time is none, and the search goes on below it."""
    good, runs = largest(try_tables, start=start, step=step)
    while good:
        again = try_tables(good)
        runs.append(again)
        if again.ok:
            break
        good, more = largest(try_tables, step=step, bad=good)
        runs += more
    return good, runs


SERVER_TIMING = re.compile(r"dur=([0-9.]+)")
NEXT_TAG = re.compile(rb'id="poll" hidden hx-swap-oob="true"[^>]*data-etag="([^"]+)"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
