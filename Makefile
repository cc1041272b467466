# donjon — README names two set-up commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test play bench lint env
.DEFAULT_GOAL := run

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	sh scripts/ensure-icu.sh
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,server,research]'
	touch $(STAMP)

env: $(STAMP)

# The web table on its embedded default: SQLite in ./var, http://127.0.0.1:8000
run: $(STAMP)
	$(VENV)/bin/donjon serve

# Browser tests drive Debian's Chromium, the server tests also run on PostgreSQL, and the
# multi-process ones on PostgreSQL and Redis: the scripts install and start them when missing.
test: $(STAMP)
	sh scripts/ensure-chromium.sh
	url="$$(sh scripts/postgres-for-tests.sh)" && redis="$$(sh scripts/redis-for-tests.sh)" && \
		DONJON_TEST_DATABASE_URL="$$url" DONJON_TEST_REDIS_URL="$$redis" $(PY) -m pytest -n 2

# A terminal game of Castle Rooms against two bots.
play: $(STAMP)
	$(VENV)/bin/donjon play castle-rooms --players 3 --seat 0 --bots heuristic,random

bench: $(STAMP)
	$(VENV)/bin/donjon bench all

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy
