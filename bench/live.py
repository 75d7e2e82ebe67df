"""Live tables with pushed events (``manage.py bench_load --events``).

Each phone holds one event stream to the doorbell instead of polling, and draws a change
with the conditional GET the page sends when it hears one (``js/live.js``): once when its
stream opens (the catch-up) and after every ``change`` event. The scorekeepers save as in
``bench/load.py``.

Beside ``load.Run``'s figures: for every hand saved while timed, how long from sending the
save to each other phone at the table hearing the new version (delivery) and to that
phone holding the redrawn board (fresh); how many of those events never came (lost); the
streams open and the doorbell's memory per stream. The clock starts when the save is
sent, before the server commits it, so both figures are at most what a player waits.
"""

import asyncio
import html
import json
import resource
import time
import uuid
from dataclasses import dataclass, field

from bench import load, machine

DELIVERY_GOAL_MS, FRESH_GOAL_MS = 500.0, 1000.0
GRACE = 3.0  # seconds the streams stay open after the last save, for its events to land
SAVE_TRIES = 6  # a save that failed is sent again with its key, as the offline queue does
STORM_GOAL = 30.0  # seconds for every phone cut by a restart to be back and caught up
OPENING = 64  # streams being opened at once while a step is set up
POLL = 4.0  # the page's timed poll, which runs until its stream's catch-up is answered


def version_of(etag: str) -> int:
    """The night's version in a board's tag (``polling.etag``: page.hands.night.league...)."""
    try:
        return int(etag.split(".")[2])
    except (IndexError, ValueError):
        return 0


class _Events(asyncio.Protocol):
    """One event stream: the answer's head, then the chunks, then SSE events, each handed
    to ``heard(name, data)``; ``ended`` is set with the status when it closes.

    The stream also ends at its last chunk: a proxy whose upstream died ends the answer
    there and keeps the connection for the next request, and a browser's EventSource
    takes that end as a cut and reconnects, so the phone here closes it and does too."""

    def __init__(self, payload: bytes, heard, ended: asyncio.Future):
        self.payload, self.heard, self.ended = payload, heard, ended
        self.status = 0
        self.raw = b""  # chunked bytes not yet taken apart
        self.text = b""  # the stream's own bytes not yet a whole event
        self.size: int | None = None  # of the chunk being read
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.payload)

    def data_received(self, data: bytes):
        self.raw += data
        if not self.status:
            head, found, self.raw = self.raw.partition(b"\r\n\r\n")
            if not found:
                self.raw = head
                return
            self.status = int(head.split(None, 2)[1])
            self.heard("open" if self.status == 200 else "refused", str(self.status))
        self._unchunk()
        *events, self.text = self.text.split(b"\n\n")
        for event in events:
            fields = dict(line.split(b": ", 1) for line in event.split(b"\n") if b": " in line)
            if b"retry" in fields:
                self.heard("retry", fields[b"retry"].decode())
            self.heard(fields.get(b"event", b"").decode(), fields.get(b"data", b"").decode())

    def _unchunk(self):
        while True:
            if self.size is None:
                line, found, rest = self.raw.partition(b"\r\n")
                if not found:
                    return
                self.size, self.raw = int(line.split(b";")[0] or b"0", 16), rest
                if self.size == 0:  # the last chunk: the answer is over
                    self.transport.close()
                    return
            if len(self.raw) < self.size + 2:
                return
            self.text += self.raw[: self.size]
            self.raw, self.size = self.raw[self.size + 2 :], None

    def connection_lost(self, exc):
        if not self.ended.done():
            self.ended.set_result(self.status)


@dataclass(eq=False)
class Ear:
    """What one phone heard and drew."""

    table: int
    seat: int  # 0 is the scorekeeper's own phone
    phone: load.Phone
    heard: set[int] = field(default_factory=set)
    drawn: int = 0  # the version of the board it holds
    fetching: bool = False
    again: bool = False  # heard something while fetching: fetch once more
    transport: asyncio.Transport | None = None
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    opened_at: float = 0.0  # when its stream last opened (perf_counter)
    retry: float = 3.0  # seconds before reopening, as the doorbell's ``retry:`` said
    cut: bool = False  # its stream ended in a storm and has not caught up since
    back: float | None = None  # seconds from the storm to its board caught up again


