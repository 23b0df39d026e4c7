"""Consistent backups of a campaign file, thinned over time, and restore (DESIGN 4)."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from db.uri import sqlite_uri
from rostermgr.errors import DamagedFile, InvalidFile, Refused
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
# What SQLite may leave beside a copy it was writing when that failed.
COPY_SIDES = ("-journal", "-wal", "-shm")


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


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable, where the system lets a folder be opened."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _source_uri(source: Path) -> str:
    """How to open a campaign to copy it, leaving nothing beside it that was not there.

    A campaign that can be written is opened read-write (see `_snapshot`). One that cannot
    (the file or its folder read-only) is read as it stands: a read-write open would quietly
    fall back to reading and leave a -shm file it cannot remove, with the file's own mode,
    which then stops the next program from opening the campaign at all.
    """
    folder = Path(source).absolute().parent
    if os.access(source, os.W_OK) and os.access(folder, os.W_OK):
        return sqlite_uri(source, "rw")
    in_use = any(Path(f"{source}{s}").exists() for s in ("-wal", "-shm"))
    return f"{Path(source).resolve().as_uri()}?{'mode=ro' if in_use else 'immutable=1'}"


def _snapshot(source: Path, dest: Path) -> None:
    """Copy the database `source` into the new file `dest`, checked and on disk.

    The source is opened read-write (never created): a read-only connection to a WAL file
    cannot remove the -wal and -shm files it makes, so they stayed beside the campaign. The
    copy is switched to a rollback journal: one self-contained file that opening read-only
    leaves alone. Raises InvalidFile if the copy fails its integrity check (`dest` removed),
    sqlite3.Error if the source cannot be read.
    """
    src = sqlite3.connect(_source_uri(source), uri=True)
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


# What each backup is for, in the sentence that says it could not be made.
_PURPOSE = {
    "editing": "the hourly backup",
    "manual": "the backup",
    "before-restore": "the backup of the campaign before restoring",
    "before-game": "the backup before recording the game",
    "before-import": "the backup before the import",
    "before-undo": "the backup before undoing the game",
    "before-rules-undo": "the backup before undoing the adoption",
}


def _purpose(reason: str) -> str:
    if reason.startswith("before-schema"):
        return "the backup before updating the campaign file"
    return _PURPOSE.get(reason, f"the backup ({reason})")


def _words(exc: BaseException) -> str:
    return f"{exc} {getattr(exc, 'strerror', '') or ''}".lower()


# Below this many bytes free, an I/O error while writing a copy is its disk being full:
# SQLite says "disk I/O error" of a -wal or -shm file it could not grow.
NEARLY_FULL = 1 << 20


def behind_rollback(exc: BaseException) -> BaseException:
    """The fault a failed rollback hides: when a COMMIT fails on a full disk, SQLite ends the
    transaction itself, so the rollback peewee then tries fails too ("no transaction is
    active") and is what is raised; the COMMIT's error is the one to name."""
    while "cannot rollback" in _words(exc) and exc.__context__ is not None:
        exc = exc.__context__
    return exc


def _is_full(exc: BaseException, folder: Path | None = None) -> bool:
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    words = _words(exc)
    if "disk is full" in words or "no space left" in words:
        return True
    if folder is not None and "disk i/o error" in words:
        with contextlib.suppress(OSError):
            return shutil.disk_usage(folder).free < NEARLY_FULL
    return False


def _same_disk(a: Path, b: Path) -> bool:
    """Whether the folders `a` and `b` (or their nearest existing parents) share a file system."""

    def device(p: Path) -> int | None:
        for q in (p, *p.parents):
            with contextlib.suppress(OSError):
                return q.stat().st_dev
        return None

    return device(a) == device(b)


def backup_refusal(campaign: Path, reason: str, exc: BaseException) -> Refused:
    """The sentence for a backup that could not be written, naming the backups folder.

    A full disk is named as the backups folder's disk (and as the campaign's too when they
    share it); a folder that cannot be written says so. Either way nothing was changed: every
    backup is made before the change it protects.
    """
    folder = backup_dir(campaign)
    what = _purpose(reason)
    exc = behind_rollback(exc)
    if _is_full(exc, folder):
        disk = (
            f"the disk holding the backups folder {folder} and the campaign {campaign} is full"
            if _same_disk(folder, Path(campaign).absolute().parent)
            else f"the disk holding the backups folder {folder} is full"
        )
        return Refused(
            f"Cannot make {what}: {disk}, so nothing was changed; free some space there, or set "
            "ROSTERMGR_BACKUP_DIR to a folder on another disk."
        )
    denied = isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    if denied or any(w in _words(exc) for w in ("unable to open", "readonly", "read-only")):
        there = _nearest_folder(folder)
        if there != folder:  # the campaign's subfolder was never made: send them where it goes
            return Refused(
                f"Cannot make {what} in {folder} (the folder {there} it goes in cannot be "
                f"written: it is read-only), so nothing was changed; make {there} writable, or "
                "set ROSTERMGR_BACKUP_DIR to another one."
            )
        detail = "it cannot be written: it is read-only"
    else:
        detail = getattr(exc, "strerror", None) or str(exc).strip() or type(exc).__name__
    return Refused(
        f"Cannot make {what} in {folder} ({detail}), so nothing was changed; make that folder "
        "writable, or set ROSTERMGR_BACKUP_DIR to another one."
    )


def _nearest_folder(folder: Path) -> Path:
    """`folder`, or the nearest folder above it that exists (the one that refused it)."""
    for there in (folder, *folder.parents):
        if there.is_dir():
            return there
    return folder


def make_backup(campaign: Path, reason: str, now: datetime | None = None) -> Path:
    """Copy with SQLite's backup API to a temporary file, check it, then rename it into place.

    Refused, with nothing left behind: a damaged campaign (DamagedFile, naming the newest good
    backup), and a backups folder that cannot be written (its full disk or its permissions).
    """
    campaign = Path(campaign)
    now = now or datetime.now()
    folder = backup_dir(campaign)
    partial: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{campaign.stem}-{now.strftime(STAMP)}-{reason}.sqlite3"
        n = 1
        while target.exists():
            n += 1
            target = folder / f"{campaign.stem}-{now.strftime(STAMP)}-{n}-{reason}.sqlite3"
        partial = target.with_suffix(".partial")
        _snapshot(campaign, partial)
        os.replace(partial, target)
    except InvalidFile as exc:
        raise _damaged_source(campaign, exc) from exc
    except (sqlite3.Error, OSError) as exc:
        from db.connection import damaged, is_damage

        if isinstance(exc, sqlite3.Error) and is_damage(exc):
            raise damaged(campaign, exc) from exc
        if (
            isinstance(exc, sqlite3.Error)
            and not _is_full(exc, folder)
            and "open" not in _words(exc)
        ):
            raise  # neither the file nor the folder: busy, say, for the caller to name
        raise backup_refusal(campaign, reason, exc) from exc
    finally:
        if partial is not None:
            for leftover in [partial, *(Path(f"{partial}{s}") for s in COPY_SIDES)]:
                with contextlib.suppress(OSError):
                    leftover.unlink(missing_ok=True)
    fsync_folder(folder)
    thin(campaign, now)
    return target


def _damaged_source(campaign: Path, exc: InvalidFile) -> InvalidFile:
    """A copy that failed its integrity check: the campaign it was copied from is damaged."""
    from db.connection import offer_backup

    return DamagedFile(
        f"The campaign file {campaign} is damaged (SQLite's integrity check fails), so it "
        f"cannot be backed up; it was not changed.{offer_backup(campaign)}"
    )


def backup_due(campaign: Path, now: datetime | None = None) -> bool:
    """Whether the newest backup of `campaign` (a file, or a server's stand-in) is an hour old.

    A backup stamped after `now` (made while the clock was wrong) does not count as recent:
    otherwise one such backup would stop the hourly ones until that date.
    """
    now = now or datetime.now()
    past = [b for b in list_backups(campaign) if b.made <= now]
    return not past or (now - past[0].made).total_seconds() >= HOURLY


def backup_if_due(
    campaign: Path, now: datetime | None = None, reason: str = "editing"
) -> Path | None:
    """At most one backup an hour, named for the step it is made before ('editing' or a game)."""
    now = now or datetime.now()
    if not backup_due(campaign, now):
        return None
    if not Path(campaign).exists():
        return None
    return make_backup(campaign, reason, now)


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
    """The newest of the campaign's backups that passes SQLite's quick check, if any.

    A backup that opening would refuse (a tampered schema, a ruleset text that is not UTF-8)
    is no good either.
    """
    from db.connection import file_problem

    for b in list_backups(campaign):
        try:
            con = sqlite3.connect(sqlite_uri(b.path, "ro"), uri=True)
            try:
                if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    continue
                if file_problem(con) is None:
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


def _copy_refusal(campaign: Path, target: Path, exc: BaseException) -> Refused:
    """A copy that could not be written: its full disk or its read-only folder named as such."""
    folder = target.absolute().parent
    if _is_full(exc, folder):
        return Refused(
            f"Cannot save a copy to {target}: the disk holding it is full, so nothing was "
            "written; free some space there, or save it on another disk."
        )
    denied = isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    if denied or any(w in _words(exc) for w in ("unable to open", "readonly", "read-only")):
        return Refused(
            f"Cannot save a copy to {target}: its folder {folder} cannot be written (it is "
            "read-only), so nothing was written; choose another folder."
        )
    detail = getattr(exc, "strerror", None) or str(exc).strip() or type(exc).__name__
    return Refused(f"Cannot save a copy of {campaign} to {target}: {detail}.")


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
    except (sqlite3.Error, OSError) as exc:
        raise _copy_refusal(campaign, target, exc) from exc
    finally:
        partial.unlink(missing_ok=True)
        Path(str(partial) + "-journal").unlink(missing_ok=True)
    fsync_folder(target.resolve().parent)
