"""deploy/doorbell.sh, the doorbell as make table, systemd and the container start it."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from ledger.doorbell import tokens
from tests.doorbell.serving import KEY, Stream, free_port

ROOT = Path(__file__).resolve().parents[2]


def start(bus: str, port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "PY": sys.executable,
        "DJANGO_SECRET_KEY": KEY,
        "EVENTS_BUS": bus,
        "TONK_EVENTS_BIND": f"127.0.0.1:{port}",
    }
    return subprocess.Popen(
        ["sh", "deploy/doorbell.sh"], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True
    )


def test_the_script_serves_streams_that_rings_reach():
    bus_port, port = free_port(kind=socket.SOCK_DGRAM), free_port()
    doorbell = start(f"udp://127.0.0.1:{bus_port}", port)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                answer = urllib.request.urlopen(f"http://127.0.0.1:{port}/events/health", timeout=2)
                break
            except OSError:
                assert doorbell.poll() is None, doorbell.stderr.read()
                assert time.monotonic() < deadline, "the doorbell did not answer"
                time.sleep(0.1)
        assert json.loads(answer.read())["streams"] == 0
        url = f"http://127.0.0.1:{port}/events/{tokens.issue(KEY, 7, 2)}"
        with Stream.open(url) as stream:
            stream.next_event("hb")
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
                sender.sendto(b"n7 3", ("127.0.0.1", bus_port))
            assert stream.next_event()["data"] == "n7 3"
    finally:
        doorbell.terminate()
        doorbell.wait(10)


def test_a_bus_address_another_process_holds_stops_it_with_the_reason():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind(("127.0.0.1", 0))
        bus = f"udp://127.0.0.1:{taken.getsockname()[1]}"
        doorbell = start(bus, free_port())
        _, said = doorbell.communicate(timeout=20)
    assert doorbell.returncode != 0
    assert f"the doorbell cannot listen at EVENTS_BUS={bus}" in said
