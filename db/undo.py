"""An undo log kept by SQLite triggers: every change to campaign state records its inverse.

Undoing to a mark replays the inverses newest first, which returns every tracked table to
exactly its state at the mark (the technique of sqlite.org's "Automatic Undo/Redo").
"""

from __future__ import annotations

import re

from db.models import CAMPAIGN_TABLES, Store
from db.sql import engine_of, is_postgres, run

_ON = "(SELECT active FROM undo_state) = 1"
MARK_COLUMNS = frozenset({"undo_mark", "undo_end"})


def create_triggers(db: Store) -> None:
    """(Re)create the triggers for the current columns of every campaign table.

    Run after every migration step; a table a later version adds is skipped until it exists.
    """
    if is_postgres(db):
        from db.postgres_schema import create_triggers as on_server

        on_server(engine_of(db))
        return
    for model in CAMPAIGN_TABLES:
        table = model._meta.table_name
        columns = [row[1] for row in run(db, f'PRAGMA table_info("{table}")').fetchall()]
        for event in ("insert", "update", "delete"):
            run(db, f'DROP TRIGGER IF EXISTS "undo_{table}_{event}"')
        if not columns:
            continue
        # Where a game or adoption sits in the log is the log's own bookkeeping, kept true by
        # the code that numbers entries (db.redo): an undo or redo never writes it back.
        kept = [c for c in columns if c not in MARK_COLUMNS]
        sets = "||','||".join(f'\'"{c}"=\'||quote(old."{c}")' for c in kept)
        names = ",".join(f'"{c}"' for c in columns)
        values = "||','||".join(f'quote(old."{c}")' for c in columns)
        run(
            db,
            f'CREATE TRIGGER "undo_{table}_insert" AFTER INSERT ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f"('DELETE FROM \"{table}\" WHERE rowid='||new.rowid); END",
        )
        run(
            db,
            f'CREATE TRIGGER "undo_{table}_update" AFTER UPDATE ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f"('UPDATE \"{table}\" SET '||{sets}||' WHERE rowid='||old.rowid); END",
        )
        run(
            db,
            f'CREATE TRIGGER "undo_{table}_delete" BEFORE DELETE ON "{table}" WHEN {_ON} BEGIN '
            f"INSERT INTO undo_log (statement) VALUES "
            f'(\'INSERT INTO "{table}" (rowid,{names}) '
            f"VALUES ('||old.rowid||','||{values}||')'); END",
        )


def undo_mark(db: Store) -> int:
    """The newest entry number ever issued: undoing to it returns to the state of now.

    Numbers are never reused (AUTOINCREMENT, schema 4), so everything logged after this moment
    has a greater number, even after the log was pruned or emptied by an undo.
    """
    if is_postgres(db):  # the highest number taken out of the log, or the highest in it
        row = run(
            db,
            "SELECT GREATEST((SELECT COALESCE(MAX(seq), 0) FROM undo_log), "
            "(SELECT MAX(issued) FROM undo_state))",
        ).fetchone()
        return int(row[0])
    row = run(db, "SELECT seq FROM sqlite_sequence WHERE name = 'undo_log'").fetchone()
    if row is None:  # nothing ever logged (or a file of an older schema, read only)
        row = run(db, "SELECT COALESCE(MAX(seq), 0) FROM undo_log").fetchone()
    return int(row[0])


def newest_entry(db: Store) -> int:
    """The number of the newest entry in the log (0 when it is empty): an undo lowers it."""
    return int(run(db, "SELECT COALESCE(MAX(seq), 0) FROM undo_log").fetchone()[0])


def undo_to(db: Store, mark: int) -> int:
    """Replay inverses newer than the mark, newest first; call inside a transaction."""
    rows = run(
        db, "SELECT seq, statement FROM undo_log WHERE seq > ? ORDER BY seq DESC", (mark,)
    ).fetchall()
    run(db, "UPDATE undo_state SET active = 0")
    try:
        for _seq, statement in rows:
            run(db, statement)
    finally:
        run(db, "UPDATE undo_state SET active = 1")
    take_out_after(db, mark)
    return len(rows)


def prune_before(db: Store, mark: int) -> None:
    """Forget inverses no undo can reach (older than the oldest recorded game)."""
    _remember_issued(db)
    run(db, "DELETE FROM undo_log WHERE seq <= ?", (mark,))


def take_out_after(db: Store, mark: int) -> None:
    """Take the entries after `mark` out of the log; their numbers are never issued again."""
    _remember_issued(db)
    run(db, "DELETE FROM undo_log WHERE seq > ?", (mark,))


