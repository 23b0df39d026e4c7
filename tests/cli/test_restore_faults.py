"""`restore` never loses the campaign it replaces (issue 27, item 2).

A restore whose safety backup cannot be made (a full or read-only backups disk) changes nothing
and says why; a damaged campaign is set aside under a unique dated name that no later restore
overwrites, and the sentence names it.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

import db.backup
from db.backup import list_backups
from tests.conftest import DALTON, LAWMEN, Cli
from tests.db.test_damage import damage, root
from tests.disks import fill, mount_tmpfs

pytestmark = pytest.mark.sqlite_only  # restore of a campaign file

D = DALTON["name"]
SIDE = ("", "-wal", "-shm")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _campaign_and_backup(cli: Cli) -> Path:
    cli.new_posse(DALTON)
    cli.ok("backup")
    saved = list_backups(cli.db)[0].path
    cli.new_posse(LAWMEN)
    return saved


def test_restore_with_a_full_backups_disk_changes_nothing_and_names_that_disk(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, _isolated_backups: Path
) -> None:
    saved = _campaign_and_backup(cli)
    real = db.backup._snapshot

    def full(source: Path, dest: Path) -> None:
        if _isolated_backups in dest.parents:  # only the backups folder's disk is full
            dest.write_bytes(b"")
            raise sqlite3.OperationalError("database or disk is full")
        real(source, dest)

    monkeypatch.setattr(db.backup, "_snapshot", full)
    before = _files(cli.db.parent)
    for _ in range(2):  # a second try neither overwrites nor sets anything aside
        refused = cli("restore", str(saved))
        assert refused.code == 1, refused.out
        assert refused.err.count("\n") == 1, refused.err
        assert "is full" in refused.err and "backups folder" in refused.err
        assert str(db.backup.backup_dir(cli.db)) in refused.err
        assert f"The disk holding {cli.db} is full" not in refused.err
        assert "nothing was changed" in refused.err
        assert _files(cli.db.parent) == before
    assert not [p for p in cli.db.parent.iterdir() if ".damaged" in p.name]
    monkeypatch.setattr(db.backup, "_snapshot", real)
    names = [p["name"] for p in cli.ok("posse", "list", "--json").json()]
    assert sorted(names) == sorted([D, LAWMEN["name"]])


def test_restore_with_a_really_full_backups_disk_changes_nothing(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on a real full file system (a small tmpfs), where one can be mounted."""
    disk = tmp_path / "small-disk"
    if not mount_tmpfs(disk, "1M"):
        pytest.skip("cannot mount a tmpfs here (not root, or no mount permission)")
    try:
        monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(disk / "backups"))
        saved = _campaign_and_backup(cli)
        fill(disk / "filler")
        before = _files(cli.db.parent)
        refused = cli("restore", str(saved))
        assert refused.code == 1 and refused.err.count("\n") == 1, refused.err
        assert "is full" in refused.err and "backups folder" in refused.err
        assert _files(cli.db.parent) == before
        assert not list(disk.rglob("*.partial*"))
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_damaged_campaign_is_set_aside_under_unique_dated_names_never_overwritten(
    cli: Cli,
) -> None:
    saved = _campaign_and_backup(cli)
    kept: list[Path] = []
    for _ in range(2):
        damage(cli.db, "member", root)
        broken = cli.db.read_bytes()
        done = cli("restore", str(saved))
        assert done.code == 0, done.err
        aside = [
            p
            for p in cli.db.parent.iterdir()
            if p.name.startswith("campaign.sqlite3.damaged") and p not in kept
        ]
        assert len(aside) == 1, aside
        assert re.fullmatch(r"campaign\.sqlite3\.damaged-\d{8}-\d{6}(-\d+)?", aside[0].name)
        assert aside[0].read_bytes() == broken
        assert f"kept as {aside[0]}" in done.out, done.out
        kept.append(aside[0])
        assert cli.ok("check").out.startswith("No problems")
    assert kept[0].exists() and kept[0] != kept[1]


def test_restore_while_another_program_writes_changes_nothing_and_loses_no_write(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename would pull the file (and its -wal) from under a writer: its commit was lost."""
    from db.connection import PRAGMAS

    saved = _campaign_and_backup(cli)
    monkeypatch.setitem(PRAGMAS, "busy_timeout", 100)
    writer = sqlite3.connect(cli.db, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE posse SET name = 'The Writers' WHERE name = ?", (D,))
        before = {s: Path(f"{cli.db}{s}").read_bytes() for s in ("", "-wal")}
        refused = cli("restore", str(saved))
        assert refused.code == 1, refused.out
        assert refused.err == (
            f"Another program is writing to {cli.db}; nothing was changed. Try again in a moment.\n"
        )
        assert {s: Path(f"{cli.db}{s}").read_bytes() for s in ("", "-wal")} == before
        writer.execute("COMMIT")
    finally:
        writer.close()
    names = sorted(p["name"] for p in cli.ok("posse", "list", "--json").json())
    assert names == sorted([LAWMEN["name"], "The Writers"])  # the writer's commit is kept
    assert not [p for p in cli.db.parent.iterdir() if "restoring" in p.name]
    cli.ok("restore", str(saved))  # once the writer is done, the restore goes ahead
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == [D]
