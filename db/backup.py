"""Consistent backups of a campaign file, thinned over time, and restore (DESIGN 4)."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rostermgr.errors import InvalidFile, Refused
from rostermgr.retention import backups_to_keep

STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(
    r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?-(?P<reason>[a-z-]+)\.sqlite3$"
)
HOURLY = 3600


@dataclass(frozen=True)
class Backup:
    path: Path
    made: datetime
    reason: str


def backup_dir(campaign: Path) -> Path:
    """The user data folder's backups, one subfolder per campaign file (by its full path)."""
    base = os.environ.get("ROSTERMGR_BACKUP_DIR")
    if not base:
        from platformdirs import user_data_dir

        base = str(Path(user_data_dir("rostermgr")) / "backups")
    key = hashlib.sha256(str(Path(campaign).resolve()).encode()).hexdigest()[:10]
    return Path(base) / f"{Path(campaign).stem}-{key}"


def list_backups(campaign: Path) -> list[Backup]:
    """This campaign's backups, newest first."""
    folder = backup_dir(campaign)
    found = []
    for path in folder.glob("*.sqlite3") if folder.is_dir() else []:
        match = _NAME.match(path.name)
        if match:
            made = datetime.strptime(match["stamp"], STAMP)
            found.append(Backup(path, made, match["reason"]))
    return sorted(found, key=lambda b: (b.made, b.path.name), reverse=True)


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
    source = sqlite3.connect(f"file:{campaign}?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(partial)
        try:
            source.backup(dest)
            verdict = dest.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            dest.close()
    finally:
        source.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise InvalidFile(f"The backup of {campaign} failed its integrity check ({verdict}).")
    with open(partial, "rb") as f:
        os.fsync(f.fileno())
    os.replace(partial, target)
    thin(campaign, now)
    return target


def backup_if_due(campaign: Path, now: datetime | None = None) -> Path | None:
    """At most one 'editing' backup an hour."""
    now = now or datetime.now()
    newest = list_backups(campaign)
    if newest and (now - newest[0].made).total_seconds() < HOURLY:
        return None
    if not Path(campaign).exists():
        return None
    return make_backup(campaign, "editing", now)


def thin(campaign: Path, now: datetime | None = None) -> list[Path]:
    """Delete backups the retention rule no longer keeps; returns what was removed."""
    backups = list_backups(campaign)
    keep = backups_to_keep([b.made for b in backups], now or datetime.now())
    removed = []
    seen: set[datetime] = set()
    for b in backups:  # newest first: of two backups in one second, the newest is kept
        if b.made in keep and b.made not in seen:
            seen.add(b.made)
            continue
        if b.made.date() == (now or datetime.now()).date():
            continue
        b.path.unlink(missing_ok=True)
        removed.append(b.path)
    return removed


def newest_good_backup(campaign: Path) -> Path | None:
    for b in list_backups(campaign):
        try:
            con = sqlite3.connect(f"file:{b.path}?mode=ro", uri=True)
            try:
                if con.execute("PRAGMA quick_check").fetchone()[0] == "ok":
                    return b.path
            finally:
                con.close()
        except sqlite3.DatabaseError:
            continue
    return None


def restore(campaign: Path, backup: Path) -> Path | None:
    """Replace the campaign with a checked backup; the current file is backed up first."""
    campaign, backup = Path(campaign), Path(backup)
    try:
        con = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
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
    src = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
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