def _remember_issued(db: Store) -> None:
    """On PostgreSQL, keep the highest number issued before entries are taken out (SQLite
    keeps it in sqlite_sequence by itself): `undo_mark` must never go back."""
    if is_postgres(db):
        run(
            db,
            "UPDATE undo_state SET issued = GREATEST(issued, "
            "(SELECT COALESCE(MAX(seq), 0) FROM undo_log))",
        )


def log_problem(db: Store) -> str | None:
    """Why the undo log as a whole cannot be trusted, as a clause; None when it can.

    The log is switched on by exactly one undo_state row with active = 1. Its numbers have
    gaps where an undo took entries back (they are never issued again); what a game or an
    adoption needs of it is checked by `step_problem`.
    """
    state = run(db, "SELECT active FROM undo_state").fetchall()
    if not state:
        return "the undo log is switched off (its undo_state table has no row)"
    if len(state) > 1:
        return f"the undo log's undo_state table has {len(state)} rows instead of one"
    if state[0][0] != 1:
        return f"the undo log is switched off (undo_state.active is {state[0][0]!r}, not 1)"
    return None


def creation(table: str, rowid: int) -> str:
    """The entry the triggers log first when a row of `table` is made: the undo of its insert."""
    return f'DELETE FROM "{table}" WHERE rowid={rowid}'


def step_problem(db: Store, mark: int, end: int | None, first: str) -> str | None:
    """Why the log cannot take back one recorded step (a game, an adoption), or None.

    The step began just after `mark`: its first entry (`first`, the undo of the row that
    records the step) must be entry mark + 1, and all of its own entries, up to `end` where
    the file knows it, must be there. A pruned or renumbered log fails here, and the undo is
    refused instead of replaying something else.
    """
    low, high = run(db, "SELECT MIN(seq), MAX(seq) FROM undo_log").fetchone()
    if high is None or mark >= high:
        return f"the undo log holds nothing after its start (entry {mark})"
    if low > mark + 1:
        return (
            f"the undo log no longer reaches back to its start (it needs entry {mark + 1}, "
            f"the oldest kept is {low})"
        )
    # Before schema 4 (no `end` known) an adoption logged the old ruleset's update first.
    reach = 1 if end is not None else 2
    rows = run(
        db,
        "SELECT statement FROM undo_log WHERE seq > ? AND seq <= ? ORDER BY seq",
        (mark, mark + reach),
    ).fetchall()
    if first not in [statement for (statement,) in rows]:
        return f"undo log entry {mark + 1} is not where it began (the log was changed)"
    if end is not None:
        count = run(
            db, "SELECT COUNT(*) FROM undo_log WHERE seq > ? AND seq <= ?", (mark, end)
        ).fetchone()[0]
        if count != end - mark:
            return (
                f"the undo log has gaps ({end - mark - count} of its entries {mark + 1} to {end} "
                "are missing)"
            )
    return None


def undo_problem(db: Store, mark: int, end: int | None, first: str) -> str | None:
    """Why `undo_to(db, mark)` would not take back the step that began at `mark`, or None."""
    problem = log_problem(db) or step_problem(db, mark, end, first)
    if problem:
        return problem
    strange = strange_entries(db, after=mark)
    if strange:
        return f"undo log entry {strange[0][0]} is not an undo of a campaign table"
    return None


def _inverse_pattern() -> re.Pattern[str]:
    """The shape of every statement the triggers write (see create_triggers)."""
    t = "|".join(re.escape(model._meta.table_name) for model in CAMPAIGN_TABLES)
    return re.compile(
        rf'DELETE FROM "(?:{t})" WHERE rowid=-?\d+'
        rf'|UPDATE "(?:{t})" SET .* WHERE rowid=-?\d+'
        rf'|INSERT INTO "(?:{t})" \(rowid,.*\) VALUES \(.*\)',
        re.DOTALL,
    )


def strange_entries(db: Store, after: int | None = None) -> list[tuple[int, str]]:
    """Undo log entries (newer than `after`) that are not an inverse the triggers write."""
    pattern = _inverse_pattern()
    rows = (
        run(db, "SELECT seq, statement FROM undo_log ORDER BY seq").fetchall()
        if after is None
        else run(
            db, "SELECT seq, statement FROM undo_log WHERE seq > ? ORDER BY seq", (after,)
        ).fetchall()
    )
    return [
        (seq, statement)
        for seq, statement in rows
        if not isinstance(statement, str) or not pattern.fullmatch(statement)
    ]
