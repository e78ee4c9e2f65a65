# Two commands do all the set-up on a fresh machine (see README.md):
#   make lab    installs what the tutorials need and opens them in JupyterLab
#   make test   installs what the tests need (Python packages, Debian's Chromium) and runs them all
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8888

.PHONY: lab test classroom venv deps-lab deps-test browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

venv: $(BIN)/python

deps-lab: venv
	$(BIN)/python -m pip install --quiet -e ".[lab]"

deps-test: venv
	$(BIN)/python -m pip install --quiet -e ".[test,lab]"

# Debian's Chromium for the real-browser tests (never `playwright install`: it downloads).
browser:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "make test needs Debian's chromium: run 'sudo apt-get install chromium' once" >&2; exit 2; fi

lab: deps-lab
	$(BIN)/python -m jupyterlab --port=$(PORT) tutorials/00_start_here.ipynb

classroom: deps-lab
	$(BIN)/python -m voila --port=$(PORT) tutorials/classroom.ipynb

test: deps-test browser
	$(BIN)/python -m pytest tests tutorials --nbval --nbval-sanitize-with tutorials/sanitize.cfg

bench: venv
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
