#!/bin/sh
# The doorbell (ledger/doorbell/): the event streams that tell the phones a night changed.
# One process per app host, beside gunicorn, behind the same Caddy (its /events/ path).
# uvicorn with uvloop and httptools (ledger/doorbell/serve.py) holds thousands of idle streams in one process; the
# doorbell has no database and no Django request stack. It reads DJANGO_SECRET_KEY,
# EVENTS_BUS and the EVENTS_* limits (ledger/doorbell/app.py); TONK_EVENTS_BIND is where
# it listens (default 127.0.0.1:8001).
set -eu
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
BIND=${TONK_EVENTS_BIND:-127.0.0.1:8001}
exec "$PY" -m ledger.doorbell.serve "$BIND"
