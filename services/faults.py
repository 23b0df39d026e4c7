"""Faults a user can cause, named as such: a damaged page, a full disk, a read-only file.

SQLite reports them as exceptions deep inside a read or a commit; every command and every
edit passes what it raises through `named`, so the user reads what happened and what to do,
never "internal error".
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import peewee

from db.busy import is_busy
from db.connection import damaged, is_damage
from rostermgr.errors import Refused

DATABASE_ERRORS = (sqlite3.DatabaseError, peewee.DatabaseError)


def _disk_full(path: Path) -> Refused:
    return Refused(f"The disk holding {path} is full; nothing was written. Free some space.")


def _words(exc: BaseException) -> str:
    return str(exc).lower()


def named(path: Path, exc: BaseException) -> Refused | None:
    """The refusal that names this fault of the campaign file `path`, or None if it is none."""
    if isinstance(exc, DATABASE_ERRORS):
        words = _words(exc)
        if is_damage(exc):
            return damaged(path, exc)
        if "disk is full" in words or "database or disk is full" in words:
            return Refused(
                f"The disk holding {path} is full; nothing was written. Free some space."
            )
        if "readonly" in words or "read-only" in words:
            return Refused(
                f"The campaign file {path} is read-only; nothing was written. "
                "Make it writable, or save a copy elsewhere."
            )
        if is_busy(exc):
            return Refused(
                f"Another program is writing to {path}; nothing was written. Try again in a moment."
            )
        if "unable to open" in words:
            return Refused(
                f"Cannot open {path}: its folder is missing or not writable; nothing was written."
            )
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return Refused(
                f"The disk holding {path} is full; nothing was written. Free some space."
            )
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            where = exc.filename or path
            return Refused(f"Cannot write {where}: it is read-only; nothing was written.")
    return None


def folder_fault(path: Path, exc: BaseException) -> Refused:
    """The sentence for a file that could not be written beside the campaign `path`.

    Used where a whole file is written next to the campaign and renamed over it (restore):
    nothing was changed, whatever failed. A fault named elsewhere (a refusal) is kept.
    """
    if isinstance(exc, Refused):
        return exc
    folder = Path(path).absolute().parent
    words = _words(exc)
    if (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or "disk is full" in words:
        return Refused(
            f"The disk holding {path} is full, so nothing was changed; free some space there."
        )
    if (isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)) or any(
        w in words for w in ("readonly", "read-only", "unable to open")
    ):
        return Refused(
            f"Cannot write in the campaign's folder {folder} (it is read-only), so nothing was "
            "changed; make it writable."
        )
    detail = getattr(exc, "strerror", None) or str(exc).strip() or type(exc).__name__
    return Refused(
        f"Cannot write in the campaign's folder {folder} ({detail}), so nothing was changed."
    )
