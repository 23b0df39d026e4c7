"""Schema 1 is frozen SQL; the models cannot drift from it; the undo triggers cover every column."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from peewee import Database, SqliteDatabase

from db.connection import open_campaign
from db.models import CAMPAIGN_TABLES, SchemaVersion
from db.schema import MIGRATIONS, current_version, latest, migrate, v1_statements
from db.undo import MARK_COLUMNS, undo_mark, undo_to

UNDO_TABLES = {"undo_log", "undo_state"}


def layout(db: Database, table: str) -> dict[str, object]:
    """Everything SQLite knows of a table's shape, independent of column order."""
    q = lambda sql: db.execute_sql(sql).fetchall()  # noqa: E731
    columns = {r[1]: (r[2], r[3], r[4], r[5]) for r in q(f'PRAGMA table_info("{table}")')}
    keys = sorted(r[2:5] + r[5:8] for r in q(f'PRAGMA foreign_key_list("{table}")'))
    indexes = sorted(
        (r[2], tuple(c[2] for c in q(f'PRAGMA index_info("{r[1]}")')))
        for r in q(f'PRAGMA index_list("{table}")')
    )
    return {"columns": columns, "foreign keys": keys, "indexes": indexes}


def tables(db: Database) -> set[str]:
    rows = db.execute_sql(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {r[0] for r in rows}


def test_a_fresh_file_is_what_the_models_describe_table_by_table(tmp_path: Path) -> None:
    fresh = open_campaign(tmp_path / "c.sqlite3")
    described = SqliteDatabase(":memory:")
    models = [SchemaVersion, *CAMPAIGN_TABLES]
    with described.bind_ctx(models):
        described.create_tables(models)
    try:
        names = {model._meta.table_name for model in models}
        assert tables(fresh) == names | UNDO_TABLES
        for name in sorted(names):
            assert layout(fresh, name) == layout(described, name), name
    finally:
        fresh.close()
        described.close()


def test_schema_1_is_the_frozen_sql_not_the_current_models(tmp_path: Path) -> None:
    """A file stopped at schema 1 holds exactly the frozen statements, text for text."""
    db = SqliteDatabase(str(tmp_path / "c.sqlite3"))
    migrate(db, None, {1: MIGRATIONS[1]})
    made = {
        r[0]
        for r in db.execute_sql(
            "SELECT sql FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL"
        ).fetchall()
    }
    frozen = {s for s in v1_statements() if s.startswith("CREATE")}
    assert made == frozen
    assert db.execute_sql("SELECT active FROM undo_state").fetchall() == [(1,)]
    db.close()


def trigger_sql(db: Database, name: str) -> str:
    row = db.execute_sql("SELECT sql FROM sqlite_master WHERE type='trigger' AND name=?", (name,))
    found = row.fetchone()
    assert found is not None, f"no trigger {name}"
    return str(found[0])


def assert_triggers_cover(db: Database, table: str) -> None:
    columns = [r[1] for r in db.execute_sql(f'PRAGMA table_info("{table}")').fetchall()]
    insert = trigger_sql(db, f"undo_{table}_insert")
    assert re.search(rf'AFTER INSERT ON "{table}"', insert)
    assert f'DELETE FROM "{table}" WHERE rowid=' in insert
    update = trigger_sql(db, f"undo_{table}_update")
    delete = trigger_sql(db, f"undo_{table}_delete")
    assert f'AFTER UPDATE ON "{table}"' in update
    assert f'BEFORE DELETE ON "{table}"' in delete
    for column in columns:
        # The marks of where a step sits in the log are the log's own: never written back.
        restored = column not in MARK_COLUMNS
        assert (f'"{column}"=\'||quote(old."{column}")' in update) == restored, (table, column)
        assert f'quote(old."{column}")' in delete, (table, column)
    listed = re.search(r"\(rowid,([^)]*)\)", delete)
    assert listed is not None
    assert listed.group(1).split(",") == [f'"{c}"' for c in columns]


def test_every_campaign_table_has_undo_triggers_over_every_column(tmp_path: Path) -> None:
    db = open_campaign(tmp_path / "c.sqlite3")
    try:
        for model in CAMPAIGN_TABLES:
            assert_triggers_cover(db, model._meta.table_name)
    finally:
        db.close()


def test_a_migration_that_adds_a_column_is_covered_by_undo(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    db = open_campaign(path)
    db.execute_sql(
        "INSERT INTO posse (name, faction, ruleset_id, ruleset_version, created) "
        "VALUES ('A', 'sheriffs', 'x', '1', 'd')"
    )

    def add_motto(database: Database) -> None:
        database.execute_sql("ALTER TABLE posse ADD COLUMN motto TEXT NOT NULL DEFAULT ''")

    step = latest() + 1
    backup = migrate(db, path, {**MIGRATIONS, step: add_motto})
    assert current_version(db) == step
    assert backup is not None and backup.exists()
    assert_triggers_cover(db, "posse")
    mark = undo_mark(db)
    db.execute_sql("UPDATE posse SET motto = 'Ride hard'")
    with db.atomic():
        undo_to(db, mark)
    assert db.execute_sql("SELECT name, motto FROM posse").fetchall() == [("A", "")]
    db.execute_sql("UPDATE posse SET motto = 'Ride hard'")
    mark = undo_mark(db)
    db.execute_sql("DELETE FROM posse")
    with db.atomic():
        undo_to(db, mark)
    assert db.execute_sql("SELECT name, motto FROM posse").fetchall() == [("A", "Ride hard")]
    db.close()
    with sqlite3.connect(backup) as old:
        columns = [r[1] for r in old.execute("PRAGMA table_info(posse)")]
    assert "motto" not in columns


def test_the_frozen_table_sets_are_what_the_migrations_make() -> None:
    """`tables_at` answers from a frozen table per version (every open asks it): each is what
    the migrations make on an empty file, and the newest version has one."""
    from db.schema import FROZEN_TABLES, MIGRATIONS, latest, migrated_tables, tables_at

    assert set(FROZEN_TABLES) == set(MIGRATIONS)
    assert latest() in FROZEN_TABLES
    for version in MIGRATIONS:
        assert FROZEN_TABLES[version] == migrated_tables(version)
        assert tables_at(version) == migrated_tables(version)
