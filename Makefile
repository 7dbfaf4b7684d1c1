# referee: `make run` serves the app, `make test` runs every check. Python packages go into .venv only.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
WORKERS ?= 2
CHROMIUM := /usr/bin/chromium

# Playwright drives Debian's Chromium; it must never download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export DEBIAN_FRONTEND := noninteractive

# pytest exit status 5 means "no tests collected": not a failure here.
# FULL=1 (`make test FULL=1`, what CI runs): every cell of the tests that sweep a matrix, every property test's
# full number of examples. Without it `make test` runs a sample of each sweep (tests/tiers.py).
ifeq ($(FULL),1)
export REFEREE_FULL := 1
endif

PYTEST_OK_IF_EMPTY = status=0; $(1) || status=$$?; if [ $$status -eq 5 ]; then echo "pytest: no tests collected"; \
	elif [ $$status -ne 0 ]; then exit $$status; fi

.PHONY: help run test lint typecheck pytest browser pg proxy bench screenshots wrk clean

help:
	@echo "make run    serve the app at http://$(HOST):$(PORT) with gunicorn (HOST=0.0.0.0 for the local network, PORT=..., WORKERS=...)"
	@echo "make test   ruff, mypy and every test (unit, integration, browser), each sweep sampled"
	@echo "make test FULL=1  the same with every sweep in full: every screen in every language and size, every fuzzed field (CI runs this)"
	@echo "make bench  the benchmarks in tests/bench, and the property tests in full"
	@echo "make screenshots  the browser tests again, saving a picture of each screen they check to tests/screenshots/"
	@echo "make clean  remove .venv and caches (keeps instance/)"

run: $(VENV)/.installed
	$(BIN)/referee serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

test: lint typecheck pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy referee

# `pg`: the ledger tests start a throwaway PostgreSQL server (tests/ledger/conftest.py) when its binaries exist.
# The tests that start servers and time them (SERIAL) run alone, one after another, first. Every other test runs on
# both cores at once, dealt to the two workers four at a time (so both share the browser tests, and neither is
# left with a long queue at the end while the other waits): the engine, the ledger,
# the app through Flask's test client (a database each), and the browser tests (each worker serves the app to its
# own Chromium; they wait for what they check, and time nothing but a live update's 5 s).
SERIAL := tests/test_server.py tests/test_server_attacks.py tests/test_server_bounds.py tests/test_tls_proxy.py \
	tests/test_scale_out.py tests/test_worker_locks.py tests/test_faults.py tests/test_pg.py tests/test_wheel.py
pytest: $(VENV)/.installed-test browser pg proxy
	@$(call PYTEST_OK_IF_EMPTY,$(BIN)/python -m pytest $(SERIAL))
	@$(call PYTEST_OK_IF_EMPTY,$(BIN)/python -m pytest -n 2 --dist load --maxschedchunk 4 --ignore=tests/bench \
		$(addprefix --ignore=,$(SERIAL)))

# `bench` also runs every property test with its full number of examples (`make test` draws a quarter of them).
bench: $(VENV)/.installed-test browser pg wrk
	REFEREE_FULL=1 $(BIN)/python -m pytest -q -m hypothesis --ignore=tests/bench --ignore=tests/browser
	@if [ ! -d tests/bench ]; then echo "tests/bench: no benchmarks yet"; exit 0; fi; \
	$(call PYTEST_OK_IF_EMPTY,$(BIN)/python -m pytest tests/bench)

screenshots: $(VENV)/.installed-test browser
	REFEREE_SCREENSHOTS=1 REFEREE_FULL=1 $(BIN)/python -m pytest -q -n 2 tests/browser

# The virtual environment. Debian's python3 needs python3-venv for it; as root we install that.
$(BIN)/python:
	@if ! $(PYTHON) -m venv $(VENV); then \
		rm -rf $(VENV); \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); \
		else \
			echo "Could not create $(VENV): install python3-venv (sudo apt-get install python3-venv) and retry." >&2; \
			exit 1; \
		fi; \
	fi

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.installed

# The browser tests drive Debian's Chromium, with Debian's Noto fonts for the Persian and Japanese pages (the pages
# download no font: without these the Persian and Japanese screens are drawn in whatever the system has, or as boxes).
browser:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's chromium for the browser tests"; \
			apt-get update && apt-get install -y chromium; \
		else \
			echo "The browser tests need Chromium at $(CHROMIUM): install it (sudo apt-get install chromium) and retry." >&2; \
			exit 1; \
		fi; \
	fi
	@if ! fc-list -q "Noto Sans Arabic" 2>/dev/null || ! fc-list -q "Noto Sans CJK JP" 2>/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's fonts-noto-core and fonts-noto-cjk for the Persian and Japanese browser tests"; \
			apt-get update && apt-get install -y fonts-noto-core fonts-noto-cjk; \
		else \
			echo "The browser tests need the Noto Sans Arabic and Noto Sans CJK JP fonts: install them" \
				"(sudo apt-get install fonts-noto-core fonts-noto-cjk) and retry." >&2; \
			exit 1; \
		fi; \
	fi

# The server benchmarks load the server with Debian's wrk.
wrk:
	@if ! command -v wrk >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's wrk for the server benchmarks"; \
			apt-get update && apt-get install -y wrk; \
		else \
			echo "The server benchmarks need wrk: install it (sudo apt-get install wrk) and retry." >&2; \
			exit 1; \
		fi; \
	fi

# The ledger's PostgreSQL tests need initdb and pg_ctl; as root on Debian we install them, otherwise those
# tests are skipped and the pytest summary says why.
pg:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's postgresql for the ledger's PostgreSQL tests"; \
			apt-get update && apt-get install -y postgresql; \
		else \
			echo "PostgreSQL tests will be skipped: no initdb (sudo apt-get install postgresql)"; \
		fi; \
	fi

# The TLS proxy test (tests/test_tls_proxy.py) puts Debian's nginx, with a certificate made by openssl, in front of
# the server; as root we install them, otherwise that test is skipped (CI=true: it fails) and says why.
proxy:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] || ! command -v openssl >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's nginx-light and openssl for the TLS proxy test"; \
			apt-get update && apt-get install -y nginx-light openssl; \
		else \
			echo "The TLS proxy test will be skipped: no nginx (sudo apt-get install nginx-light openssl)"; \
		fi; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache *.egg-info tests/screenshots
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
