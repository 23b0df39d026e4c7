"""File > Save a copy onto a full disk or into a read-only folder: said as such (h-fresh).

The bundle's app said "Cannot save a copy of X to Y: database or disk is full." (SQLite's own
words, and nothing of what to do) for a copy saved onto a full disk.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

import db.backup
from db.backup import save_copy
from rostermgr.errors import Refused
from tests.conftest import DALTON, Cli
from tests.disks import fill, tmpfs_disk

pytestmark = pytest.mark.sqlite_only  # a copy of a campaign file


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs_disk(tmp_path / "small-disk", "64k") as disk:
        yield disk


def test_a_copy_onto_a_full_disk_says_the_disk_is_full(cli: Cli, full_disk: Path) -> None:
    cli.new_posse(DALTON)
    fill(full_disk / "filler")
    target = full_disk / "copy.sqlite3"
    with pytest.raises(Refused) as refused:
        save_copy(cli.db, target)
    assert str(refused.value) == (
        f"Cannot save a copy to {target}: the disk holding it is full, so nothing was written; "
        "free some space there, or save it on another disk."
    )
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]


@pytest.mark.parametrize(
    "fault",
    [
        PermissionError(errno.EACCES, "Permission denied"),
        sqlite3.OperationalError("attempt to write a readonly database"),
        sqlite3.OperationalError("unable to open database file"),
    ],
    ids=["denied", "readonly", "unable to open"],
)
def test_a_copy_into_a_read_only_folder_says_so(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: Exception
) -> None:
    cli.new_posse(DALTON)

    def refused_here(_source: Path, _dest: Path) -> None:
        raise fault

    monkeypatch.setattr(db.backup, "_snapshot", refused_here)
    target = tmp_path / "copy.sqlite3"
    with pytest.raises(Refused) as refused:
        save_copy(cli.db, target)
    assert str(refused.value) == (
        f"Cannot save a copy to {target}: its folder {tmp_path} cannot be written (it is "
        "read-only), so nothing was written; choose another folder."
    )
