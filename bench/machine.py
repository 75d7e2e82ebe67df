"""What the machine was doing while the capacity search ran: load average, and the CPU of
the driver, of the app server, of the database and of everything else, from ``/proc``.

A process's CPU is its own ticks plus those of the children it has reaped, so a gunicorn
worker renewed or a database backend that exits mid-step still counts towards its group
(while a child lives its ticks are its own; once reaped they are its parent's).
"""

import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
CORES = os.cpu_count() or 1
BUSY_OTHER = 0.10  # of the machine: more than this elsewhere and a step does not count
GROUPS = ("driver", "app", "database", "other")


@dataclass(frozen=True)
class Sample:
    busy: int  # the machine's ticks spent working, over all cores
    total: int
    steal: int
    groups: dict[str, int]  # ticks of the driver, the app and the database
    load: tuple[float, float, float]


@dataclass(frozen=True)
class Usage:
    """Between two samples, each share of all the machine's cores."""

    busy: float
    steal: float
    groups: dict[str, float]
    load: tuple[float, float, float]

    @property
    def too_busy(self) -> bool:
        """Something besides the driver, the app and its database took a share of the
        cores: the step's latency says as much about it as about the app."""
        return self.groups["other"] > BUSY_OTHER

    def line(self) -> str:
        names = {"driver": "driver", "app": "app server", "database": "database"}
        parts = ", ".join(f"{names.get(g, g)} {self.groups[g]:.0%}" for g in GROUPS)
        steal = f", steal {self.steal:.0%}" if self.steal else ""
        load = " ".join(f"{figure:.2f}" for figure in self.load)
        verdict = "; TOO BUSY to count" if self.too_busy else ""
        return (
            f"load average {load}; CPU {self.busy:.0%} of {CORES} cores ({parts}){steal}{verdict}"
        )


def _machine_ticks() -> tuple[int, int, int]:
    """(busy, total, steal) ticks since boot, from the first line of /proc/stat."""
    fields = [int(x) for x in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait, steal


def _processes():
    """(pid, name, process group, ticks with reaped children's) of every process."""
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text[text.rindex(")") + 2 :].split()
        ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
        yield int(entry.name), name, int(fields[2]), ticks


def sample(app_group: int | Collection[int], database_names=("postgres", "redis-server")) -> Sample:
    """The machine now; ``app_group`` is the app server's process group (its master's pid),
    or several: gunicorn's and the doorbell's."""
    app = {app_group} if isinstance(app_group, int) else set(app_group)
    groups = dict.fromkeys(GROUPS[:3], 0)
    me = os.getpid()
    for pid, name, group, ticks in _processes():
        if pid == me:
            groups["driver"] += ticks
        elif group in app:
            groups["app"] += ticks
        elif name in database_names:
            groups["database"] += ticks
    busy, total, steal = _machine_ticks()
    return Sample(busy, total, steal, groups, os.getloadavg())


def usage(before: Sample, after: Sample) -> Usage:
    total = max(1, after.total - before.total)  # ticks of all cores together
    shares = {g: (after.groups[g] - before.groups[g]) / total for g in GROUPS[:3]}
    busy = (after.busy - before.busy) / total
    shares["other"] = max(0.0, busy - sum(shares.values()))
    return Usage(busy, (after.steal - before.steal) / total, shares, after.load)


def describe() -> str:
    """The machine the figures were taken on: cores, CPU model, memory, kernel."""
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in (PROC / "cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "unknown CPU",
    )
    memory = next(
        int(line.split()[1])
        for line in (PROC / "meminfo").read_text().splitlines()
        if line.startswith("MemTotal")
    )
    return f"{CORES} cores ({model}), {memory / 2**20:.0f} GiB, Linux {os.uname().release}"
