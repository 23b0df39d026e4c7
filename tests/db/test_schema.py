"""The campaign file (DESIGN 4): pragmas, versions, backup before migration, refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db.connection import open_campaign
from db.schema import MIGRATIONS, current_version, latest, migrate
from rostermgr.errors import InvalidFile


def test_every_connection_has_the_pragmas(tmp_path: Path) -> None:
    db = open_campaign(tmp_path / "c.sqlite3")
    try:
        pragma = lambda name: db.execute_sql(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
        assert pragma("foreign_keys") == 1
        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 2
        assert pragma("busy_timeout") >= 1000
    finally:
        db.close()


def test_fake_second_version_backs_up_then_migrates_atomically(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    db = open_campaign(path)
    db.execute_sql(
        "INSERT INTO posse (name, faction, ruleset_id, ruleset_version, created) "
        "VALUES ('A','sheriffs','x','1','d')"
    )

    def v_next(database) -> None:
        database.execute_sql("ALTER TABLE posse ADD COLUMN motto TEXT")

    backup = migrate(db, path, {**MIGRATIONS, latest() + 1: v_next})
    assert current_version(db) == latest() + 1
    assert backup is not None and backup.exists()
    old = sqlite3.connect(backup)
    assert old.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == latest()
    assert old.execute("SELECT name FROM posse").fetchall() == [("A",)]
    old.close()
    db.close()


def test_a_failing_migration_leaves_the_old_version(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    db = open_campaign(path)

    def v_next(database) -> None:
        database.execute_sql("ALTER TABLE posse ADD COLUMN motto TEXT")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        migrate(db, path, {**MIGRATIONS, latest() + 1: v_next})
    assert current_version(db) == latest()
    columns = [r[1] for r in db.execute_sql("PRAGMA table_info(posse)").fetchall()]
    assert "motto" not in columns
    db.close()


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    open_campaign(path).close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO schema_version (version) VALUES (99)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(InvalidFile, match="newer rostermgr"):
        open_campaign(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "content", [b"", b"hello, this is not a database", b"SQLite format 3\x00" + b"\xff" * 50]
)
def test_not_a_campaign_is_refused_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "c.sqlite3"
    path.write_bytes(content)
    with pytest.raises(InvalidFile):
        open_campaign(path)
    assert path.read_bytes() == content
