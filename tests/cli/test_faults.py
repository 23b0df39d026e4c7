"""Faults a user can cause are named, and leave the campaign as it was (DESIGN 4).

A read-only campaign opens read-only (reads, printing and export work; writes are refused with
a sentence); a full disk at commit says so; two writers at once never crash.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DALTON, LAWMEN, Cli

D, L = DALTON["name"], LAWMEN["name"]
SETPRIV = shutil.which("setpriv")
# As root, file modes do not stop a write: drop the override for the process under test.
NO_OVERRIDE = (
    [SETPRIV, "--bounding-set=-dac_override", "--inh-caps=-dac_override"]
    if os.geteuid() == 0 and SETPRIV
    else []
)
RUN = "import sys; from cli import main; sys.exit(main(sys.argv[1:]))"


def _run(db: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*NO_OVERRIDE, sys.executable, "-c", RUN, "--db", str(db), *args],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, **(env or {})},
        check=False,
    )


@pytest.fixture
def read_only(cli: Cli, tmp_path: Path):
    if os.geteuid() == 0 and not SETPRIV:
        pytest.skip("root without setpriv: file modes cannot be tested")
    cli.new_posse(DALTON)
    folder = cli.db.parent
    cli.db.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    yield cli
    cli.db.chmod(stat.S_IRUSR | stat.S_IWUSR)
    folder.chmod(0o755)


@pytest.mark.sqlite_only
def test_a_read_only_campaign_reads_prints_and_exports_but_refuses_writes(
    read_only: Cli, tmp_path: Path
) -> None:
    db = read_only.db
    before = db.read_bytes()
    out = tmp_path / "out"
    out.mkdir()
    env = {"ROSTERMGR_BACKUP_DIR": str(tmp_path / "backups")}
    for args in (
        ("posse", "show", D),
        ("posse", "list", "--json"),
        ("posse", "ledger", D),
        ("posse", "export", D, "-o", str(out / "d.json")),
        ("print", "journal", D, "-o", str(out / "j.pdf")),
        ("print", "cards", D, "-o", str(out / "c.pdf")),
        ("stats",),
        ("check",),
    ):
        done = _run(db, *args, env=env)
        assert done.returncode == 0, (args, done.stderr)
    assert (out / "j.pdf").stat().st_size > 0 and (out / "d.json").stat().st_size > 0
    for args in (("posse", "buy", D, "Slim", "whiskey"), ("posse", "rename", D, "Other")):
        refused = _run(db, *args, env=env)
        assert refused.returncode == 1
        assert refused.stderr == (
            f"The campaign file {db} is read-only, so nothing was changed; make it writable "
            "(or save a copy elsewhere) to edit it.\n"
        )
    assert db.read_bytes() == before
    assert not any(Path(f"{db}{s}").exists() for s in ("-wal", "-shm", ".lock"))


@pytest.mark.sqlite_only
def test_a_read_only_folder_is_named_as_read_only_not_as_damaged(
    read_only: Cli, tmp_path: Path
) -> None:
    db = read_only.db
    db.chmod(0o644)
    db.parent.chmod(0o555)
    try:
        refused = _run(db, "posse", "buy", D, "Slim", "whiskey")
        shown = _run(db, "posse", "show", D)
    finally:
        db.parent.chmod(0o755)
    assert refused.returncode == 1 and "read-only" in refused.stderr
    assert "damaged" not in refused.stderr
    assert shown.returncode == 0, shown.stderr


@pytest.mark.sqlite_only
def test_the_app_opens_a_read_only_campaign_read_only(read_only: Cli) -> None:
    from rostermgr.rules_load import default_ruleset
    from services import opening

    writable = opening.writable
    try:
        opening.writable = lambda path: False  # what os.access says as a normal user
        c = opening.for_app(read_only.db, default_ruleset())
    finally:
        opening.writable = writable
    try:
        assert c.read_only and c.lock is None
        from services import posses

        assert posses.load(c, D).name == D
        with pytest.raises(Exception, match="read-only"):
            posses.buy(c, D, "Slim", "whiskey")
    finally:
        c.close()


@pytest.mark.sqlite_only
def test_a_full_disk_at_commit_says_so_and_writes_nothing(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import services.opening

    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    real = services.opening.open_file

    def full(path: Path, read_only: bool = False):
        db = real(path, read_only=read_only)
        pages = db.execute_sql("PRAGMA page_count").fetchone()[0]
        db.execute_sql(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL
        return db

    monkeypatch.setattr(services.opening, "open_file", full)
    before = cli.state()
    # a long game: its notes need pages the file has no room for
    report = {"date": "2026-11-28", "scenario": "other", "posses": [D, L], "notes": "x" * 3900}
    refused = cli("game", "record", cli.file(report))
    assert refused.code == 1, refused.out
    assert refused.err == (
        f"The disk holding {cli.db} is full; nothing was written. Free some space.\n"
    ), refused.err
    assert cli.state() == before
    monkeypatch.setattr(services.opening, "open_file", real)
    assert cli("check").code == 0
    assert cli.ok("game", "list", "--json").json() == []


@pytest.mark.sqlite_only
def test_two_writers_at_once_the_second_is_told_another_program_is_writing(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.connection

    cli.new_posse(DALTON)
    monkeypatch.setitem(db.connection.PRAGMAS, "busy_timeout", 200)
    other = sqlite3.connect(cli.db, timeout=0.2)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE posse SET name = name")
    try:
        refused = cli("posse", "buy", D, "Slim", "whiskey")
    finally:
        other.rollback()
        other.close()
    assert refused.code == 1
    assert refused.err == (
        f"Another program is writing to {cli.db}; nothing was written. Try again in a moment.\n"
    ), refused.err
    assert cli.ok("posse", "buy", D, "Slim", "whiskey").code == 0


def test_restore_refuses_a_backup_of_a_newer_schema_and_changes_nothing(
    cli: Cli, tmp_path: Path
) -> None:
    cli.new_posse(DALTON)
    newer = tmp_path / "newer.sqlite3"
    Cli(newer, tmp_path).new_posse(DALTON)
    con = sqlite3.connect(newer)
    con.execute("INSERT INTO schema_version (version) VALUES (999)")
    con.commit()
    con.close()
    before = cli.state()
    refused = cli("restore", str(newer))
    assert refused.code == 1 and "newer rostermgr (schema 999)" in refused.err
    assert cli.state() == before


def test_an_unwritable_backups_folder_refuses_the_edit_naming_the_folder(
    cli: Cli, tmp_path: Path
) -> None:
    if os.geteuid() == 0 and not SETPRIV:
        pytest.skip("root without setpriv: folder modes cannot be tested")
    cli.new_posse(DALTON)
    backups = tmp_path / "locked-backups"
    backups.mkdir()
    backups.chmod(0o555)
    try:
        before = cli.state()
        refused = _run(
            cli.db, "posse", "buy", D, "Slim", "whiskey", env={"ROSTERMGR_BACKUP_DIR": str(backups)}
        )
    finally:
        backups.chmod(0o755)
    assert refused.returncode == 1, refused.stdout
    assert refused.stderr.startswith(f"Cannot make the hourly backup in {backups}/")
    assert "ROSTERMGR_BACKUP_DIR" in refused.stderr
    assert "Traceback" not in refused.stderr and "internal error" not in refused.stderr
    assert cli.state() == before


@pytest.mark.sqlite_only
def test_a_new_campaign_on_a_disk_too_small_for_it_is_refused_and_leaves_no_file(
    tmp_path: Path,
) -> None:
    """Creating the schema filled a 300 kB disk: SQLite rolled back by itself, peewee's own
    rollback failed, and that hid the full disk ("internal error"); the files stayed, and
    once space was freed the 0-byte or half-made file was refused as no campaign."""
    from tests.disks import mount_tmpfs

    disk = tmp_path / "small-disk"
    if not mount_tmpfs(disk, "300k"):
        pytest.skip("cannot mount a tmpfs here (not root, or no mount permission)")
    try:
        cli = Cli(disk / "new.sqlite3", tmp_path)
        done = cli("posse", "new", cli.file(DALTON))
        assert done.code == 1, done.out
        assert done.err == (
            f"The disk holding {cli.db} is full; nothing was written. Free some space.\n"
        )
        assert list(disk.iterdir()) == []
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
