"""The store's own SQL on either engine (issue 28): written once, with SQLite's `?` parameters.

The statements in `db` are SQLite's dialect where both engines agree (the undo log's inverse
statements included, which a PostgreSQL campaign also keeps in SQLite's form: see
db/postgres_schema.py). psycopg takes `%s` parameters and reads every `%` as the start of one,
so a statement bound for PostgreSQL has its `?` made `%s` and each other `%` doubled.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

# __exception_wrapper__ turns a driver's error into peewee's, as execute_sql does (peewee's
# stubs leave it out).
from peewee import Database, DatabaseProxy, PostgresqlDatabase
from peewee import __exception_wrapper__ as _as_peewee_errors  # type: ignore[attr-defined]


def engine_of(db: Database | DatabaseProxy) -> Database:
    """The database itself behind the models' router (or `db` when it is one)."""
    return db.obj if isinstance(db, DatabaseProxy) else db


def is_postgres(db: Database | DatabaseProxy) -> bool:
    """Whether `db` (or the database the router stands for now) is a PostgreSQL campaign."""
    return isinstance(engine_of(db), PostgresqlDatabase)


@cache
def for_psycopg(sql: str) -> str:
    """`sql` with SQLite's `?` parameters as psycopg's `%s`, and every other `%` doubled.

    A `?` inside a quoted string or name is text, not a parameter; a `%` is doubled wherever it
    is, since psycopg reads the whole statement.
    """
    out: list[str] = []
    quote: str | None = None
    for ch in sql:
        if ch == "%":
            out.append("%%")
        elif quote is not None:
            out.append(ch)
            if ch == quote:
                quote = None  # a doubled quote closes and reopens: the same text either way
        elif ch in "'\"":
            quote = ch
            out.append(ch)
        elif ch == "?":
            out.append("%s")
        else:
            out.append(ch)
    return "".join(out)


def run(db: Database | DatabaseProxy, sql: str, params: Sequence[Any] = ()) -> Any:
    """Execute one of the store's statements on `db`, in the dialect of its engine; the cursor."""
    if is_postgres(db):
        return db.execute_sql(for_psycopg(sql), tuple(params))
    return db.execute_sql(sql, tuple(params))


def run_many(db: Database | DatabaseProxy, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    """Execute one of the store's statements once for each row of parameters, in one call to
    the driver: a copy writes thousands of rows, and one call each cost most of a backup's
    time. Faults are peewee's, as `run`'s are."""
    engine = engine_of(db)
    text = for_psycopg(sql) if is_postgres(engine) else sql
    params = [tuple(row) for row in rows]
    if not params:
        return
    with _as_peewee_errors:
        engine.cursor().executemany(text, params)
