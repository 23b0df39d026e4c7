"""A full dump of the campaign tables, for tests that compare states."""

from __future__ import annotations

from peewee import Database

from db.models import CAMPAIGN_TABLES


def dump(db: Database) -> dict[str, list[tuple]]:
    out = {}
    for model in CAMPAIGN_TABLES:
        table = model._meta.table_name
        out[table] = db.execute_sql(f'SELECT rowid, * FROM "{table}" ORDER BY rowid').fetchall()
    return out


# Where a game or an adoption sits in the undo log: a redo logs its entries again under new
# numbers (numbers are never reused) and moves these with them.
MARKS = ("undo_mark", "undo_end")


def strip_marks(tables: dict[str, list[tuple]], db: Database) -> dict[str, list[tuple]]:
    """A dump less the undo-log marks (the columns named in `db`)."""
    out = dict(tables)
    for table in ("game", "ruleset"):
        names = [r[1] for r in db.execute_sql(f'PRAGMA table_info("{table}")').fetchall()]
        keep = [0] + [i + 1 for i, name in enumerate(names) if name not in MARKS]
        out[table] = [tuple(row[i] for i in keep) for row in tables[table]]
    return out


def dump_state(db: Database) -> dict[str, list[tuple]]:
    """The campaign tables less the undo-log marks: what a redo returns exactly."""
    return strip_marks(dump(db), db)
