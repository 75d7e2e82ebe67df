#!/bin/sh
# `make table`: Tonk Tracker for the phones at a table, over HTTPS, from this laptop.
# gunicorn serves the app on 127.0.0.1:8000 with production settings and the doorbell the
# live boards' event streams on 127.0.0.1:8001 (rings reach it by UDP on 127.0.0.1:8765),
# or on free ports when another make table holds those (deploy/table_ports.py);
# Caddy answers the phones on the laptop's Wi-Fi address with a certificate from its own
# local authority (kept in .table/, so each phone trusts it once, not every night).
# Ctrl-C stops all three.
set -eu
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
if ! command -v caddy >/dev/null; then
    echo "make table needs Caddy: sudo apt install caddy (or run make table as root once)" >&2
    exit 1
fi
ADDRESS=${TONK_ADDRESS:-$($PY -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.connect(("192.0.2.1", 9)); print(s.getsockname()[0])' 2>/dev/null || true)}
if [ -z "$ADDRESS" ] || [ "${ADDRESS#127.}" != "$ADDRESS" ]; then
    echo "This laptop has no Wi-Fi address: join the table's Wi-Fi, or name it: TONK_ADDRESS=192.168.1.20 make table" >&2
    exit 1
fi
KEEP=${TONK_TABLE_DIR:-$PWD/.table}  # the CA, the secret key, the logs
PORTS=$($PY deploy/table_ports.py) || exit 1  # a second make table gets its own
eval "$PORTS"
HTTP_PORT=$TONK_HTTP_PORT HTTPS_PORT=$TONK_HTTPS_PORT
mkdir -p "$KEEP"
[ -s "$KEEP/secret" ] || $PY -c 'import secrets; print(secrets.token_urlsafe(50))' > "$KEEP/secret"

export DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$(cat "$KEEP/secret")" DJANGO_BEHIND_PROXY=1
export DJANGO_ALLOWED_HOSTS="$ADDRESS,127.0.0.1,localhost"
export DJANGO_CSRF_TRUSTED_ORIGINS="https://$ADDRESS:$HTTPS_PORT"
export DJANGO_COLLECTED_STATIC=1 DJANGO_STATIC_ROOT="$KEEP/static"
$PY manage.py migrate --no-input -v0
$PY manage.py collectstatic --no-input -v0

export XDG_DATA_HOME="$KEEP/data" XDG_CONFIG_HOME="$KEEP/config"
export TONK_ADDRESS="$ADDRESS" TONK_HTTP_PORT="$HTTP_PORT" TONK_HTTPS_PORT="$HTTPS_PORT"
export TONK_CA_DIR="$XDG_DATA_HOME/caddy/pki/authorities/local" TONK_WELCOME_DIR="$PWD/deploy/table"
export TONK_WORKERS=${TONK_WORKERS:-3} TONK_BIND TONK_APP_HOSTS="$TONK_BIND"
export TONK_EVENTS_BIND TONK_EVENTS_HOSTS="$TONK_EVENTS_BIND"
export EVENTS_URL=/events/ EVENTS_BUS="udp://127.0.0.1:$TONK_BUS_PORT"
export TONK_CONTROL_SOCKET="$KEEP/gunicorn-$HTTPS_PORT.ctl"  # gunicornc's, one per instance

$PY -m gunicorn -c deploy/gunicorn.conf.py --access-logfile "$KEEP/access.log" &
APP=$!
PY="$PY" sh deploy/doorbell.sh 2> "$KEEP/doorbell.log" &
EVENTS=$!
caddy run --adapter caddyfile --config deploy/Caddyfile.table > "$KEEP/caddy.log" 2>&1 &
PROXY=$!
trap 'kill $APP $EVENTS $PROXY 2>/dev/null; wait' INT TERM EXIT
sleep 2
if ! kill -0 $PROXY 2>/dev/null; then cat "$KEEP/caddy.log" >&2; exit 1; fi
if ! kill -0 $EVENTS 2>/dev/null; then cat "$KEEP/doorbell.log" >&2; exit 1; fi

$PY - "$ADDRESS" "$HTTP_PORT" "$HTTPS_PORT" "$TONK_CA_DIR/root.crt" <<'PYTHON'
import hashlib, ssl, sys, time, urllib.request
from pathlib import Path
import segno
address, http_port, https_port, root = sys.argv[1:]
deadline = time.monotonic() + 60
while not Path(root).exists():  # Caddy makes its authority on the first start
    if time.monotonic() > deadline:
        sys.exit(f"Caddy made no certificate authority in {root}: see its log")
    time.sleep(0.1)
# Ready means a phone's first request works: gunicorn is up and Caddy's health check saw it.
trusted = ssl.create_default_context(cafile=root)
while True:
    try:
        urllib.request.urlopen(f"https://{address}:{https_port}/healthz", context=trusted, timeout=5)
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("The app did not answer through Caddy within a minute: see .table/ logs")
        time.sleep(0.2)
try:  # and the live boards' event streams
    urllib.request.urlopen(f"https://{address}:{https_port}/events/health", context=trusted, timeout=5)
except OSError as error:
    sys.exit(f"The doorbell did not answer through Caddy ({error}): see .table/doorbell.log")
der = ssl.PEM_cert_to_DER_cert(Path(root).read_text())
fingerprint = hashlib.sha256(der).hexdigest().upper()
first = f"http://{address}:{http_port}/"
print(f"""
Tonk Tracker is ready for the phones on this Wi-Fi.

Once per phone: open {first} (or scan this), install the certificate it offers,
and trust it (the page says how on an iPhone and on Android). Its SHA-256 fingerprint:
  {" ".join(fingerprint[i:i + 2] for i in range(0, len(fingerprint), 2))}
""")
segno.make(first, error="m").terminal(compact=True)
print(f"""
Then every night: https://{address}:{https_port}/
Stop with Ctrl-C. The data stays in db.sqlite3 (or DATABASE_URL), as with make run.
""")
PYTHON
wait $APP
