"""Two app hosts on one PostgreSQL behind the real proxy, and one of them killed halfway
(``manage.py cluster_check``, ``make cluster-check``).

The hosts are two gunicorn masters on two loopback addresses (127.0.0.2 and 127.0.0.3),
each with its own workers, behind Caddy as deploy/Caddyfile configures it (round robin,
active checks of /healthz every second, a request that cannot reach a host tried on the
other). The tables are the load driver's (bench/load.py), four phones each, but the
scorekeeper saves every few seconds and does what the phone's queue does: a save with no
answer, or a 5xx, is sent again with the same request key until it is recorded.

With events (``--events``) each host also runs a doorbell beside its gunicorn, rung over
one Redis channel, and the phones hold event streams through the proxy instead of polling
(``bench/live.py``): the streams the killed host held are cut, and must reconnect to the
other host and keep hearing every hand.
"""

import asyncio
import os
import signal
import socket
import time
import uuid
from collections import Counter, defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from bench import live, server
from bench.load import Driver, Table, request, run_apart
from ledger.models import Hand, Night

HOSTS = ("127.0.0.2", "127.0.0.3")
SAVE_EVERY = 6.0
SETTLE_SECONDS = 10.0  # the proxy's health checks have taken a dead host out by then
GRACE = 20.0  # for the saves still being sent again when the run ends
BUS = "redis://127.0.0.1:6379/0"  # where both hosts' doorbells hear every save


@dataclass
class Failover:
    killed_at: float = 0.0
    failures: list[tuple[float, str]] = field(default_factory=list)  # (when seen, what)
    sent: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    # each table's recorded hands: (when the save was first sent, the night's new version)
    versions: dict[int, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))
    confirmed: set[str] = field(default_factory=set)
    tags_compared: int = 0
    tags_differing: int = 0

    def failures_between(self, start: float, end: float) -> Counter:
        return Counter(what for at, what in self.failures if start <= at < end)

    @property
    def served_again_after(self) -> float:
        """Seconds from the kill to the last failure any phone saw after it."""
        after = [at for at, _ in self.failures if at >= self.killed_at]
        return max(after) - self.killed_at if after else 0.0


class FailoverDriver(Driver):
    def __init__(self, port, tables, scorekeeper, seconds, hosts, kill, events=False):
        super().__init__(port, tables, scorekeeper, seconds)
        self.hosts, self.kill = hosts, kill  # [(address, port)], the killing of the first
        self.failover = Failover()
        # the phones on event streams through the proxy, instead of polling
        self.listener = (
            live.LiveDriver(port, port, tables, scorekeeper, seconds) if events else None
        )

    def failed(self, what: str, content: bytes | None = None) -> None:
        if content is not None:  # whose answer it is: the app's pages say their name
            what += " from the app" if b"Tonk Tracker" in content else " from the proxy"
        super().failed(what, content)
        self.failover.failures.append((time.monotonic(), what))

    async def scorekeeper_of(self, table: Table, until: float):
        number = self.tables.index(table)
        await self.sleep(self.rng.uniform(0, SAVE_EVERY), until)
        while time.monotonic() < until:
            started = time.monotonic()
            key = uuid.uuid4().hex
            self.failover.sent[number].append(key)
            sent_at = time.perf_counter()  # the listener's clock, to compare with its streams
            version = await self.save_until_recorded(table, key, until + GRACE)
            if version:
                self.failover.versions[number].append((sent_at, version))
            await self.sleep(
                SAVE_EVERY * self.rng.uniform(0.9, 1.1) - (time.monotonic() - started), until
            )

    async def save_until_recorded(self, table: Table, key: str, deadline: float) -> int:
        """The night's version once the hand is recorded (0 if it never was)."""
        while time.monotonic() < deadline:
            answered = await self.post_hand(table, key, self.save_headers())
            if answered and answered[0].get("x-hand-saved"):
                self.failover.confirmed.add(key)
                return int(answered[0].get("x-night-version", 0))
            if answered:
                self.failed("refused")
            await asyncio.sleep(1.0)  # the queue waits 2 s, doubling; sooner here
        return 0

    async def same_tags(self):
        """Each table's watch page asked of both hosts: the same state, the same ETag. A pair
        that differs is asked again, as a save may have come between the two."""
        for table in self.tables:
            phone = table.phones[1]
            headers = {"Cookie": phone.cookie, "HX-Request": "true"}
            for _ in range(3):
                tags = []
                for host, port in self.hosts:
                    _, answer, _ = await request(port, "GET", phone.path, headers, host=host)
                    tags.append(answer.get("etag"))
                if tags[0] and len(set(tags)) == 1:
                    break
            self.failover.tags_compared += 1
            self.failover.tags_differing += len(set(tags)) != 1 or not tags[0]

    async def killer(self, start: float):
        await asyncio.sleep(self.run.seconds / 2 - 3)
        await self.same_tags()
        await asyncio.sleep(max(0.0, start + self.run.seconds / 2 - time.monotonic()))
        self.failover.killed_at = time.monotonic()
        if self.listener:  # from now on a stream cut is the kill's, and is counted as such
            self.listener.storm_at = time.perf_counter()
        self.kill()

    async def main(self):
        if self.listener:
            await self.listener.open_all()
        start = time.monotonic()
        until = start + self.run.seconds
        jobs = [self.scorekeeper_of(table, until) for table in self.tables]
        if not self.listener:
            jobs += [self.phone(p, until) for table in self.tables for p in table.phones]
        await asyncio.gather(self.killer(start), *jobs)
        if self.listener:
            await asyncio.sleep(live.GRACE)
            await self.listener.close_all()


