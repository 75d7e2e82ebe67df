# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# Which Python a virtual environment was built by: a .venv of another one is rebuilt.
PYVERSION := import sys; print("%s-%d.%d" % (sys.implementation.name, *sys.version_info[:2]))
WANT := $(shell $(PYTHON) -c '$(PYVERSION)' 2>/dev/null)
STAMP := $(VENV)/.installed-$(WANT)
HOST ?= 127.0.0.1
PORT ?= 8000
PG_URL := $(or $(DATABASE_URL),postgres://postgres@127.0.0.1:5432/postgres)

.PHONY: run table test test-js test-sqlite test-postgres screenshots lint install messages bench bench-on bench-payouts bench-settle bench-load bench-profile cluster-check browser caddy venv-check

install: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "Tonk Tracker needs Python 3.11 or newer, but '$(PYTHON)' is $(or $(WANT),missing)." >&2; \
		echo "Install one and name it, e.g.: PYTHON=python3.12 make run" >&2; exit 1; }
	@$(MAKE) --no-print-directory venv-check
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# A .venv built by another Python (or left half-built by a failed install) starts afresh.
venv-check:
	@if [ -e $(VENV) ] && [ "$$($(PY) -c '$(PYVERSION)' 2>/dev/null)" != "$(WANT)" ]; then \
		echo "== $(VENV) was built by another Python: rebuilding it with $(PYTHON) ($(WANT))"; \
		rm -rf $(VENV); \
	fi

# Compiles the translations (locale/*/LC_MESSAGES/django.po): with GNU gettext's msgfmt where
# it is installed, else with polib (a dependency), so nobody needs root or gettext.
messages: $(STAMP)
	$(PY) manage.py compile_catalogues

run: $(STAMP) messages
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(PY) manage.py migrate --no-input
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(PY) manage.py seed_demo --if-missing --owner demo
	DJANGO_DEBUG=$${DJANGO_DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

# The app for the phones at a table over HTTPS: gunicorn behind Caddy's internal CA on this
# laptop's Wi-Fi address (deploy/table.sh says what each phone does first).
table: $(STAMP) messages caddy
	PY=$(PY) sh deploy/table.sh

# The checks first (seconds), then the JavaScript units, then the suite on each database.
test: lint test-js test-sqlite test-postgres

# Test processes: one per CPU (pytest-xdist); TEST_WORKERS=0 runs in this process.
TEST_WORKERS ?= auto
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal


# Debian's Caddy: HTTPS at the table (make table), and the tests through the real proxy.
caddy:
	@if ! command -v caddy >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "== installing Debian's caddy for HTTPS and the proxy tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null; \
		systemctl disable --now caddy >/dev/null 2>&1 || true; \
	fi
	@if ! command -v caddy >/dev/null; then \
		if [ "$$CI" = "true" ]; then echo "CI needs Debian's caddy for the proxy tests" >&2; exit 1; fi; \
		echo "== no caddy: the tests through the proxy will be skipped (apt install caddy)"; \
	fi

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here).
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "== installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$CI" = "true" ]; then echo "CI needs Chromium at $(CHROMIUM) for the browser tests" >&2; exit 1; fi; \
		echo "== no Chromium at $(CHROMIUM): browser tests will be skipped"; \
	fi

test-sqlite: $(STAMP) messages browser caddy
	@echo "== test suite on SQLite"
	env -u DATABASE_URL $(PYTEST)

# Runs when a server answers at DATABASE_URL; in CI (CI=true) it must.
test-postgres: $(STAMP) messages browser caddy
	@if $(PY) -c "import psycopg, sys; psycopg.connect(sys.argv[1], connect_timeout=3).close()" '$(PG_URL)' 2>/dev/null; then \
		echo "== test suite on PostgreSQL"; \
		DATABASE_URL='$(PG_URL)' $(PYTEST); \
	elif [ "$$CI" = "true" ]; then \
		echo "PostgreSQL is required when CI=true but nothing answers at $(PG_URL)" >&2; exit 1; \
	else \
		echo "== PostgreSQL not reachable at $(PG_URL): PostgreSQL leg skipped"; \
	fi

# The browser tests again, saving a picture of every screen they pass to test-artifacts/.
screenshots: $(STAMP) messages browser
	env -u DATABASE_URL SCREENSHOTS=1 $(PYTEST) tests/browser

# ruff (lint and format) and mypy with django-stubs (strict on ledger/rules/): pyproject.toml.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# The scoring screen's pure JavaScript (the offline queue's store and order): Node's own runner.
test-js:
	@if command -v node >/dev/null; then node --test tests/js/; \
	elif [ "$$CI" = "true" ]; then echo "CI needs Node.js for the JavaScript tests" >&2; exit 1; \
	else echo "== no Node.js: JavaScript unit tests skipped"; fi

