"""`check` sees a tampered undo log and values of the wrong type; `game undo` refuses them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from peewee import SqliteDatabase

from db import games, posses
from db.check import check_campaign
from db.connection import open_campaign
from rostermgr.errors import Refused
from rostermgr.report import parse_report
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON, LAWMEN
from tests.db.dump import dump

D, L = DALTON["name"], LAWMEN["name"]
REPORT = {
    "date": "2026-01-01",
    "scenario": "bounty",
    "posses": [D, L],
    "winner": L,
    "income": [{"posse": L, "amount": 15, "reason": "escort fee"}],
}


@pytest.fixture
def rules() -> Ruleset:
    return default_ruleset()


@pytest.fixture
def played(tmp_path: Path, rules: Ruleset) -> Iterator[SqliteDatabase]:
    """Two posses and one recorded game; the file is sound."""
    db = open_campaign(tmp_path / "c.sqlite3")
    for doc in (DALTON, LAWMEN):
        posses.create_posse(plan_creation(doc, rules), rules)
    writes.record_game(parse_report(REPORT, rules), rules)
    assert check_campaign(db, rules) == []
    yield db
    db.close()


def untracked(db: SqliteDatabase, *statements: str) -> None:
    """Tamper with the file as another program would, without the undo log noticing."""
    with db.atomic():
        db.execute_sql("UPDATE undo_state SET active = 0")
        for statement in statements:
            db.execute_sql(statement)
        db.execute_sql("UPDATE undo_state SET active = 1")


def game_mark(db: SqliteDatabase) -> int:
    return int(db.execute_sql("SELECT undo_mark FROM game").fetchone()[0])


TAMPERED_STATE = {
    "switched off": ("UPDATE undo_state SET active = 0", "switched off"),
    "no row": ("DELETE FROM undo_state", "has no row"),
    "two rows": ("INSERT INTO undo_state (active) VALUES (1)", "2 rows instead of one"),
}


@pytest.mark.parametrize("kind", list(TAMPERED_STATE))
def test_a_tampered_undo_state_is_found_and_game_undo_refuses(
    played: SqliteDatabase, rules: Ruleset, kind: str
) -> None:
    statement, words = TAMPERED_STATE[kind]
    played.execute_sql(statement)
    problems = check_campaign(played, rules)
    assert any(words in p and "`game undo` cannot work" in p for p in problems), problems
    before = dump(played)
    state = played.execute_sql("SELECT active FROM undo_state").fetchall()
    with pytest.raises(Refused, match=f"cannot be undone: .*{words}.*nothing was changed"):
        games.undo_last_game()
    assert dump(played) == before
    assert played.execute_sql("SELECT active FROM undo_state").fetchall() == state


def test_a_log_that_no_longer_reaches_the_game_is_found_and_refused(
    played: SqliteDatabase, rules: Ruleset
) -> None:
    mark = game_mark(played)
    played.execute_sql("DELETE FROM undo_log WHERE seq <= ?", (mark + 1,))
    problems = check_campaign(played, rules)
    assert any("Game 1 of 2026-01-01 cannot be undone" in p for p in problems), problems
    before = dump(played)
    with pytest.raises(Refused, match="no longer reaches back"):
        games.undo_last_game()
    assert dump(played) == before


def test_a_game_mark_beyond_the_log_is_found_and_refused(
    played: SqliteDatabase, rules: Ruleset
) -> None:
    untracked(played, "UPDATE game SET undo_mark = 100000")
    problems = check_campaign(played, rules)
    assert any("holds nothing after its start (entry 100000)" in p for p in problems), problems
    with pytest.raises(Refused, match="holds nothing after its start"):
        games.undo_last_game()
    assert played.execute_sql("SELECT COUNT(*) FROM game").fetchone()[0] == 1


def test_a_gap_in_the_log_is_found(played: SqliteDatabase, rules: Ruleset) -> None:
    mark = game_mark(played)
    played.execute_sql("DELETE FROM undo_log WHERE seq = ?", (mark + 2,))
    problems = check_campaign(played, rules)
    assert any("the undo log has gaps (1 of its entries" in p.lower() for p in problems), problems
    with pytest.raises(Refused, match="gaps"):
        games.undo_last_game()


def test_an_undo_entry_that_is_not_an_undo_is_found_and_never_run(
    played: SqliteDatabase, rules: Ruleset
) -> None:
    played.execute_sql("INSERT INTO undo_log (statement) VALUES ('DROP TABLE ledger')")
    problems = check_campaign(played, rules)
    assert any("is not an undo of a campaign table ('DROP TABLE ledger')" in p for p in problems)
    with pytest.raises(Refused, match="is not an undo of a campaign table"):
        games.undo_last_game()
    assert played.execute_sql("SELECT COUNT(*) FROM ledger").fetchone()[0] > 0


def test_a_sound_log_still_undoes_the_game(played: SqliteDatabase) -> None:
    summary, _later = games.undo_last_game()
    assert summary.date == "2026-01-01"
    assert played.execute_sql("SELECT COUNT(*) FROM game").fetchone()[0] == 0


WRONG_TYPES = {
    "a ledger amount of 5.5": ("UPDATE ledger SET amount = 5.5 WHERE id = 1", "ledger", "amount"),
    "injuries as words": ("UPDATE member SET injuries = 'two' WHERE id = 1", "member", "injuries"),
    "flips as a fraction": ("UPDATE member SET flips = 1.5 WHERE id = 2", "member", "flips"),
    "a position as a blob": (
        "UPDATE member SET position = x'01' WHERE id = 3",
        "member",
        "position",
    ),
}


@pytest.mark.parametrize("kind", list(WRONG_TYPES))
def test_an_integer_column_holding_another_type_is_found(
    played: SqliteDatabase, rules: Ruleset, kind: str
) -> None:
    statement, table, column = WRONG_TYPES[kind]
    played.execute_sql(statement)
    problems = check_campaign(played, rules)
    assert any(
        p.startswith("Row ") and f" of {table} has {column} " in p and "not a whole number" in p
        for p in problems
    ), problems
    assert problems[-1].startswith("The game's rules were not checked")


def test_r16_a_ledger_amount_of_5_5_is_found(played: SqliteDatabase, rules: Ruleset) -> None:
    played.execute_sql("UPDATE ledger SET amount = 5.5 WHERE id = 1")
    assert check_campaign(played, rules)[0] == "Row 1 of ledger has amount 5.5, not a whole number."


def test_many_values_of_the_wrong_type_are_one_sentence(
    played: SqliteDatabase, rules: Ruleset
) -> None:
    played.execute_sql("UPDATE ledger SET amount = amount + 0.5")
    rows = played.execute_sql("SELECT COUNT(*) FROM ledger").fetchone()[0]
    problems = check_campaign(played, rules)
    assert [p for p in problems if "ledger" in p] == [
        f"{rows} rows of ledger have amount values that are not whole numbers (the first is row 1: "
        f"{played.execute_sql('SELECT amount FROM ledger WHERE id = 1').fetchone()[0]!r})."
    ]
