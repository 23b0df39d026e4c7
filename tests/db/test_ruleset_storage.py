"""Issue 18 storage: the campaign holds its rulesets; rows record the one they were made under."""

from __future__ import annotations

import sqlite3
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from peewee import SqliteDatabase

from db import models as m
from db import rulesets as stored
from db.schema import MIGRATIONS, current_version, latest, migrate
from rostermgr.rules_load import default_ruleset
from services.opening import for_command


def schema2_campaign(path: Path) -> None:
    """A campaign as rostermgr made it before schema 3, with a posse, a game and a flip."""
    db = SqliteDatabase(str(path))
    migrate(db, None, {1: MIGRATIONS[1], 2: MIGRATIONS[2]})
    for sql in (
        "INSERT INTO posse (name, faction, ruleset_id, ruleset_version, created) "
        "VALUES ('Old Hands', 'sheriffs', 'last-hope-frontier', '1', '2025-01-01')",
        "INSERT INTO game (date, scenario, notes, report, undo_mark, last_history) "
        "VALUES ('2025-02-01', 'bloodbath', '', '{}', 0, 0)",
        "INSERT INTO member (posse_id, name, role, status, injuries, flips, position) "
        "VALUES (1, 'Wyatt', 'leader', 'active', 0, 0, 0)",
        "INSERT INTO upgrade (member_id, stat, card, game_id) VALUES (1, 'shot', '4C', 1)",
    ):
        db.execute_sql(sql)
    db.close()


def hashes(path: Path) -> dict[str, list[object]]:
    with sqlite3.connect(path) as con:
        return {
            t: [r[0] for r in con.execute(f'SELECT ruleset_hash FROM "{t}"')]
            for t in ("posse", "game", "upgrade")
        }


def test_the_migration_of_a_campaign_made_before_records_its_ruleset_once(
    tmp_path: Path, _isolated_backups: Path
) -> None:
    path = tmp_path / "old.sqlite3"
    schema2_campaign(path)
    rules = default_ruleset()
    with for_command(path, rules) as c:
        assert current_version(c.db) == latest() == 5
        assert c.rules is rules
        history = stored.history()
    assert [(h.id, h.version, h.hash, h.current) for h in history] == [
        (rules.id, rules.version, rules.hash, True)
    ]
    assert history[0].text == rules.text
    assert hashes(path) == {"posse": [rules.hash], "game": [rules.hash], "upgrade": [rules.hash]}
    backups = list(_isolated_backups.rglob("*before-schema3*"))
    assert backups, "a backup is made before the migration"
    with sqlite3.connect(backups[0]) as old:
        assert "ruleset" not in {r[0] for r in old.execute("SELECT name FROM sqlite_master")}
    with for_command(path, rules):
        assert len(stored.history()) == 1  # recorded once, not at every open


def test_new_posse_game_and_flip_rows_get_the_current_hash(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    rules = default_ruleset()
    with for_command(path, rules, editing=True) as c, c.edit():
        m.Posse.create(
            name="Made", faction="sheriffs", ruleset_id="x", ruleset_version="1", created="d"
        )
        made = m.Posse.get(m.Posse.name == "Made").ruleset_hash
    assert made == rules.hash


def test_a_stored_line_is_a_frozen_value(tmp_path: Path) -> None:
    with for_command(tmp_path / "c.sqlite3", default_ruleset(), editing=True) as c:
        line = stored.current()
        c.wrote = True
    assert line is not None
    with pytest.raises(FrozenInstanceError):
        line.version = "2"  # type: ignore[misc]
