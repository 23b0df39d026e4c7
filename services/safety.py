"""Never lose a posse: check, back up, restore, save a copy (DESIGN 4)."""

from __future__ import annotations

import os
from pathlib import Path

from db import backup as store
from db import restore as restoring
from db.backup import Backup
from db.check import check_campaign
from db.connection import check_campaign_file, refuse_foreign, refuse_newer
from db.connection import without_offer as without_offer  # for the app's own offer
from db.copy import save_server_copy
from db.lock import refuse_if_held
from rostermgr.errors import Refused
from rostermgr.rules_load import special_kind
from services.campaign import Campaign, in_campaign, read_only_refusal
from services.faults import DATABASE_ERRORS, folder_fault, named, wrote
from services.opening import writable
from services.outputs import check_output
from services.paths import ready_folder


@in_campaign
def check(c: Campaign) -> list[str]:
    """SQLite's own checks and the game's invariants, one sentence per problem found."""
    return check_campaign(c.db, c.rules, c.path)


def backups(path: Path) -> list[Backup]:
    """The campaign's backups, newest first."""
    return store.list_backups(path)


def backup_now(path: Path) -> Path:
    """A checked backup copy of the campaign file now."""
    check_campaign_file(path)
    if not path.exists():
        raise Refused(f"There is no campaign file at {path} to back up.")
    refuse_foreign(path)  # a file opening would refuse is no campaign to back up
    try:
        made = store.make_backup(path, "manual")
    except (*DATABASE_ERRORS, OSError) as exc:
        raise named(path, exc) or exc from exc
    wrote(made)
    return made


def refuse_not_a_campaign_file(source: Path) -> None:
    """Refuse, untouched, a backup to restore that is not a campaign file this rostermgr opens."""
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


def restore(path: Path, source: Path) -> restoring.Restored:
    """Replace the campaign with a checked backup; says what became of the file replaced.

    Refused while the app holds the campaign, for a campaign that cannot be written, and for
    one in a folder that does not exist (the default campaign's folder is made). Nothing is
    changed when the safety backup of the current file cannot be made, or the
    backup cannot be copied in beside it: the sentence names the folder and its fault.
    """
    refuse_not_a_campaign_file(source)
    if path.is_dir():  # else the safety backup of "it" fails, said as a read-only backups folder
        raise Refused(f"{path} is a folder, not a campaign file.")
    # A new account restores what it carried over before anything made the default folder;
    # a missing folder anywhere else is a typo, said as every command says it.
    ready_folder(path)
    refuse_if_held(path)
    folder = path.absolute().parent
    if folder.is_dir() and not os.access(folder, os.W_OK):
        raise Refused(
            f"Cannot restore {path}: its folder {folder} is read-only, so nothing was changed; "
            "make the folder writable."
        )
    if path.exists() and not writable(path):
        raise read_only_refusal(path)
    replaced = _identity(path)
    try:
        done = restoring.restore(path, source)
    except (*DATABASE_ERRORS, OSError) as exc:
        raise folder_fault(path, exc) from exc
    except KeyboardInterrupt:
        now = _identity(path)
        if now is not None and now != replaced:  # the backup was already renamed into place
            wrote(path)
        raise
    wrote(path)
    return done


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` (device and inode), or None if none is."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


@in_campaign
def save_copy(c: Campaign, target: str | Path) -> Path:
    """A consistent, checked copy of the open campaign at `target` (File > Save a copy)."""
    path = check_output(target, c.path, database=True)
    if c.server is not None:  # a campaign file made by `campaign copy`'s own copy
        try:
            save_server_copy(c.db, path)
        except (*DATABASE_ERRORS, OSError) as exc:
            raise named(path, exc) or exc from exc
        return path
    store.save_copy(c.path, path)
    return path


def newest_backup(path: Path) -> Path | None:
    """The newest backup of the campaign that passes SQLite's check, if there is one."""
    return store.newest_good_backup(path)


def replace_damaged(path: Path, backup: Path) -> Path:
    """Restore `backup` in place of a damaged campaign, which is kept (renamed, never deleted).

    Returns where the damaged file is now: set aside beside the campaign, or, if it could
    still be copied whole, its backup.
    """
    check_campaign_file(backup)
    refuse_foreign(backup)
    try:
        done = restoring.restore(path, backup)
    except (*DATABASE_ERRORS, OSError) as exc:
        raise folder_fault(path, exc) from exc
    return done.kept or done.saved or path
