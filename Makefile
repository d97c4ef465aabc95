# Two commands on a fresh machine: `make play` (set up, open the Voila home page) and `make test`.
PYTHON ?= python3
VENV ?= .venv
SITE_VENV ?= .venv-site
PY := $(VENV)/bin/python
PORT ?= 8866
HOST ?= 127.0.0.1
# Setup steps run two at a time (the test venv beside the site's venv and build; each is mostly one core).
MAKEFLAGS += --jobs=2
# Jupyter's config, data and runtime folders inside the checkout: nothing is written to $HOME.
JUPYTER_ENV := JUPYTER_CONFIG_DIR=$(CURDIR)/.jupyter-test/config JUPYTER_DATA_DIR=$(CURDIR)/.jupyter-test/data \
  JUPYTER_RUNTIME_DIR=$(CURDIR)/.jupyter-test/runtime IPYTHONDIR=$(CURDIR)/.jupyter-test/ipython

.PHONY: play lab class test test-fast test-hub bench chromium postgresql clean site test-site npm

# Installs go through uv (pip only installs uv): it resolves as pip does, downloads in parallel and
# took 8 s where pip took 41 s to set up the test environment here. It compiles the bytecode as pip does:
# where PYTHONDONTWRITEBYTECODE is set (as on these machines) nothing else would, and every kernel and
# worker would compile its imports again (about 150 CPU-s more in make test). The site's tools run once.
UV = $(PY) -m uv pip install -q --python
UV_COMPILED = $(PY) -m uv pip install -q --compile-bytecode --python
# The package's own bytecode, for the same reason (its editable install is this checkout): a quarter of a
# second less for each kernel that starts. Stale files are only ignored, so it runs before each use.
COMPILED = $(PY) -m compileall -q -j 0 cardavia_nb >/dev/null
$(VENV)/.stamp-uv:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q uv
	touch $@

