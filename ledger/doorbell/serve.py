"""The doorbell under uvicorn: ``python -m ledger.doorbell.serve HOST:PORT`` (``deploy/doorbell.sh``).

uvicorn stops by waiting for open responses to end before it tells the app, and an event
stream never ends by itself: every restart would wait out its grace and then cancel each
stream with an error. This server ends the streams first, so a restart takes a moment and
the phones reconnect (after the random ``retry:`` each stream was given).
"""

import sys
from typing import Any

import uvicorn

from ledger.doorbell.app import Doorbell


class Server(uvicorn.Server):
    async def shutdown(self, sockets=None):
        self.config.app.hub.hang_up_all()  # the Doorbell given to config(), unwrapped
        await super().shutdown(sockets)


def config(
    app: Doorbell, *, loop: str = "auto", timeout_graceful_shutdown: int = 5, **where: Any
) -> uvicorn.Config:
    """One stream costs a socket and a queue: uvloop and httptools where installed, a deep
    listen backlog for a reconnect storm, no access log (a line per stream is noise)."""
    return uvicorn.Config(
        app,
        lifespan="on",
        loop=loop,
        http="auto",
        backlog=8192,
        access_log=False,
        log_level="warning",
        timeout_graceful_shutdown=timeout_graceful_shutdown,
        **where,
    )


def main(argv: list[str]) -> None:
    host, _, port = (argv[1] if len(argv) > 1 else "127.0.0.1:8001").rpartition(":")
    Server(config(Doorbell(), host=host, port=int(port))).run()


if __name__ == "__main__":
    main(sys.argv)
