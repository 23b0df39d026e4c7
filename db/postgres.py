"""Opening a campaign kept on a PostgreSQL server (issue 28), and naming its faults.

A campaign given as a `postgresql://` URL or a libpq service name lives in that database.
Passwords come from where libpq looks for them (the URL itself, PGPASSWORD, ~/.pgpass, a
service file): nothing here writes one anywhere, and every sentence names the server by a URL
with any password taken out (`shown`).

Every write is one transaction at SERIALIZABLE isolation that first locks the undo state
(`begin_write`): writers take turns, as they do on a SQLite file, so a game's undo-log entries
are consecutive and nothing one player writes is lost under another's.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import peewee
from peewee import Database, PostgresqlDatabase

from db.club import UNDO_REFUSED
from db.models import database
from db.postgres_schema import FIRST_VERSION, create_schema, create_triggers, server_v5
from db.schema import Migration, current_version, latest
from db.sql import run
from db.target import conninfo, shown
from rostermgr.errors import InvalidFile, Refused

# A serialization failure and a deadlock: the transaction is rolled back whole and may be run
# again as it was (PostgreSQL's SQLSTATE codes).
RETRY_STATES = frozenset({"40001", "40P01"})
TRIES = 4
CONNECT_TIMEOUT = 10  # seconds: a server that does not answer is named, not waited on
# A network that goes away in the middle of a command (Wi-Fi, a cable) sends no word of it:
# without these libpq waits for TCP to give up, some 15 minutes while it sends, for ever while
# it waits for an answer. With them a lost connection is said within LOST_AFTER seconds; a
# server that is only slow, or a write waiting for the writer before it, still answers them.
LOST_AFTER = 30
ALIVE: Mapping[str, int] = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 4,  # 10 + 4 * 5 seconds without an answer to the probes
    "tcp_user_timeout": LOST_AFTER * 1000,  # milliseconds a sent packet may go unacknowledged
}


# The driver logs warnings of its own, which Python prints to stderr when nothing handles
# them: on Ctrl+C under a frozen server, "query cancellation failed: cancellation timeout
# expired" and "query not terminated after cancellation: closing connection" came before the
# sentence that says what happened. They are not the user's to read.
logging.getLogger("psycopg").addHandler(logging.NullHandler())


class PasswordNeeded(Refused):
    """The server asks for a password that none of libpq's usual places gave: the app asks."""


class WrongPassword(Refused):
    """The server refused the password given."""


class Unreachable(Refused):
    """The server did not answer: the app offers the newest backup of the campaign instead."""


class ServerDatabase(PostgresqlDatabase):
    """A PostgreSQL campaign database: SERIALIZABLE transactions, psycopg 3.

    A `password` typed into the app is held in memory for this connection only.
    """

    def __init__(self, given: str, password: str | None = None) -> None:
        extra: dict[str, Any] = dict(ALIVE)
        if password is not None:
            extra["password"] = password
        super().__init__(
            conninfo(given),
            isolation_level="SERIALIZABLE",
            prefer_psycopg3=True,
            connect_timeout=CONNECT_TIMEOUT,
            application_name="rostermgr",
            **extra,
        )
        self.shown = shown(given)

    def _initialize_connection(self, conn: object) -> None:
        # The undo log's statements are SQLite's literals: a backslash is a character.
        conn.execute("SET standard_conforming_strings = on")  # type: ignore[attr-defined]


def begin_write(db: Database) -> None:
    """The first statement of every write: wait for the other writers, then read."""
    # SHARE ROW EXCLUSIVE conflicts with itself and not with readers; taken before any read,
    # so the transaction's snapshot is taken after the writer before it committed.
    run(db, "LOCK TABLE undo_state IN SHARE ROW EXCLUSIVE MODE")