$(VENV)/.stamp-notebooks: pyproject.toml $(wildcard share/jupyter/voila/templates/cardavia/*) $(VENV)/.stamp-uv
	$(UV_COMPILED) $(PY) -e ".[notebooks]"
	touch $@

$(VENV)/.stamp-test: pyproject.toml $(VENV)/.stamp-notebooks
	$(UV_COMPILED) $(PY) -e ".[test]"
	touch $@

## play: set up and serve the home page with Voila on http://$(HOST):$(PORT)/ (Ctrl-C stops it); each game
## page keeps POOL preheated kernels (default 1, refilled at once; POOL=0 for none), see docs/classroom.md;
## games are kept in STORE (a database URL; default the SQLite file .cardavia/games.sqlite here)
POOL ?= 1
STORE ?= sqlite:///$(CURDIR)/.cardavia/games.sqlite
GAME_PAGES := 01-truco 02-pao-de-kuai 03-french-tarot
play: $(VENV)/.stamp-notebooks
	@$(COMPILED)
	@echo "Cardavia is at http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(JUPYTER_ENV) CARDAVIA_STORE='$(STORE)' $(VENV)/bin/voila --Voila.ip=$(HOST) --Voila.port=$(PORT) $(if $(filter 0,$(POOL)),,$(shell \
	  $(PY) -m cardavia_nb.classroom --print-flags --students $$(( $(POOL) * $(words $(GAME_PAGES)) )) --pages $(GAME_PAGES) --fill-delay 0))

## class: Voila for a room on every interface (HOST=0.0.0.0) with STUDENTS preheated kernels shared among
## PAGES (notebook names); it says when the pool is full: then hand out the link (docs/classroom.md). It prints
## the teacher's link too: its key is drawn once and kept in .cardavia/teacher.key (or CARDAVIA_TEACHER_KEY)
STUDENTS ?= 30
PAGES ?= 01-truco
FILL_DELAY ?= 60
class: HOST = 0.0.0.0
class: $(VENV)/.stamp-notebooks
	@$(COMPILED)
	$(JUPYTER_ENV) $(PY) -m cardavia_nb.classroom --students $(STUDENTS) --pages $(PAGES) \
	  --fill-delay $(FILL_DELAY) --host $(HOST) --port $(PORT) --store '$(STORE)' --data-dir '$(CURDIR)/.cardavia'

## lab: open the notebooks in JupyterLab
lab: $(VENV)/.stamp-notebooks
	$(JUPYTER_ENV) $(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

## chromium: Debian's Chromium for the browser tests (installed only when missing)
chromium: | postgresql  # after it: one apt-get at a time under --jobs
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@test -x /usr/bin/chromium || { echo "Chromium is missing and could not be installed: run as root or install the chromium package."; exit 1; }

## postgresql: Debian's PostgreSQL server for the store's tests (installed only when missing; the tests
## start their own server in a temporary folder and stop it)
PG_BIN ?= /usr/lib/postgresql/15/bin
postgresql:
	@test -x $(PG_BIN)/initdb || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@test -x $(PG_BIN)/initdb || { echo "PostgreSQL is missing and could not be installed: run as root or install the postgresql package."; exit 1; }

# axe-core, the accessibility checker the browser tests inject into each page (from npm, never a CDN).
AXE_VERSION := 4.14.1
AXE := .cache/axe-core-$(AXE_VERSION)/package/axe.min.js
$(AXE): | npm
	mkdir -p $(dir $(AXE))..
	cd $(dir $(AXE)).. && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null && tar -xzf axe-core-$(AXE_VERSION).tgz

# configurable-http-proxy, the proxy in front of JupyterHub (from npm, as JupyterHub's docs install it).
CHP_VERSION := 5.3.0
CHP := .cache/chp-$(CHP_VERSION)/node_modules/.bin/configurable-http-proxy
$(CHP): | npm
	npm install --silent --no-audit --no-fund --prefix .cache/chp-$(CHP_VERSION) configurable-http-proxy@$(CHP_VERSION)

## test: set up, install Chromium and PostgreSQL if needed, build the static site, run every test (unit, conformance,
## widgets, notebooks, browser with axe-core, the static site): tests/suite.py runs the unit tests at once and
## the two browser runs beside them once Chromium and the site are ready (its docstring says how).
DURATIONS ?= 15
WORKERS ?= 2
UNIT_WORKERS ?= 2
test: $(VENV)/.stamp-test postgresql
	@$(COMPILED)
	@$(JUPYTER_ENV) CARDAVIA_CACHE=$(CURDIR)/.jupyter-test/cache CARDAVIA_PROXY=$(CURDIR)/$(CHP) $(PY) tests/suite.py \
	  --workers $(WORKERS) --unit-workers $(UNIT_WORKERS) --durations $(DURATIONS) \
	  --setup "$(MAKE) --no-print-directory chromium site $(AXE) $(CHP)"

## test-hub: only the class on a real JupyterHub (deploy/hub): PostgreSQL, the hub and its proxy, Chromium
test-hub: $(VENV)/.stamp-test postgresql chromium $(CHP)
	@$(COMPILED)
	$(JUPYTER_ENV) CARDAVIA_PROXY=$(CURDIR)/$(CHP) CARDAVIA_REQUIRE_BROWSER=1 $(PY) -m pytest -p no:nbval \
	  -p no:cacheprovider tests/browser/test_hub.py

## test-fast: the unit tests only (no notebooks, no browser)
test-fast: $(VENV)/.stamp-test
	$(PY) -m pytest -p no:nbval -m "not browser and not slow" tests

## bench: print every benchmark's figures (slow)
bench: $(VENV)/.stamp-test
	for f in benchmarks/*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

## site: build the in-browser edition in _site/ (JupyterLite + voici apps; pinned, from PyPI and npm only)
site: $(SITE_VENV)/.stamp npm
	$(SITE_VENV)/bin/python site/build.py

## test-site: build the site, serve it under a sub-path and play a card in Chromium with no network
test-site: $(VENV)/.stamp-test chromium site
	$(JUPYTER_ENV) CARDAVIA_REQUIRE_BROWSER=1 $(PY) -m pytest -p no:nbval tests/browser/test_site.py

$(SITE_VENV)/.stamp: site/requirements.txt site/constraints.txt $(VENV)/.stamp-uv
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(UV) $(SITE_VENV)/bin/python -r site/requirements.txt -c site/constraints.txt
	touch $@

## npm: Debian's npm, which fetches the Pyodide runtime for the site (installed only when missing)
npm: | chromium  # after it: one apt-get at a time under --jobs
	@command -v npm >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	@command -v npm >/dev/null || { echo "npm is missing and could not be installed: run as root or install the npm package."; exit 1; }

clean:
	rm -rf $(VENV) $(SITE_VENV) _site .jupyter-test .cache tests/artifacts build dist
