# Veillée — developer tasks. Everything runs from the project's own .venv.
#   make run   HOST=0.0.0.0 PORT=8000 DATABASE_URL=postgresql://...   (env vars are honoured)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

export DATABASE_URL ?= sqlite+aiosqlite:///./veillee.db

.PHONY: venv migrate run test test-bench lint demo bench campaign clean

venv: $(STAMP)

# Re-install only when pyproject.toml changes (or the venv is missing).
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

migrate: venv
	$(BIN)/alembic upgrade head

# h11 bounds a request's incomplete headers (16 KiB); idle keep-alive connections close after 5 s; past 20,000
# connections and tasks, new requests get 503 (docs/protocol.md, "Limits").
UVICORN_LIMITS := --http h11 --h11-max-incomplete-event-size 16384 --timeout-keep-alive 5 --limit-concurrency 20000 \
	--ws-max-size 65536 --ws-max-queue 32 --ws-per-message-deflate false

run: venv migrate
	$(BIN)/uvicorn app.main:app --host $${HOST:-127.0.0.1} --port $${PORT:-8000} $(UVICORN_LIMITS)

# `make test` leaves out the benchmark's runs against real servers (the `bench` marker; one smoke of a few seconds
# stays); `make test-bench` runs them (BENCH_POSTGRES or TEST_DATABASE_URL: on PostgreSQL too).
# One worker process a core (pytest-xdist): `make test WORKERS=0` runs the suite in this process alone.
WORKERS ?= auto

test: venv
	$(BIN)/pytest -q -rs -n $(WORKERS)

test-bench: venv
	$(BIN)/pytest -q -rs -m bench

# mypy checks app, bench, tools and tests, --strict (pyproject.toml's [tool.mypy] files). Then the pages: tsc checks every
# module of static/js (// @ts-check, JSDoc; tsconfig.json) against the view's generated types and the ruleset hooks'
# interface (static/js/types/), and eslint lints them (eslint.config.js). No build step: nothing is emitted.
NODE_STAMP := node_modules/.installed

# Re-install the pinned tsc and eslint only when package-lock.json changes (or node_modules is missing).
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

lint: venv $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	npx --no-install tsc --noEmit -p .
	npx --no-install eslint static/js

# Bots play one automatic game over real websockets (tools/demo.py; `--players N --seed S --server-bots`).
demo: venv
	$(BIN)/python -m tools.demo

# Veillée next to a bare uvicorn + FastAPI ceiling, over real websockets (docs/bench.md): 1,000 rooms of 12 sockets,
# three runs, about 45 minutes; `make bench QUICK=1`: one small run, about two minutes. Writes bench-results.json and
# bench-latency.png. BENCH_POSTGRES: a database for Veillée on PostgreSQL, in one process and in two (`--workers 2`),
# and for the 10-room PostgreSQL figure (its tables are emptied; skipped if it does not answer); BENCH_ARGS: more
# options (`python -m bench --help`). The bench lives in bench/, outside the app.
BENCH_POSTGRES ?= postgresql://veillee:veillee@127.0.0.1:5432/veillee_bench
bench: venv
	$(BIN)/python -c 'import matplotlib' 2>/dev/null || $(BIN)/pip install -q -e '.[bench]'
	$(BIN)/python -m bench $(if $(QUICK),--quick) --uvicorn-flags "$(UVICORN_LIMITS)" \
		--postgres "$(BENCH_POSTGRES)" $(BENCH_ARGS)

# Les Reptiliens' long check (issue 22): 300 whole games at every table size from FROM (3) to 40, with random players
# and with the server's bots; one summary line each (docs/rules/reptiliens.md, "The simulation campaign"). Hours.
FROM ?= 3
campaign: venv
	for n in $$(seq $(FROM) 40); do for bots in "" --bots; do \
		printf 'players %s %s: ' $$n "$${bots:-random}"; \
		$(BIN)/python -m app simulate --ruleset reptiliens --games 300 --players $$n $$bots | tail -n 1 || exit 1; \
	done; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