@dataclass
class LiveRun(load.Run):
    delivery: list[float] = field(default_factory=list)
    fresh: list[float] = field(default_factory=list)
    lost: int = 0
    expected: int = 0  # events the other phones should have heard
    streams: int = 0  # open at the doorbell once every phone was listening
    kib_per_stream: float = 0.0
    # A reconnect storm (``storm``): the phones cut, the seconds until the last was back,
    # those not back, and the hands each table recorded (which the command counts again).
    cut: int = 0
    back_within: float = 0.0
    not_back: int = 0
    recorded: list[int] = field(default_factory=list)

    @staticmethod
    def p95(times: list[float]) -> float:
        times = sorted(times)
        return times[round(0.95 * (len(times) - 1))] if times else 0.0

    @property
    def ok(self) -> bool:
        return (
            super().ok
            and bool(self.delivery)
            and self.p95(self.delivery) < DELIVERY_GOAL_MS
            and self.p95(self.fresh) < FRESH_GOAL_MS
            and not self.lost
        )

    def cpu_line(self) -> str:
        """CPU per table-second: the app's (gunicorn and the doorbell), and with the database."""
        if not self.during:
            return "CPU per table-second: not measured"
        share = self.during.groups
        per = 1000 * machine.CORES / self.tables  # a share of the cores, in ms per table-s
        return (
            f"CPU per table-second {share['app'] * per:.2f} ms (app and doorbell), "
            f"{(share['app'] + share['database']) * per:.2f} ms with the database"
        )

    def storm_line(self) -> str:
        run = self
        errors = sum(n for what, n in run.errors.items() if what.startswith("HTTP 5"))
        return (
            f"storm at T={run.tables}: {run.cut} streams cut, the last back and caught up "
            f"after {run.back_within:.1f} s, {run.not_back} not back; 5xx answers {errors}"
        )

    def summary(self) -> str:
        lines = super().summary().split("\n")
        lines.insert(
            1,
            f"    events: delivery p95 {self.p95(self.delivery):.1f} ms, fresh p95 "
            f"{self.p95(self.fresh):.1f} ms, lost {self.lost} of {self.expected}; "
            f"{self.streams} streams open, {self.kib_per_stream:.1f} KiB each; " + self.cpu_line(),
        )
        return "\n".join(lines)


