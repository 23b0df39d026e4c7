"""The trigger-kept undo log returns every campaign table to its state at a mark (DESIGN 4)."""

from __future__ import annotations

from pathlib import Path

from db import models as m
from db import posses
from db.connection import open_campaign
from db.undo import undo_mark, undo_to
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON
from tests.db.dump import dump


def test_undo_to_a_mark_restores_every_table(tmp_path: Path) -> None:
    rules = default_ruleset()
    db = open_campaign(tmp_path / "c.sqlite3")
    posses.create_posse(plan_creation(DALTON, rules), rules)
    before = dump(db)
    mark = undo_mark(db)
    writes.buy("The Dalton Boys", "Slim", "hatchet", rules)
    writes.sell("The Dalton Boys", "Kid", "pistol", rules)
    posses.rename_posse("The Dalton Boys", "Daltons")
    m.Member.update(injuries=2).execute()
    assert dump(db) != before
    with m.database.atomic():
        undo_to(db, mark)
    assert dump(db) == before
    db.close()
