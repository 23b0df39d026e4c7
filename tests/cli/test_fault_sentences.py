"""Faults named as faults, never "internal error" (issue 27, items 10, 11 and 13).

Each fault a user can meet is one sentence on stderr that names it and what to do, exit 1,
and the campaign file byte for byte as it was. Full disks are injected at the OS boundary (the
error SQLite raises) so the tests run anywhere; where a tmpfs can be mounted (root, as in CI)
a real full disk is used too. Read-only folders drop root's override with setpriv.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import db.backup
from db.backup import backup_dir, list_backups, make_backup
from tests.cli.test_faults import SETPRIV, _run
from tests.conftest import DALTON, LAWMEN, Cli
from tests.db.test_damage import damage, rightmost_leaf, root
from tests.disks import fill, tmpfs_disk
from tests.engines import on_server

D, L = DALTON["name"], LAWMEN["name"]
BUY = ("posse", "buy", D, "Slim", "whiskey")


def one_sentence(err: str) -> None:
    """One line, a sentence: no traceback, no internal error, no quoted ruleset."""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "internal error" not in err and "Traceback" not in err, err


def refused(cli: Cli, *args: str) -> str:
    before = cli.state()
    done = cli(*args)
    assert done.code == 1, (args, done.out)
    one_sentence(done.err)
    assert cli.state() == before, args
    return done.err


def two_posses(cli: Cli) -> Path | None:
    """A campaign of two posses and a good backup of it, returned (none of a server campaign:
    the tests that restore one are about campaign files, SQLite only)."""
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    return None if on_server(cli.db) else make_backup(cli.db, "manual")


# --- item 10: backup of a damaged campaign -----------------------------------------------


@pytest.mark.sqlite_only
@pytest.mark.parametrize(
    "table,pick",
    [("history", root), ("history", rightmost_leaf), ("member", root), ("posse", root)],
    ids=["history root", "history leaf", "member root", "posse root"],
)
def test_backup_of_a_damaged_campaign_names_the_damage_and_the_good_backup(
    cli: Cli, table: str, pick: object
) -> None:
    good = two_posses(cli)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, L], "notes": "x" * 3000}
    for _ in range(3):  # enough rows that the table spans several pages
        cli.ok("game", "record", cli.file(report))
    good = list_backups(cli.db)[0].path
    damage(cli.db, table, pick)  # type: ignore[arg-type]
    made = set(list_backups(cli.db))
    err = refused(cli, "backup")
    assert "is damaged" in err
    assert f"The newest good backup is {good}; restore it with: rostermgr restore {good}" in err
    assert set(list_backups(cli.db)) == made
    assert not list(backup_dir(cli.db).glob("*.partial*"))


# --- item 10: tampered files --------------------------------------------------------------

TAMPERED = {
    "ruleset not UTF-8": (
        ["UPDATE ruleset SET text = CAST(CAST(text AS BLOB) || x'ff' AS TEXT)"],
        "not valid UTF-8",
    ),
    "schema_version 'abc'": (
        ["UPDATE schema_version SET version = 'abc' WHERE version = 1"],
        "schema_version table holds 'abc'",
    ),
    "schema_version -5": (
        ["UPDATE schema_version SET version = -5 WHERE version = 1"],
        "schema_version table holds '-5'",
    ),
    "schema_version 1.5": (
        [
            "DELETE FROM schema_version WHERE version > 1",
            "UPDATE schema_version SET version = 1.5",
        ],
        "schema_version table holds '1.5'",
    ),
    "schema_version empty": (["DELETE FROM schema_version"], "schema_version table is empty"),
    "schema_version ''": (
        ["UPDATE schema_version SET version = ''"],
        "schema_version table holds ''",
    ),
    "no undo_log": (["DROP TABLE undo_log"], "no undo_log table"),
    "no member": (["PRAGMA foreign_keys = OFF", "DROP TABLE member"], "no member table"),
}
COMMANDS = [("posse", "list"), ("posse", "show", D), BUY, ("backup",), ("check",), ("rules",)]


@pytest.mark.sqlite_only
@pytest.mark.parametrize("case", TAMPERED, ids=list(TAMPERED))
def test_a_tampered_campaign_is_refused_by_every_command_naming_the_fault(
    cli: Cli, case: str
) -> None:
    good = two_posses(cli)
    statements, words = TAMPERED[case]
    con = sqlite3.connect(cli.db)
    for statement in statements:
        con.execute(statement)
    con.commit()
    con.close()
    for args in COMMANDS:
        err = refused(cli, *args)
        assert words in err, (args, err)
        assert f"rostermgr restore {good}" in err, (args, err)


@pytest.mark.sqlite_only
def test_a_backup_of_a_tampered_file_is_never_offered_as_the_good_one(cli: Cli) -> None:
    good = two_posses(cli)
    con = sqlite3.connect(cli.db)
    con.execute("UPDATE ruleset SET text = CAST(CAST(text AS BLOB) || x'ff' AS TEXT)")
    con.commit()
    con.close()
    tampered = make_backup(cli.db, "editing")  # an hourly backup made by an older rostermgr
    err = refused(cli, "posse", "list")
    assert str(good) in err and str(tampered) not in err


def test_ledger_amounts_that_overflow_are_named_and_check_lists_them(cli: Cli) -> None:
    two_posses(cli)
    if on_server(cli.db):
        # Inherent: PostgreSQL's integer column refuses such an amount as it is written (a
        # SQLite column stores any 64-bit number), so no campaign there can hold one.
        before = cli.state()
        with pytest.raises(Exception, match="out of range"):
            cli.sql(
                "INSERT INTO ledger (posse_id, amount, reason, kind, date) "
                "VALUES (1, 9223372036854775807, 'x', 'income', '2025-01-01')"
            )
        assert cli.state() == before
        return
    for _ in range(2):
        cli.sql(
            "INSERT INTO ledger (posse_id, amount, reason, kind, date) "
            "VALUES (1, 9223372036854775807, 'x', 'income', '2025-01-01')"
        )
    for args in (("posse", "list"), ("posse", "show", D), BUY):
        assert "amounts too large to add up" in refused(cli, *args)
    before = cli.state()
    check = cli("check")
    assert check.code == 1 and "internal error" not in check.out + check.err
    assert "holds '9223372036854775807', not a whole number of dollars" in check.out
    assert cli.state() == before


# --- item 10: full disks, the campaign's and the backups folder's -------------------------


def _backups_disk_full(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """What SQLite raises when the copy into the backups folder runs out of space."""
    real = db.backup._snapshot

    def full(source: Path, dest: Path) -> None:
        if folder in dest.parents:
            dest.write_bytes(b"\0" * 100)
            raise sqlite3.OperationalError("database or disk is full")
        real(source, dest)

    monkeypatch.setattr(db.backup, "_snapshot", full)


@pytest.mark.sqlite_only
def test_a_full_backups_disk_is_named_as_the_backups_folders_disk(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, _isolated_backups: Path
) -> None:
    two_posses(cli)
    for b in list_backups(cli.db):
        b.path.unlink()  # so the hourly backup is due
    _backups_disk_full(monkeypatch, _isolated_backups)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, L]}
    for args in (("backup",), BUY, ("game", "record", cli.file(report))):
        err = refused(cli, *args)
        assert "the disk holding the backups folder" in err, (args, err)
        assert str(backup_dir(cli.db)) in err
        assert f"The disk holding {cli.db} is full" not in err
        assert "nothing was changed" in err and "ROSTERMGR_BACKUP_DIR" in err
    assert not list(_isolated_backups.rglob("*.partial*"))


def _script(db: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """The command in its own process without root's override of file modes: exit, stderr."""
    done = _run(db, *args, env=env)
    return done.returncode, done.stderr


