"""Only our own files are adopted as campaigns; any other SQLite file is left byte-for-byte."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from peewee import SqliteDatabase

from db.connection import open_campaign
from db.schema import APPLICATION_ID, current_version, latest, v1_statements
from db.undo import create_triggers
from rostermgr.errors import InvalidFile
from tests.conftest import Cli

FOREIGN = "is an SQLite database but not a rostermgr campaign; it was not changed."


def anki_like(con: sqlite3.Connection) -> None:
    con.executescript(
        """
        CREATE TABLE col (id INTEGER PRIMARY KEY, crt INTEGER NOT NULL, conf TEXT NOT NULL);
        CREATE TABLE notes (id INTEGER PRIMARY KEY, guid TEXT NOT NULL, flds TEXT NOT NULL);
        CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER NOT NULL, due INTEGER NOT NULL);
        CREATE TABLE revlog (id INTEGER PRIMARY KEY, cid INTEGER NOT NULL, ease INTEGER);
        CREATE INDEX ix_cards_nid ON cards (nid);
        INSERT INTO col VALUES (1, 1700000000, '{}');
        INSERT INTO notes VALUES (1, 'abc', 'front' || char(31) || 'back');
        INSERT INTO cards VALUES (1, 1, 0);
        """
    )


def own_posse_table(con: sqlite3.Connection) -> None:
    con.executescript(
        """
        CREATE TABLE posse (id INTEGER PRIMARY KEY, name TEXT, gold INTEGER);
        CREATE TABLE schema_version (version INTEGER);
        INSERT INTO posse VALUES (1, 'Wild Bunch', 40);
        INSERT INTO schema_version VALUES (7);
        """
    )


def anki_in_wal(con: sqlite3.Connection) -> None:
    con.execute("PRAGMA journal_mode = wal")
    anki_like(con)


def v1_beside_foreign_tables(con: sqlite3.Connection) -> None:
    """What an older rostermgr made of a foreign file: our tables added to its own."""
    anki_like(con)
    for statement in v1_statements():
        con.execute(statement)
    con.execute("INSERT INTO schema_version (version) VALUES (1)")


def someone_elses_id(con: sqlite3.Connection) -> None:
    con.execute(f"PRAGMA application_id = {APPLICATION_ID + 1}")
    con.execute("CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version INTEGER)")


FOREIGN_FILES: dict[str, Callable[[sqlite3.Connection], None]] = {
    "anki-like": anki_like,
    "anki-like in WAL mode": anki_in_wal,
    "its own posse table": own_posse_table,
    "our tables beside its own": v1_beside_foreign_tables,
    "another program's application id": someone_elses_id,
}


def make(path: Path, build: Callable[[sqlite3.Connection], None]) -> bytes:
    con = sqlite3.connect(path)
    build(con)
    con.commit()
    con.close()
    assert not side_files(path)
    return path.read_bytes()


def side_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + "-"))


@pytest.mark.parametrize("kind", list(FOREIGN_FILES))
def test_a_foreign_sqlite_file_is_refused_byte_for_byte(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "other.sqlite3"
    before = make(path, FOREIGN_FILES[kind])
    with pytest.raises(InvalidFile) as refused:
        open_campaign(path)
    assert str(refused.value) == f"{path} {FOREIGN}"
    assert path.read_bytes() == before
    assert side_files(path) == []


def test_the_command_line_refuses_a_foreign_file_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "collection.anki2"
    before = make(path, anki_like)
    cli = Cli(path, tmp_path)
    for args in (("posse", "list"), ("check",), ("game", "list", "--json")):
        result = cli(*args)
        assert result.code == 1, args
        assert result.err.strip().endswith(FOREIGN)
        assert "Traceback" not in result.err
    assert path.read_bytes() == before
    assert side_files(path) == []


def test_an_sqlite_file_without_tables_is_adopted(tmp_path: Path) -> None:
    path = tmp_path / "blank.sqlite3"
    make(path, lambda con: con.executescript("CREATE TABLE t (x); DROP TABLE t;"))
    assert path.stat().st_size > 0
    db = open_campaign(path)
    try:
        assert current_version(db) == latest()
        assert db.execute_sql("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        db.close()


def test_a_new_file_gets_the_application_id(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    open_campaign(path).close()
    assert path.read_bytes()[68:72] == b"RMGR"
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def legacy_campaign(path: Path) -> None:
    """A campaign as every rostermgr before the application id made it: schema 1, id 0."""
    db = SqliteDatabase(str(path))
    with db.atomic():
        for statement in v1_statements():
            db.execute_sql(statement)
        create_triggers(db)
        db.execute_sql("INSERT INTO schema_version (version) VALUES (1)")
        db.execute_sql(
            "INSERT INTO posse (name, faction, ruleset_id, ruleset_version, created) "
            "VALUES ('The Dalton Boys', 'outlawmen', 'last-hope-frontier', '1', '2026-01-01')"
        )
    db.close()


def test_an_old_campaign_is_migrated_and_gets_the_id_after_a_backup(
    tmp_path: Path, _isolated_backups: Path
) -> None:
    path = tmp_path / "old.sqlite3"
    legacy_campaign(path)
    before = path.read_bytes()
    assert before[68:72] == b"\x00\x00\x00\x00"
    db = open_campaign(path)
    try:
        assert current_version(db) == latest()
        assert db.execute_sql("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute_sql("SELECT name FROM posse").fetchall() == [("The Dalton Boys",)]
    finally:
        db.close()
    backups = list(_isolated_backups.rglob("*before-schema2.sqlite3"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as old:
        assert old.execute("PRAGMA application_id").fetchone()[0] == 0
        assert old.execute("SELECT name FROM posse").fetchall() == [("The Dalton Boys",)]
    open_campaign(path).close()  # and it is ours from now on
