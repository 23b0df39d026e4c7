"""Every file the program writes for the user: checked first, written beside, renamed into place.

A printed PDF, an exported posse or a copy of the campaign must never overwrite the campaign
file, its journal files, its lock, a backup, a folder or a device. Each is written to a
temporary file in the target's folder and renamed over the target only once it is whole.
"""

from __future__ import annotations

import csv
import errno
import os
import secrets
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from db.backup import backup_dir
from rostermgr.errors import Refused
from services.faults import wrote

SQLITE_HEADER = b"SQLite format 3\x00"
# Files that belong to an open campaign, beside it: writing over any of them loses data.
CAMPAIGN_COMPANIONS = ("", "-wal", "-shm", "-journal", ".lock")


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _is_campaign_file(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def backups_root() -> Path:
    """The folder that holds every campaign's backups (each in its own subfolder), resolved.

    The whole tree is refused to outputs: a file written there could be taken for a backup,
    thinned away with them, or replace one, whichever campaign it belongs to.
    """
    return backup_dir(Path("campaign")).parent.resolve()


def _refuse_in_backups(path: Path, real: Path, folder: bool = False) -> None:
    root = backups_root()
    if root == real or root in real.parents:
        verb = "write into" if folder else "write"
        raise Refused(
            f"Cannot {verb} {path}: it is in the backups folder {root}; choose a place outside it."
        )


def check_output(
    target: str | os.PathLike[str], campaign: Path | None = None, database: bool = False
) -> Path:
    """The output path, or a refusal naming why it must not be written.

    Refused: a folder, a missing folder, anything that is not a regular file (a device, a pipe),
    the campaign file or its -wal, -shm, -journal or lock file, anything under the backups
    folder (any campaign's), and any SQLite database (another campaign, or a backup copied
    elsewhere) unless `database` says the output is one.
    """
    if not str(target):  # Path("") is ".", the current folder: say what was really given
        raise Refused("The output file name is empty, so nothing was written; give a file name.")
    path = Path(target)
    if path.is_dir():
        raise Refused(f"Cannot write {path}: it is a folder; give a file name in it.")
    folder = path.absolute().parent
    if not folder.is_dir():
        raise Refused(f"Cannot write {path}: the folder {folder} does not exist.")
    if path.exists() and not path.is_file():
        raise Refused(f"Cannot write {path}: it is not a regular file (a device or a pipe).")
    if campaign is not None:
        real = path.resolve()
        for suffix in CAMPAIGN_COMPANIONS:
            companion = Path(f"{campaign}{suffix}")
            if real == companion.resolve() or _same(path, companion):
                what = "the campaign file" if not suffix else f"the campaign's {suffix} file"
                raise Refused(f"Cannot write {path}: it is {what}; choose another file name.")
    _refuse_in_backups(path, path.resolve())
    if not database and path.exists() and _is_campaign_file(path):
        raise Refused(
            f"Cannot write {path}: it is a SQLite database, perhaps a campaign; "
            "choose another file name."
        )
    return path


def check_output_folder(target: str | os.PathLike[str], campaign: Path | None = None) -> Path:
    """A folder to write files into (made if missing), refused where `check_output` refuses."""
    path = Path(target)
    if path.exists() and not path.is_dir():
        raise Refused(f"{path} is a file, not a folder for the files to write.")
    if campaign is not None:
        real = path.resolve()
        for suffix in CAMPAIGN_COMPANIONS:
            if real == Path(f"{campaign}{suffix}").resolve():
                raise Refused(f"Cannot write into {path}: it is the campaign's own file name.")
    _refuse_in_backups(path, path.resolve(), folder=True)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_failed(path, exc) from exc
    return path


def write_failed(path: Path, exc: OSError) -> Refused:
    """The sentence for a write that failed: a full disk or a read-only folder is named."""
    if exc.errno == errno.ENOSPC:
        return Refused(f"Cannot write {path}: the disk is full; nothing was written.")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return Refused(
            f"Cannot write {path}: the folder or file is read-only; nothing was written."
        )
    return Refused(f"Cannot write {path}: {exc.strerror or exc}; nothing was written.")


@contextmanager
def atomic_output(target: Path) -> Iterator[Path]:
    """A temporary path beside `target` to write; renamed over `target` when the block ends.

    If the block raises, the temporary file is removed and `target` is left as it was.
    """
    temp = target.absolute().parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
    try:
        yield temp
        with temp.open("rb+") as f:
            os.fsync(f.fileno())
        os.replace(temp, target)
        wrote(target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise write_failed(target, exc) from exc
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_text(target: Path, text: str) -> None:
    """Write a whole text file atomically (UTF-8)."""
    with atomic_output(target) as temp:
        temp.write_text(text, encoding="utf-8")


# A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"): a
# name typed as "=HYPERLINK(...)" would become a link. A leading apostrophe makes the cell
# text again, and spreadsheets hide it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A value as a CSV file holds it: numbers as they are, None empty, formula-like text text."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


@dataclass(frozen=True)
class CsvFile:
    """One CSV file to write: its name in the folder, its header and its rows."""

    name: str
    columns: Sequence[str]
    rows: Iterable[Sequence[object]]


def write_csv_files(
    folder: str | os.PathLike[str], files: Sequence[CsvFile], campaign: Path | None = None
) -> list[Path]:
    """Write the files into `folder` (made if missing), UTF-8, a header row each.

    Every target is checked first (`check_output`: never the campaign, a backup or another
    database), and every file is whole beside its name before the first is renamed into place,
    so a refusal or a failure writes none of them.
    """
    made = _first_missing(Path(folder))
    out = check_output_folder(folder, campaign)
    try:
        paths = [check_output(out / f.name, campaign) for f in files]
        with ExitStack() as stack:
            for f, path in zip(files, paths, strict=True):
                temp = stack.enter_context(atomic_output(path))
                with temp.open("w", encoding="utf-8", newline="") as handle:
                    writer = csv.writer(handle)
                    writer.writerow(f.columns)
                    writer.writerows([csv_cell(v) for v in row] for row in f.rows)
    except BaseException:
        if made is not None:  # a refusal (a full disk, Ctrl+C) leaves no empty folder behind
            _remove_empty(out, made)
        raise
    return paths


def _first_missing(folder: Path) -> Path | None:
    """The outermost folder of `folder` that does not exist yet, if any: what mkdir makes."""
    missing = None
    for step in [folder.absolute(), *folder.absolute().parents]:
        if step.exists():
            break
        missing = step
    return missing


def _remove_empty(folder: Path, up_to: Path) -> None:
    """Remove `folder` and its parents up to `up_to`, each only if it is empty."""
    for step in [folder.absolute(), *folder.absolute().parents]:
        try:
            step.rmdir()
        except OSError:
            return  # not empty (or not ours to remove): what is left stays
        if step == up_to:
            return