@pytest.fixture
def small_disk(tmp_path: Path):
    with tmpfs_disk(tmp_path / "small-disk", "1M") as disk:
        yield disk


@pytest.mark.sqlite_only
def test_backup_at_every_fill_level_of_its_disk_succeeds_or_says_the_disk_is_full(
    cli: Cli, small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = small_disk / "backups"
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(folder))
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    size = cli.db.stat().st_size
    for free_kib in range(0, size // 1024 + 80, 16):
        for path in small_disk.iterdir():
            subprocess.run(["rm", "-rf", str(path)], check=True)
        folder.mkdir()
        total = os.statvfs(small_disk)
        room = total.f_bavail * total.f_frsize - free_kib * 1024
        if room > 0:
            subprocess.run(["fallocate", "-l", str(room), str(small_disk / "fill")], check=True)
        before = cli.state()
        done = cli("backup")
        assert cli.state() == before
        assert not [p for p in folder.rglob("*") if p.is_file() and "partial" in p.name]
        if done.code == 0:
            made = list_backups(cli.db)[0].path
            con = sqlite3.connect(made)
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            con.close()
            continue
        one_sentence(done.err)
        assert "the disk holding the backups folder" in done.err, (free_kib, done.err)


def test_a_full_campaign_disk_is_named_for_reads_and_writes(
    tmp_path: Path, small_disk: Path
) -> None:
    cli = Cli(small_disk / "c.sqlite3", tmp_path)
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    fill(small_disk / "fill")
    for args in (("posse", "list"), BUY, ("check",)):
        err = refused(cli, *args)
        assert err == f"The disk holding {cli.db} is full; nothing was written. Free some space.\n"


def _leave_free(disk: Path, free_kib: int) -> None:
    """Empty `disk`, then take all its room but `free_kib` KiB."""
    for path in disk.iterdir():
        subprocess.run(["rm", "-rf", str(path)], check=True)
    total = os.statvfs(disk)
    room = total.f_bavail * total.f_frsize - free_kib * 1024
    if room > 0:
        subprocess.run(["fallocate", "-l", str(room), str(disk / "fill")], check=True)


@pytest.mark.sqlite_only
def test_a_new_campaign_or_copy_on_a_nearly_full_disk_is_made_whole_or_said_and_not_left(
    tmp_path: Path, small_disk: Path
) -> None:
    # A COMMIT that fails for room makes SQLite end the transaction itself; the rollback that
    # follows fails too and must not hide the full disk (it was an "internal error"), and the
    # file made for the campaign must not stay behind (a later command found it half made).
    source = Cli(tmp_path / "source.sqlite3", tmp_path)
    source.new_posse(DALTON)
    source.new_posse(LAWMEN)
    size = source.db.stat().st_size
    for free_kib in range(0, size // 1024 + 64, 16):
        for args in (("posse", "new", "{doc}"), ("campaign", "copy", str(source.db), "{db}")):
            _leave_free(small_disk, free_kib)
            cli = Cli(small_disk / "new.sqlite3", tmp_path)
            given = [a.format(doc=cli.file(DALTON), db=cli.db) for a in args]
            done = cli(*given)
            if done.code == 0:
                assert "The Dalton Boys" in cli.ok("posse", "list").out
                continue
            one_sentence(done.err)
            assert f"The disk holding {cli.db} is full" in done.err, (free_kib, args, done.err)
            assert sorted(p.name for p in small_disk.iterdir()) == ["fill"], (free_kib, args)


# --- item 10: read-only folders (backups, campaign) ----------------------------------------


needs_setpriv = pytest.mark.skipif(
    os.geteuid() == 0 and not SETPRIV, reason="root without setpriv: modes cannot be tested"
)


def _beside(campaign: Path) -> list[str]:
    """The campaign's file and the files SQLite keeps beside it."""
    return sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith(campaign.name))


@pytest.mark.sqlite_only
@needs_setpriv
def test_a_read_only_backups_folder_refuses_backup_and_restore_naming_it(
    cli: Cli, _isolated_backups: Path
) -> None:
    good = two_posses(cli)
    folder = backup_dir(cli.db)
    before = cli.state()
    folder.chmod(0o555)
    try:
        results = [_script(cli.db, "backup"), _script(cli.db, "restore", str(good))]
    finally:
        folder.chmod(0o755)
    for code, err in results:
        assert code == 1
        one_sentence(err)
        assert f"in {folder} (it cannot be written: it is read-only)" in err
        assert "ROSTERMGR_BACKUP_DIR" in err
    assert cli.state() == before


@pytest.mark.sqlite_only
@needs_setpriv
def test_a_read_only_campaign_folder_backs_up_and_refuses_restore_naming_it(
    cli: Cli, _isolated_backups: Path
) -> None:
    good = two_posses(cli)
    folder = cli.db.parent
    inside = _beside(cli.db)
    before = cli.state()
    folder.chmod(0o555)
    try:
        backed_up = _script(cli.db, "backup")
        restored = _script(cli.db, "restore", str(good))
    finally:
        folder.chmod(0o755)
    assert backed_up == (0, ""), backed_up  # reading is all a backup needs of the campaign
    assert restored[0] == 1
    one_sentence(restored[1])
    assert f"its folder {folder} is read-only" in restored[1]
    assert cli.state() == before
    assert _beside(cli.db) == inside  # no -shm left behind


@pytest.mark.sqlite_only
@needs_setpriv
def test_backing_up_a_read_only_campaign_leaves_nothing_beside_it(cli: Cli) -> None:
    cli.new_posse(DALTON)
    inside = _beside(cli.db)
    cli.db.chmod(0o444)
    try:
        assert _script(cli.db, "backup") == (0, "")
        shown = _script(cli.db, "posse", "show", D)
    finally:
        cli.db.chmod(0o644)
    assert _beside(cli.db) == inside
    assert shown[0] == 0, shown  # a -shm it could not remove used to stop the next command


# --- item 10: a file name too long ---------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("posse", "export", D, "-o"),
        ("print", "journal", D, "-o"),
        ("posse", "image", D, "-o"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_300_character_output_name_is_named_too_long(
    cli: Cli, tmp_path: Path, args: tuple[str, ...]
) -> None:
    cli.new_posse(DALTON)
    long = tmp_path / ("a" * 300 + ".out")
    err = refused(cli, *args, str(long))
    assert err.startswith(f"Cannot write {long}: the name is too long for the file system")


# --- item 11: a damaged data page names the newest good backup and the command ------------


def three_games(cli: Cli) -> Path:
    """Two posses and three games whose notes fill pages; the good backup the last one left."""
    two_posses(cli)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, L], "notes": "x" * 3000}
    for _ in range(3):
        cli.ok("game", "record", cli.file(report))
    return list_backups(cli.db)[0].path


