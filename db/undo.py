"""An undo log kept by SQLite triggers: every change to campaign state records its inverse.

Undoing to a mark replays the inverses newest first, which returns every tracked table to
exactly its state at the mark (the technique of sqlite.org's "Automatic Undo/Redo").
"""

from __future__ import annotations

from peewee import Database

from db.models import CAMPAIGN_TABLES

_ON = "(SELECT active FROM undo_state) = 1"


def create_triggers(db: Database) -> None:
    """(Re)create the triggers for the current columns of every campaign table.

    Run after every migration step; a table a later version adds is skipped until it exists.
    """
    for model in CAMPAIGN_TABLES:
        table = model._meta.table_name
        columns = [row[1] for row in db.execute_sql(f'PRAGMA table_info("{table}")').fetchall()]
        for event in ("insert", "update", "delete"):
            db.execute_sql(f'DROP TRIGGER IF EXISTS "undo_{table}_{event}"')
        if not columns:
            continue
        sets = "||','||".join(f'\'"{c}"=\'||quote(old."{c}")' for c in columns)
        names = ",".join(f'"{c}"' for c in columns)
        values = "||','||".join(f'quote(old."{c}")' for c in columns)
        db.execute_sql(
            f'CREATE TRIGGER "undo_{table}_insert" AFTER INSERT ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f"('DELETE FROM \"{table}\" WHERE rowid='||new.rowid); END"
        )
        db.execute_sql(
            f'CREATE TRIGGER "undo_{table}_update" AFTER UPDATE ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f"('UPDATE \"{table}\" SET '||{sets}||' WHERE rowid='||old.rowid); END"
        )
        db.execute_sql(
            f'CREATE TRIGGER "undo_{table}_delete" BEFORE DELETE ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f'(\'INSERT INTO "{table}" (rowid,{names}) '
            f"VALUES ('||old.rowid||','||{values}||')'); END"
        )


def undo_mark(db: Database) -> int:
    """The position of the newest entry: undoing to it returns to the state of now."""
    row = db.execute_sql("SELECT COALESCE(MAX(seq), 0) FROM undo_log").fetchone()
    return int(row[0])


def undo_to(db: Database, mark: int) -> int:
    """Replay inverses newer than the mark, newest first; call inside a transaction."""
    rows = db.execute_sql(
        "SELECT seq, statement FROM undo_log WHERE seq > ? ORDER BY seq DESC", (mark,)
    ).fetchall()
    db.execute_sql("UPDATE undo_state SET active = 0")
    try:
        for _seq, statement in rows:
            db.execute_sql(statement)
    finally:
        db.execute_sql("UPDATE undo_state SET active = 1")
    db.execute_sql("DELETE FROM undo_log WHERE seq > ?", (mark,))
    return len(rows)


def prune_before(db: Database, mark: int) -> None:
    """Forget inverses no undo can reach (older than the oldest recorded game)."""
    db.execute_sql("DELETE FROM undo_log WHERE seq <= ?", (mark,))