def causes(exc: BaseException) -> Iterator[BaseException]:
    """`exc` and every error behind it: peewee keeps the driver's as `orig` and as the cause."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        err = todo.pop()
        if err is None or id(err) in seen:
            continue
        seen.add(id(err))
        yield err
        todo += [getattr(err, "orig", None), err.__cause__, err.__context__]


def sqlstate(exc: BaseException) -> str | None:
    """PostgreSQL's SQLSTATE code of an error from psycopg, through peewee's wrapping."""
    codes = (getattr(err, "sqlstate", None) for err in causes(exc))
    return next((code for code in codes if isinstance(code, str)), None)


def from_server(exc: BaseException) -> bool:
    """Whether an error came from the PostgreSQL server (psycopg), not from a SQLite file."""
    return any(type(err).__module__.startswith("psycopg") for err in causes(exc))


def should_retry(exc: BaseException) -> bool:
    """Whether a failed transaction lost a race with another writer and may simply run again."""
    return sqlstate(exc) in RETRY_STATES


def open_server(given: str, create: bool = True, password: str | None = None) -> ServerDatabase:
    """Connect to the campaign at `given` and bring it to the latest schema; bind the models.

    An empty database becomes a campaign of schema 4 and is migrated from there; one that
    holds other tables is refused untouched, as a foreign SQLite file is.
    """
    db = ServerDatabase(given, password)
    try:
        db.connect()
    except peewee.ImproperlyConfigured as exc:
        raise Refused(
            f"This rostermgr has no PostgreSQL driver (psycopg), so it cannot open {db.shown}; "
            "use one installed with pip or `make run`, which brings it."
        ) from exc
    except (peewee.DatabaseError, _driver_errors()) as exc:
        raise connection_fault(db.shown, exc) or not_connected(given, exc) from exc
    try:
        database.initialize(db)
        migrate_server(db, create)
    except BaseException:
        if not db.is_closed():
            db.close()
        raise
    return db


def migrate_server(db: ServerDatabase, create: bool = True) -> None:
    """Make an empty database a campaign (when `create`), or refuse one that is not ours or is
    newer."""
    version = current_version(db)
    if version == 0:
        tables = db.get_tables()
        if not tables and not create:
            raise Refused(
                f"The database {db.shown} holds no campaign yet; a command that writes (such "
                "as posse new, or campaign copy) makes one there."
            )
        if tables:
            raise InvalidFile(
                f"The database {db.shown} holds tables that are not a rostermgr campaign "
                f"({', '.join(sorted(tables)[:3])}); it was not changed. Give an empty database."
            )
        with db.atomic():
            create_schema(db)
        version = created = FIRST_VERSION
    else:
        created = 0
    newest = latest()
    if version > newest:
        raise InvalidFile(
            f"The campaign {db.shown} was written by a newer rostermgr (schema {version}); "
            f"this one reads up to schema {newest}. Update rostermgr to open it."
        )
    if version < newest:
        _migrate(db, version, newest, backup=not created)
    else:
        _add_missing_triggers(db)


# A trigger added after the schema version a campaign is at (keep_author: a club's player may
# not rewrite who made a line): the first open by a role that may make it adds it, as a step
# would; other roles use the campaign as it is until then.
NEWEST_TRIGGER = ("history", "keep_author_history")


def _add_missing_triggers(db: ServerDatabase) -> None:
    table, trigger = NEWEST_TRIGGER
    row = run(
        db,
        "SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = ?), "
        "pg_has_role((SELECT relowner FROM pg_class WHERE oid = to_regclass(?)), 'USAGE'), "
        "current_setting('transaction_read_only') = 'off'",  # a standby is read as it is
        (trigger, table),
    ).fetchone()
    if row is None or row[0] or not row[1] or not row[2]:
        return
    with db.atomic():
        begin_write(db)
        create_triggers(db)


def _migrate(db: ServerDatabase, version: int, newest: int, backup: bool = True) -> None:
    """Bring a server campaign from `version` to `newest`: a backup (a campaign file) first,
    unless it was made just now, then each step in one transaction, after the writers before
    it, as a file's steps are; a step another program made meanwhile is not made twice."""
    from db.copy import backup_server

    if backup:
        backup_server(db, server_stand_in(db.shown), f"before-schema{version + 1}")
    for step in range(version + 1, newest + 1):
        with db.atomic():
            begin_write(db)
            if current_version(db) >= step:
                continue
            SERVER_MIGRATIONS[step](db)
            create_triggers(db)
            run(db, "INSERT INTO schema_version (version) VALUES (?)", (step,))


