"""Schema versions and migrations: back up the file, then each version in one transaction.

Version 1 is the frozen SQL of db/schema_v1.sql, never "the current models": a later
migration (ALTER TABLE ...) must find exactly the tables the files in the field have. Every
later version is one function of SQL statements. After each step the undo triggers are made
again from the columns the file then has, so a new column is undone like the others.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from peewee import Database

from db.undo import create_triggers
from rostermgr.errors import InvalidFile

Migration = Callable[[Database], None]

# PRAGMA application_id of every campaign file: the bytes "RMGR" at offset 68 of the header,
# so that this program (and `file`) can tell its own files from other SQLite databases.
APPLICATION_ID = 0x524D4752


@cache
def v1_statements() -> tuple[str, ...]:
    """The frozen statements of schema 1, one a line in db/schema_v1.sql."""
    # beside this module (in the bundle too); not importlib.resources, slow to import (issue 33)
    text = Path(__file__).with_name("schema_v1.sql").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(line.removesuffix(";") for line in lines if line and not line.startswith("--"))


@cache
def v1_layout() -> dict[str, tuple[str, ...]]:
    """Each table of schema 1 and its column names, as the frozen SQL makes them."""
    con = sqlite3.connect(":memory:")
    try:
        for statement in v1_statements():
            con.execute(statement)
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {
            t: tuple(r[1] for r in con.execute(f'PRAGMA table_info("{t}")').fetchall())
            for t in tables
        }
    finally:
        con.close()


def set_application_id(db: Database) -> None:
    """Mark the file as a rostermgr campaign (transactional: it is part of page 1)."""
    db.execute_sql(f"PRAGMA application_id = {APPLICATION_ID}")


def _v1(db: Database) -> None:
    """The first schema: campaign tables and the undo log, as frozen; a new file's id."""
    for statement in v1_statements():
        db.execute_sql(statement)
    set_application_id(db)


def _v2(db: Database) -> None:
    """Campaigns made before the application id existed get it (new files have it already)."""
    set_application_id(db)


def _v3(db: Database) -> None:
    """The campaign holds its rulesets, and each posse, game and flip the one it was made under.

    The table starts empty: opening the campaign then records the ruleset it is opened with
    (services.opening), once, and gives the existing rows its hash.
    """
    db.execute_sql(
        'CREATE TABLE "ruleset" ("id" INTEGER NOT NULL PRIMARY KEY, '
        '"ruleset_id" VARCHAR(255) NOT NULL, "version" VARCHAR(255) NOT NULL, '
        '"hash" VARCHAR(255) NOT NULL, "text" TEXT NOT NULL, "adopted" VARCHAR(255) NOT NULL, '
        '"current" INTEGER NOT NULL, "undo_mark" INTEGER NOT NULL, '
        '"history_mark" INTEGER NOT NULL, "ledger_mark" INTEGER NOT NULL)'
    )
    for table in ("posse", "game", "upgrade"):
        db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "ruleset_hash" VARCHAR(255)')


