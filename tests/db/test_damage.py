"""A damaged page is named as damage, with the newest good backup, never as an internal error."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import peewee
import pytest

from db import models as m
from db import posses
from db.backup import make_backup
from db.check import check_campaign, quick_check
from db.connection import damaged, is_damage, open_campaign
from rostermgr.errors import InvalidFile
from rostermgr.report import parse_report
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON, LAWMEN, Cli

D, L = DALTON["name"], LAWMEN["name"]
Pick = Callable[[bytes, int, int], int]


def root(_data: bytes, _size: int, root_page: int) -> int:
    return root_page


def rightmost_leaf(data: bytes, size: int, root_page: int) -> int:
    base = (root_page - 1) * size
    assert data[base] == 0x05, "the table must span several pages for this fixture"
    return int.from_bytes(data[base + 8 : base + 12], "big")


def campaign_with_data(path: Path, games_played: int = 12) -> Path:
    """A sound campaign, closed (so the WAL is in the file), and a good backup of it."""
    rules = default_ruleset()
    db = open_campaign(path)
    for doc in (DALTON, LAWMEN):
        posses.create_posse(plan_creation(doc, rules), rules)
    for day in range(1, games_played + 1):
        report = {
            "date": f"2026-01-{day:02d}",
            "scenario": "bounty",
            "posses": [D, L],
            "income": [{"posse": L, "amount": 5, "reason": "escort fee for the stage " * 3}],
        }
        writes.record_game(parse_report(report, rules), rules)
    db.close()
    return make_backup(path, "manual")


def damage(path: Path, table: str | None, pick: Pick) -> int:
    """Overwrite the middle cell of one page of `table` (None: the schema) with 0xff bytes."""
    con = sqlite3.connect(path)
    size = con.execute("PRAGMA page_size").fetchone()[0]
    rows = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchall()
    con.close()
    data = bytearray(path.read_bytes())
    page = pick(bytes(data), size, rows[0][0] if rows else 1)
    base = (page - 1) * size
    header = base + (100 if page == 1 else 0)  # page 1 starts with the file header
    cells = int.from_bytes(data[header + 3 : header + 5], "big")
    pointers = header + (12 if data[header] in (0x02, 0x05) else 8)  # interior pages: 12
    middle = pointers + 2 * (cells // 2)
    cell = base + int.from_bytes(data[middle : middle + 2], "big")
    data[cell : cell + 32] = b"\xff" * 32  # the middle cell's header: sizes, rowid, child
    path.write_bytes(bytes(data))
    return page


@pytest.fixture
def damaged_file(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, Path]:
    path = tmp_path / "c.sqlite3"
    good = campaign_with_data(path)
    table, pick = request.param
    damage(path, table, pick)
    return path, good


DAMAGES = [
    pytest.param(("history", root), id="history root page"),
    pytest.param(("history", rightmost_leaf), id="history leaf page"),
    pytest.param(("ledger", root), id="ledger root page"),
]


@pytest.mark.parametrize("damaged_file", DAMAGES, indirect=True)
def test_check_reports_a_damaged_page_and_names_the_backup(
    damaged_file: tuple[Path, Path],
) -> None:
    path, good = damaged_file
    db = open_campaign(path)  # the schema is sound: the file opens, so it can be checked
    try:
        quick = quick_check(db)
        problems = check_campaign(db, default_ruleset())
    finally:
        db.close()
    for found in (quick, problems):
        assert found, "the damage went unnoticed"
        assert all(p.startswith("SQLite reports damage: ") for p in found), found
        # the first sentence says it all: the damage, the newest good backup, the command
        assert found[0].endswith(
            f"The newest good backup is {good}; restore it with: rostermgr restore {good}"
        )
        assert not any("internal error" in p for p in found)


@pytest.mark.parametrize("damaged_file", DAMAGES, indirect=True)
def test_reading_a_damaged_page_turns_into_the_damaged_file_refusal(
    damaged_file: tuple[Path, Path],
) -> None:
    path, good = damaged_file
    db = open_campaign(path)
    try:
        with pytest.raises((sqlite3.DatabaseError, peewee.DatabaseError)) as caught:
            list(m.History.select().tuples())
            list(m.Ledger.select().tuples())
        assert is_damage(caught.value)
        refusal = damaged(path, caught.value)
    finally:
        db.close()
    assert isinstance(refusal, InvalidFile)
    text = str(refusal)
    assert text.startswith(f"The campaign file {path} is damaged or not a campaign (")
    assert f"restore it with: rostermgr restore {good}" in text


@pytest.mark.parametrize("damaged_file", DAMAGES, indirect=True)
def test_the_check_command_lists_the_damage_and_exits_1(
    damaged_file: tuple[Path, Path], tmp_path: Path
) -> None:
    path, good = damaged_file
    result = Cli(path, tmp_path)("check")
    assert result.code == 1
    assert "SQLite reports damage" in result.out
    assert f"rostermgr restore {good}" in result.out
    assert "internal error" not in result.out + result.err


def test_a_damaged_schema_page_is_refused_on_open_untouched(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    good = campaign_with_data(path, games_played=1)
    damage(path, None, root)
    before = path.read_bytes()
    with pytest.raises(InvalidFile) as refused:
        open_campaign(path)
    assert f"rostermgr restore {good}" in str(refused.value)
    assert "is damaged or not a campaign" in str(refused.value)
    assert path.read_bytes() == before


def test_busy_and_full_are_not_damage() -> None:
    assert not is_damage(sqlite3.OperationalError("database is locked"))
    assert not is_damage(peewee.OperationalError("database or disk is full"))
    assert is_damage(peewee.DatabaseError(sqlite3.DatabaseError("file is not a database")))


@pytest.mark.sqlite_only
def test_damage_that_stops_the_check_itself_names_the_campaign_file(cli: Cli) -> None:
    """A page SQLite cannot even walk raises from quick_check: the sentence said only
    "SQLite reports damage: database disk image is malformed.", not which file."""
    cli.new_posse(DALTON)
    cli.ok("backup")
    data = bytearray(cli.db.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    data[size : size + 12] = b"\xff" * 12  # page 2's b-tree header
    cli.db.write_bytes(bytes(data))
    before = cli.db.read_bytes()
    done = cli("posse", "buy", DALTON["name"], "Slim", "whiskey")
    assert done.code == 1 and done.err.count("\n") == 1, done.err
    assert done.err.startswith(
        f"SQLite reports damage: the campaign file {cli.db} cannot be read ("
    ), done.err
    assert "restore it with: rostermgr restore " in done.err
    assert cli.db.read_bytes() == before
