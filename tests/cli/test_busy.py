"""Two command-line writers at once (issue 15 item 5): a busy campaign is never damage.

Another connection holds a write transaction while `posse buy` runs. With the usual busy
timeout the buy waits for it; past a short one it fails, writes nothing, and the error it
fails with is recognised by db.busy.is_busy, for services to say so in a sentence.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import services.crashlog
from db.connection import PRAGMAS
from tests.conftest import Cli

pytestmark = pytest.mark.sqlite_only  # SQLite's own locking of the file: busy timeouts

D = "The Dalton Boys"
BUY = ("posse", "buy", D, "Slim", "switchblade")


@pytest.fixture
def writing(cli: Cli, dalton: dict) -> Iterator[sqlite3.Connection]:
    """Another program in the middle of a write transaction on the campaign."""
    cli.new_posse(dalton)
    # check_same_thread=False: a timer thread commits it in one test
    con = sqlite3.connect(cli.db, isolation_level=None, check_same_thread=False)
    con.execute("BEGIN IMMEDIATE")
    con.execute("UPDATE posse SET name = name")
    yield con
    con.rollback()
    con.close()


@pytest.fixture
def crashes(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """The exceptions the command line reports as internal errors."""
    seen: list[BaseException] = []
    real = services.crashlog.sentence

    def record(exc: BaseException) -> str:
        seen.append(exc)
        return real(exc)

    monkeypatch.setattr(services.crashlog, "sentence", record)
    return seen


def slim_items(cli: Cli) -> list[str]:
    members = cli.ok("posse", "show", D, "--json").json()["members"]
    return next(m["items"] for m in members if m["name"] == "Slim")


def test_a_second_writer_waits_for_the_first_to_finish(
    cli: Cli, writing: sqlite3.Connection
) -> None:
    timer = threading.Timer(0.3, writing.commit)
    timer.start()
    try:
        cli.ok(*BUY)
    finally:
        timer.join()
    assert slim_items(cli) == ["switchblade"]


def test_a_writer_blocked_past_the_busy_timeout_writes_nothing(
    cli: Cli,
    writing: sqlite3.Connection,
    crashes: list[BaseException],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(PRAGMAS, "busy_timeout", 100)
    result = cli(*BUY)
    assert result.code == 1 and "Traceback" not in result.err
    assert "internal error" not in result.err and not crashes
    writing.rollback()
    assert slim_items(cli) == []
    assert cli.ok("posse", "show", D, "--json").json()["purse"] == 7


def test_a_writer_blocked_past_the_busy_timeout_is_told_to_try_again(
    cli: Cli, writing: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PRAGMAS, "busy_timeout", 100)
    result = cli(*BUY)
    assert result.code == 1
    assert result.err == (
        f"Another program is writing to {cli.db}; nothing was written. Try again in a moment.\n"
    )


def test_a_campaign_locked_while_it_is_opened_is_not_called_damaged(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    monkeypatch.setitem(PRAGMAS, "busy_timeout", 100)
    con = sqlite3.connect(cli.db, isolation_level=None)
    con.execute("PRAGMA locking_mode=EXCLUSIVE")
    con.execute("BEGIN EXCLUSIVE")
    con.execute("UPDATE posse SET name = name")
    try:
        result = cli(*BUY)
    finally:
        con.rollback()
        con.close()
    assert result.code == 1
    assert "damaged" not in result.err and "restore" not in result.err
