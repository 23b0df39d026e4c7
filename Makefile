# `make run` and `make test` create .venv from nothing, from the lock files in requirements/
# (exact versions with hashes: a fresh machine gets what was tested). `make lock` refreshes
# them from pyproject.toml's ranges; `make dist` builds the application bundle in dist/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements
# Only what the lock names, each file checked against its hash; --no-deps because the lock
# already holds every dependency (anything missing fails instead of being fetched unpinned).
INSTALL := $(BIN)/python -m pip install --require-hashes --no-deps --progress-bar off
# The project itself, editable, built with the locked setuptools (no download at build time).
INSTALL_SELF := $(BIN)/python -m pip install --no-deps --no-build-isolation --quiet -e .
# After every install: --no-deps would install a lock that lacks a dependency without a word,
# so each install ends by checking that every installed distribution has what it requires.
PIP_CHECK := $(BIN)/python -m pip check
STAMP := $(VENV)/.installed
STAMP_TEST := $(VENV)/.installed-test
STAMP_DIST := $(VENV)/.installed-dist
STAMP_TOOLS := $(VENV)/.installed-tools
# The commit the project was last installed from. Its version names that commit
# (setuptools-scm, pyproject.toml), and an editable install keeps the version it was installed
# with, so after a commit, a checkout or a merge the next make installs the project again
# (some 3 s): --version, the About box and the bundle name the commit they run.
GIT_HEAD := $(VENV)/.git-head
UV_COMPILE := $(BIN)/uv pip compile --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" --quiet

.PHONY: run test lint bench lock dist dist-test clean FORCE

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(INSTALL) -r $(LOCK)/build.txt
	$(PIP_CHECK)

$(GIT_HEAD): FORCE
	@mkdir -p $(VENV)
	@git rev-parse --quiet --verify HEAD >$@.new 2>/dev/null || true
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(STAMP): $(BIN)/python $(GIT_HEAD) pyproject.toml $(LOCK)/build.txt $(LOCK)/run.txt
	$(INSTALL) -r $(LOCK)/build.txt -r $(LOCK)/run.txt
	$(INSTALL_SELF)
	$(PIP_CHECK)
	touch $@

$(STAMP_TEST): $(BIN)/python $(GIT_HEAD) pyproject.toml $(LOCK)/build.txt $(LOCK)/test.txt
	$(INSTALL) -r $(LOCK)/build.txt -r $(LOCK)/test.txt
	$(INSTALL_SELF)
	$(PIP_CHECK)
	touch $@ $(STAMP)

$(STAMP_DIST): $(BIN)/python $(GIT_HEAD) pyproject.toml $(LOCK)/build.txt $(LOCK)/dist.txt
	$(INSTALL) -r $(LOCK)/build.txt -r $(LOCK)/dist.txt
	$(INSTALL_SELF)
	$(PIP_CHECK)
	touch $@

$(STAMP_TOOLS): $(BIN)/python $(LOCK)/tools.txt
	$(INSTALL) -r $(LOCK)/tools.txt
	$(PIP_CHECK)
	touch $@

run: $(STAMP)
	$(BIN)/rostermgr

test: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest --durations=10
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/ruff check rostermgr db printables services cli ui tests bench packaging

lint: $(STAMP_TEST)
	$(BIN)/ruff check rostermgr db printables services cli ui tests bench packaging
	$(BIN)/ruff format --check rostermgr db printables services cli ui tests bench packaging

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/run.py

# Rewrite every lock file from pyproject.toml and requirements/*.in: the newest versions the
# ranges allow, for Python 3.11 on Linux, Windows and macOS. Run the suite after it.
lock: $(STAMP_TOOLS)
	$(UV_COMPILE) -c $(LOCK)/constraints.in pyproject.toml -o $(LOCK)/run.txt
	$(UV_COMPILE) -c $(LOCK)/constraints.in -c $(LOCK)/run.txt --extra test pyproject.toml \
		-o $(LOCK)/test.txt
	$(UV_COMPILE) -c $(LOCK)/constraints.in -c $(LOCK)/run.txt --extra dist pyproject.toml \
		-o $(LOCK)/dist.txt
	$(UV_COMPILE) $(LOCK)/build.in -o $(LOCK)/build.txt
	$(UV_COMPILE) $(LOCK)/tools.in -o $(LOCK)/tools.txt

# The one-folder bundle dist/rostermgr/ (its own Python, Qt, fonts and ruleset).
dist: $(STAMP_DIST)
	$(BIN)/python packaging/make_icons.py build/icons
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/rostermgr.spec
	cp packaging/install-desktop.sh dist/rostermgr/

# The bundle run as a user would, in an empty environment (packaging/dist-test.sh).
dist-test:
	bash packaging/dist-test.sh dist/rostermgr

clean:
	rm -rf $(VENV) build dist *.egg-info
