"""Opening a campaign file: checks, pragmas, migration (DESIGN 4).

Nothing is written to a file before it is known to be ours: the checks read it on a read-only
connection that creates no -wal or -shm file, and only then does the real connection switch
it to WAL and migrate it.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import peewee
from peewee import SqliteDatabase

from db.busy import is_busy
from db.models import bound as bound  # for the use cases, which never import the models
from db.models import database
from db.schema import APPLICATION_ID, current_version, latest, migrate, tables_at, v1_layout
from rostermgr.errors import DamagedFile, InvalidFile, quoted
from rostermgr.rules_load import special_kind

# What the database layer raises for a fault of the file (damage, a full disk, a lock).
DATABASE_ERRORS = (sqlite3.DatabaseError, peewee.DatabaseError)
# The open campaign database a `services.Campaign` owns (the use cases never name peewee).
CampaignDatabase = peewee.Database  # SQLite (a file) or PostgreSQL (db.postgres)
SQLITE_HEADER = b"SQLite format 3\x00"
PRAGMAS = {
    "foreign_keys": 1,
    "journal_mode": "wal",
    "synchronous": 2,  # FULL: a committed game survives a power cut
    "busy_timeout": 5000,
}
# SQLITE_CORRUPT and SQLITE_NOTADB, the primary codes of a damaged file.
_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
# Python's own words for a text column holding bytes that are not UTF-8 count as damage too.
_DAMAGE_WORDS = ("malformed", "not a database", "file is encrypted", "corrupt", "decode")


def check_campaign_file(path: Path) -> None:
    """Refuse, without touching it, a file that is not a SQLite database."""
    if not path.exists():
        return
    if path.is_dir():
        raise InvalidFile(f"{path} is a folder, not a campaign file.")
    kind = special_kind(path)
    if kind is not None:  # a FIFO would block the open below; a device is no campaign
        raise InvalidFile(
            f"The campaign file {path} is not a regular file ({kind}); it was not opened."
        )
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise InvalidFile(f"Cannot read the campaign file {path}: {exc.strerror}.") from exc
    if path.stat().st_size == 0:
        raise InvalidFile(
            f"The campaign file {path} is empty (0 bytes): it is not a campaign."
            + offer_backup(path)
        )
    if head != SQLITE_HEADER:
        raise InvalidFile(
            f"{path} is not a campaign file (it is not a SQLite database)." + offer_backup(path)
        )


OFFERED = " The newest good backup is "


def offer_backup(path: Path) -> str:
    """A sentence naming the newest good backup, if there is one."""
    from db.backup import newest_good_backup

    good = newest_good_backup(path)
    return f"{OFFERED}{good}; restore it with: rostermgr restore {good}" if good else ""


def without_offer(sentence: str) -> str:
    """`sentence` without the ending `offer_backup` gave it: for the app, which offers to
    restore that backup itself, rather than naming a command to type."""
    return sentence.split(OFFERED, 1)[0]


def is_damage(exc: BaseException) -> bool:
    """Whether a sqlite3 or peewee error means the file itself is damaged (not busy, not full)."""
    seen: list[BaseException] = []
    todo: list[BaseException] = [exc]
    while todo:
        err = todo.pop()
        if err in seen:
            continue
        seen.append(err)
        code = getattr(err, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in _DAMAGE_CODES:
            return True
        if isinstance(err, sqlite3.DatabaseError | peewee.DatabaseError) and any(
            word in str(err).lower() for word in _DAMAGE_WORDS
        ):
            return True
        # peewee keeps the sqlite3 error it wraps as `orig` and as the context.
        linked = (getattr(err, "orig", None), err.__cause__, err.__context__, *err.args)
        todo += [e for e in linked if isinstance(e, BaseException)]
    return False


def _reason(exc: BaseException) -> str:
    """SQLite's words for a damage, kept to one short line: never the text of a stored row.

    Python's decoding error quotes the whole column (a ruleset of many lines); the details
    stay in the exception, which the command line writes to its log.
    """
    text = str(exc).strip()
    if "decode" in text.lower():
        return "a text stored in it is not valid UTF-8"
    line = text.splitlines()[0].strip() if text else type(exc).__name__
    return line if len(line) <= 100 else f"{line[:97]}..."


def damaged(path: Path, exc: BaseException) -> DamagedFile:
    """The refusal for a damaged campaign file, naming the newest good backup to restore.

    Callers catch `sqlite3.DatabaseError` and `peewee.DatabaseError` around any use of the
    file, and raise this when `is_damage(exc)`; it is the same sentence a damaged header gets.
    """
    reason = _reason(exc)
    return DamagedFile(
        f"The campaign file {path} is damaged or not a campaign ({reason}); it was not changed."
        + offer_backup(Path(path))
    )


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file nor create files beside it.

    While a -wal or -shm file exists the file is in use in WAL mode: read it properly (the side
    files are there already). Otherwise `immutable` reads the file alone and creates nothing,
    where a read-only connection to a WAL-mode file would create both side files.
    """
    in_use = any(Path(f"{path}{s}").exists() for s in ("-wal", "-shm"))
    mode = "mode=ro" if in_use else "immutable=1"
    return sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)