def server_stand_in(where: str) -> Path:
    """What names a server campaign's backups folder: its URL (no password) as an absolute path."""
    return Path("/", where.replace("://", "/", 1))


# Each schema version after the first a server campaign is made at: its PostgreSQL step, the
# twin of its SQLite step in db.schema.MIGRATIONS (a test checks that each has one).
SERVER_MIGRATIONS: Mapping[int, Migration] = {5: server_v5}


def _message(exc: BaseException) -> str:
    """The server's own message of the driver's error behind `exc` (no detail, no context)."""
    for cause in causes(exc):
        diag = getattr(cause, "diag", None)
        if diag is not None and getattr(diag, "message_primary", None):
            return str(diag.message_primary)
    return str(exc).strip().splitlines()[0]


def connection_fault(where: str, exc: BaseException) -> Refused | None:
    """The sentence for a fault of the server or the connection, or None if it is none."""
    if not isinstance(exc, peewee.DatabaseError | _driver_errors()):
        return None
    words = str(exc).lower()
    state = sqlstate(exc)
    if state == "28P01" or "password authentication failed" in words:
        return WrongPassword(
            f"The PostgreSQL server {where} refused the password; nothing was read or written. "
            "Give the right one in PGPASSWORD, ~/.pgpass or a service file."
        )
    if "no password supplied" in words or "password is required" in words:
        return PasswordNeeded(
            f"The PostgreSQL server {where} asks for a password and none was given; nothing "
            "was read or written. Put it in PGPASSWORD, ~/.pgpass or a service file."
        )
    if state == UNDO_REFUSED:  # a club's player's undo, refused: its message is the sentence
        return Refused(_message(exc))
    if state == "42501":  # insufficient privilege: a club's grants or row-level security
        said = str(exc).strip().splitlines()[0] if str(exc).strip() else "permission denied"
        if "schema_version" in said:  # the first thing read: not let in at all
            return Refused(
                f"Your role may not read the club campaign {where}: it is not one of its players "
                "or arbitrators; ask an arbitrator to add you (club add-player)."
            )
        return Refused(
            f"The PostgreSQL server {where} refused this to your role ({said}); nothing was "
            "changed. Ask one of the club's arbitrators, or the server's administrator."
        )
    if state == "3D000" or ("database" in words and "does not exist" in words):
        return Refused(
            f"There is no such database on the PostgreSQL server {where}; nothing was written. "
            "Create it first (createdb), or check the name."
        )
    if state == "28000" or ("role" in words and "does not exist" in words):
        return Refused(
            f"The PostgreSQL server {where} does not know that user; nothing was read or "
            "written. Check the user name in the URL."
        )
    if should_retry(exc):
        return Refused(
            f"Other players kept changing the campaign {where} at the same moment, so this "
            f"was tried {TRIES} times and then given up; nothing was changed. Try again."
        )
    if "connection refused" in words or "could not connect" in words or "timeout" in words:
        return _unreachable(where)
    if any(w in words for w in _NO_SUCH_HOST):  # a typed host name, or no network at all
        return _unreachable(where)
    if state == "25006" or "read-only transaction" in words:
        return Refused(
            f"The PostgreSQL server {where} lets the campaign be read but not changed (a "
            "read-only database, or a standby server); nothing was changed. Ask its "
            "administrator, or take a copy to change with campaign copy."
        )
    if state == "53300" or any(w in words for w in _FULL_UP):
        return Refused(
            f"The PostgreSQL server {where} has no connection to spare (too many at once); "
            "nothing was read or written. Try again in a moment, or ask its administrator to "
            "allow more (max_connections)."
        )
    # 08: the connection itself; 57P01-57P03: the server shut down or restarting under it
    # (`pg_ctl stop` ends each session with 57P01, "terminating connection due to ...")
    lost = state is not None and (state.startswith("08") or state in _SHUT_DOWN)
    if lost or "server closed the connection" in words or "terminating connection" in words:
        return Refused(
            f"The connection to the PostgreSQL server {where} was lost; a change being made "
            "was either saved whole or not at all: look before you repeat it."
        )
    if "connection" in words and ("closed" in words or "lost" in words):
        return Refused(
            f"The connection to the PostgreSQL server {where} was lost; a change being made "
            "was either saved whole or not at all: look before you repeat it."
        )
    return None


