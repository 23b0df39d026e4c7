"""Backups, restore, check and damaged files (DESIGN 4)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from db.backup import STAMP, list_backups, make_backup, thin
from tests.conftest import Cli
from tests.engines import on_server, tables

D = "The Dalton Boys"


def test_import_makes_a_checked_backup_and_a_game_one_when_due(
    cli: Cli, dalton: dict, lawmen: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, "Last Hope Lawmen"]}
    # A server campaign's backups are campaign files too, in the folder its name gives.
    folder = cli.backups_name()
    for b in list_backups(folder):
        b.path.unlink()  # no backup yet: the one before the game is due
    cli.ok("game", "record", cli.file(report))
    assert [b.reason for b in list_backups(folder)] == ["before-game"]
    # The newest backup is seconds old: the next game has none of its own (the undo log
    # takes it back), as any edit within the hour has none.
    cli.ok("game", "record", cli.file(report))
    assert [b.reason for b in list_backups(folder)] == ["before-game"]
    exported = tmp_path / "x.json"
    cli.ok("posse", "export", D, "-o", str(exported))
    cli.ok("posse", "import", str(exported), "--as", "Copy")
    assert {b.reason for b in list_backups(folder)} == {"before-game", "before-import"}
    for b in list_backups(folder):
        con = sqlite3.connect(b.path)
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        con.close()


def _older(folder: Path, minutes: int) -> None:
    """Make every backup of the campaign `minutes` older, as the clock would (its name's stamp)."""
    for b in list_backups(folder):
        stamp = b.made.strftime(STAMP)
        head, tail = b.path.name.rsplit(stamp, 1)
        older = (b.made - timedelta(minutes=minutes)).strftime(STAMP)
        b.path.rename(b.path.with_name(f"{head}{older}{tail}"))


def _games_in(backup: Path) -> int:
    con = sqlite3.connect(backup)
    try:
        count: int = con.execute("SELECT COUNT(*) FROM game").fetchone()[0]
    finally:
        con.close()
    return count


def test_a_game_is_backed_up_first_only_once_the_newest_backup_is_an_hour_old(
    cli: Cli, dalton: dict, lawmen: dict
) -> None:
    """The schedule (issue 33): a game's backup is the hourly one, so a damaged file loses at
    most the last hour; a game within the hour is taken back by the undo log instead."""
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    report = {"date": "2026-01-15", "scenario": "other", "posses": [D, "Last Hope Lawmen"]}
    folder = cli.backups_name()
    for b in list_backups(folder):
        b.path.unlink()
    cli.ok("backup")
    _older(folder, 59)
    cli.ok("game", "record", cli.file(report))
    assert [b.reason for b in list_backups(folder)] == ["manual"]  # 59 minutes old: none
    _older(folder, 1)
    cli.ok("game", "record", cli.file(report))
    made = list_backups(folder)
    assert [b.reason for b in made] == ["before-game", "manual"]  # an hour old: one first
    # The backup holds the game before it, not the one it was made for: restoring it (a
    # damaged file) loses only that game, recorded less than an hour after the newest backup.
    assert _games_in(made[0].path) == 1
    yes = ("--yes",) if on_server(cli.db) else ()
    cli.ok("restore", str(made[0].path), *yes)
    assert len(cli.ok("game", "list", "--json").json()) == 1


def test_a_game_without_a_backup_of_its_own_is_taken_back_exactly_by_game_undo(
    cli: Cli, dalton: dict, lawmen: dict
) -> None:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    cli.ok("backup")  # seconds old: the game's backup is not due
    folder = cli.backups_name()
    backups = list_backups(folder)
    before = tables(cli.db)
    report = {
        "date": "2026-01-15",
        "scenario": "bloodbath",
        "posses": [D, "Last Hope Lawmen"],
        "winner": "Last Hope Lawmen",
        "out_of_action": [
            {"posse": D, "member": "Kid", "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"}}
        ],
        "income": [{"posse": D, "amount": 5, "reason": "stagecoach"}],
    }
    cli.ok("game", "record", cli.file(report))
    assert tables(cli.db) != before
    assert list_backups(folder) == backups
    cli.ok("game", "undo")
    assert tables(cli.db) == before
    assert list_backups(folder) == backups  # the game alone: no backup either


