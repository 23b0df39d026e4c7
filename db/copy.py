"""A whole campaign copied from one database to another, on either engine (issue 28).

Every campaign table row with its rowid, the undo log entry by entry and the highest number it
ever issued: the copy is the same campaign, whose undo reaches as far back as the original's.
The copy is written in one transaction with the undo log off, so a copy that fails leaves
nothing behind, and the copy's own writing is not a change anyone could undo.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import peewee
from peewee import Database

from db.models import CAMPAIGN_TABLES
from db.postgres import from_server
from db.sql import is_postgres, run, run_many
from db.undo import create_triggers, undo_mark


def _columns(table: type[Any]) -> list[str]:
    return [field.column_name for field in table._meta.sorted_fields]


def rows_held(db: Database) -> int:
    """How many campaign rows and undo log entries `db` holds: 0 for an empty campaign."""
    total = 0
    for model in CAMPAIGN_TABLES:
        total += int(run(db, f'SELECT COUNT(*) FROM "{model._meta.table_name}"').fetchone()[0])
    return total + int(run(db, "SELECT COUNT(*) FROM undo_log").fetchone()[0])


Rows = dict[str, list[tuple[Any, ...]]]  # each campaign table's rows, rowid first
Log = list[tuple[Any, ...]]  # the undo log's (seq, statement) entries


def read_campaign(db: Database) -> tuple[Rows, Log, int]:
    """Every campaign table's rows (rowid first, in rowid order), the undo log, and its mark.

    Call inside a transaction, so that all of it is of one moment.
    """
    tables: Rows = {}
    for model in CAMPAIGN_TABLES:
        table = model._meta.table_name
        names = ",".join(f'"{c}"' for c in _columns(model))
        tables[table] = [
            tuple(row)
            for row in run(db, f'SELECT rowid,{names} FROM "{table}" ORDER BY rowid').fetchall()
        ]
    log = [
        tuple(row) for row in run(db, "SELECT seq, statement FROM undo_log ORDER BY seq").fetchall()
    ]
    return tables, log, undo_mark(db)


def write_campaign(db: Database, tables: Rows, log: Log, mark: int) -> None:
    """Write what `read_campaign` read into the empty campaign `db`; call inside a transaction."""
    run(db, "UPDATE undo_state SET active = 0")
    if not is_postgres(db):
        # Each insert would run its undo trigger only to find the log off: a third of a
        # backup's time. They are made again below, exactly as a migration makes them.
        for model in CAMPAIGN_TABLES:
            run(db, f'DROP TRIGGER IF EXISTS "undo_{model._meta.table_name}_insert"')
    for model in CAMPAIGN_TABLES:  # parents before the rows that point at them
        table = model._meta.table_name
        columns = _columns(model)
        names = ",".join(f'"{c}"' for c in columns)
        marks = ",".join("?" for _ in range(len(columns) + 1))
        run_many(db, f'INSERT INTO "{table}" (rowid,{names}) VALUES ({marks})', tables[table])
    run_many(db, "INSERT INTO undo_log (seq, statement) VALUES (?, ?)", log)
    if not is_postgres(db):
        create_triggers(db)
    run(db, "UPDATE undo_state SET active = 1")
    if is_postgres(db):
        run(db, "UPDATE undo_state SET issued = ?", (mark,))
        # The next entry is numbered after the mark (a sequence starts at 1, never at 0).
        run(
            db,
            "SELECT setval(pg_get_serial_sequence('undo_log', 'seq'), ?, ?)",
            (max(mark, 1), mark > 0),
        )
    else:
        run(db, "DELETE FROM sqlite_sequence WHERE name = 'undo_log'")
        run(db, "INSERT INTO sqlite_sequence (name, seq) VALUES ('undo_log', ?)", (mark,))


def backup_server(db: Database, stand_in: Path, reason: str, now: datetime | None = None) -> Path:
    """A server campaign's backup: a campaign file made by the same copy, in its backups
    folder (named by `stand_in`, the campaign's name there), on the same schedule as a file's.

    Written to a partial file of its own and named only once it is whole, so a backup that
    failed leaves nothing that looks like one; refused, as a file's is, when the folder cannot
    be written.
    """
    from db.backup import STAMP, backup_dir, backup_refusal, thin

    now = now or datetime.now()
    folder = backup_dir(stand_in)
    partial: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Players of one server campaign back it up before their games, at any moment and
        # maybe into one folder: each copy is written to a partial file of its own, and named
        # only once it is whole (`_claim_name`), so two copies in one second never mix.
        partial = folder / f"{stand_in.stem}-{uuid.uuid4().hex}.partial"
        write_file(db, partial)
        target = _claim_name(partial, folder, f"{stand_in.stem}-{now.strftime(STAMP)}", reason)
    except (sqlite3.Error, peewee.DatabaseError, OSError) as exc:
        if from_server(exc):
            raise  # reading the server failed: the caller names the server's fault
        raise backup_refusal(stand_in, reason, exc) from exc
    finally:
        if partial is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{partial}{suffix}").unlink(missing_ok=True)
    thin(stand_in, now)
    return target


def _claim_name(partial: Path, folder: Path, stamped: str, reason: str) -> Path:
    """Give the finished copy the first free backup name of its second, and return it.

    A hard link fails on a name that exists, where a rename would replace it: two programs
    backing up in the same second each get a name of their own. The partial's own name is
    removed by the caller. Where the folder's file system has no hard links, the name is
    checked and the copy renamed to it.
    """
    n = 1
    while True:
        number = "" if n == 1 else f"-{n}"
        target = folder / f"{stamped}{number}-{reason}.sqlite3"
        try:
            os.link(partial, target)
            return target
        except FileExistsError:
            n += 1
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EINVAL):
                raise
            if not target.exists():
                os.replace(partial, target)
                return target
            n += 1


def backup_server_if_due(
    db: Database, stand_in: Path, now: datetime | None = None, reason: str = "editing"
) -> Path | None:
    """At most one backup of a server campaign an hour, as of a file, named for its step."""
    from db.backup import backup_due

    now = now or datetime.now()
    if not backup_due(stand_in, now):
        return None
    return backup_server(db, stand_in, reason, now)


def replace_campaign(db: Database, tables: Rows, log: Log, mark: int) -> None:
    """Put what `read_campaign` read in place of everything `db` holds; call inside a
    transaction (a restore: all of it or nothing)."""
    run(db, "UPDATE undo_state SET active = 0")
    for model in reversed(CAMPAIGN_TABLES):  # the rows that point at others first
        run(db, f'DELETE FROM "{model._meta.table_name}"')
    run(db, "DELETE FROM undo_log")
    write_campaign(db, tables, log, mark)


def describe(tables: Rows) -> str:
    """A campaign in a few words, for a question about replacing it: its posses and games."""
    posses, games = len(tables["posse"]), len(tables["game"])
    return f"{posses} posse{'s' if posses != 1 else ''} and {games} game{'s' if games != 1 else ''}"


def write_file(db: Database, target: Path) -> None:
    """The campaign `db` (a server's) copied into the new campaign file `target`, whole, of
    one moment, in a single file (no -wal beside it)."""
    from db.connection import open_campaign

    with db.atomic():
        tables, log, mark = read_campaign(db)
    copy = open_campaign(target)
    try:
        # A new file that fails is thrown away, not rolled back: it is written without a
        # journal or a sync per commit, and synced once when whole (before a game, the player
        # waits for this copy).
        copy.execute_sql("PRAGMA journal_mode = OFF")
        copy.execute_sql("PRAGMA synchronous = OFF")
        with copy.atomic():
            write_campaign(copy, tables, log, mark)
        copy.execute_sql("PRAGMA journal_mode = DELETE")
    finally:
        copy.close()
    with open(target, "rb+") as whole:
        os.fsync(whole.fileno())


def save_server_copy(db: Database, target: Path) -> None:
    """A server campaign saved as a campaign file at `target`: written beside it, renamed into
    place (an existing file there is replaced only whole)."""
    partial = target.with_name(f".{target.name}.partial")
    try:
        write_file(db, partial)
        os.replace(partial, target)
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{partial}{suffix}").unlink(missing_ok=True)
