"""The ports `make table` serves on, printed as shell assignments for table.sh to eval.

The phones' ports (TONK_HTTP_PORT, TONK_HTTPS_PORT; 8080 and 8443) are the address the
phones were given, so a taken one is refused with what to type instead. The laptop's own
ports (gunicorn's TONK_BIND, the doorbell's TONK_EVENTS_BIND, the rings' UDP
TONK_BUS_PORT) are nobody's business: left unset and taken (a second `make table` on
this laptop), a free one is used instead; set and taken, they are refused too.
"""

import os
import random
import socket
import sys

PUBLIC = {"TONK_HTTP_PORT": 8080, "TONK_HTTPS_PORT": 8443}
OWN = {  # name: (default, socket type)
    "TONK_BIND": ("127.0.0.1:8000", socket.SOCK_STREAM),
    "TONK_EVENTS_BIND": ("127.0.0.1:8001", socket.SOCK_STREAM),
    "TONK_BUS_PORT": ("8765", socket.SOCK_DGRAM),
}


def free(host: str, port: int, kind: int = socket.SOCK_STREAM) -> bool:
    with socket.socket(socket.AF_INET, kind) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers bind
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def any_free(host: str, kind: int) -> int:
    """A free port below the usual ephemeral range, which outgoing connections take."""
    for _ in range(500):
        port = random.randrange(20000, 32000)
        if free(host, port, kind):
            return port
    sys.exit("make table found no free port for itself on this laptop")


def main() -> None:
    taken = []
    chosen = {}
    for name, default in PUBLIC.items():
        port = int(os.environ.get(name) or default)
        chosen[name] = str(port)
        if not free("0.0.0.0", port):
            taken.append(f"{name}={port}")
    for name, (default, kind) in OWN.items():
        value = os.environ.get(name) or default
        host, _, port = value.rpartition(":")
        host = host or "127.0.0.1"
        if not free(host, int(port), kind):
            if name in os.environ:
                taken.append(f"{name}={value}")
                continue
            port = str(any_free(host, kind))
        chosen[name] = f"{host}:{port}" if ":" in default else port
    if taken:
        sys.exit(
            f"make table: taken on this laptop (another make table, or another server?): "
            f"{', '.join(taken)}. Stop it, or give this one other ports, for example "
            f"TONK_HTTP_PORT=8081 TONK_HTTPS_PORT=8444 make table"
        )
    for name, value in chosen.items():
        print(f"{name}={value}")


if __name__ == "__main__":
    main()
