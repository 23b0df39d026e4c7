"""Faults a user can cause, named as such: a damaged page, a full disk, a read-only file, Ctrl+C.

SQLite reports them as exceptions deep inside a read or a commit; every command and every
edit passes what it raises through `named`, so the user reads what happened and what to do,
never "internal error".
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from db.backup import behind_rollback
from db.busy import is_busy
from db.connection import DATABASE_ERRORS as DATABASE_ERRORS  # for the front ends, too
from db.connection import damaged, is_damage, offer_backup
from rostermgr.errors import Refused

# Below this many bytes free, a failed write or an I/O error on a disk is its being full:
# SQLite reports a -shm or -wal file it could not grow as "disk I/O error", not as "full".
NEARLY_FULL = 1 << 20


def _disk_full(path: Path) -> Refused:
    return Refused(f"The disk holding {path} is full; nothing was written. Free some space.")


def _words(exc: BaseException) -> str:
    return str(exc).lower()


def _nearly_full(path: Path) -> bool:
    folder = Path(path).absolute().parent
    try:
        return shutil.disk_usage(folder).free < NEARLY_FULL
    except OSError:
        return False


def _read_only(path: Path) -> bool:
    """Whether the campaign, or the folder its side files go in, truly cannot be written."""
    folder = Path(path).absolute().parent
    if Path(path).exists() and not os.access(path, os.W_OK):
        return True
    return folder.exists() and not os.access(folder, os.W_OK)


def _read_only_side(path: Path) -> Path | None:
    """The campaign's -shm or -wal file, if one is there and cannot be written."""
    for suffix in ("-shm", "-wal"):
        side = Path(f"{path}{suffix}")
        if side.is_file() and not os.access(side, os.W_OK):
            return side
    return None


def named_given(given: str | None, exc: BaseException) -> Refused | None:
    """The refusal naming a fault of the campaign `given` (--db, else ROSTERMGR_DB, else the
    default file): a server's by its URL, a file's by `named`."""
    from services.paths import campaign_path, campaign_server, server_shown

    server = campaign_server(given)
    if server is not None and isinstance(exc, DATABASE_ERRORS):
        from db.postgres import connection_fault

        return connection_fault(server_shown(server), exc)
    return named(campaign_path(given), exc)  # an OSError names its own file


def named(path: Path, exc: BaseException) -> Refused | None:
    """The refusal that names this fault of the campaign file `path`, or None if it is none."""
    exc = behind_rollback(exc)
    if isinstance(exc, DATABASE_ERRORS):
        words = _words(exc)
        if is_damage(exc):
            return damaged(path, exc)
        if "disk is full" in words:
            return _disk_full(path)
        if "readonly" in words or "read-only" in words:
            if not _read_only(path):
                stuck = _read_only_side(path)
                if stuck is not None:
                    return Refused(
                        f"The campaign's side file {stuck} is read-only (left by another user "
                        "or program), so nothing was written; make it writable, or remove it "
                        "once no program has the campaign open."
                    )
                # SQLite says "readonly" of a writable file while another connection is
                # recovering or resetting the WAL: that is a busy file, not a read-only one.
                return _busy(path)
            return Refused(
                f"The campaign file {path} is read-only; nothing was written. "
                "Make it writable, or save a copy elsewhere."
            )
        if is_busy(exc):
            return _busy(path)
        if "disk i/o error" in words:
            if _nearly_full(path):
                return _disk_full(path)
            return Refused(
                f"The disk holding {path} reported a read or write error; nothing was written. "
                "Check the disk, then run `rostermgr check`."
            )
        if "integer overflow" in words:
            return Refused(
                f"The campaign file {path} holds amounts too large to add up; nothing was "
                "written. `rostermgr check` names them: correct them, or restore a backup."
                f"{offer_backup(path)}"
            )
        if "no such table" in words or "no such column" in words:
            return Refused(
                f"The campaign file {path} lacks part of its schema ({exc}); nothing was "
                "written. Restore a backup (`rostermgr backup --list` names them)."
                f"{offer_backup(path)}"
            )
        if "unable to open" in words:
            return Refused(
                f"Cannot open {path}: its folder is missing or not writable; nothing was written."
            )
    if isinstance(exc, OSError):
        where = exc.filename or path
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return Refused(
                f"The disk holding {where} is full; nothing was written. Free some space."
            )
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return Refused(f"Cannot write {where}: it is read-only; nothing was written.")
        if exc.errno == errno.ENAMETOOLONG:
            return Refused(
                f"Cannot write {where}: the name is too long for the file system; nothing was "
                "written. Choose a shorter name."
            )
    return None


def _busy(path: Path) -> Refused:
    return Refused(
        f"Another program is writing to {path}; nothing was written. Try again in a moment."
    )


def folder_fault(path: Path, exc: BaseException) -> Refused:
    """The sentence for a file that could not be written beside the campaign `path`.

    Used where a whole file is written next to the campaign and renamed over it (restore):
    nothing was changed, whatever failed. A fault named elsewhere (a refusal) is kept, and a
    campaign another program is writing to is said to be busy.
    """
    if isinstance(exc, Refused):
        return exc
    if is_busy(exc):  # another program's write transaction kept the restore out
        return Refused(
            f"Another program is writing to {path}; nothing was changed. Try again in a moment."
        )
    folder = Path(path).absolute().parent
    words = _words(exc)
    io_error = "disk i/o error" in words and _nearly_full(path)
    if (
        (isinstance(exc, OSError) and exc.errno == errno.ENOSPC)
        or "disk is full" in words
        or io_error
    ):
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


# What this command has made lasting (a campaign committed, an output renamed into place), for
# the sentence a Ctrl+C after it gets: "nothing was written" would invite doing it twice.
_written: list[Path] = []


def forget_written() -> None:
    """A new command starts: nothing of it is written yet."""
    _written.clear()


def wrote(path: Path) -> None:
    """`path` now holds, whole, what this command wrote to it."""
    if path not in _written:
        _written.append(path)


def already_written() -> str | None:
    """What this command has written in full, as words ending a sentence; None if nothing."""
    if not _written:
        return None
    shown = [str(p) for p in _written]
    names = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    were = "was" if len(_written) == 1 else "were"
    return f"{names} {were} written in full: what the command did is done, so do not run it again"


def interrupted() -> str:
    """The sentence for Ctrl+C: nothing was written, or what already was, in full."""
    done = already_written()
    return (
        "Interrupted; nothing was written."
        if done is None
        else f"Interrupted, but only after {done}."
    )


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl+C waits while the block runs (a commit), then interrupts right after it.

    A commit interrupted in peewee's Python code before or after SQLite's own could be rolled
    back or not: held, it is whole, and the interruption after it knows the change is made.
    Only the main thread receives signals; elsewhere, and where no Python handler is set, the
    block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT)
    if before is None:
        yield
        return
    pressed: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, _frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if pressed and callable(before):
        before(pressed[0], None)  # Python's own handler raises KeyboardInterrupt
    elif pressed and before == signal.SIG_DFL:
        os.kill(os.getpid(), signal.SIGINT)  # delivered again, to end the program as it would
