"""Changes on a server campaign as they happen (issue 29): PostgreSQL's LISTEN and NOTIFY.

Every change to a server campaign writes its undo log (db.postgres_schema), so one trigger on
the log tells every listener that the campaign changed: one notification a transaction (the
server folds identical ones), whoever made it, by rostermgr or by `psql`. A listener then asks
the log what changed since it last looked: which posses, which tables, and the newest history
line, which says what was done in words.

The listener has a connection of its own, which only waits (a thread may wait on it while the
campaign's own connection serves the window); what changed is read on the campaign's.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from peewee import Database

from db.postgres import ALIVE
from db.sql import run
from rostermgr.club import LiveChange

CHANNEL = "rostermgr_changed"
_TABLE = re.compile(r'^(?:DELETE FROM|UPDATE|INSERT INTO) "(\w+)"')
_HISTORY_INSERT = re.compile(r'^DELETE FROM "history" WHERE rowid=(\d+)$')


def create_notify(db: Database) -> None:
    """(Re)create the trigger that notifies listeners of every change to the undo log."""
    run(
        db,
        "CREATE OR REPLACE FUNCTION rostermgr_changed() RETURNS trigger LANGUAGE plpgsql "
        f"AS $body$ BEGIN PERFORM pg_notify('{CHANNEL}', TG_OP); RETURN NULL; END $body$",
    )
    run(db, 'DROP TRIGGER IF EXISTS "rostermgr_changed" ON "undo_log"')
    run(
        db,
        'CREATE TRIGGER "rostermgr_changed" AFTER INSERT OR UPDATE OR DELETE ON "undo_log" '
        "FOR EACH STATEMENT EXECUTE FUNCTION rostermgr_changed()",
    )


class Listener:
    """A connection of its own that waits for the campaign's changes."""

    def __init__(self, conninfo: str, params: dict[str, Any]) -> None:
        import psycopg

        self._conninfo, self._params = conninfo, params
        self._conn = psycopg.connect(conninfo, autocommit=True, **params)
        self._conn.execute(f"LISTEN {CHANNEL}")

    def wait(self, timeout: float) -> frozenset[str]:
        """How the undo log changed within `timeout` seconds: INSERT (changes made), DELETE
        (entries taken out by an undo), or nothing. Every notification waiting is taken, so one
        wait answers for many changes. A lost connection raises the driver's OperationalError."""
        ops: set[str] = set()
        for note in self._conn.notifies(timeout=timeout, stop_after=1):
            ops.add(note.payload)
        if ops:
            for note in self._conn.notifies(timeout=0.01):
                ops.add(note.payload)
        return frozenset(ops)

    def close(self) -> None:
        """Stop listening; the connection is closed."""
        import psycopg

        with contextlib.suppress(psycopg.Error):  # a lost connection has nothing to close
            self._conn.close()


def listener(db: Database) -> Listener:
    """A listener for the server campaign `db` is connected to, as the same role."""
    kept = ("password", "connect_timeout", *ALIVE)  # a lost network is noticed here too
    params = {k: v for k, v in db.connect_params.items() if k in kept}
    return Listener(str(db.database), params)


def changes_since(db: Database, seen: int, me: str, taken_out: bool) -> LiveChange:
    """What changed in the campaign after the undo log's entry `seen`, as `me` sees it: the
    posses and tables touched, and the newest history line another role wrote, in words.

    When entries were `taken_out` meanwhile (an undo), anything may have changed.
    """
    from db.undo import undo_mark

    now = undo_mark(db)
    rows = run(
        db,
        "SELECT l.seq, l.author, p.name, l.statement FROM undo_log l "
        "LEFT JOIN posse p ON p.id = l.posse WHERE l.seq > ? ORDER BY l.seq",
        (seen,),
    ).fetchall()
    posses = frozenset(str(name) for _, _, name, _ in rows if name is not None)
    tables: set[str] = set()
    lines: list[int] = []
    for _seq, author, _name, statement in rows:
        found = _TABLE.match(statement)
        if found:
            tables.add(found[1])
        inserted = _HISTORY_INSERT.match(statement)
        if inserted and author != me:
            lines.append(int(inserted[1]))
    said = None
    if lines:
        row = run(
            db,
            "SELECT h.author, p.name, h.text FROM history h JOIN posse p ON p.id = h.posse_id "
            "WHERE h.id = ?",
            (max(lines),),
        ).fetchone()
        if row is not None:
            said = f"{row[0]}: {row[2]} ({row[1]})"
    everything = taken_out  # an undo's replay is not logged: what it touched is not known
    authors = frozenset(str(a) for _, a, _, _ in rows)
    return LiveChange(now, posses, frozenset(tables), everything, said, authors - {me})
