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
