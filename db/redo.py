"""Undo that can be redone from the campaign file alone.

Undoing replays the inverse statements of the undo log newest first with the triggers on, so
each replayed statement logs its own inverse: the statement that redoes it. Those are taken
out of the log and handed back; replaying them newest first redoes the change exactly, rowids
included, and logs the inverses again, so the change can be undone once more.
"""

from __future__ import annotations

from peewee import Database

from db.sql import run
from db.undo import take_out_after, undo_mark


def undo_capturing(db: Database, mark: int) -> tuple[str, ...]:
    """Undo every change after `mark`; returns the statements that redo it, in the order made.

    Call inside a transaction.
    """
    top = undo_mark(db)
    rows = run(
        db, "SELECT statement FROM undo_log WHERE seq > ? ORDER BY seq DESC", (mark,)
    ).fetchall()
    for (statement,) in rows:
        run(db, statement)
    redo = run(db, "SELECT statement FROM undo_log WHERE seq > ? ORDER BY seq", (top,)).fetchall()
    take_out_after(db, mark)
    return tuple(statement for (statement,) in redo)


def redo(db: Database, statements: tuple[str, ...]) -> None:
    """Replay what `undo_capturing` returned; call inside a transaction."""
    start = undo_mark(db)
    for statement in reversed(statements):
        run(db, statement)
    _follow_new_numbers(db, start)


# The first entry a game or an adoption logs: the undo of the insert of its row.
_STARTS = (
    "SELECT seq, statement FROM undo_log WHERE seq > ? AND "
    "(statement LIKE 'DELETE FROM \"game\" WHERE rowid=%' "
    "OR statement LIKE 'DELETE FROM \"ruleset\" WHERE rowid=%')"
)


def _follow_new_numbers(db: Database, start: int) -> None:
    """Point the games and adoptions a redo brought back at their entries' new numbers.

    Numbers are never reused, so the redone entries are logged after `start`, in the order
    first made and without gaps; a row brought back keeps the marks it had, which named the
    old numbers. Its own entries are as many as before. Written with the log off: the marks
    say where the log is, they are not a change to undo.
    """
    rows = run(db, _STARTS, (start,)).fetchall()
    run(db, "UPDATE undo_state SET active = 0")
    try:
        for seq, statement in rows:
            table = "game" if statement.startswith('DELETE FROM "game"') else "ruleset"
            rowid = int(statement.rsplit("=", 1)[1])
            run(
                db,
                f'UPDATE "{table}" SET undo_end = undo_end - undo_mark + ?, undo_mark = ? '
                "WHERE rowid = ?",
                (seq - 1, seq - 1, rowid),
            )
    finally:
        run(db, "UPDATE undo_state SET active = 1")
