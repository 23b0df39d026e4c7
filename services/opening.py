"""Opening a campaign, for one command or for the app, and the ruleset it is read with.

The command line opens a campaign for one command (`for_command`, `for_server`, `for_reading`)
and closes it afterwards; the app holds one open, with its lock, for as long as the window
shows it (`for_app`, `for_app_server`). Either way the open campaign is a `Campaign`
(services.campaign), whose `edit()` every write goes through, read with its own current
ruleset (`campaign_rules`), never silently another.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from db.check import quick_check
from db.connection import CampaignDatabase, bound
from db.connection import open_campaign as open_file
from db.lock import CampaignHeld, CampaignLock, refuse_if_held
from db.postgres import PasswordNeeded as PasswordNeeded  # for the app, which asks for one
from db.postgres import ServerDatabase, connection_fault, open_server, server_stand_in
from db.postgres import Unreachable as Unreachable  # the app offers a backup instead
from db.postgres import WrongPassword as WrongPassword
from db.rulesets import oldest_undoable_mark
from db.target import shown as server_shown
from db.undo import prune_before
from rostermgr.errors import DamagedFile, Refused
from rostermgr.rules import Ruleset
from services.campaign import Campaign, read_only_refusal
from services.faults import DATABASE_ERRORS, named
from services.paths import ready_folder, refuse_missing_folder
from services.startup import mark


def load_rules(ruleset_path: str | os.PathLike[str] | None = None) -> Ruleset:
    """The ruleset file given (--ruleset), else the shipped one."""
    from rostermgr.rules_load import given_or_shipped

    return given_or_shipped(ruleset_path)


def _chosen(rules: Ruleset, chosen: bool | None) -> bool:
    """Whether `rules` was asked for (--ruleset): anything but the shipped default object."""
    if chosen is not None:
        return chosen
    from rostermgr.rules_load import default_ruleset

    return rules is not default_ruleset()


def campaign_rules(
    db: CampaignDatabase, path: Path | str, rules: Ruleset, chosen: bool, writes: bool
) -> Ruleset:
    """The ruleset an open campaign is read with: its own current one, never silently another.

    A campaign without one yet (new, or made before schema 3) records `rules` now, when it
    can be written. Asked to open with a ruleset (--ruleset) other than the campaign's
    current one, it refuses: a different ruleset is adopted with `rules adopt`, never used in
    passing. The shipped default gives way to the campaign's own ruleset.
    """
    from db import rulesets as stored
    from rostermgr.rules_load import parse_ruleset_text

    with bound(db):
        current = stored.current()
        if current is None:
            if writes:
                stored.record_first(rules)
            return rules
    if current.hash == rules.hash:
        return rules
    if chosen:
        raise Refused(
            f"The campaign {path} is played under {current.id} version {current.version} "
            f"(adopted {current.adopted}), not the ruleset {rules.source} ({rules.id} version "
            f"{rules.version}), so nothing was opened; to play under that file from now on, "
            # with --db: without it, the command copied as written adopts into another campaign
            f"run: rostermgr --db {shlex.quote(str(path))} rules adopt {shlex.quote(rules.source)}"
        )
    return parse_ruleset_text(
        current.text, f"{current.id} {current.version}, in the campaign", strict=False
    )


def writable(path: Path) -> bool:
    """Can the campaign be changed: the file and its folder (for the -wal, -shm and lock)."""
    folder = path.absolute().parent
    if not path.exists():
        return not folder.exists() or os.access(folder, os.W_OK)
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)


def opened_file(path: Path, read_only: bool) -> CampaignDatabase:
    """The campaign file opened (made, when it is not there and may be written), or its fault
    named in a sentence (a damaged file, a full disk, a read-only or busy one)."""
    # a file this open made and could not make a campaign is gone again (db.connection)
    with _said((*DATABASE_ERRORS, OSError), partial(named, path)):
        return open_file(path, read_only=read_only)


def _opened_server(
    given: str, create: bool, password: str | None = None
) -> tuple[str, ServerDatabase]:
    """The server campaign `given` names, as sentences name it (no password), and its
    connection; or its fault named in a sentence (a password wrong or needed, no such
    database, a server that does not answer)."""
    where = server_shown(given)
    with _said(DATABASE_ERRORS, partial(connection_fault, where)):
        return where, open_server(given, create=create, password=password)


@contextmanager
def _said(
    errors: tuple[type[BaseException], ...], sentence: Callable[[BaseException], Refused | None]
) -> Iterator[None]:
    """An error of `errors` raised as the refusal `sentence` makes of it (named, or
    connection_fault); one it makes none of, and any other error, raised as it is."""
    try:
        yield
    except errors as exc:
        fault = sentence(exc)
        if fault is None:
            raise
        raise fault from exc


def _remove_new_file(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


@contextmanager
def _taken_over(path: Path) -> Iterator[None]:
    """Hold the campaign for one command, taking it from the app that holds it if need be."""
    lock = CampaignLock(path)
    try:
        lock.acquire()
    except CampaignHeld as held:
        lock.take_over(held.holder)
    try:
        yield
    finally:
        lock.release()


@contextmanager
def for_command(
    path: Path,
    rules: Ruleset,
    editing: bool = False,
    take_over: bool = False,
    chosen: bool | None = None,
) -> Iterator[Campaign]:
    """Open the campaign for one command line command and close it afterwards.

    An editing command is refused while the app holds the file, unless `take_over` says to
    take it from the app (which can then no longer write). A file that this command creates
    is removed again when the command is refused: only a write that succeeds leaves a
    campaign behind. The campaign is read with its own current ruleset (`campaign_rules`);
    `chosen` says whether `rules` was asked for (--ruleset), by default unless it is the
    shipped one.
    """
    if editing and take_over and path.exists() and writable(path):
        with _taken_over(path), for_command(path, rules, True, chosen=chosen) as c:
            c.lock_taken = True
            yield c
        return
    ready_folder(path)
    read_only = path.exists() and not writable(path)
    if editing and read_only:
        raise read_only_refusal(path)
    if editing:
        refuse_if_held(path)
    existed = path.exists()
    db = opened_file(path, read_only)
    campaign = Campaign(path, rules, db, created=not existed, read_only=read_only)
    try:
        if editing and existed:
            # A write must not be added to a damaged file, even one that never reads the
            # damaged page: refused, naming the newest good backup and how to restore it.
            problems = quick_check(db, path)
            if problems:
                raise DamagedFile(problems[0])
        campaign.rules = campaign_rules(db, path, rules, _chosen(rules, chosen), not read_only)
        yield campaign
    except BaseException as exc:
        campaign.close()
        if campaign.created:
            _remove_new_file(path)
        fault = named(path, exc) if isinstance(exc, (*DATABASE_ERRORS, OSError)) else None
        if fault is not None:
            raise fault from exc
        raise
    campaign.close()
    if campaign.created and not campaign.wrote:
        _remove_new_file(path)


@contextmanager
def for_server(
    given: str, rules: Ruleset, editing: bool = False, chosen: bool | None = None
) -> Iterator[Campaign]:
    """Open the campaign on a PostgreSQL server that `given` names, for one command.

    An empty database becomes a campaign; nothing else is created. There is no file lock: the
    server keeps writers apart (every edit is one SERIALIZABLE transaction, after the writers
    before it), so a command never waits for the app nor takes a campaign over.
    """
    where, db = _opened_server(given, editing)
    campaign = Campaign(server_stand_in(where), rules, db, server=where)
    try:
        with _said(DATABASE_ERRORS, partial(connection_fault, where)):
            campaign.rules = campaign_rules(db, where, rules, _chosen(rules, chosen), editing)
            yield campaign
    finally:
        campaign.close()


def for_app_server(
    given: str, rules: Ruleset, password: str | None = None, chosen: bool | None = None
) -> Campaign:
    """Open the campaign on a PostgreSQL server for the app, until it closes it.

    An empty database becomes a campaign, as a new file does. `password` is one the user
    typed when the server asked (PasswordNeeded); it is kept only by the open connection.
    """
    where, db = _opened_server(given, True, password)
    try:
        rules = campaign_rules(db, where, rules, _chosen(rules, chosen), True)
    except BaseException as exc:
        db.close()
        fault = connection_fault(where, exc) if isinstance(exc, DATABASE_ERRORS) else None
        if fault is not None:
            raise fault from exc
        raise
    return Campaign(server_stand_in(where), rules, db, server=where)


@contextmanager
def for_reading(path: Path, rules: Ruleset) -> Iterator[Campaign]:
    """Open the campaign only to read it, whatever its file allows, and close it afterwards.

    Nothing is written to the file or beside it: no migration (a campaign of an older schema is
    refused), no journal mode changed, no ruleset recorded. It is read with its own current
    ruleset (`rules` stands in only for the loader). For a use case that reads a campaign as
    its input, such as the simulator's --from-campaign.
    """
    refuse_missing_folder(path)
    if not path.exists():
        raise Refused(f"There is no campaign at {path}.")
    db = opened_file(path, True)
    campaign = Campaign(path, rules, db, read_only=True)
    try:
        with _said((*DATABASE_ERRORS, OSError), partial(named, path)):
            campaign.rules = campaign_rules(db, path, rules, False, False)
            yield campaign
    finally:
        campaign.close()


def for_app(
    path: Path,
    rules: Ruleset,
    lock: CampaignLock | None = None,
    read_only: bool = False,
    chosen: bool | None = None,
) -> Campaign:
    """Open `path` for the app, with `lock` already held or taken now (released on refusal).

    A read-only file opens read-only, without a lock: nothing can write it. `read_only` opens
    any file so (the user chose to look at a campaign another app holds). The campaign is
    read with its own current ruleset, as `for_command` says.
    """
    path = Path(path)
    chose = _chosen(rules, chosen)
    if read_only or (path.exists() and not writable(path)):
        if lock is not None:
            lock.release()
        db = open_file(path, read_only=True)
        try:
            return Campaign(path, campaign_rules(db, path, rules, chose, False), db, read_only=True)
        except BaseException:
            db.close()
            raise
    lock = lock or CampaignLock(path)
    if not lock.held:
        lock.acquire()  # before opening: opening may migrate, which writes
    existed = path.exists()
    opened: CampaignDatabase | None = None
    try:
        db = opened = open_file(path)
        mark("opened")
        problems = quick_check(db, path)
        mark("checked")
        if problems:
            raise DamagedFile(problems[0])  # one sentence, naming the backup to restore
        rules = campaign_rules(db, path, rules, chose, True)
        # Entries older than the oldest game (or adoption) can never be undone again; this
        # app's own undo stack starts empty, so now is the safe time to forget them.
        with bound(db), db.atomic():
            oldest = oldest_undoable_mark()
            if oldest is not None:
                prune_before(db, oldest)
    except BaseException as exc:
        if opened is not None:
            opened.close()
        lock.release()
        if not existed:  # made, then not made a campaign (a full disk): not left behind
            _remove_new_file(path)
        fault = named(path, exc) if isinstance(exc, (*DATABASE_ERRORS, OSError)) else None
        if fault is not None:
            raise fault from exc
        raise
    mark("ready")
    return Campaign(path, rules, db, lock)
