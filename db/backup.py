"""Consistent backups of a campaign file, thinned over time, and restore (DESIGN 4)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from db.uri import sqlite_uri
from rostermgr.errors import InvalidFile, Refused
from rostermgr.retention import backups_to_keep

STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(
    r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?-(?P<reason>[a-z-]+)\.sqlite3$"
)
HOURLY = 3600
# A .partial file untouched this long (seconds) is left by an interrupted backup: the backup API
# writes a campaign of any size in well under a minute, touching the file as it goes.
STALE_PARTIAL = 60
# Files SQLite keeps beside a database: a save or restore target must never be one of them.
SIDE_FILES = ("-wal", "-shm", "-journal", ".lock")


@dataclass(frozen=True)
class Backup:
    path: Path
    made: datetime
    reason: str
    n: int = 1  # the n-th backup made in the same second


def backup_dir(campaign: Path) -> Path:
    """The user data folder's backups, one subfolder per campaign file (by its full path)."""
    base = os.environ.get("ROSTERMGR_BACKUP_DIR")
    if not base:
        from platformdirs import user_data_dir

        base = str(Path(user_data_dir("rostermgr")) / "backups")
    key = hashlib.sha256(str(Path(campaign).resolve()).encode()).hexdigest()[:10]
    return Path(base) / f"{Path(campaign).stem}-{key}"


def list_backups(campaign: Path) -> list[Backup]:
    """This campaign's backups, newest first (by the stamp and number in their names)."""
    folder = backup_dir(campaign)
    found = []
    for path in folder.glob("*.sqlite3") if folder.is_dir() else []:
        match = _NAME.match(path.name)
        if not match:
            continue
        try:
            made = datetime.strptime(match["stamp"], STAMP)
        except ValueError:
            continue  # eight digits that are not a date: not one of ours
        found.append(Backup(path, made, match["reason"], int(match["n"] or 1)))
    return sorted(found, key=lambda b: (b.made, b.n, b.path.name), reverse=True)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable, where the system lets a folder be opened."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _snapshot(source: Path, dest: Path) -> None:
    """Copy the database `source` into the new file `dest`, checked and on disk.

    The source is opened read-write (never created): a read-only connection to a WAL file
    cannot remove the -wal and -shm files it makes, so they stayed beside the campaign. The
    copy is switched to a rollback journal: one self-contained file that opening read-only
    leaves alone. Raises InvalidFile if the copy fails its integrity check (`dest` removed),
    sqlite3.Error if the source cannot be read.
    """
    src = sqlite3.connect(sqlite_uri(source, "rw"), uri=True)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
            out.execute("PRAGMA journal_mode=DELETE").fetchone()
            verdict = out.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            out.close()
    finally:
        src.close()
    if verdict != "ok":
        dest.unlink(missing_ok=True)
        raise InvalidFile(f"The copy of {source} failed its integrity check ({verdict}).")
    with open(dest, "rb") as f:
        os.fsync(f.fileno())


def make_backup(campaign: Path, reason: str, now: datetime | None = None) -> Path:
    """Copy with SQLite's backup API to a temporary file, check it, then rename it into place."""
    campaign = Path(campaign)
    now = now or datetime.now()
    folder = backup_dir(campaign)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{campaign.stem}-{now.strftime(STAMP)}-{reason}.sqlite3"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{campaign.stem}-{now.strftime(STAMP)}-{n}-{reason}.sqlite3"
    partial = target.with_suffix(".partial")
    try:
        _snapshot(campaign, partial)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)
    _fsync_folder(folder)
    thin(campaign, now)
    return target


def backup_if_due(campaign: Path, now: datetime | None = None) -> Path | None:
    """At most one 'editing' backup an hour.

    A backup stamped after `now` (made while the clock was wrong) does not count as recent:
    otherwise one such backup would stop the hourly ones until that date.
    """
    now = now or datetime.now()
    past = [b for b in list_backups(campaign) if b.made <= now]
    if past and (now - past[0].made).total_seconds() < HOURLY:
        return None
    if not Path(campaign).exists():
        return None
    return make_backup(campaign, "editing", now)


def remove_stale_partials(campaign: Path) -> list[Path]:
    """Delete what interrupted backups left (.partial files, their journals) in the folder."""
    folder = backup_dir(campaign)
    removed = []
    for path in folder.glob("*.partial*") if folder.is_dir() else []:
        try:
            if time.time() - path.stat().st_mtime > STALE_PARTIAL and path.is_file():
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # gone meanwhile, or not ours to delete: the next thinning tries again
    return removed