def file_problem(con: sqlite3.Connection) -> str | None:
    """What makes a campaign file of ours unusable though SQLite finds its pages sound, if any.

    A schema_version table that holds no schema number (text, a fraction, less than 1, or
    nothing), a table its schema has that is missing, or a stored ruleset text that is not
    UTF-8: each would stop every command, so the file is refused on opening, and neither
    backed up nor offered as a good backup.
    """
    tables = {
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    if "schema_version" not in tables:
        return None  # not ours, or not yet: refuse_foreign tells which
    rows = con.execute("SELECT version, typeof(version) FROM schema_version").fetchall()
    if not rows:
        return "its schema_version table is empty"
    for value, kind in rows:
        if kind != "integer" or value < 1:
            return f"its schema_version table holds {quoted(value)}, not a schema number"
    version = max(r[0] for r in rows)
    if version <= latest():  # a newer schema is refused as such, by its own sentence
        missing = sorted(tables_at(version) - tables)
        if missing:
            return f"it has no {missing[0]} table"
    if "ruleset" in tables:
        for rowid, text in con.execute('SELECT id, CAST("text" AS BLOB) FROM ruleset'):
            try:
                bytes(text or b"").decode("utf-8")
            except UnicodeDecodeError as exc:
                return (
                    f"the ruleset text stored in it (ruleset {rowid}) is not valid UTF-8 "
                    f"(byte {exc.start})"
                )
    return None


def tampered(path: Path, problem: str) -> DamagedFile:
    """The refusal of a campaign file that `file_problem` finds unusable."""
    return DamagedFile(
        f"The campaign file {path} is damaged: {problem}, so nothing was read or written."
        + offer_backup(Path(path))
    )


def refuse_foreign(path: Path) -> None:
    """Refuse, leaving it byte-for-byte as it is, an existing SQLite file that is not ours.

    Adopted are: an SQLite file with nothing in it yet; a file with our application id and a
    schema_version table; and a campaign made before the id existed, recognised by having
    exactly the tables and columns of schema 1 (migration 2 then gives it the id).
    """
    if not path.exists():
        return
    try:
        con = _read_only(path)
        try:
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            tables = [
                r[0]
                for r in con.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%'"
                )
            ]
            objects = con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
            layout = {
                t: tuple(r[1] for r in con.execute(f'PRAGMA table_info("{t}")')) for t in tables
            }
            problem = file_problem(con) if app_id == APPLICATION_ID else None
        finally:
            con.close()
    except sqlite3.Error as exc:
        if is_damage(exc):
            raise damaged(path, exc) from exc
        if is_busy(exc) or "disk i/o error" in str(exc).lower():
            raise  # another program is writing, or the disk failed: the caller names it
        raise InvalidFile(
            f"Cannot read the campaign file {path} ({exc}); it was not changed."
        ) from exc
    if objects == 0:
        return
    if app_id == APPLICATION_ID and problem is not None:
        raise tampered(path, problem)
    if app_id == APPLICATION_ID and "schema_version" in layout:
        return
    if app_id == 0 and layout == v1_layout():
        return
    raise InvalidFile(
        f"{path} is an SQLite database but not a rostermgr campaign; it was not changed."
    )


