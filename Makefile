# donjon — README names two set-up commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench lint env

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,server]'
	touch $(STAMP)

env: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/donjon play castle-rooms --players 3 --seat 0 --bots heuristic,random

test: $(STAMP)
	$(PY) -m pytest -n 2 -p no:cacheprovider

bench: $(STAMP)
	$(VENV)/bin/donjon bench all

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests
