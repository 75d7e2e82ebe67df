"""The benchmark commands run (their figures are for people, not for asserts)."""

from io import StringIO

import pytest
from django.core.management import call_command

from ledger.demo import DemoLeague

pytestmark = pytest.mark.django_db


def test_bench_pages_times_every_read_page():
    DemoLeague(players=5, seasons=1, hands=20).create()
    out = StringIO()
    call_command("bench_pages", repeat=2, stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Demo League: 20 hands, " + lines[0].rsplit(" ", 1)[-1]
    assert len([line for line in lines if " p95 " in line]) == 8
    assert lines[-1].endswith("NOT MET")
    assert " met, " in lines[-1]
