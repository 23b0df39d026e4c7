"""Two writers at once: SQLITE_BUSY is recognised, never mistaken for damage (issue 15)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import peewee
import pytest

from db.busy import is_busy


def _locked(tmp_path: Path) -> tuple[sqlite3.Connection, Path]:
    path = tmp_path / "c.sqlite3"
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=wal")
    con.execute("CREATE TABLE t (x)")
    con.execute("BEGIN IMMEDIATE")
    con.execute("INSERT INTO t VALUES (1)")
    return con, path


def test_a_write_lock_held_past_the_busy_timeout_is_busy(tmp_path: Path) -> None:
    holder, path = _locked(tmp_path)
    other = sqlite3.connect(path, timeout=0.05, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError) as raised:
        other.execute("BEGIN IMMEDIATE")
    assert is_busy(raised.value)
    other.close()
    holder.rollback()
    holder.close()


def test_a_peewee_write_blocked_by_another_writer_is_busy(tmp_path: Path) -> None:
    holder, path = _locked(tmp_path)
    db = peewee.SqliteDatabase(str(path), pragmas={"busy_timeout": 50})
    with pytest.raises(peewee.OperationalError) as raised, db.atomic():
        db.execute_sql("INSERT INTO t VALUES (2)")
    assert is_busy(raised.value)
    db.close()
    holder.rollback()
    holder.close()


def test_a_stale_snapshot_in_wal_mode_is_busy(tmp_path: Path) -> None:
    """A read then a write, while another writer commits in between: SQLITE_BUSY_SNAPSHOT."""
    holder, path = _locked(tmp_path)
    holder.commit()
    reader = sqlite3.connect(path, timeout=0.05, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM t").fetchone()
    holder.execute("INSERT INTO t VALUES (3)")  # autocommit: another writer commits
    with pytest.raises(sqlite3.OperationalError) as raised:
        reader.execute("INSERT INTO t VALUES (4)")
    assert is_busy(raised.value)
    reader.close()
    holder.close()


@pytest.mark.parametrize(
    "exc",
    [
        sqlite3.OperationalError("no such table: posse"),
        sqlite3.DatabaseError("file is not a database"),
        peewee.OperationalError("disk I/O error"),
        peewee.IntegrityError("UNIQUE constraint failed: posse.name"),
        ValueError("database is locked"),  # words alone, from no database
        OSError(5, "Input/output error"),
    ],
)
def test_other_errors_are_not_busy(exc: BaseException) -> None:
    assert not is_busy(exc)


def test_busy_is_found_through_wrapping(tmp_path: Path) -> None:
    inner = sqlite3.OperationalError("database is locked")
    outer = RuntimeError("while buying")
    outer.__cause__ = inner
    assert is_busy(outer)
    assert is_busy(peewee.OperationalError(inner, *inner.args))
