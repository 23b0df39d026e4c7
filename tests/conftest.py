"""Shared fixtures: a campaign per test, on each engine, and a command-line runner.

`cli` (and `campaign_target`, what it runs on) is parametrised over the two engines: a test
that takes it runs as `[sqlite]`, on a new campaign file, and as `[postgresql]`, on a fresh
database of the session's PostgreSQL server. A test about the file itself is marked
`sqlite_only` (tests/engines.py says why) and runs as `[sqlite]` alone.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from cli import main
from db.lock import lock_path
from tests.engines import ENGINES, SQLITE_ONLY, Target, by_hand, dump, on_server

# The throwaway PostgreSQL server's fixtures (postgres_server, postgres_url): a server starts
# only for the tests that ask for one.
pytest_plugins = ["tests.postgres"]

# In CI (.ci/run sets ROSTERMGR_CI) every property test draws the same examples each run: a run
# is repeatable, and a failure is the change's, not a new draw's. Elsewhere each run draws
# afresh, so the suite goes on looking; what a draw finds gets a test of its own (as
# tests/services/test_rules_followed.py). No deadline there: a loaded machine is not a failure.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("ROSTERMGR_CI") == "1":
    settings.load_profile("ci")

DALTON = {
    "name": "The Dalton Boys",
    "faction": "outlawmen",
    "members": [
        {"name": "Ike Dalton", "role": "leader", "items": ["revolver", "medium-leather"]},
        {"name": "Ma Dalton", "role": "deputy", "items": ["shotgun"]},
        {"name": "Kid", "role": "ganger", "items": ["pistol"]},
        {"name": "Slim", "role": "ganger", "items": []},
        {"name": "Doc", "role": "ganger", "items": ["hunting-knife", "whiskey"]},
    ],
}

LAWMEN = {
    "name": "Last Hope Lawmen",
    "faction": "sheriffs",
    "members": [
        {"name": "Wyatt", "role": "leader", "items": ["pistol", "light-leather"]},
        {"name": "Virgil", "role": "deputy", "items": ["pistol"]},
        {"name": "Morgan", "role": "ganger", "items": ["switchblade"]},
        {"name": "Doc H", "role": "ganger", "items": []},
        {"name": "Texas Jack", "role": "ganger", "items": ["whiskey"]},
    ],
}

RYE = {
    "name": "The Rye Runners",
    "faction": "bootleggers",
    "members": [
        {"name": "Ma Barker", "role": "leader", "items": ["pistol"]},
        {"name": "Fred", "role": "deputy", "items": []},
        {"name": "Arthur", "role": "ganger", "items": []},
        {"name": "Herman", "role": "ganger", "items": []},
        {"name": "Lloyd", "role": "ganger", "items": []},
    ],
}


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> object:
        return json.loads(self.out)


class Cli:
    """Runs `rostermgr --db CAMPAIGN ...` in-process against one campaign: a file's path, or
    a PostgreSQL URL (--db takes either)."""

    def __init__(self, db: Target, tmp: Path) -> None:
        self.db, self.tmp = db, tmp
        self._n = 0

    def __call__(self, *args: str) -> Result:
        out, err = io.StringIO(), io.StringIO()
        code = main(["--db", str(self.db), *args], out=out, err=err)
        return Result(code, out.getvalue(), err.getvalue())

    def file(self, doc: object, name: str | None = None) -> str:
        """Write a JSON document to a fresh file and return its path."""
        self._n += 1
        path = self.tmp / (name or f"doc{self._n}.json")
        text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        return str(path)

    def ok(self, *args: str) -> Result:
        result = self(*args)
        assert result.code == 0, result.err
        return result

    def new_posse(self, doc: dict) -> Result:
        return self.ok("posse", "new", self.file(doc))

    def state(self) -> object:
        """What the campaign holds now, to compare before and after a refusal: on SQLite the
        file's bytes (b"" while there is no file), on PostgreSQL every campaign table's rows,
        the undo log and its mark (tests/engines.dump)."""
        if on_server(self.db):
            return dump(self.db)
        path = Path(self.db)
        return path.read_bytes() if path.exists() else b""

    def backups_name(self) -> Path:
        """What names this campaign's backups folder: its file, or its server's stand-in."""
        if on_server(self.db):
            from db.postgres import server_stand_in, shown

            return server_stand_in(shown(str(self.db)))
        return Path(self.db)

    def untouched(self) -> bool:
        """Whether no campaign was made: no file on SQLite; on PostgreSQL the fresh campaign as
        the test got it (no row in any table, no undo log entry, nothing ever logged)."""
        if on_server(self.db):
            rows, log, mark = dump(self.db)
            return not any(rows.values()) and not log and mark == 0
        return not Path(self.db).exists()

    def sql(self, statement: str, params: tuple = ()) -> list[tuple]:
        """Run one statement on the campaign by hand, behind rostermgr's back, committed at
        once (SQLite's `?` parameters, on either engine); the rows it returns."""
        return by_hand(self.db, statement, params)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", SQLITE_ONLY)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that takes a campaign runs on each engine, a `sqlite_only` one on SQLite."""
    if "engine" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("engine", ENGINES[:1] if only else ENGINES, indirect=True)


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine of this run of the test: "sqlite" or "postgresql" (pytest_generate_tests)."""
    return str(request.param)


@pytest.fixture
def campaign_target(engine: str, tmp_path: Path, request: pytest.FixtureRequest) -> Target:
    """Where this test's campaign is: a new file's path, or a fresh database's URL."""
    if engine == "sqlite":
        return tmp_path / "campaign.sqlite3"
    return str(request.getfixturevalue("postgres_campaign_url"))


@pytest.fixture
def new_campaign(engine: str, request: pytest.FixtureRequest) -> Iterator[Callable[[Path], Target]]:
    """Makes another fresh campaign on this test's engine (on SQLite the file named, not made
    yet), for a test that needs several, such as one per hypothesis example; all dropped
    afterwards."""
    made: list[str] = []
    server = request.getfixturevalue("postgres_server") if engine != "sqlite" else None
    template = request.getfixturevalue("postgres_campaign_template") if server is not None else None

    def make(path: Path) -> Target:
        if server is None:
            return path
        made.append(server.create_database(template=template))
        return server.url(made[-1])

    yield make
    for name in made:
        server.drop_database(name)  # type: ignore[union-attr]  # made only with a server


@pytest.fixture
def cli(campaign_target: Target, tmp_path: Path) -> Cli:
    """The command line on this test's campaign, on each engine."""
    return Cli(campaign_target, tmp_path)


@pytest.fixture
def dalton() -> dict:
    return json.loads(json.dumps(DALTON))


@pytest.fixture
def lawmen() -> dict:
    return json.loads(json.dumps(LAWMEN))


# The day every posse of a test is founded (db.posses.today at creation). The tests' reports carry
# fixed dates in the past (R17 refuses a future one), and R12 (2026-12) refuses a game dated
# before a posse in it was founded, so the posses are founded before the earliest of them.
FOUNDED = "2025-01-01"


@pytest.fixture(autouse=True)
def _founded_in_the_past(monkeypatch: pytest.MonkeyPatch) -> str:
    """Posses created in a test are founded on FOUNDED, so its dated reports come after it."""
    import db.exchange
    import db.posses

    monkeypatch.setattr(db.posses, "today", lambda: FOUNDED)
    monkeypatch.setattr(db.exchange, "today", lambda: FOUNDED)
    return FOUNDED


@pytest.fixture(autouse=True)
def _isolated_backups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Backups go to the test's own folder, never the user's data folder."""
    folder = tmp_path / "backups"
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _isolated_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's settings, data, logs and caches are never touched, by this process or a child."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "home" / name.lower()))


@pytest.fixture
def other_process() -> Iterator[subprocess.Popen[bytes]]:
    """A live Python process that is not this one, to name as the holder of a lock."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "import time; print('ready', flush=True); time.sleep(300)"],
        stdout=subprocess.PIPE,
    )
    # until it prints, it may not have become Python yet (its /proc entry would say otherwise)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    yield proc
    proc.kill()
    proc.wait()


def hand_lock_to(campaign: Path, pid: int) -> None:
    """Rewrite the campaign's lock as if the live process `pid` had just taken it.

    A lock naming a process that started after the lock was taken is stale (its pid was
    reused), so the lock's own record of its holder's start is dropped and its time is now.
    """
    path = lock_path(campaign)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("start", None)
    data.update(pid=pid, at=time.time())
    path.write_text(json.dumps(data), encoding="utf-8")