def _v4(db: Database) -> None:
    """Undo-log numbers are never reused, and each game and adoption knows its own entries.

    Until now the log's `seq` was a plain INTEGER PRIMARY KEY: once the log was emptied (an
    undo, after pruning) numbering began again at 1, below marks stored in games and
    rulesets, which then pointed into newer entries and undid the wrong changes. With
    AUTOINCREMENT SQLite never issues a number twice; the counter starts above every number
    used or stored so far. The undo triggers go first (they name the table being replaced)
    and are made again after this step, as after every step.
    """
    triggers = db.execute_sql(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo_%'"
    ).fetchall()
    for (name,) in triggers:
        db.execute_sql(f'DROP TRIGGER "{name}"')
    db.execute_sql(
        'CREATE TABLE "undo_log_v4" ("seq" INTEGER PRIMARY KEY AUTOINCREMENT, '
        '"statement" TEXT NOT NULL)'
    )
    db.execute_sql(
        'INSERT INTO "undo_log_v4" ("seq", "statement") SELECT "seq", "statement" FROM "undo_log"'
    )
    db.execute_sql('DROP TABLE "undo_log"')
    db.execute_sql('ALTER TABLE "undo_log_v4" RENAME TO "undo_log"')
    for table in ("game", "ruleset"):
        db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "undo_end" INTEGER')
    db.execute_sql("DELETE FROM sqlite_sequence WHERE name = 'undo_log'")
    db.execute_sql(
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'undo_log', MAX("
        "(SELECT COALESCE(MAX(seq), 0) FROM undo_log), "
        "(SELECT COALESCE(MAX(undo_mark), 0) FROM game), "
        "(SELECT COALESCE(MAX(undo_mark), 0) FROM ruleset))"
    )


def _v5(db: Database) -> None:
    """Who did what (issue 29): each posse's owner in a club, who made each history line and
    ledger entry, and the players' post-game reports waiting for an arbitrator. A campaign
    file leaves them empty: one player keeps it; a club campaign on a server fills them (the
    owner by the program, the authors by the server's triggers), and its backups, being
    campaign files, keep them."""
    db.execute_sql('ALTER TABLE "posse" ADD COLUMN "owner" VARCHAR(255)')
    for table in ("history", "ledger"):
        db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "author" VARCHAR(255)')
    db.execute_sql(
        'CREATE TABLE "submitted_report" ("id" INTEGER NOT NULL PRIMARY KEY, '
        '"posse_id" INTEGER NOT NULL REFERENCES "posse" ("id") ON DELETE RESTRICT, '
        '"doc" TEXT NOT NULL, "submitted" VARCHAR(255) NOT NULL, '
        '"status" VARCHAR(255) NOT NULL, "reason" TEXT, '
        '"game_id" INTEGER REFERENCES "game" ("id") ON DELETE RESTRICT, '
        '"author" VARCHAR(255), "decided_by" VARCHAR(255))'
    )
    for column in ("posse_id", "game_id"):
        db.execute_sql(
            f'CREATE INDEX "submitted_report_{column}" ON "submitted_report" ("{column}")'
        )


MIGRATIONS: Mapping[int, Migration] = {1: _v1, 2: _v2, 3: _v3, 4: _v4, 5: _v5}


def current_version(db: Database) -> int:
    """The newest schema version the file records; 0 for a file without our tables."""
    if not db.table_exists("schema_version"):
        return 0
    row = db.execute_sql("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


_V1_TABLES = frozenset(
    {
        "deck_card",
        "game",
        "game_posse",
        "history",
        "ledger",
        "member",
        "member_item",
        "posse",
        "printed_card",
        "schema_version",
        "undo_log",
        "undo_state",
        "upgrade",
    }
)
# What tables_at works out, frozen: every open of a file asks it, and running the migrations on
# an empty database for it cost each command some 4 ms (issue 33). A new version adds its line;
# tests/db/test_schema_frozen.py holds each to the migrations run afresh.
FROZEN_TABLES: Mapping[int, frozenset[str]] = {
    1: _V1_TABLES,
    2: _V1_TABLES,
    3: _V1_TABLES | {"ruleset"},
    4: _V1_TABLES | {"ruleset"},
    5: _V1_TABLES | {"ruleset", "submitted_report"},
}


def tables_at(version: int) -> frozenset[str]:
    """The tables a campaign file of schema `version` has (as the migrations make them)."""
    frozen = FROZEN_TABLES.get(version)
    return frozen if frozen is not None else migrated_tables(version)


@cache
def migrated_tables(version: int) -> frozenset[str]:
    """The tables the migrations up to `version` make in an empty database."""
    from peewee import SqliteDatabase

    db = SqliteDatabase(":memory:")
    try:
        for step in range(1, version + 1):
            MIGRATIONS[step](db)
        rows = db.execute_sql("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return frozenset(r[0] for r in rows if not r[0].startswith("sqlite_"))
    finally:
        db.close()


def latest(migrations: Mapping[int, Migration] = MIGRATIONS) -> int:
    """The version a file has after every migration."""
    return max(migrations)


def migrate(
    db: Database, path: Path | None, migrations: Mapping[int, Migration] = MIGRATIONS
) -> Path | None:
    """Bring the file to the latest version; returns the backup made, if any.

    A file from a newer version is refused untouched. An existing file with data is copied
    to a backup before the first step; each version then applies in one transaction, which
    also re-creates the undo triggers and records the version.
    """
    version = current_version(db)
    newest = latest(migrations)
    if version > newest:
        raise InvalidFile(
            f"The campaign file {path} was written by a newer rostermgr (schema {version}); "
            f"this one reads up to schema {newest}. Update rostermgr to open it."
        )
    if version == newest:
        return None
    backup = backup_before_migration(path, version) if path is not None and version > 0 else None
    for step in range(version + 1, newest + 1):
        with db.atomic():
            migrations[step](db)
            create_triggers(db)
            db.execute_sql("INSERT INTO schema_version (version) VALUES (?)", (step,))
    return backup


def backup_before_migration(path: Path, version: int) -> Path:
    """A checked copy in the backups folder before the schema changes."""
    from db.backup import make_backup

    return make_backup(path, f"before-schema{version + 1}")
