"""A campaign on PostgreSQL (issue 28): its schema, frozen per version, and its undo triggers.

A server campaign starts at schema 4, frozen here as the SQL it is (db/schema_pg_v4.sql); a
later version adds one step for each engine. The tables are SQLite's with two differences
that make every statement of the undo log mean the same on both engines:

- each campaign table has a `rowid` column, which is SQLite's rowid: the integer primary key
  where there is one, else a number of its own. The triggers log SQLite's own statements
  (`DELETE FROM "posse" WHERE rowid=5`), so a log copied between engines replays on either.
- a new row's key is the largest plus one, as SQLite gives it (not a sequence that never goes
  back): a game recorded after an undo gets the undone game's number on both engines.

The log's entries also say which database role made them and when (`author`, `made`), which a
club campaign needs; the highest entry number ever issued is kept in `undo_state.issued`
when entries are taken out, where SQLite keeps it in sqlite_sequence.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from peewee import Database

from db.models import CAMPAIGN_TABLES
from db.sql import run
from db.undo import MARK_COLUMNS

FIRST_VERSION = 4  # the version a server campaign is made at
_ON = "(SELECT active FROM undo_state) = 1"


@cache
def frozen_statements() -> tuple[str, ...]:
    """The statements of db/schema_pg_v4.sql, one a line."""
    # beside this module (in the bundle too); not importlib.resources, slow to import (issue 33)
    text = Path(__file__).with_name("schema_pg_v4.sql").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(line.removesuffix(";") for line in lines if line and not line.startswith("--"))


def create_schema(db: Database) -> None:
    """Make an empty database a campaign of schema 4; call inside a transaction."""
    for statement in frozen_statements():
        db.execute_sql(statement)
    create_triggers(db)
    for version in range(1, FIRST_VERSION + 1):
        run(db, "INSERT INTO schema_version (version) VALUES (?)", (version,))


def server_v5(db: Database) -> None:
    """Schema 5 on a server, the twin of db.schema's: each posse's owner, who made each history
    line and ledger entry, and the players' reports. The undo log's entries name the role that
    logged in (`session_user`): the triggers that write them run as the campaign's owner
    (SECURITY DEFINER), so that a club's players, who may not write the log, are logged."""
    run(db, 'ALTER TABLE "posse" ADD COLUMN "owner" TEXT')
    for table in ("history", "ledger"):
        run(db, f'ALTER TABLE "{table}" ADD COLUMN "author" TEXT')
    run(db, 'ALTER TABLE "undo_log" ALTER COLUMN "author" SET DEFAULT session_user')
    run(db, 'ALTER TABLE "undo_log" ADD COLUMN "posse" INTEGER')
    run(
        db,
        'CREATE TABLE "submitted_report" ("id" INTEGER NOT NULL PRIMARY KEY, '
        '"posse_id" INTEGER NOT NULL REFERENCES "posse" ("id") ON DELETE RESTRICT, '
        '"doc" TEXT NOT NULL, "submitted" TEXT NOT NULL, "status" TEXT NOT NULL, '
        '"reason" TEXT, "game_id" INTEGER REFERENCES "game" ("id") ON DELETE RESTRICT, '
        '"author" TEXT, "decided_by" TEXT, "rowid" BIGINT NOT NULL UNIQUE)',
    )
    for column in ("posse_id", "game_id"):
        run(db, f'CREATE INDEX "submitted_report_{column}" ON "submitted_report" ("{column}")')