@pytest.mark.sqlite_only
@needs_setpriv
def test_check_of_a_damaged_read_only_campaign_names_the_good_backup(cli: Cli) -> None:
    """Opened read-only, the file is named by a URI: its backups used to go unfound."""
    good = three_games(cli)
    damage(cli.db, "history", root)
    cli.db.chmod(0o444)
    try:
        done = _run(cli.db, "check")
    finally:
        cli.db.chmod(0o644)
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first.startswith(f"SQLite reports damage: the campaign file {cli.db} has damaged")
    assert first.endswith(f"restore it with: rostermgr restore {good}")


@pytest.mark.sqlite_only
def test_a_damaged_page_met_by_a_command_is_one_sentence_with_the_restore_command(
    cli: Cli,
) -> None:
    good = three_games(cli)
    damage(cli.db, "member", root)
    for args in (("posse", "show", D), BUY, ("backup",)):
        err = refused(cli, *args)
        assert f"restore it with: rostermgr restore {good}" in err, (args, err)
    check = cli("check")
    assert check.code == 1
    assert check.out.splitlines()[0].endswith(f"rostermgr restore {good}")


# --- item 13: wording -----------------------------------------------------------------------


@pytest.mark.sqlite_only
def test_a_readonly_error_on_a_writable_file_says_another_program_is_writing(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite says "readonly" of a writable WAL file another writer is resetting."""
    import services.posses

    cli.new_posse(DALTON)

    def racing(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(services.posses.store, "apply_buy", racing)
    err = refused(cli, *BUY)
    assert err == (
        f"Another program is writing to {cli.db}; nothing was written. Try again in a moment.\n"
    )


def test_a_damage_sentence_never_quotes_the_ruleset_text(cli: Cli) -> None:
    from db.connection import damaged

    text = "Could not decode to UTF-8 column 'text' with text '# Last Hope\n# Every number'"
    sentence = str(damaged(cli.db, sqlite3.OperationalError(text)))
    assert "\n" not in sentence and "Last Hope" not in sentence
    assert "not valid UTF-8" in sentence


def test_a_ruleset_with_a_byte_order_mark_is_read(cli: Cli, tmp_path: Path) -> None:
    shipped = Path(__file__).resolve().parents[2] / "rostermgr/rulesets/last-hope-frontier.toml"
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + shipped.read_bytes())
    assert cli.ok("rules", "diff", str(bom)).out == "The two rulesets say the same.\n"
    cli.new_posse(DALTON)
    assert cli.ok("--ruleset", str(bom), "posse", "list").code == 0


def test_an_empty_output_name_is_said_to_be_empty(cli: Cli) -> None:
    cli.new_posse(DALTON)
    for args in (("posse", "export", D, "-o", ""), ("print", "journal", D, "-o", "")):
        err = refused(cli, *args)
        assert err == "The output file name is empty, so nothing was written; give a file name.\n"


def test_simulate_names_an_unknown_faction(cli: Cli) -> None:
    done = cli("simulate", "--factions", "cowboys")
    assert done.code == 1
    assert done.err.startswith("There is no faction 'cowboys'; the factions are ")


# --- item 12: an export to standard output on a full disk ----------------------------------

SCRIPT = "from cli import run; run()"  # the `rostermgr` script itself: it exits by os._exit
FULL = "Cannot write the output (No space left on device); what was printed is incomplete.\n"


def _export_to(cli: Cli, stdout: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, "--db", str(cli.db), "posse", "export", D],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_posse_export_to_dev_full_exits_1_with_a_sentence(cli: Cli) -> None:
    cli.new_posse(DALTON)
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = _export_to(cli, full)
    assert (done.returncode, done.stderr) == (1, FULL)


def test_posse_export_to_a_file_on_a_disk_that_fills_exits_1(
    cli: Cli, tmp_path: Path, small_disk: Path
) -> None:
    """Part of the export fits: the truncated file must not pass for a whole one."""
    two_posses(cli)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, L], "notes": "x" * 3000}
    for _ in range(4):
        cli.ok("game", "record", cli.file(report))
    whole = cli.ok("posse", "export", D).out
    assert len(whole) > 8192
    fill(small_disk / "fill")
    (small_disk / "fill").unlink()
    subprocess.run(
        ["fallocate", "-l", str(os.statvfs(small_disk).f_bavail * 4096 - 4096), "filler"],
        cwd=small_disk,
        check=True,
    )
    with open(small_disk / "out.json", "w", encoding="utf-8") as out:
        done = _export_to(cli, out)
    assert (done.returncode, done.stderr) == (1, FULL)
    assert (small_disk / "out.json").stat().st_size < len(whole.encode())


@pytest.mark.sqlite_only
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_game_recorded_with_its_output_on_a_full_disk_says_it_is_recorded(
    cli: Cli,
) -> None:
    """The game is committed before its lines are printed: "what was printed is incomplete"
    alone, exit 1, invited recording the game again."""
    two_posses(cli)
    report = cli.file({"date": "2026-01-15", "scenario": "other", "posses": [D, L]})
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, "--db", str(cli.db), "game", "record", report],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == (
        "Cannot write the output (No space left on device); what was printed is incomplete, "
        f"but {cli.db} was written in full: what the command did is done, so do not run it "
        "again.\n"
    )
    assert len(cli.ok("game", "list", "--json").json()) == 1


@pytest.mark.sqlite_only
@needs_setpriv
def test_a_read_only_side_file_left_by_another_user_is_named_not_called_busy(cli: Cli) -> None:
    """A -shm another user left (their mode) stops every write; "Another program is writing
    ... Try again in a moment" sent the user round in circles."""
    cli.new_posse(DALTON)
    stuck = Path(f"{cli.db}-shm")
    stuck.write_bytes(b"\0" * 32768)
    stuck.chmod(0o444)
    before = cli.db.read_bytes()
    done = _run(cli.db, "posse", "buy", D, "Slim", "whiskey")
    assert done.returncode == 1
    assert done.stderr == (
        f"The campaign's side file {stuck} is read-only (left by another user or program), so "
        "nothing was written; make it writable, or remove it once no program has the campaign "
        "open.\n"
    )
    assert cli.db.read_bytes() == before
