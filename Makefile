# Two commands: `make run` and `make test`. Both create .venv from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/rostermgr

test: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest
	$(BIN)/lint-imports
	$(BIN)/ruff check rostermgr db printables services cli ui tests bench

lint: $(STAMP_TEST)
	$(BIN)/ruff check rostermgr db printables services cli ui tests bench
	$(BIN)/ruff format --check rostermgr db printables services cli ui tests bench

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