def columns(db: Database, table: str) -> list[tuple[str, str]]:
    """Each column of `table` but its `rowid`, with its PostgreSQL type, in table order."""
    rows = run(
        db,
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return [(name, kind) for name, kind in rows if name != "rowid"]


def _quoted(column: str, kind: str) -> str:
    """PL/pgSQL for SQLite's quote() of OLD's `column`: a number bare, text in single quotes
    with each quote doubled, NULL as NULL (standard_conforming_strings: no backslash escapes)."""
    value = f'OLD."{column}"'
    if kind in ("integer", "bigint", "smallint"):
        return f"COALESCE({value}::text, 'NULL')"
    return f"COALESCE('''' || replace({value}, '''', '''''') || '''', 'NULL')"


def _key_of(db: Database, table: str) -> str | None:
    """The integer primary key column of `table`, if it has one (its rowid is that key)."""
    row = run(
        db,
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_index i "
        "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
        "WHERE i.indrelid = ?::regclass AND i.indisprimary",
        (f'"{table}"',),
    ).fetchone()
    if row is None or row[1] not in ("integer", "bigint"):
        return None
    return str(row[0])


def _posse_of(table: str, cols: list[tuple[str, str]]) -> str:
    """PL/pgSQL for the posse a change of a `table` row touched (NULL: none, or every one):
    the row as it was, or as it is made for an insert."""
    names = {c for c, _ in cols}

    def row(column: str) -> str:
        return f'CASE WHEN TG_OP = \'INSERT\' THEN NEW."{column}" ELSE OLD."{column}" END'

    if table == "posse":
        return row("id")
    if "posse_id" in names:
        return row("posse_id")
    if "member_id" in names:
        return f"(SELECT posse_id FROM member WHERE id = {row('member_id')})"
    return "NULL"


def create_triggers(db: Database) -> None:
    """(Re)create, for the current columns of every campaign table, the trigger that numbers a
    new row as SQLite would and the triggers that log each change's inverse (from schema 5
    with the posse it touched, which a club's player's undo asks: db.club)."""
    from db.live import create_notify

    create_notify(db)
    log_columns = {c for c, _ in columns(db, "undo_log")}
    for model in CAMPAIGN_TABLES:
        table = model._meta.table_name
        cols = columns(db, table)
        if not cols:
            continue
        key = _key_of(db, table)
        number = (
            f'IF NEW."{key}" IS NULL THEN SELECT COALESCE(MAX("{key}"), 0) + 1 INTO NEW."{key}" '
            f'FROM "{table}"; END IF; IF NEW.rowid IS NULL THEN NEW.rowid := NEW."{key}"; END IF;'
            if key
            else "IF NEW.rowid IS NULL THEN SELECT COALESCE(MAX(rowid), 0) + 1 INTO NEW.rowid "
            f'FROM "{table}"; END IF;'
        )
        if any(c == "author" for c, _ in cols):
            # Who made a history line or ledger entry is the server's to say, not the
            # writer's; an undo or a copy (the log off) puts rows back as they were.
            number += f' IF {_ON} THEN NEW."author" := session_user; END IF;'
        logged = "statement"
        logged_values = "{0}"
        if "posse" in log_columns:
            logged, logged_values = "statement, posse", "{0}, " + _posse_of(table, cols)
        kept = [(c, k) for c, k in cols if c not in MARK_COLUMNS]
        sets = " || ',' || ".join(f"'\"{c}\"=' || {_quoted(c, k)}" for c, k in kept)
        names = ",".join(f'"{c}"' for c, _ in cols)
        values = " || ',' || ".join(_quoted(c, k) for c, k in cols)
        db.execute_sql(
            f'CREATE OR REPLACE FUNCTION "number_{table}"() RETURNS trigger LANGUAGE plpgsql '
            f"AS $body$ BEGIN {number} RETURN NEW; END $body$"
        )
        db.execute_sql(
            f'CREATE OR REPLACE FUNCTION "undo_{table}"() RETURNS trigger LANGUAGE plpgsql '
            # As the campaign's owner: a club's players may not write the undo log, so
            # nobody can slip a statement into it for an arbitrator's undo to replay.
            "SECURITY DEFINER SET search_path FROM CURRENT "
            "AS $body$ BEGIN "
            f"IF {_ON} THEN "
            f"IF TG_OP = 'INSERT' THEN INSERT INTO undo_log ({logged}) VALUES ("
            + logged_values.format(f"'DELETE FROM \"{table}\" WHERE rowid=' || NEW.rowid")
            + "); "
            f"ELSIF TG_OP = 'UPDATE' THEN INSERT INTO undo_log ({logged}) VALUES ("
            + logged_values.format(
                f"'UPDATE \"{table}\" SET ' || {sets} || ' WHERE rowid=' || OLD.rowid"
            )
            + "); "
            f"ELSE INSERT INTO undo_log ({logged}) VALUES ("
            + logged_values.format(
                f"'INSERT INTO \"{table}\" (rowid,{names}) VALUES (' || OLD.rowid || ',' || "
                f"{values} || ')'"
            )
            + "); "
            "END IF; END IF; "
            "IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END $body$"
        )
        for trigger in ("number", "keep_author", "undo_insert", "undo_update", "undo_delete"):
            db.execute_sql(f'DROP TRIGGER IF EXISTS "{trigger}_{table}" ON "{table}"')
        if any(c == "author" for c, _ in cols):
            # An update keeps who made the row: a club's player, who may change their own
            # posse's rows, must not be able to put an arbitrator's name on a line of theirs.
            db.execute_sql(
                f'CREATE OR REPLACE FUNCTION "keep_author_{table}"() RETURNS trigger '
                f'LANGUAGE plpgsql AS $body$ BEGIN IF {_ON} THEN NEW."author" := OLD."author"; '
                "END IF; RETURN NEW; END $body$"
            )
            db.execute_sql(
                f'CREATE TRIGGER "keep_author_{table}" BEFORE UPDATE ON "{table}" '
                f'FOR EACH ROW EXECUTE FUNCTION "keep_author_{table}"()'
            )
        db.execute_sql(
            f'CREATE TRIGGER "number_{table}" BEFORE INSERT ON "{table}" '
            f'FOR EACH ROW EXECUTE FUNCTION "number_{table}"()'
        )
        # As in SQLite: an insert and an update are logged after they are made, a delete
        # before, each row as it goes.
        for event, when in (("insert", "AFTER"), ("update", "AFTER"), ("delete", "BEFORE")):
            db.execute_sql(
                f'CREATE TRIGGER "undo_{event}_{table}" {when} {event.upper()} ON "{table}" '
                f'FOR EACH ROW EXECUTE FUNCTION "undo_{table}"()'
            )
