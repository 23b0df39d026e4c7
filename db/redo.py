"""Undo that can be redone from the campaign file alone.

Undoing replays the inverse statements of the undo log newest first with the triggers on, so
each replayed statement logs its own inverse: the statement that redoes it. Those are taken
out of the log and handed back; replaying them newest first redoes the change exactly, rowids
included, and logs the inverses again, so the change can be undone once more.
"""

from __future__ import annotations

from peewee import Database

from db.undo import undo_mark


def undo_capturing(db: Database, mark: int) -> tuple[str, ...]:
    """Undo every change after `mark`; returns the statements that redo it, in the order made.

    Call inside a transaction.
    """
    top = undo_mark(db)
    rows = db.execute_sql(
        "SELECT statement FROM undo_log WHERE seq > ? ORDER BY seq DESC", (mark,)
    ).fetchall()
    for (statement,) in rows:
        db.execute_sql(statement)
    redo = db.execute_sql(
        "SELECT statement FROM undo_log WHERE seq > ? ORDER BY seq", (top,)
    ).fetchall()
    db.execute_sql("DELETE FROM undo_log WHERE seq > ?", (mark,))
    return tuple(statement for (statement,) in redo)


def redo(db: Database, statements: tuple[str, ...]) -> None:
    """Replay what `undo_capturing` returned; call inside a transaction."""
    for statement in reversed(statements):
        db.execute_sql(statement)