def still_hearing(listener: live.LiveDriver, tables: list[Table], failover: Failover) -> dict:
    """Whether every phone holds its night's last hand, and whether each other phone was
    told by an event of every hand sent once its stream was open (on the host left, for
    those the kill cut). A hand sent while a phone was reconnecting reaches it with the
    catch-up instead, which ``drawn`` counts."""
    nights = [night_of(table) for table in tables]
    last = dict(Night.objects.filter(pk__in=nights).values_list("pk", "version"))
    ears = [(nights[t], ear) for t, table in enumerate(listener.ears) for ear in table]
    others = [ear for table in listener.ears for ear in table if ear.seat]
    due = {
        ear: {v for at, v in failover.versions[ear.table] if at >= ear.opened_at} for ear in others
    }
    cut = [ear for ear in others if ear.opened_at > (listener.storm_at or float("inf"))]
    return {
        "phones": len(ears),
        "drawn": sum(ear.drawn == last[night] for night, ear in ears),
        "due": sum(len(versions) for versions in due.values()),
        "missed": sum(len(versions - ear.heard) for ear, versions in due.items()),
        "cut_others": len(cut),
        "cut_heard_after": sum(bool(due[ear]) for ear in cut),
        "cut": listener.run.cut,
        "not_back": sum(ear.cut for _, ear in ears),
        "back_within": max((ear.back or 0.0 for _, ear in ears), default=0.0),
    }


def night_of(table: Table) -> int:
    return int(table.save_path.split("/nights/")[1].split("/")[0])


def recorded(failover: Failover, tables: list[Table]) -> dict:
    """What the database holds of the keys the phones sent."""
    keys = [key for sent in failover.sent.values() for key in sent]
    rows = Hand.objects.filter(idempotency_key__in=keys).order_by("night_id", "number")
    by_key = Counter(rows.values_list("idempotency_key", flat=True))
    order = defaultdict(list)
    for night, key in rows.values_list("night_id", "idempotency_key"):
        order[night].append(key)
    nights = [night_of(table) for table in tables]
    in_order = all(order[night] == failover.sent[n] for n, night in enumerate(nights))
    return {
        "sent": len(keys),
        "recorded": sum(1 for key in keys if by_key[key]),
        "lost": sum(1 for key in failover.confirmed if not by_key[key]),
        "unconfirmed": len(keys) - len(failover.confirmed),
        "doubled": sum(1 for count in by_key.values() if count > 1),
        "in_order": in_order,
    }


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def caddy_config(
    proxy_port: int, hosts: list[tuple[str, int]], doorbells: list[tuple[str, int]] = ()
) -> tuple[str, dict[str, str]]:
    options = ["admin off", "default_bind 127.0.0.1", f"http_port {proxy_port}"]
    env = {
        "TONK_DOMAIN": f"http://127.0.0.1:{proxy_port}",
        "TONK_APP_HOSTS": " ".join(f"{host}:{port}" for host, port in hosts),
        "TONK_CADDY_OPTIONS": "\n".join(options),
    }
    if doorbells:
        env["TONK_EVENTS_HOSTS"] = " ".join(f"{host}:{port}" for host, port in doorbells)
    return (Path(settings.BASE_DIR) / "deploy" / "Caddyfile").read_text(), env


