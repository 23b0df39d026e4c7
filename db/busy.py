"""Recognising "another program is writing to the campaign" among database errors.

Two writers at once are normal (the app and a script, two scripts): the second waits up to the
connection's busy_timeout (db.connection.PRAGMAS) and then gets SQLITE_BUSY. That is not an
internal error but a sentence: another program is writing; try again in a moment.
"""

from __future__ import annotations

import sqlite3

# SQLite's primary result codes (https://sqlite.org/rescode.html); the extended codes
# (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_TIMEOUT, SQLITE_LOCKED_SHAREDCACHE...) keep them in
# their low byte.
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
_BUSY_CODES = (SQLITE_BUSY, SQLITE_LOCKED)
# What those errors say, for errors that carry no code (peewee's wrappers, older Pythons).
_BUSY_WORDS = (
    "database is locked",
    "database table is locked",
    "database schema is locked",
    "database is busy",
)


def _causes(exc: BaseException) -> list[BaseException]:
    """`exc` and what it wraps: its cause, its context and exceptions among its args.

    peewee re-raises sqlite3's error as its own class with the original as the first argument.
    """
    seen: list[BaseException] = []
    todo = [exc]
    while todo and len(seen) < 20:
        current = todo.pop()
        if any(current is s for s in seen):
            continue
        seen.append(current)
        todo.extend(a for a in current.args if isinstance(a, BaseException))
        todo.extend(c for c in (current.__cause__, current.__context__) if c is not None)
    return seen


def is_busy(exc: BaseException) -> bool:
    """Whether `exc` (from sqlite3 or peewee) says another connection holds the database.

    True for SQLITE_BUSY and SQLITE_LOCKED and their extended codes (a write lock held past
    the busy timeout, a snapshot that went stale because another writer committed), found on
    `exc` itself or on the error it wraps.
    """
    for err in _causes(exc):
        code = getattr(err, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in _BUSY_CODES:
            return True
        if isinstance(err, sqlite3.OperationalError) or type(err).__name__ == "OperationalError":
            text = str(err).lower()
            if any(words in text for words in _BUSY_WORDS):
                return True
    return False
