"""The two engines every command-line and use-case test runs on (issue 28).

A campaign in these tests is a *target*: a campaign file's path on SQLite, or a fresh
database's URL on the session's PostgreSQL server. The helpers here open either one and read
back its whole state, so a test that compares states runs on both engines.

Tests about the file itself stay on SQLite, marked `sqlite_only` (SQLITE_ONLY says why).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from db.copy import Log, Rows, read_campaign
from db.target import is_server
from rostermgr.rules import Ruleset

ENGINES = ("sqlite", "postgresql")

# The one place that says why a test runs on SQLite only (the `sqlite_only` marker's text).
SQLITE_ONLY = (
    "sqlite_only: the test is about the campaign file itself (its lock and take-over, WAL and "
    "journal files, damage, read-only files and folders, backups and restores of the file, "
    "special paths, the file as sqlite3 sees it, crash kills, injected disk faults) or drives "
    "the app's window (whose tests open campaign files): it runs on SQLite only"
)

Target = Path | str  # a campaign file, or a postgresql:// URL


def on_server(target: Target) -> bool:
    """Whether the target is a campaign on the PostgreSQL server."""
    return is_server(str(target))


def open_db(target: Target) -> Any:
    """The store's own connection to a campaign (migrated, models bound); close it after."""
    if on_server(target):
        from db.postgres import open_server

        return open_server(str(target))
    from db.connection import open_campaign

    return open_campaign(Path(target))


def dump(target: Target) -> tuple[Rows, Log, int]:
    """Everything a campaign holds, engine-neutral: every campaign table's rows (rowid first,
    in rowid order), the undo log and its mark (db.copy.read_campaign), read at one moment."""
    db = open_db(target)
    try:
        with db.atomic():
            return read_campaign(db)
    finally:
        db.close()


def tables(target: Target) -> Rows:
    """Every campaign table's rows, rowid first, and the schema versions: the campaign's state
    without its undo log (which is bookkeeping, not state)."""
    from db.sql import run

    db = open_db(target)
    try:
        with db.atomic():
            rows = read_campaign(db)[0]
            versions = run(db, "SELECT version FROM schema_version ORDER BY version").fetchall()
    finally:
        db.close()
    return {**rows, "schema_version": [tuple(v) for v in versions]}


@contextmanager
def opened(target: Target, rules: Ruleset, editing: bool = False) -> Iterator[Any]:
    """The campaign opened for one command as the command line opens it, on either engine."""
    from services.opening import for_command, for_server

    if on_server(target):
        with for_server(str(target), rules, editing) as c:
            yield c
    else:
        with for_command(Path(target), rules, editing) as c:
            yield c


def by_hand(target: Target, statement: str, params: tuple = ()) -> list[tuple]:
    """Run one statement on a campaign behind rostermgr's back (as a user with sqlite3 or psql
    would), committed at once; the rows it returns (none for a statement that returns none)."""
    if not on_server(target):
        import sqlite3

        con = sqlite3.connect(target)
        try:
            with con:
                return con.execute(statement, params).fetchall()
        finally:
            con.close()
    import psycopg

    from db.sql import for_psycopg

    with psycopg.connect(str(target), autocommit=True) as conn:
        cursor = conn.execute(for_psycopg(statement), params)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


def open_app(target: Target, rules: Ruleset) -> Any:
    """The campaign opened as the app opens it (for_app, or for_app_server); close it after."""
    from services.opening import for_app, for_app_server

    if on_server(target):
        return for_app_server(str(target), rules)
    return for_app(Path(target), rules)
