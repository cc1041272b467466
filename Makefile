# donjon — README names two set-up commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test play bench lint env compiled test-compiled replay-compiled
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
# multi-process ones on PostgreSQL and Redis: the scripts install and start them when missing,
# first in the background while the Python environment is installed (ICU's headers before,
# which that install needs), then again in the foreground, where they find them ready.
# Then, once, the engine, contract, games and bots tests on the compiled build, and records of
# random games made on pure Python replayed on it.
# The suite runs in two workers, one per core. A third filled the time the suite spends waiting
# (907 s with two, 815 s with three here on a quiet day), but on a slow day it starved the
# servers of the multi-process tests: a killed process's table was not taken over within the
# issue's 10 s (tests/server/test_takeover.py, 2026-12-02).
# The compiled build for the tests is made meanwhile, at the lowest priority, in what the tests
# leave idle; if it fails, test-compiled builds again and shows why.
test:
	mkdir -p build
	sh scripts/ensure-icu.sh
	{ sh scripts/ensure-chromium.sh && sh scripts/postgres-for-tests.sh >/dev/null && \
		sh scripts/redis-for-tests.sh >/dev/null; } > build/prepare-tests.log 2>&1 & prepared=$$!; \
	$(MAKE) env; status=$$?; \
	wait $$prepared || echo "make test: installing Chromium, PostgreSQL or Redis failed, see" \
		"build/prepare-tests.log; the scripts below try again" >&2; \
	exit $$status
	sh scripts/ensure-chromium.sh
	nice -n 19 $(MAKE) compiled $(FOR_TESTS) > build/compiled-test.log 2>&1 & build=$$!; \
	url="$$(sh scripts/postgres-for-tests.sh)" && redis="$$(sh scripts/redis-for-tests.sh)" && \
		DONJON_TEST_DATABASE_URL="$$url" DONJON_TEST_REDIS_URL="$$redis" $(PY) -m pytest -n 2; \
	status=$$?; wait $$build; exit $$status
	$(MAKE) test-compiled

# The optional compiled build: the engine and the four games compiled with mypyc into
# build/compiled (a copy of src/donjon; `pip install .` stays pure Python). Needs gcc and the
# Python headers (Debian: python3-dev). Run anything on it with PYTHONPATH=build/compiled.
# The tests build the same C code at -O1 into their own folder (a minute sooner than -O3,
# which only changes speed: `make bench` measures the -O3 build), linked and trained the same
# way, so that the whole build is tried on every run.
COMPILED := build/compiled
COMPILED_OPT := 3
#: link-time and profile-guided optimisation (scripts/build_compiled.py): 4.6–5.9 % fewer
#: instructions a random game, and a build twice as long (`make compiled COMPILED_FLAGS=`
#: builds without, and only the modules changed)
COMPILED_FLAGS := --lto --pgo
COMPILED_TESTS := tests/engine tests/contract tests/castle_rooms tests/caylus tests/citadels \
	tests/gluecksritter tests/test_bots.py tests/bots
SOURCES := $(shell find src/donjon -name '*.py')
#: the tests' build: its own folder, -O1
FOR_TESTS := COMPILED=build/compiled-test COMPILED_OPT=1

compiled: $(COMPILED)/.built

$(COMPILED)/.built: $(STAMP) scripts/build_compiled.py $(SOURCES)
	$(PY) scripts/build_compiled.py --out $(COMPILED) --opt $(COMPILED_OPT) $(COMPILED_FLAGS)
	touch $@

test-compiled:
	$(MAKE) compiled $(FOR_TESTS)
	DONJON_EXPECT_COMPILED=1 PYTHONPATH=build/compiled-test $(PY) -m pytest -n 2 \
		-p no:cacheprovider $(COMPILED_TESTS)
	$(MAKE) replay-compiled $(FOR_TESTS) REPLAY_GAMES=50

# Records of random games made on pure Python replay to identical states on the compiled build
# (`make replay-compiled REPLAY_GAMES=1000` for the long check).
REPLAY_GAMES ?= 1000
replay-compiled: compiled
	PYTHONPATH=src $(PY) scripts/replay_check.py record --games $(REPLAY_GAMES) \
		$(COMPILED)/records.jsonl
	PYTHONPATH=$(COMPILED) $(PY) scripts/replay_check.py check $(COMPILED)/records.jsonl

# A terminal game of Castle Rooms against two bots.
play: $(STAMP)
	$(VENV)/bin/donjon play castle-rooms --players 3 --seat 0 --bots heuristic,random

bench: $(STAMP)
	$(VENV)/bin/donjon bench all

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy
