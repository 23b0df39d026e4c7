"""Schema versions and migrations: back up the file, then each version in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from peewee import Database

from db.models import CAMPAIGN_TABLES, SchemaVersion
from db.undo import create_undo_log
from rostermgr.errors import InvalidFile

Migration = Callable[[Database], None]


def _v1(db: Database) -> None:
    """The first schema: campaign tables, the undo log and its triggers."""
    db.create_tables([SchemaVersion, *CAMPAIGN_TABLES])
    create_undo_log(db)


MIGRATIONS: Mapping[int, Migration] = {1: _v1}


def current_version(db: Database) -> int:
    if not db.table_exists("schema_version"):
        return 0
    row = db.execute_sql("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def latest(migrations: Mapping[int, Migration] = MIGRATIONS) -> int:
    return max(migrations)


def migrate(
    db: Database, path: Path | None, migrations: Mapping[int, Migration] = MIGRATIONS
) -> Path | None:
    """Bring the file to the latest version; returns the backup made, if any.

    A file from a newer version is refused untouched. An existing file with data is copied
    to a backup before the first step; each version then applies in one transaction.
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
            SchemaVersion.insert(version=step).execute()
    return backup


def backup_before_migration(path: Path, version: int) -> Path:
    """A checked copy in the backups folder before the schema changes."""
    from db.backup import make_backup

    return make_backup(path, f"before-schema{version + 1}")
