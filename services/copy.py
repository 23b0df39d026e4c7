"""`campaign copy`: a whole campaign from a file to a server and back (issue 28).

Start a club from an existing campaign, take a copy home to print from offline, or keep one as
a backup: the history, the undo log and the stored rulesets go with it. The destination must
hold no campaign yet; a refused or failed copy leaves it as it was (a file it made is removed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from db.backup import Backup, list_backups
from db.connection import CampaignDatabase
from db.connection import open_campaign as open_file
from db.copy import (
    Log,
    Rows,
    describe,
    read_campaign,
    replace_campaign,
    rows_held,
    write_campaign,
)
from db.lock import refuse_if_held
from db.postgres import begin_write, connection_fault, open_server, server_stand_in
from db.target import is_server
from db.target import shown as server_shown
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from services.faults import DATABASE_ERRORS, named, wrote
from services.opening import for_command, for_server, opened_file
from services.paths import refuse_missing_folder


@dataclass(frozen=True)
class Copied:
    """What `copy` did: where from and to, and how much it carried."""

    source: str
    dest: str
    rows: int
    undo_entries: int


def where(given: str) -> str:
    """A campaign as sentences name it: its file, or its server without a password."""
    return server_shown(given) if is_server(given) else given


def copy(source: str, dest: str, rules: Ruleset) -> Copied:
    """Copy the campaign `source` (a file or a server URL) into `dest`, which must be empty."""
    if source == dest:
        raise Refused(f"The campaign {where(source)} cannot be copied onto itself.")
    if not is_server(source) and not Path(source).exists():
        raise Refused(f"There is no campaign file at {source} to copy.")
    opened = for_server(source, rules) if is_server(source) else for_command(Path(source), rules)
    with opened as c, c.db.atomic():  # one moment of the source, whatever writes meanwhile
        tables, log, mark = read_campaign(c.db)
    rows = sum(len(r) for r in tables.values())
    if is_server(dest):
        _into_server(dest, tables, log, mark)
    else:
        _into_file(Path(dest), tables, log, mark)
        wrote(Path(dest))
    return Copied(where(source), where(dest), rows, len(log))


def _refuse_not_empty(db: CampaignDatabase, shown: str) -> None:
    held = rows_held(db)
    if held:
        raise Refused(
            f"The campaign {shown} is not empty ({held} rows), so nothing was copied into it; "
            "give a new file or an empty database."
        )


def _into_server(dest: str, tables: Rows, log: Log, mark: int) -> None:
    shown = server_shown(dest)
    try:
        db = open_server(dest, create=True)
        try:
            with db.atomic():
                begin_write(db)
                _refuse_not_empty(db, shown)
                write_campaign(db, tables, log, mark)
        finally:
            db.close()
    except DATABASE_ERRORS as exc:
        fault = connection_fault(shown, exc)
        if fault is None:
            raise
        raise fault from exc


def _into_file(dest: Path, tables: Rows, log: Log, mark: int) -> None:
    refuse_missing_folder(dest)
    refuse_if_held(dest)
    existed = dest.exists()
    try:
        db = open_file(dest)
        try:
            with db.atomic():
                _refuse_not_empty(db, str(dest))
                write_campaign(db, tables, log, mark)
        finally:
            db.close()
    except BaseException as exc:
        if not existed:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{dest}{suffix}").unlink(missing_ok=True)
        if isinstance(exc, (*DATABASE_ERRORS, OSError)):
            fault = named(dest, exc)
            if fault is not None:
                raise fault from exc
        raise


@dataclass(frozen=True)
class ServerRestore:
    """What restoring a server campaign from a backup file would replace, and with what."""

    where: str
    current: str  # the campaign on the server now, in a few words
    backup: str  # the backup's campaign, in a few words


def restore_preview(given: str, source: Path, rules: Ruleset) -> ServerRestore:
    """What `restore_server` would replace: asked before it is done."""
    _refuse_not_a_backup(source)
    with for_server(given, rules) as c, c.db.atomic():
        c.allow("restore")
        current = describe(read_campaign(c.db)[0])
    return ServerRestore(server_shown(given), current, describe(_read_file(source)[0]))


def restore_server(given: str, source: Path, rules: Ruleset) -> Path:
    """Replace the campaign on the server with the backup file `source`, in one transaction,
    after a backup of what it replaces (a campaign file); returns that backup."""
    _refuse_not_a_backup(source)
    tables, log, mark = _read_file(source)
    with for_server(given, rules, editing=True) as c:
        c.allow("restore")
        saved = c.backup("before-restore")
        assert saved is not None  # a server campaign is always backed up
        try:
            with c.db.atomic():
                begin_write(c.db)
                replace_campaign(c.db, tables, log, mark)
        except DATABASE_ERRORS as exc:
            fault = connection_fault(c.where, exc)
            if fault is None:
                raise
            raise fault from exc
    return saved


def _refuse_not_a_backup(source: Path) -> None:
    from services.safety import refuse_not_a_campaign_file

    refuse_not_a_campaign_file(source)


def _read_file(source: Path) -> tuple[Rows, Log, int]:
    db = opened_file(source, True)
    try:
        return read_campaign(db)
    finally:
        db.close()


def server_backups(given: str) -> list[Backup]:
    """A server campaign's backups (campaign files), newest first."""
    return list_backups(server_stand_in(server_shown(given)))


def server_backup_now(given: str, rules: Ruleset) -> Path:
    """A backup of the server campaign now: a campaign file in its backups folder."""
    with for_server(given, rules) as c:
        made = c.backup("manual")
    assert made is not None  # a server campaign is always backed up
    return made