def thin(campaign: Path, now: datetime | None = None) -> list[Path]:
    """Delete backups the retention rule no longer keeps, and stale partial files.

    Returns what was removed. A backup stamped after `now` is never deleted and takes no place
    of a kept day, week or month.
    """
    now = now or datetime.now()
    backups = [b for b in list_backups(campaign) if b.made <= now]
    keep = backups_to_keep([b.made for b in backups], now)
    removed = remove_stale_partials(campaign)
    seen: set[datetime] = set()
    for b in backups:  # newest first: of two backups in one second, the newest is kept
        if b.made in keep and b.made not in seen:
            seen.add(b.made)
            continue
        if b.made.date() == now.date():
            continue
        b.path.unlink(missing_ok=True)
        removed.append(b.path)
    return removed


def newest_good_backup(campaign: Path) -> Path | None:
    """The newest of the campaign's backups that passes SQLite's quick check, if any."""
    for b in list_backups(campaign):
        try:
            con = sqlite3.connect(sqlite_uri(b.path, "ro"), uri=True)
            try:
                if con.execute("PRAGMA quick_check").fetchone()[0] == "ok":
                    return b.path
            finally:
                con.close()
        except sqlite3.DatabaseError:
            continue
    return None


def is_side_file(target: Path, campaign: Path) -> bool:
    """Whether `target` is the campaign itself or one of the files SQLite or the lock keep by it."""
    real, mine = Path(target).resolve(), Path(campaign).resolve()
    if real == mine or real in {mine.with_name(mine.name + s) for s in SIDE_FILES}:
        return True
    with contextlib.suppress(OSError):
        return Path(target).exists() and os.path.samefile(target, campaign)
    return False


def save_copy(campaign: Path, target: Path) -> None:
    """Save a consistent, checked copy of the campaign as `target` ("Save a copy").

    The copy is made beside the target under a temporary name, checked, synced and renamed
    into place, so a failed copy leaves any old target as it was. Refused: a target that is a
    folder, in a missing folder, or that is the campaign itself or one of its side files.
    """
    campaign, target = Path(campaign), Path(target)
    if not campaign.is_file():
        raise Refused(f"There is no campaign file at {campaign} to copy.")
    if target.is_dir():
        raise Refused(f"Cannot save a copy to {target}: it is a folder; give a file name in it.")
    if not target.resolve().parent.is_dir():
        raise Refused(
            f"Cannot save a copy to {target}: the folder {target.resolve().parent} does not exist."
        )
    if is_side_file(target, campaign):
        raise Refused(
            f"Cannot save a copy to {target}: that is the campaign file {campaign} itself or "
            "one of the files beside it; choose another name."
        )
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        _snapshot(campaign, partial)
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise Refused(f"Cannot save a copy of {campaign} to {target}: {exc}.") from exc
    except OSError as exc:
        raise Refused(
            f"Cannot save a copy of {campaign} to {target}: {exc.strerror or exc}."
        ) from exc
    finally:
        partial.unlink(missing_ok=True)
        Path(str(partial) + "-journal").unlink(missing_ok=True)
    _fsync_folder(target.resolve().parent)


def restore(campaign: Path, backup: Path) -> Path | None:
    """Replace the campaign with a checked backup; the current file is backed up first."""
    campaign, backup = Path(campaign), Path(backup)
    if is_side_file(backup, campaign):
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
    saved = None
    if campaign.exists() and campaign.stat().st_size > 0:
        try:
            saved = make_backup(campaign, "before-restore")
        except sqlite3.DatabaseError:
            saved = None  # a damaged current file cannot be copied consistently; keep it aside
            os.replace(campaign, campaign.with_name(campaign.name + ".damaged"))
    partial = campaign.with_name(campaign.name + ".restoring")
    src = sqlite3.connect(sqlite_uri(backup, "ro"), uri=True)
    try:
        dest = sqlite3.connect(partial)
        try:
            src.backup(dest)
        finally:
            dest.close()
    finally:
        src.close()
    # Stale -wal/-shm files belong to the old file: left beside the new one they would corrupt it.
    for suffix in ("-wal", "-shm", "-journal"):
        Path(str(campaign) + suffix).unlink(missing_ok=True)
    os.replace(partial, campaign)
    return saved
