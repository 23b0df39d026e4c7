"""Backups, Save a copy and restore of campaign files wherever they live (issue 15)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db.backup import (
    backup_dir,
    backup_if_due,
    list_backups,
    make_backup,
    newest_good_backup,
    save_copy,
    thin,
)
from db.restore import restore
from db.uri import sqlite_uri
from rostermgr.errors import Refused
from tests.conftest import Cli

pytestmark = pytest.mark.sqlite_only  # backups of campaign files

WEIRD = "we#ird ?%41 dír"
WEIRD_FILE = "camp#1?%41 é&mode=rwc.sqlite3"


def posse_names(path: Path) -> list[str]:
    con = sqlite3.connect(sqlite_uri(path, "ro"), uri=True)
    try:
        return sorted(row[0] for row in con.execute("SELECT name FROM posse"))
    finally:
        con.close()


def tree(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


@pytest.fixture
def weird(tmp_path: Path, dalton: dict, lawmen: dict) -> Cli:
    """A campaign with two posses in a folder and file whose names a URI would misread."""
    folder = tmp_path / WEIRD
    folder.mkdir()
    cli = Cli(folder / WEIRD_FILE, tmp_path)
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    return cli


# Names a file may have on every system this runs on: no separators, no NUL.
NAMES = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/\\"),
    min_size=1,
    max_size=20,
).filter(lambda s: s not in {".", ".."} and len(s.encode()) < 200)


@settings(max_examples=60, deadline=None)
@given(folder=NAMES, name=NAMES)
def test_the_uri_of_any_path_opens_that_very_file(folder: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / folder / name
        path.parent.mkdir()
        con = sqlite3.connect(sqlite_uri(path, "rwc"), uri=True)
        con.execute("CREATE TABLE t (x)")
        con.close()
        assert sorted(os.listdir(Path(tmp) / folder)) == [name]
        con = sqlite3.connect(sqlite_uri(path, "ro"), uri=True)
        assert con.execute("SELECT COUNT(*) FROM t").fetchone() == (0,)
        con.close()


@pytest.mark.parametrize("char", ["#", "?", "%", "%41", " ", "é", "&mode=rwc"])
def test_a_backup_of_a_campaign_with_any_character_in_its_path_has_all_its_posses(
    tmp_path: Path, dalton: dict, lawmen: dict, char: str
) -> None:
    folder = tmp_path / f"a{char}b"
    folder.mkdir()
    cli = Cli(folder / f"c{char}d.sqlite3", tmp_path)
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    before = tree(folder)
    made = make_backup(cli.db, "manual")
    assert posse_names(made) == ["Last Hope Lawmen", "The Dalton Boys"]
    assert tree(folder) == before  # no stray database made from a misread path
    assert newest_good_backup(cli.db) == made


def test_restore_into_a_weird_path(weird: Cli) -> None:
    made = make_backup(weird.db, "manual")
    weird.ok("posse", "rename", "The Dalton Boys", "Daltons")
    saved = restore(weird.db, made).saved
    assert posse_names(weird.db) == ["Last Hope Lawmen", "The Dalton Boys"]
    assert saved is not None and "Daltons" in posse_names(saved)


@pytest.mark.parametrize("where", ["plain", "weird"])
def test_making_a_backup_leaves_no_wal_or_shm_beside_the_campaign(
    cli: Cli, dalton: dict, weird: Cli, where: str
) -> None:
    if where == "plain":
        cli.new_posse(dalton)
    else:
        cli = weird
    folder = cli.db.parent
    before = tree(folder)
    assert not [name for name in before if name.endswith(("-wal", "-shm"))]
    cli.ok("backup")
    make_backup(cli.db, "manual")
    backup_if_due(cli.db, datetime.now() + timedelta(days=1))
    assert tree(folder) == before


def test_a_backup_is_one_self_contained_file(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    made = make_backup(cli.db, "manual")
    con = sqlite3.connect(sqlite_uri(made, "ro"), uri=True)
    assert con.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    con.close()
    assert not Path(str(made) + "-wal").exists()


def test_save_copy_writes_a_checked_copy_and_nothing_else(weird: Cli, tmp_path: Path) -> None:
    before = weird.db.read_bytes()
    out = tmp_path / "copies #?%41"
    out.mkdir()
    target = out / "my copy?.sqlite3"
    target.write_bytes(b"an old file the user chose to overwrite")
    save_copy(weird.db, target)
    assert posse_names(target) == ["Last Hope Lawmen", "The Dalton Boys"]
    assert tree(out) == {"my copy?.sqlite3"}  # no temporary file, no journal
    assert weird.db.read_bytes() == before
    assert tree(weird.db.parent) == {WEIRD_FILE}


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", ".lock", "-journal"])
def test_save_copy_refuses_the_campaign_and_its_side_files(weird: Cli, suffix: str) -> None:
    before = weird.db.read_bytes()
    target = Path(str(weird.db) + suffix)
    with pytest.raises(Refused, match="choose another name"):
        save_copy(weird.db, target)
    assert weird.db.read_bytes() == before
    assert tree(weird.db.parent) == {WEIRD_FILE}


def test_save_copy_refuses_other_spellings_of_the_campaign(weird: Cli, tmp_path: Path) -> None:
    link = tmp_path / "link.sqlite3"
    link.symlink_to(weird.db)
    hard = tmp_path / "hard.sqlite3"
    os.link(weird.db, hard)
    dotted = weird.db.parent / ".." / WEIRD / WEIRD_FILE
    for target in (link, hard, dotted):
        with pytest.raises(Refused, match="choose another name"):
            save_copy(weird.db, target)
    assert posse_names(weird.db) == ["Last Hope Lawmen", "The Dalton Boys"]


def test_save_copy_refuses_a_folder_and_a_missing_folder(weird: Cli, tmp_path: Path) -> None:
    with pytest.raises(Refused, match="it is a folder"):
        save_copy(weird.db, tmp_path)
    with pytest.raises(Refused, match="does not exist"):
        save_copy(weird.db, tmp_path / "nowhere" / "copy.sqlite3")
    with pytest.raises(Refused, match="no campaign file"):
        save_copy(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")


def test_save_copy_into_a_read_only_folder_is_a_sentence(weird: Cli, tmp_path: Path) -> None:
    locked = tmp_path / "read-only"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        with pytest.raises(Refused, match="Cannot save a copy"):
            save_copy(weird.db, locked / "copy.sqlite3")
    finally:
        locked.chmod(0o755)
    assert tree(locked) == set()


def test_thin_removes_partial_files_of_interrupted_backups(weird: Cli) -> None:
    folder = backup_dir(weird.db)
    folder.mkdir(parents=True, exist_ok=True)
    old = folder / "c-20260101-120000-manual.partial"
    old_journal = folder / "c-20260101-120000-manual.partial-journal"
    fresh = folder / "c-20260101-130000-manual.partial"
    for path in (old, old_journal, fresh):
        path.write_bytes(b"half a database")
    an_hour_ago = time.time() - 3600
    for path in (old, old_journal):
        os.utime(path, (an_hour_ago, an_hour_ago))
    removed = thin(weird.db)
    assert old in removed and old_journal in removed
    assert not old.exists() and not old_journal.exists()
    assert fresh.exists()  # perhaps being written right now by another process


def test_a_backup_from_the_future_does_not_stop_hourly_backups(weird: Cli) -> None:
    now = datetime(2026, 3, 1, 12)
    future = make_backup(weird.db, "editing", now + timedelta(days=300))
    made = backup_if_due(weird.db, now)
    assert made is not None
    assert backup_if_due(weird.db, now + timedelta(minutes=10)) is None
    assert backup_if_due(weird.db, now + timedelta(hours=1)) is not None
    thin(weird.db, now + timedelta(days=30))
    assert future.exists()  # never deleted: the clock may have been wrong either time


def test_backups_of_one_second_are_ordered_by_their_number(weird: Cli) -> None:
    now = datetime(2026, 3, 1, 12)
    made = [make_backup(weird.db, "manual", now) for _ in range(12)]
    found = [b.path for b in list_backups(weird.db) if b.made == now]
    assert found == made[::-1]  # -12- before -2-, though "1" sorts before "2" as text


def test_a_backup_name_with_a_stamp_that_is_no_date_is_ignored(weird: Cli) -> None:
    before = list_backups(weird.db)
    (backup_dir(weird.db) / "x-20261399-256199-manual.sqlite3").write_bytes(b"")
    assert list_backups(weird.db) == before


def test_a_save_copy_that_cannot_be_written_is_a_sentence_and_leaves_nothing(
    weird: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "copy.sqlite3"
    target.write_bytes(b"the old copy")

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(
        Refused, match="the disk holding it is full, so nothing was written; free some space there"
    ):
        save_copy(weird.db, target)
    assert target.read_bytes() == b"the old copy"
    assert not [p for p in tmp_path.iterdir() if "partial" in p.name]
