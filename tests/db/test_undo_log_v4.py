"""Schema 4: a campaign made before it keeps working (issue 27, item 1).

Its undo log is renumbered never again, every stored mark stays valid, and an adoption
written the old way (the old ruleset's update logged before the new row) can still be undone.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from peewee import SqliteDatabase

from db.schema import MIGRATIONS, migrate
from rostermgr.rules_load import default_ruleset
from services import rulesets, safety
from services.opening import for_command

COLUMNS = "ruleset_id, version, hash, text, adopted, current, undo_mark, history_mark, ledger_mark"


def schema3_with_an_adoption(path: Path) -> str:
    """A schema-3 campaign whose second ruleset was adopted as schema 3 did; its version."""
    db = SqliteDatabase(str(path))
    migrate(db, None, {k: MIGRATIONS[k] for k in (1, 2, 3)})
    first = default_ruleset().text
    second = first.replace('version = "0.1-playtest"', 'version = "0.2-old"', 1)
    row = "INSERT INTO ruleset (" + COLUMNS + ") VALUES (?, ?, ?, ?, '2026-11-01', 1, ?, 0, 0)"
    db.execute_sql("UPDATE undo_state SET active = 0")
    db.execute_sql(row, ("last-hope-frontier", "0.1-playtest", _hash(first), first, 0))
    db.execute_sql("UPDATE undo_state SET active = 1")
    mark = db.execute_sql("SELECT COALESCE(MAX(seq), 0) FROM undo_log").fetchone()[0]
    db.execute_sql("UPDATE ruleset SET current = 0 WHERE current = 1")  # logged first, then:
    db.execute_sql(row, ("last-hope-frontier", "0.2-old", _hash(second), second, mark))
    db.close()
    return "0.2-old"


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_an_old_adoption_migrates_checks_clean_and_undoes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(tmp_path / "backups"))
    path = tmp_path / "old.sqlite3"
    old = schema3_with_an_adoption(path)
    rules = default_ruleset()
    with for_command(path, rules, editing=True) as c:
        assert safety.check(c) == []
        assert rulesets.current(c).version == old
        done = rulesets.undo_adoption(c)
        assert done.undone.version == old and done.current.version == "0.1-playtest"
    con = sqlite3.connect(path)
    issued = con.execute("SELECT seq FROM sqlite_sequence WHERE name = 'undo_log'").fetchone()
    con.close()
    assert issued is not None and issued[0] >= 2  # the counter survives the emptied log