# SQLSTATEs of a server shutting down or starting up: admin_shutdown, crash_shutdown,
# cannot_connect_now.
_SHUT_DOWN = ("57P01", "57P02", "57P03")

# What libpq says of a host name it could not look up: mistyped, or no network to ask.
_NO_SUCH_HOST = (
    "failed to resolve host",
    "could not translate host name",
    "name or service not known",
    "temporary failure in name resolution",
    "nodename nor servname",
)


# What the server says when every connection it allows is taken (SQLSTATE 53300, which libpq
# does not hand over for a refused connection).
_FULL_UP = ("too many clients", "connection slots are reserved", "too many connections")


def _unreachable(where: str) -> Unreachable:
    return Unreachable(
        f"Cannot reach the PostgreSQL server {where} (is it running, and is the address "
        "right?); nothing was read or written."
    )


def not_connected(given: str, exc: BaseException) -> Refused:
    """The sentence for a connection that could not be made, when `connection_fault` names
    no fault: the address itself is wrong (a port, an option, a service libpq does not know),
    or what answers there is not a PostgreSQL server."""
    where = shown(given)
    # psycopg's own prefix ("connection failed: connection to server at ... failed: ")
    # says nothing the sentence does not: the driver's reason is what follows it.
    reason = re.split(r"connection is bad: |failed: ", _message(exc).strip())[-1]
    answered = reason.startswith("FATAL:")  # the server's own refusal: it is PostgreSQL
    detail = _hide_password(given, reason.removeprefix("FATAL:").strip().rstrip("."))
    words = str(exc).lower()
    if "connection is bad" in words or _is_programming_error(exc):
        # libpq or psycopg refused the connection string before any connection was tried
        return Refused(
            f"Cannot open {where}: the PostgreSQL driver does not accept that address "
            f"({detail}); nothing was read or written. Correct it: "
            "postgresql://USER@HOST:PORT/DATABASE, or service=NAME for an entry of the service "
            "file."
        )
    if answered:
        return Refused(
            f"The PostgreSQL server {where} refused the connection ({detail}); nothing was "
            "read or written. Ask its administrator."
        )
    return Refused(
        f"What answered at {where} is not a PostgreSQL server ({detail}); nothing was read or "
        "written. Check the host and the port."
    )


def _is_programming_error(exc: BaseException) -> bool:
    return any(type(err).__name__ == "ProgrammingError" for err in causes(exc))


def _hide_password(given: str, text: str) -> str:
    """`text` (the driver's words) without the password `given` carries: the driver quotes a
    part of the URL it could not read, and that part may be the password."""
    secrets = re.findall(r"password=([^&\s]+)", given, flags=re.IGNORECASE)
    userinfo = urlsplit(conninfo(given)).netloc.rpartition("@")[0]
    if ":" in userinfo:
        secrets.append(userinfo.split(":", 1)[1])
    for secret in sorted(filter(None, secrets), key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


def _driver_errors() -> type[BaseException]:
    try:
        import psycopg
    except ImportError:  # pragma: no cover - the driver is a dependency
        return peewee.DatabaseError
    return psycopg.Error