# Benchmarks are not tests: they print one table. `debts`, uvloop (the load driver's event
# loop: it shares the cores with the server) and wrk are installed for them only.
# The first run generates a league of 100,000 hands and one of 1,000 (a few minutes each).
BENCH_DB := sqlite:///$(CURDIR)/bench.sqlite3
BENCH_PG := postgres://postgres@127.0.0.1:5432/tonk_bench
# True when PostgreSQL answers; creates the benchmark database the first time.
BENCH_PG_READY := $(PY) -c "import psycopg, sys; c = psycopg.connect(sys.argv[1], autocommit=True, connect_timeout=3); c.execute('CREATE DATABASE tonk_bench') if not c.execute(\"SELECT 1 FROM pg_database WHERE datname = 'tonk_bench'\").fetchone() else None" '$(PG_URL)' 2>/dev/null
BENCH_ENV := DJANGO_SETTINGS_MODULE=bench.settings DJANGO_ALLOWED_HOSTS=testserver,127.0.0.1 DJANGO_SECRET_KEY=benchmark-only-not-a-secret-0123456789abcdefghijklmnop

BENCH_TOOLS := 'debts==0.5' 'uvloop>=0.21'

bench: $(STAMP)
	$(PY) -m pip install --quiet $(BENCH_TOOLS)
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq wrk >/dev/null; } || echo "no wrk: throughput will not be measured"
	$(MAKE) --no-print-directory bench-on DB=$(BENCH_DB)
	@if $(BENCH_PG_READY); then \
		$(MAKE) --no-print-directory bench-on DB=$(BENCH_PG); \
	else echo "== PostgreSQL not reachable at $(PG_URL): PostgreSQL benchmark skipped"; fi

bench-on: $(STAMP)
	DATABASE_URL=$(DB) $(PY) manage.py migrate --no-input -v0
	DATABASE_URL=$(DB) $(PY) manage.py seed_demo --if-missing --players 200 --seasons 5 --hands 100000 --owner bench
	DATABASE_URL=$(DB) $(PY) manage.py seed_demo --if-missing --name "Small League" --players 30 --seasons 1 --hands 1000 --owner bench
	DATABASE_URL=$(DB) $(BENCH_ENV) $(PY) manage.py bench

bench-payouts: $(STAMP)
	$(PY) -m bench.payouts 10000

# The capacity search alone, on PostgreSQL (make bench runs it after the other figures).
bench-load: $(STAMP)
	$(PY) -m pip install --quiet $(BENCH_TOOLS)
	@$(BENCH_PG_READY) || { echo "bench-load needs PostgreSQL at $(PG_URL)" >&2; exit 1; }
	DATABASE_URL=$(BENCH_PG) $(PY) manage.py migrate --no-input -v0
	DATABASE_URL=$(BENCH_PG) $(BENCH_ENV) $(PY) manage.py bench_load $(LOAD)

# Where a poll's and a save's CPU goes inside the app, without HTTP (cProfile), on PostgreSQL.
bench-profile: $(STAMP)
	@$(BENCH_PG_READY) || { echo "bench-profile needs PostgreSQL at $(PG_URL)" >&2; exit 1; }
	DATABASE_URL=$(BENCH_PG) $(PY) manage.py migrate --no-input -v0
	DATABASE_URL=$(BENCH_PG) $(BENCH_ENV) $(PY) manage.py bench_profile

# Two app hosts (gunicorn on 127.0.0.2 and 127.0.0.3) behind Caddy on one PostgreSQL, one
# killed halfway: hands lost, doubled, ETags, errors during and after the fail-over.
# CLUSTER="--events": a doorbell beside each, the phones on event streams through Caddy.
cluster-check: $(STAMP) caddy
	@$(BENCH_PG_READY) || { echo "cluster-check needs PostgreSQL at $(PG_URL)" >&2; exit 1; }
	DATABASE_URL=$(BENCH_PG) $(PY) manage.py migrate --no-input -v0
	DATABASE_URL=$(BENCH_PG) $(BENCH_ENV) DJANGO_ALLOWED_HOSTS=testserver,127.0.0.1,127.0.0.2,127.0.0.3 $(PY) manage.py cluster_check $(CLUSTER)

bench-settle: $(STAMP)
	$(PY) -m pip install --quiet 'debts==0.5'
	DJANGO_SETTINGS_MODULE=bench.settings $(PY) manage.py bench_settle
