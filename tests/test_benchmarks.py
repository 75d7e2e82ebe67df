"""The benchmark commands run (their figures are for people, not for asserts)."""

import re
from io import StringIO

import pytest
from django.core.management import call_command

from bench.management.commands import bench_pages
from ledger.tooling.demo import DemoLeague

pytestmark = pytest.mark.django_db


def test_bench_pages_times_every_read_page():
    DemoLeague(players=5, seasons=1, hands=20).create()
    out = StringIO()
    call_command(bench_pages.Command(), repeat=2, stdout=out)  # bench is not an app here
    lines = out.getvalue().splitlines()
    assert lines[0] == "Demo League: 20 hands, " + lines[0].rsplit(" ", 1)[-1]
    timed = [line for line in lines if " p95 " in line]
    assert len(timed) == 8
    met, not_met = map(int, re.fullmatch(r"(\d+) met, (\d+) NOT MET", lines[-1]).groups())
    assert met + not_met == len(timed)
    assert met == sum(line.endswith(": met)") for line in timed)