def test_backup_and_restore_round_trip(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    made = cli.ok("backup").out
    assert "Backed up" in made
    saved = list_backups(cli.backups_name())[0].path
    cli.ok("posse", "buy", D, "Slim", "switchblade")
    cli.ok("posse", "rename", D, "Daltons")
    # A server campaign's restore asks first (on a terminal), so the test agrees in advance.
    yes = ("--yes",) if on_server(cli.db) else ()
    out = cli.ok("restore", str(saved), *yes).out
    assert "backed up to" in out
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == [D]
    assert cli.ok("posse", "show", D, "--json").json()["purse"] == 7
    # The replaced file was kept: restoring it brings the rename back.
    made = list_backups(cli.backups_name())
    before_restore = next(b for b in made if b.reason == "before-restore")
    cli.ok("restore", str(before_restore.path), *yes)
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == ["Daltons"]


@pytest.mark.sqlite_only
def test_restore_clears_stale_wal_files(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    cli.ok("backup")
    saved = list_backups(cli.db)[0].path
    Path(str(cli.db) + "-wal").write_bytes(b"stale garbage from a crash" * 100)
    Path(str(cli.db) + "-shm").write_bytes(b"\0" * 32768)
    cli.ok("restore", str(saved))
    assert not Path(str(cli.db) + "-wal").exists() or Path(str(cli.db) + "-wal").stat().st_size == 0
    assert cli.ok("check").out.startswith("No problems")


def test_restore_refuses_a_damaged_backup(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    before = cli.state()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all")
    result = cli("restore", str(bad))
    assert result.code == 1 and "not a campaign file" in result.err
    assert cli.state() == before


def test_check_is_silent_on_a_clean_file_and_names_broken_invariants(
    cli: Cli, dalton: dict
) -> None:
    cli.new_posse(dalton)
    assert cli.ok("check").out.startswith("No problems")
    assert cli.ok("check").out.startswith("No problems")
    cli.sql("UPDATE member SET status='dead', injuries=3 WHERE name='Ike Dalton'")  # has items
    cli.sql("UPDATE member SET injuries=7 WHERE name='Slim'")
    cli.sql(
        "INSERT INTO ledger (posse_id, amount, reason, kind, date) "
        "VALUES (1, -500, 'x', 'buy', 'd')"
    )
    cli.sql("UPDATE member SET flips=-1 WHERE name='Doc'")
    result = cli("check")
    assert result.code == 1
    assert "Ike Dalton of The Dalton Boys is dead but still carries items" in result.out
    assert "Slim of The Dalton Boys has 7 injury strikes" in result.out
    assert "has a purse of -$493, below $0 (R16)." in result.out
    assert "Doc of The Dalton Boys has -1 flips" in result.out


@pytest.mark.sqlite_only
@pytest.mark.parametrize(
    "damage",
    ["zero", "truncated", "garbage", "text", "header-only"],
)
def test_damaged_campaign_files_are_refused_untouched_with_a_backup_offered(
    cli: Cli, dalton: dict, damage: str
) -> None:
    cli.new_posse(dalton)
    good = make_backup(cli.db, "manual")
    data = cli.db.read_bytes()
    broken = {
        "zero": b"",
        "truncated": data[: len(data) // 3],
        "garbage": data[:100] + b"\xde\xad\xbe\xef" * 2000,
        "text": b"name,faction\nDaltons,outlawmen\n",
        "header-only": b"SQLite format 3\x00",
    }[damage]
    cli.db.write_bytes(broken)
    result = cli("posse", "list")
    assert result.code == 1 and "Traceback" not in result.err
    assert cli.db.read_bytes() == broken
    assert str(good) in result.err


@pytest.mark.sqlite_only
def test_thin_removes_old_backups_from_disk(cli: Cli, dalton: dict) -> None:
    from datetime import datetime, timedelta

    cli.new_posse(dalton)
    for b in list_backups(cli.db):  # the hourly one made while creating the posse
        b.path.unlink()
    start = datetime(2026, 1, 1, 12)
    for day in range(60):
        make_backup(cli.db, "editing", start + timedelta(days=day))
    now = start + timedelta(days=59)
    thin(cli.db, now)
    kept = list_backups(cli.db)
    assert 10 <= len(kept) <= 1 + 7 + 4 + 6
    assert kept[0].made == now
