"""Opening a campaign file: checks, pragmas, migration (DESIGN 4)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import peewee
from peewee import SqliteDatabase

from db.models import database
from db.schema import migrate
from rostermgr.errors import InvalidFile

SQLITE_HEADER = b"SQLite format 3\x00"
PRAGMAS = {
    "foreign_keys": 1,
    "journal_mode": "wal",
    "synchronous": 2,  # FULL: a committed game survives a power cut
    "busy_timeout": 5000,
}


def check_campaign_file(path: Path) -> None:
    """Refuse, without touching it, a file that is not a SQLite database."""
    if not path.exists():
        return
    if path.is_dir():
        raise InvalidFile(f"{path} is a folder, not a campaign file.")
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise InvalidFile(f"Cannot read the campaign file {path}: {exc.strerror}.") from exc
    if path.stat().st_size == 0:
        raise InvalidFile(
            f"The campaign file {path} is empty (0 bytes): it is not a campaign."
            + offer_backup(path)
        )
    if head != SQLITE_HEADER:
        raise InvalidFile(
            f"{path} is not a campaign file (it is not a SQLite database)." + offer_backup(path)
        )


def offer_backup(path: Path) -> str:
    """A sentence naming the newest good backup, if there is one."""
    from db.backup import newest_good_backup

    good = newest_good_backup(path)
    return (
        f" The newest good backup is {good}; restore it with: rostermgr restore {good}"
        if good
        else ""
    )


def open_campaign(path: Path) -> SqliteDatabase:
    """Open (creating if missing) and migrate a campaign file; bind the models to it."""
    path = Path(path)
    check_campaign_file(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    db = SqliteDatabase(str(path), pragmas=PRAGMAS)
    try:
        db.connect()
        db.execute_sql("PRAGMA schema_version").fetchone()  # reads the header: fails on garbage
        database.initialize(db)
        migrate(db, path)
    except (sqlite3.DatabaseError, peewee.DatabaseError) as exc:
        db.close()
        raise InvalidFile(
            f"The campaign file {path} is damaged or not a campaign ({exc}); it was not changed."
            + offer_backup(path)
        ) from exc
    except Exception:
        db.close()
        raise
    return db