def check(
    tables: list[Table],
    scorekeeper,
    seconds: float,
    home: Path,
    say=print,
    events=False,
    retry="2-20",
) -> bool:
    """The check, printed with ``say``; with ``events``, the doorbells tell the phones to
    reconnect after ``retry`` seconds (``EVENTS_RETRY``: the deployed 2-20 by default)."""
    env = {"DJANGO_ALLOWED_HOSTS": ",".join(["127.0.0.1", *HOSTS])}
    with ExitStack() as running:
        doorbells = []
        if events:  # one doorbell beside each gunicorn, both rung over Redis
            live.open_files_limit()
            for host in HOSTS:
                bell = {**env, "EVENTS_BUS": BUS, "DJANGO_BEHIND_PROXY": "1"}
                # the phones are all one address
                bell |= {"EVENTS_MAX_PER_VISITOR": "100000", "EVENTS_RETRY": retry}
                doorbells.append(running.enter_context(server.doorbell(host, bell)))
            env |= {"EVENTS_URL": "/events/", "EVENTS_BUS": BUS}
        first, first_port = running.enter_context(server.gunicorn_process(HOSTS[0], env))
        _, second_port = running.enter_context(server.gunicorn_process(HOSTS[1], env))
        hosts = [(HOSTS[0], first_port), (HOSTS[1], second_port)]
        proxy_port = server.free_port()
        bells = [(host, bell.port) for host, bell in zip(HOSTS, doorbells, strict=False)]
        caddyfile, caddy_env = caddy_config(proxy_port, hosts, bells)

        def kill():
            os.killpg(first.pid, signal.SIGKILL)
            if doorbells:
                os.killpg(doorbells[0].process.pid, signal.SIGKILL)

        with server.caddy(caddyfile, home, proxy_port, caddy_env):
            time.sleep(1.5)  # the first health checks
            driver = FailoverDriver(
                proxy_port, tables, scorekeeper, seconds, hosts, kill, events=events
            )
            run_apart(driver.prime_all())
            started = time.monotonic()
            run_apart(driver.main())
            driver.run.seconds = time.monotonic() - started
            dead = not answers(*hosts[0])
    failover = driver.failover
    counts = recorded(failover, tables)
    killed = failover.killed_at
    during = failover.failures_between(killed, killed + SETTLE_SECONDS)
    after = failover.failures_between(killed + SETTLE_SECONDS, float("inf"))
    before = failover.failures_between(0, killed)
    phones = sum(len(table.phones) for table in tables)
    say(
        f"two app hosts ({HOSTS[0]}, {HOSTS[1]}; gunicorn, {server.WORKERS} workers each) "
        f"behind Caddy, one PostgreSQL: {len(tables)} tables, {phones} phones, "
        f"{driver.run.seconds:.0f} s, host {HOSTS[0]} killed (SIGKILL) at {seconds / 2:.0f} s"
    )
    say(
        f"hands sent {counts['sent']}, recorded {counts['recorded']}, lost {counts['lost']}, "
        f"doubled {counts['doubled']}, never confirmed {counts['unconfirmed']}; "
        f"each phone's hands as sent: {'yes' if counts['in_order'] else 'NO'}"
    )
    say(
        f"ETags of the same state from either host: {failover.tags_compared} compared, "
        f"{failover.tags_differing} differing"
    )
    say(
        f"failures before the kill {sum(before.values())} {dict(before) or ''}; during the "
        f"failover ({SETTLE_SECONDS:.0f} s) {sum(during.values())} {dict(during) or ''}; "
        f"after it {sum(after.values())} {dict(after) or ''}"
    )
    say(f"host {HOSTS[0]} refusing connections after the kill: {'yes' if dead else 'NO'}")
    say(f"every phone served again {failover.served_again_after:.2f} s after the kill")
    hearing = still_hearing(driver.listener, tables, failover) if driver.listener else None
    if hearing:
        say(
            f"event streams: {hearing['cut']} cut by the kill, the last back on the other host "
            f"{hearing['back_within']:.1f} s after it, {hearing['not_back']} not back; phones "
            f"showing their night's last hand {hearing['drawn']} of {hearing['phones']}; "
            f"hands the other phones were due to hear by an event {hearing['due']}, missed "
            f"{hearing['missed']}; other phones cut and told of a hand after they were back "
            f"{hearing['cut_heard_after']} of {hearing['cut_others']}; "
            f"stream errors {dict(driver.listener.run.errors) or 0}"
        )
    ok = (
        dead
        and counts["lost"] == 0
        and counts["doubled"] == 0
        and counts["unconfirmed"] == 0
        and counts["in_order"]
        and failover.tags_differing == 0
        and not before
        and not after
        and (
            hearing is None
            or (
                hearing["cut"] > 0
                and not hearing["not_back"]
                and hearing["drawn"] == hearing["phones"]
                and hearing["missed"] == 0
                and hearing["cut_heard_after"] == hearing["cut_others"]
                and not driver.listener.run.errors
            )
        )
    )
    say("met" if ok else "NOT MET")
    return ok
