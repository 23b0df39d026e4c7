"""Never lose a posse: check, back up, restore, save a copy (DESIGN 4)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from db import backup as store
from db.backup import Backup
from db.check import check_campaign
from db.connection import check_campaign_file, refuse_foreign, refuse_newer
from db.lock import refuse_if_held
from rostermgr.errors import Refused
from rostermgr.rules_load import special_kind
from services.campaign import Campaign
from services.outputs import check_output


def check(c: Campaign) -> list[str]:
    """SQLite's own checks and the game's invariants, one sentence per problem found."""
    return check_campaign(c.db, c.rules)


def backups(path: Path) -> list[Backup]:
    """The campaign's backups, newest first."""
    return store.list_backups(path)


def backup_now(path: Path) -> Path:
    """A checked backup copy of the campaign file now."""
    check_campaign_file(path)
    if not path.exists():
        raise Refused(f"There is no campaign file at {path} to back up.")
    return store.make_backup(path, "manual")


def restore(path: Path, source: Path) -> Path | None:
    """Replace the campaign with a checked backup; returns the backup made of the file replaced.

    Refused while the app holds the campaign.
    """
    if source.is_dir():
        raise Refused(
            f"{source} is a folder, not a backup file; `rostermgr backup --list` names them."
        )
    special = special_kind(source)
    if special is not None:
        raise Refused(f"{source} is not a regular file ({special}), so it is not a backup.")
    if not source.is_file():
        raise Refused(f"There is no backup file {source}.")
    check_campaign_file(source)
    refuse_foreign(source)
    refuse_newer(source)  # restore only what this rostermgr can open
    refuse_if_held(path)
    return store.restore(path, source)


def save_copy(c: Campaign, target: str | Path) -> Path:
    """A consistent, checked copy of the open campaign at `target` (File > Save a copy)."""
    path = check_output(target, c.path, database=True)
    store.save_copy(c.path, path)
    return path


def newest_backup(path: Path) -> Path | None:
    """The newest backup of the campaign that passes SQLite's check, if there is one."""
    return store.newest_good_backup(path)


def replace_damaged(path: Path, backup: Path) -> Path:
    """Put a damaged campaign aside (renamed, never deleted) and restore `backup` in its place.

    Returns where the damaged file was kept, so nothing of it is lost.
    """
    check_campaign_file(backup)
    refuse_foreign(backup)
    kept = path.with_name(f"{path.name}.damaged-{datetime.now():%Y%m%d-%H%M%S}")
    for suffix in ("", "-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{kept}{suffix}"))
    store.restore(path, backup)
    return kept