class LiveDriver(load.Driver):
    def __init__(self, port: int, events_port: int, tables, scorekeeper, seconds, **options):
        super().__init__(port, tables, scorekeeper, seconds, **options)
        self.run = LiveRun(tables=len(tables), seconds=seconds)
        self.events_port = events_port
        self.ears = [
            [Ear(t, seat, phone) for seat, phone in enumerate(table.phones)]
            for t, table in enumerate(tables)
        ]
        self.sent: list[dict[int, float]] = [{} for _ in tables]  # version -> save sent at
        self.saved: list[set[int]] = [set() for _ in tables]  # versions saved while timed
        self.version = [0] * len(tables)
        self.recorded = [0] * len(tables)  # hands each scorekeeper saw recorded
        self.streams: list[asyncio.Task] = []
        self.storm_at: float | None = None  # when the servers were restarted

    # -- a phone -------------------------------------------------------------------------

    async def listen(self, ear: Ear):
        """Hold the phone's stream; when it ends before the driver closes it, reopen it
        after the doorbell's ``retry:`` as a browser does."""
        while True:
            loop = asyncio.get_running_loop()
            ended = loop.create_future()
            head = (
                f"GET {ear.phone.events} HTTP/1.1\r\nHost: 127.0.0.1:{self.events_port}\r\n"
                "Accept: text/event-stream\r\n\r\n"
            )
            stream = _Events(head.encode(), lambda *event: self.heard(ear, *event), ended)
            try:
                ear.transport, _ = await loop.create_connection(
                    lambda stream=stream: stream, "127.0.0.1", self.events_port
                )
                status = await ended
            except OSError as error:
                status = type(error).__name__
            if ear.transport is None:  # the driver closed it: the run is over
                return
            if self.storm_at is None:
                self.failed(f"stream ended ({status})")
            elif not ear.cut:
                ear.cut, ear.back = True, None
                self.run.cut += 1
            await asyncio.sleep(ear.retry)

    def heard(self, ear: Ear, event: str, data: str):
        now = time.perf_counter()
        if event == "retry":
            ear.retry = int(data or 3000) / 1000
        elif event == "open":
            ear.opened.set()
            ear.opened_at = now
            self.fetch(ear)  # the catch-up
        elif event == "refused" and ear.transport:
            ear.transport.close()
        elif event == "change":
            topic, _, version = data.partition(" ")
            if topic.startswith("n"):
                self.delivered(ear, int(version), now)
            self.fetch(ear)

    def delivered(self, ear: Ear, version: int, now: float):
        if version in ear.heard:
            return
        ear.heard.add(version)
        sent = self.sent[ear.table].get(version)
        if ear.seat and sent is not None and sent >= self.timing_from:
            self.run.delivery.append((now - sent) * 1000)

    def fetch(self, ear: Ear):
        if ear.fetching:
            ear.again = True
            return
        ear.fetching = True
        asyncio.get_running_loop().create_task(self.redraw(ear))

    async def redraw(self, ear: Ear):
        """The page's conditional GET, again while something was heard meanwhile."""
        kinds = {200: "poll, something new", 304: "poll, nothing new"}
        try:
            while True:
                ear.again = False
                phone = ear.phone
                headers = {"Cookie": phone.cookie, "HX-Request": "true"}
                headers["If-None-Match"] = phone.etag
                answered = await self.timed(kinds.get, "GET", phone.path, headers)
                if answered is None and ear.cut and ear.transport is not None:
                    await asyncio.sleep(POLL)  # live.js: not live yet, so the timed poll runs
                    ear.again = True
                if answered and answered[0].get("etag"):
                    phone.etag = answered[0]["etag"]
                    self.drew(ear, version_of(phone.etag), time.perf_counter())
                    if ear.cut and ear.opened.is_set() and self.storm_at is not None:
                        ear.cut, ear.back = False, time.perf_counter() - self.storm_at
                if not ear.again:
                    return
        finally:
            ear.fetching = False

    def drew(self, ear: Ear, version: int, now: float):
        before, ear.drawn = ear.drawn, max(ear.drawn, version)
        for shown in range(before + 1, ear.drawn + 1):
            sent = self.sent[ear.table].get(shown)
            if ear.seat and sent is not None and sent >= self.timing_from:
                self.run.fresh.append((now - sent) * 1000)

    # -- the scorekeeper -----------------------------------------------------------------

    async def keep_score(self, t: int, table: load.Table, until: float):
        await self.sleep(self.rng.uniform(0, load.SAVE_EVERY), until)
        while time.monotonic() < until:
            started = time.monotonic()
            key = uuid.uuid4().hex
            for attempt in range(SAVE_TRIES):  # as the phone's queue sends it again
                if await self.save(t, table, key):
                    break
                await asyncio.sleep(1 + attempt)
            wait = load.SAVE_EVERY * self.rng.uniform(0.9, 1.1) - (time.monotonic() - started)
            await self.sleep(wait, until)

    async def save(self, t: int, table: load.Table, key: str) -> bool:
        """One hand; True when it was recorded. Its version is the night's next: only this
        scorekeeper changes the night, one hand at a time."""
        own = table.phones[0]
        expected = self.version[t] + 1
        sent = self.sent[t].setdefault(expected, time.perf_counter())  # a retry's first try
        headers = {**self.save_headers(), "X-Board-ETag": own.etag}
        answered = await self.post_hand(table, key, headers)
        if answered is None:
            return False
        self.recorded[t] += 1
        tag = load.NEXT_TAG.search(answered[1])
        if tag:
            own.etag = html.unescape(tag[1].decode())
        self.version[t] = expected
        if sent >= self.timing_from:
            self.saved[t].add(expected)
        return True

    # -- a step --------------------------------------------------------------------------

    async def health(self) -> dict:
        _, _, body = await load.request(self.events_port, "GET", "/events/health", {})
        return json.loads(body)

    async def open_all(self):
        """Every phone listening, its stream open and its board caught up."""
        for t, ears in enumerate(self.ears):
            self.version[t] = ears[0].drawn = version_of(ears[0].phone.etag)
            for ear in ears:
                ear.drawn = version_of(ear.phone.etag)
        before = await self.health()
        gate = asyncio.Semaphore(OPENING)

        async def start(ear: Ear):
            async with gate:
                self.streams.append(asyncio.get_running_loop().create_task(self.listen(ear)))
                try:
                    await asyncio.wait_for(ear.opened.wait(), load.TIMEOUT)
                except TimeoutError:
                    self.failed("stream not opened")

        await asyncio.gather(*(start(ear) for ears in self.ears for ear in ears))
        after = await self.health()
        self.run.streams = after["streams"]
        opened = max(1, after["streams"] - before["streams"])
        self.run.kib_per_stream = (after["rss_kib"] - before["rss_kib"]) / opened

    async def close_all(self):
        for ears in self.ears:
            for ear in ears:
                transport, ear.transport = ear.transport, None
                if transport:
                    transport.close()
        for stream in self.streams:
            stream.cancel()
        await asyncio.gather(*self.streams, return_exceptions=True)

    def count_lost(self):
        for t, ears in enumerate(self.ears):
            for ear in ears[1:]:
                self.run.expected += len(self.saved[t])
                self.run.lost += len(self.saved[t] - ear.heard)

    async def main(self, restart=None):
        """A step; with ``restart`` (a blocking call that restarts the servers), a reconnect
        storm halfway through the timed seconds instead."""
        await self.open_all()
        until = time.monotonic() + self.warm_up + self.run.seconds
        jobs = [self.keep_score(t, table, until) for t, table in enumerate(self.tables)]
        if restart:
            jobs.append(self.storm(restart))
        await asyncio.gather(self.watch(), *jobs)
        await asyncio.sleep(GRACE)
        self.run.recorded = self.recorded
        if restart:
            self.run.not_back = sum(ear.cut for ears in self.ears for ear in ears)
        else:
            self.count_lost()
        await self.close_all()

    async def storm(self, restart):
        """Every phone's stream cut at once by a restart; how long until the last is back."""
        await asyncio.sleep(self.warm_up + self.run.seconds / 4)
        self.storm_at = time.perf_counter()
        await asyncio.get_running_loop().run_in_executor(None, restart)
        deadline = self.storm_at + STORM_GOAL
        while time.perf_counter() < deadline:
            await asyncio.sleep(0.5)
            ears = [ear for table in self.ears for ear in table]
            if self.run.cut and not any(ear.cut for ear in ears):
                break
        self.run.back_within = max((ear.back or 0.0 for t in self.ears for ear in t), default=0)


def open_files_limit() -> None:
    """Every phone's stream is a socket of the driver's: as many as the system allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def drive(
    port: int,
    events_port: int,
    tables,
    scorekeeper,
    seconds: float,
    app_group: tuple[int, ...] | None = None,
    warm_up: float = load.WARM_UP,
    restart=None,
) -> LiveRun:
    """One step with streams: as ``load.drive``, the phones listening instead of polling;
    with ``restart``, a reconnect storm (``LiveDriver.main``)."""
    open_files_limit()
    driver = LiveDriver(
        port, events_port, tables, scorekeeper, seconds, app_group=app_group, warm_up=warm_up
    )
    load.run_apart(driver.prime_all())
    if app_group is not None:
        quiet = machine.sample(app_group)
        time.sleep(load.QUIET)
        driver.run.before = machine.usage(quiet, machine.sample(app_group))
    load.run_apart(driver.main(restart))
    return driver.run
