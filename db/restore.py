"""Restore of a campaign file from a backup, the file it replaces backed up or set aside first
(DESIGN 4): the backups themselves are `db.backup`'s."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from db import backup as backups
from db.busy import is_busy
from db.uri import sqlite_uri
from rostermgr.errors import DamagedFile, Refused


@dataclass(frozen=True)
class Restored:
    """What became of the file a restore replaced: backed up, or (damaged) set aside."""

    saved: Path | None = None  # the checked backup made of it
    kept: Path | None = None  # where a damaged file was put, renamed, beside the campaign


def set_aside(campaign: Path, now: datetime | None = None) -> Path:
    """Rename a damaged campaign (and its -wal and -shm) to NAME.damaged-backups.STAMP beside it.

    The name is new: a second damaged file in the same second gets NAME.damaged-backups.STAMP-2, and
    the rename is a hard link first where the file system has them, so nothing is ever
    overwritten, not even by another program naming a file so meanwhile.
    """
    campaign = Path(campaign)
    stamp = (now or datetime.now()).strftime(backups.STAMP)
    n = 1
    while True:
        kept = campaign.with_name(f"{campaign.name}.damaged-{stamp}" + (f"-{n}" if n > 1 else ""))
        n += 1
        if any(Path(f"{kept}{s}").exists() for s in ("", "-wal", "-shm")):
            continue
        try:
            os.link(campaign, kept)  # fails if `kept` exists: never over another file
            os.unlink(campaign)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK):
                raise
            os.rename(campaign, kept)  # no hard links here: checked free just above
        break
    for suffix in ("-wal", "-shm"):
        side = Path(f"{campaign}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{kept}{suffix}"))
    backups.fsync_folder(campaign.parent)
    return kept


def check_restorable(campaign: Path, backup: Path) -> None:
    """Refuse a backup that is the campaign itself, or that is damaged or no campaign."""
    campaign, backup = Path(campaign), Path(backup)
    if backups.is_side_file(backup, campaign):
        raise Refused(f"{backup} is the campaign file itself; choose a backup to restore.")
    try:
        con = sqlite3.connect(sqlite_uri(backup, "ro"), uri=True)
        try:
            verdict = con.execute("PRAGMA integrity_check").fetchone()[0]
            con.execute("SELECT COUNT(*) FROM posse").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise Refused(f"{backup} is not a campaign file that can be restored ({exc}).") from exc
    if verdict != "ok":
        raise Refused(f"{backup} is damaged ({verdict}); it was not restored.")


def backup_before_restore(campaign: Path) -> Restored:
    """The checked backup of the campaign a restore is about to replace.

    A damaged campaign cannot be copied consistently: then nothing is made, and the result
    says it is to be set aside (`kept` is the campaign itself, not yet moved). Any other
    failure (a full or read-only backups folder) is refused, with nothing changed.
    """
    campaign = Path(campaign)
    if not campaign.exists() or campaign.stat().st_size == 0:
        return Restored()
    try:
        return Restored(saved=backups.make_backup(campaign, "before-restore"))
    except DamagedFile:
        return Restored(kept=campaign)


def _hold_writes(campaign: Path) -> sqlite3.Connection | None:
    """The campaign's write lock, held so that no other program writes while it is replaced.

    A writer that committed after the safety backup would be lost with the file it wrote to,
    and one in the middle of a transaction would go on into a -wal no longer beside any
    campaign. Waits as long as an edit waits (the busy timeout), then raises SQLite's own
    "database is locked". A file that cannot be opened as a database (damaged, set aside, not
    read) is not held: None.
    """
    from db.connection import PRAGMAS

    if not campaign.is_file() or campaign.stat().st_size == 0:
        return None
    timeout = int(str(PRAGMAS["busy_timeout"])) / 1000
    try:
        con = sqlite3.connect(
            sqlite_uri(campaign, "rw"), uri=True, timeout=timeout, isolation_level=None
        )
    except sqlite3.Error:
        return None
    try:
        con.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        con.close()
        if is_busy(exc):
            raise
        return None
    return con


def _let_go(held: sqlite3.Connection | None) -> None:
    """Give up the write lock `_hold_writes` took, having written nothing."""
    if held is not None:
        with contextlib.suppress(sqlite3.Error):
            held.rollback()
        held.close()


def restore(campaign: Path, backup: Path) -> Restored:
    """Replace the campaign with a checked backup; the current file is backed up first.

    Nothing is changed until the backup is copied in full beside the campaign: a failed
    safety backup, or a full or read-only campaign folder, leaves every file as it was. A
    damaged campaign is not deleted but set aside under a new dated name (`Restored.kept`).
    """
    campaign, backup = Path(campaign), Path(backup)
    check_restorable(campaign, backup)
    held = _hold_writes(campaign)
    partial = campaign.with_name(f".{campaign.name}.{os.getpid()}.restoring")
    try:
        before = backup_before_restore(campaign)
        src = sqlite3.connect(sqlite_uri(backup, "ro"), uri=True)
        try:
            dest = sqlite3.connect(partial)
            try:
                src.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE").fetchone()
            finally:
                dest.close()
        finally:
            src.close()
        with open(partial, "rb") as f:
            os.fsync(f.fileno())
        # Let go just before the rename: closing the last connection checkpoints the -wal
        # into the old file by its name, which must still be the old file's.
        _let_go(held)
        held = None
        kept = set_aside(campaign) if before.kept is not None else None
        # Stale -wal/-shm files belong to the old file: beside the new one they would corrupt it.
        for suffix in ("-wal", "-shm", "-journal"):
            Path(str(campaign) + suffix).unlink(missing_ok=True)
        os.replace(partial, campaign)
    finally:
        _let_go(held)
        for leftover in [partial, *(Path(f"{partial}{s}") for s in backups.COPY_SIDES)]:
            with contextlib.suppress(OSError):
                leftover.unlink(missing_ok=True)
    backups.fsync_folder(campaign.parent)
    return Restored(saved=before.saved, kept=kept)
