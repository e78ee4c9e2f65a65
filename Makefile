# Two commands do all the set-up on a fresh machine (see README.md):
#   make lab    installs what the tutorials need and opens them in JupyterLab
#   (make classroom: the same for the classroom app in Voila)
#   make test   installs what the tests need (Python packages, Debian's Chromium) and runs them all
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# make lab / make classroom: PORT is the first port tried (8888 when unset; a busy one moves the
# server up to the next free port, and it says so); NO_BROWSER=1 serves without opening a browser;
# HOST=0.0.0.0 serves the room's network (README: what that exposes). make classroom also takes
# MAX_LEARNERS (kernels at once, 30 when unset) and WARM_KERNELS (kept ready, 2 when unset),
# and CLASS_DIR: where the live classes are kept (docs/live-class.md; a file each).
PORT ?=
NO_BROWSER ?=
HOST ?=
MAX_LEARNERS ?=
WARM_KERNELS ?=
CLASS_DIR ?=
SERVE = $(BIN)/python scripts/serve.py $(if $(PORT),--port=$(PORT)) $(if $(NO_BROWSER),--no-browser) \
	$(if $(HOST),--host=$(HOST))
CLASSROOM_OPTIONS = $(if $(MAX_LEARNERS),--max-learners=$(MAX_LEARNERS)) \
	$(if $(WARM_KERNELS),--warm-kernels=$(WARM_KERNELS)) $(if $(CLASS_DIR),--class-dir=$(CLASS_DIR))
# deps-lab installs only when pyproject.toml is newer than this stamp, so a second `make lab`
# starts at once; deps-test (which installs the lab extras too) refreshes it.
LAB_STAMP := $(VENV)/.deps-lab.stamp

.PHONY: check lab test classroom venv deps-lab deps-test deps-lite lite browser bench puzzles clean docs site

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

venv: $(BIN)/python

deps-lab: $(LAB_STAMP)

$(LAB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lab]"
	@touch $@

# deps-test installs only when pyproject.toml is newer than its stamp (and refreshes the lab's).
TEST_STAMP := $(VENV)/.deps-test.stamp

deps-test: $(TEST_STAMP)
	@# axe-core for the accessibility browser tests (tests/browser/package.json pins it);
	@# npm comes from Debian's package when it is missing, as Chromium does below
	@[ -d tests/browser/node_modules/axe-core ] || { command -v npm >/dev/null || \
		{ [ "$$(id -u)" = 0 ] && apt-get update -qq && \
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; } || \
		{ echo "make test needs npm: run 'sudo apt-get install npm' once" >&2; exit 2; }; \
		npm install --prefix tests/browser --no-package-lock --no-audit --no-fund \
		--loglevel=error; }

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,lab]"
	@touch $(LAB_STAMP) $@

# make lite: the tutorials as a static JupyterLite site in _site/ (lite/build.py; README.md says
# how to serve and publish it). It needs the JupyterLite build tools and npm (for the Pyodide core).
LITE_STAMP := $(VENV)/.deps-lite.stamp

deps-lite: $(LITE_STAMP)

$(LITE_STAMP): lite/requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r lite/requirements.txt
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; } || \
		{ echo "make lite needs npm: run 'sudo apt-get install npm' once" >&2; exit 2; }
	@touch $@

lite: deps-lite
	$(BIN)/python lite/build.py --out _site

# make docs: the documentation site in build/docs/ (Sphinx, docs/conf.py; open build/docs/index.html).
# Warnings are errors and every cross-reference must resolve; nothing is fetched from the internet.
# Sphinx's cache (.doctrees) goes to build/doctrees/, outside the published folder.
# make site: the documentation and the JupyterLite site side by side in build/site/ (docs/, lite/),
# linked to each other (docs/publishing.md); make docs alone has no link into a site it lacks.
DOCS_OUT ?= build/docs
SPHINX = $(BIN)/python -m sphinx -c docs -b html -n -W --keep-going -q -d build/doctrees

docs: deps-test
	$(SPHINX) . $(DOCS_OUT)

site: deps-test lite
	rm -rf build/site && mkdir -p build/site
	$(SPHINX) -D exact61_lite_site=1 . build/site/docs
	cp -r _site build/site/lite

# Debian's Chromium for the real-browser tests (never `playwright install`: it downloads).
browser:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "make test needs Debian's chromium: run 'sudo apt-get install chromium' once" >&2; exit 2; fi

# scripts/serve.py adds --allow-root only as root and prints the one address to open; it runs the
# server in a session of its own and stops it, kernels included, on Control-C.
lab: deps-lab
	$(SERVE) lab

classroom: deps-lab
	$(SERVE) $(CLASSROOM_OPTIONS) classroom

# The notebooks under strict nbval (benchmarks/bench_notebooks.py times them by themselves,
# on two workers, against its one-minute target).
NBVAL := tutorials --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg

# The suite and the notebooks on both cores, each test module and each notebook to one worker
# whole, the longest first (tests/conftest.py's scheduler: the notebooks after the long modules,
# the short modules filling in at the end); then the load test by itself. Every run loads
# tests/outside.py, which fails a test during which any file outside the repository was opened
# (-p outside: from the start, before a notebook's kernel is started).
# benchmarks/bench_ci.py times this target and each of its parts.
SUITE := tests $(NBVAL) -n 2 --dist loadgroup -m "not alone"

test: deps-test deps-lite browser
	PYTHONPATH=tests $(BIN)/python -m pytest -p outside $(SUITE)
	$(BIN)/python -m pytest tests -m alone

# make check: lint, formatting, types and the fast tests, in about a minute (the README's
# test command runs everything; this is the quick loop while working).
check: deps-test
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy exact61_widgets
	$(BIN)/python -m pytest tests -q -n 2 -m "not slow and not browser" -p no:cacheprovider

bench: venv
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python benchmarks/bench_engine.py

# The shipped puzzle set, mined again from its seed by self-play and the exact solver, each puzzle
# checked for fairness on 400 fresh deals and the unfair ones replaced (the same file on any
# machine; 73 min on two shared cores): exact61_widgets/puzzles/puzzles-v1.json
PUZZLE_SEED ?= 61
PUZZLE_COUNT ?= 300
puzzles: venv
	$(BIN)/python -m exact61_widgets.puzzles.mine --seed $(PUZZLE_SEED) --count $(PUZZLE_COUNT) --workers 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .lite-cache _site build/docs build/site \
		build/doctrees