def refuse_newer(path: Path) -> None:
    """Refuse a campaign file (a backup to restore, say) that this rostermgr could not open:
    one written by a newer schema. Reads it without changing it."""
    try:
        con = _read_only(path)
        try:
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
            row = (
                con.execute("SELECT MAX(version) FROM schema_version").fetchone()
                if "schema_version" in tables
                else (0,)
            )
        finally:
            con.close()
    except sqlite3.Error as exc:
        if is_damage(exc):
            raise damaged(path, exc) from exc
        raise
    version, newest = int(row[0] or 0), latest()
    if version > newest:
        raise InvalidFile(
            f"{path} was written by a newer rostermgr (schema {version}); this one reads up to "
            f"schema {newest}, so it was not used. Update rostermgr to open it."
        )


def open_campaign(path: Path, read_only: bool = False) -> SqliteDatabase:
    """Open (creating if missing) and migrate a campaign file; bind the models to it.

    Refuses with InvalidFile, leaving the file as it was, anything that is not a campaign of
    ours, and a file whose header or schema is damaged. `read_only` opens an existing file
    without writing to it or beside it (no migration: it must be of this schema already).
    Other SQLite errors (a read-only file, a full disk, a busy file) are raised as they are,
    for the caller to name.
    """
    path = Path(path)
    check_campaign_file(path)
    refuse_foreign(path)
    if read_only:
        return _open_read_only(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    created = not path.exists()
    # IMMEDIATE: a transaction takes the write lock when it begins, so a second writer waits
    # (busy_timeout) instead of failing at its first write after reading.
    db = SqliteDatabase(str(path), pragmas=PRAGMAS, lock_type="IMMEDIATE")
    try:
        db.connect()
        db.execute_sql("PRAGMA schema_version").fetchone()  # reads the header: fails on garbage
        database.initialize(db)
        migrate(db, path)
    except BaseException as exc:
        db.close()
        if created:  # as it was: absent, not an empty file the next command calls no campaign
            _remove_created(path)
        if isinstance(exc, sqlite3.DatabaseError | peewee.DatabaseError) and is_damage(exc):
            raise damaged(path, exc) from exc
        raise
    return db


def _remove_created(path: Path) -> None:
    """Remove the campaign file this open made (and SQLite's files beside it), if it can."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


READ_ONLY_PRAGMAS = {"foreign_keys": 1, "busy_timeout": PRAGMAS["busy_timeout"]}


def _open_read_only(path: Path) -> SqliteDatabase:
    """The campaign at `path` for reading only, whether or not the file could be written:
    no migration, no -wal or -shm file made. Refuses a file of another schema."""
    if not path.exists():
        raise InvalidFile(f"There is no campaign file at {path} to read.")
    in_use = any(Path(f"{path}{s}").exists() for s in ("-wal", "-shm"))
    mode = "mode=ro" if in_use else "immutable=1"
    db = SqliteDatabase(f"{path.resolve().as_uri()}?{mode}", uri=True, pragmas=READ_ONLY_PRAGMAS)
    try:
        db.connect()
        database.initialize(db)
        version, newest = current_version(db), latest()
    except (sqlite3.DatabaseError, peewee.DatabaseError) as exc:
        db.close()
        if is_damage(exc):
            raise damaged(path, exc) from exc
        raise
    if version != newest:
        # Said of a read-only file and of a writable one read without writing alike: the
        # words must be true of both (the file's mode is not what stops the update here).
        db.close()
        if version > newest:
            raise InvalidFile(
                f"The campaign file {path} was written by a newer rostermgr (schema {version}); "
                f"this one reads up to schema {newest}, so it was not opened. Update rostermgr."
            )
        raise InvalidFile(
            f"The campaign file {path} is opened here only to read it, and it needs updating to "
            f"schema {newest} first: open it once with the app or any command that writes "
            "(make it writable first if it is read-only)."
        )
    return db
