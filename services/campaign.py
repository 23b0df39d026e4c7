"""An open campaign, and the policy every write follows, for the app and the command line.

Every write goes through `Campaign.edit()`: the lock policy (a command line write is refused
while the app holds the file), the hourly backup, and one transaction; on a server, one
SERIALIZABLE transaction run again when it loses a race (`in_campaign`). The use cases in the
other modules of this package take a `Campaign`; services.opening opens one.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from db.backup import backup_dir, backup_due, backup_if_due, make_backup
from db.club import seat as club_seat
from db.connection import CampaignDatabase, bound
from db.copy import backup_server, backup_server_if_due
from db.lock import CampaignLock, refuse_if_held
from db.postgres import TRIES, begin_write, connection_fault, should_retry
from db.rulesets import current_hash
from db.undo import newest_entry, undo_mark
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from services.faults import DATABASE_ERRORS, ctrl_c_held, named, wrote

if TYPE_CHECKING:
    # The club's rules are asked only by an edit (and a server campaign's seat): the window
    # opening a file campaign does without them (issue 33).
    from rostermgr.club import Seat


@dataclass
class Campaign:
    """One open campaign file with the ruleset it is read with.

    `lock` is set when this program holds the file for the app's lifetime; then the undo log
    is kept for the app's own undo stack, and nothing else may write.
    """

    path: Path
    rules: Ruleset
    db: CampaignDatabase
    lock: CampaignLock | None = None
    created: bool = False  # this open made the file: a refused first command removes it again
    read_only: bool = False  # the file (or its folder) cannot be written: reads only
    lock_taken: bool = False  # this command holds the lock (taken over from the app)
    wrote: bool = False  # an edit of this open has committed
    server: str | None = None  # a campaign on a PostgreSQL server: its URL, no password
    commits: int = 0  # edits committed through this open
    _reading: Any = field(default=None, init=False, repr=False)  # a server read transaction
    _seat: Seat | None = field(default=None, init=False, repr=False)
    # On a server: the undo-log numbers this open's edits issued, as (after, up to) in order,
    # so that its Undo and Redo know whether someone else has written since (`_others_since`).
    _own: list[tuple[int, int]] = field(default_factory=list, init=False, repr=False)

    @property
    def seat(self) -> Seat:
        """Who the user is in a club campaign (issue 29): NO_CLUB for a file, or a server
        campaign that is no club, where whoever opens it may do everything."""
        from rostermgr.club import NO_CLUB, Seat

        if self.server is None:
            return NO_CLUB
        if self._seat is None:
            with bound(self.db):
                name, part, club = club_seat(self.db)
            self._seat = Seat(name, part, club)
        return self._seat

    def allow(self, action: str) -> None:
        """Refuse, in a sentence, what only an arbitrator does (rostermgr.club) to a player."""
        from rostermgr.club import refusal

        sentence = refusal(self.seat, action)
        if sentence is not None:
            raise Refused(sentence)

    def allow_posse(self, posse: str) -> None:
        """Refuse, in a sentence, a change to another player's posse; call inside the edit."""
        if self.seat.arbitrates:
            return
        from db.posses import owner_of

        with bound(self.db):
            _, owner = owner_of(posse)
        from rostermgr.club import posse_refusal

        sentence = posse_refusal(self.seat, posse, owner)
        if sentence is not None:
            raise Refused(sentence)

    @property
    def name(self) -> str:
        """A short name for a window title: the file's name, or the server campaign's URL."""
        return self.server if self.server is not None else self.path.name

    @property
    def where(self) -> str:
        """The campaign as sentences name it: its file, or its server."""
        return self.server if self.server is not None else str(self.path)

    @property
    def keeps_undo(self) -> bool:
        """The app undoes edits one by one, so it keeps the log older games would not need; so
        does a campaign on a server, where other players' apps are undoing theirs."""
        return self.lock is not None or self.server is not None

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Read this campaign: the store's queries run on its own connection for the duration,
        whatever other campaign this process has open.

        On a server all of it reads one moment of the campaign: a SERIALIZABLE READ ONLY
        DEFERRABLE transaction (which waits for a snapshot no writer can upset, and never
        fails), ended when the use case writes (`edit` starts its own) or returns.
        """
        with bound(self.db):
            if self.server is None or self._reading is not None or self.db.in_transaction():
                yield
                return
            # peewee's own transaction, so that its nested atomic() blocks are savepoints in it.
            try:
                reading = self.db.transaction(READ_ONLY_TRANSACTION)
                reading.__enter__()
                self._reading = reading  # begun: `_end_reading` ends it
                try:
                    yield
                finally:
                    self._end_reading()
            except DATABASE_ERRORS as exc:
                # what a use case reads on a lost connection (the server stopped) is said as
                # its writes are, in a sentence
                fault = connection_fault(self.where, exc)
                if fault is None:
                    raise
                raise fault from exc

    def _end_reading(self) -> None:
        """End the read transaction `reading` began, if one is open (it wrote nothing)."""
        if self._reading is not None:
            reading, self._reading = self._reading, None
            with contextlib.suppress(*DATABASE_ERRORS):  # a lost connection is said elsewhere
                reading.__exit__(None, None, None)

    @contextmanager
    def edit(self) -> Iterator[None]:
        """One write: refused while another program holds the file, backed up hourly, atomic."""
        if self.server is not None:
            with self._server_edit():
                yield
            return
        if self.read_only:
            raise read_only_refusal(self.path)
        if self.lock is None and not self.lock_taken:
            refuse_if_held(self.path)
        elif self.lock is not None and self.lock.lost():
            raise Refused(
                f"Another rostermgr has taken {self.path} over, so nothing was changed here; "
                "close this window and open the campaign again to go on."
            )
        try:
            if not self.created:
                _backup_due(self.path)
            with bound(self.db):
                outermost = self.db.transaction_depth() == 0  # else a savepoint: not yet saved
                atomic = self.db.atomic()
                atomic.__enter__()
                try:
                    yield
                except BaseException as exc:
                    atomic.__exit__(type(exc), exc, exc.__traceback__)  # rolled back
                    raise
                committed = False
                try:
                    with ctrl_c_held():
                        atomic.__exit__(None, None, None)  # committed, whole or not at all
                        committed = True
                        if outermost:
                            wrote(self.path)
                except KeyboardInterrupt as exc:
                    if not committed:  # pressed before the hold began: nothing is kept
                        atomic.__exit__(type(exc), exc, exc.__traceback__)
                        raise
                    self.wrote = True
                    self.commits += 1
                    raise
        except (*DATABASE_ERRORS, OSError) as exc:
            fault = named(self.path, exc)
            if fault is None:
                raise
            raise fault from exc
        self.wrote = True
        self.commits += 1
        if outermost:
            self._follow_stored_rules()

    def _follow_stored_rules(self) -> None:
        """After a write, read with the ruleset the campaign now holds. A write that takes
        back more than its own step (a game undo, an undo, a redo, a club player's own undo)
        may take an adoption back or put it back: the games recorded next were played under
        the undone ruleset (a death at 2 strikes where 3 kill), which `check` then found."""
        with bound(self.db):
            changed = current_hash() not in (None, self.rules.hash)
        if changed:
            self.follow_rules()

    @contextmanager
    def _server_edit(self) -> Iterator[None]:
        """One write to a server campaign: one SERIALIZABLE transaction, after the writers
        before it (no file lock: the server keeps writers apart)."""
        self._refuse_if_lost()
        self._end_reading()
        try:
            _server_backup_due(self)
            with bound(self.db), self.db.atomic():
                begin_write(self.db)
                start = undo_mark(self.db)
                # Another player may have adopted a ruleset since this command read the
                # campaign's: what is written now is written under the one current now.
                if current_hash() not in (None, self.rules.hash):
                    self.follow_rules()
                yield
                end = undo_mark(self.db)
        except DATABASE_ERRORS as exc:
            if should_retry(exc):
                raise LostRace(self.where) from exc
            fault = connection_fault(self.where, exc)
            if fault is None:
                raise
            raise fault from exc
        if end > start:  # committed: these numbers are this open's
            self._own.append((start, end))
        self.wrote = True
        self.commits += 1
        self._follow_stored_rules()

    def backup(self, reason: str, when_due: bool = False) -> Path | None:
        """A checked copy before a big step (an import, an undo); none of a file made just now.

        With `when_due`, only when the newest backup is older than the hourly schedule: what a
        game gets, since the undo log takes the game itself back (`game undo`) and the copy of
        a large campaign, or of one on a server, costs more than the game. A server campaign's
        backup is a campaign file made by `campaign copy`'s own copy.
        """
        if self.server is not None:
            self._end_reading()
            try:
                if when_due:
                    return backup_server_if_due(self.db, self.path, reason=reason)
                return backup_server(self.db, self.path, reason)
            except DATABASE_ERRORS as exc:
                fault = connection_fault(self.where, exc)
                if fault is None:
                    raise
                raise fault from exc
        if self.read_only:
            raise read_only_refusal(self.path)
        if self.created and not self.wrote:
            return None
        if when_due:
            return backup_if_due(self.path, reason=reason)
        return make_backup(self.path, reason)

    def reconnect(self) -> bool:
        """Connect a server campaign again after its connection was lost; whether it answered.
        The window stays read-only until it does (`read_only`)."""
        self._end_reading()
        with contextlib.suppress(*DATABASE_ERRORS):
            self.db.close()
        try:
            self.db.connect()
        except DATABASE_ERRORS:
            return False
        self.read_only = False
        return True

    def backup_due(self) -> bool:
        """Whether the hourly backup is due: what `backup(..., when_due=True)` would make."""
        if self.server is None and self.created and not self.wrote:
            return False
        return backup_due(self.path)

    def mark(self) -> int:
        """The undo log's position now: `undo_to(mark)` returns the campaign to this moment.

        The window takes it before each edit, so on a server a lost connection is said here
        in the edit's own sentence, not as a fault."""
        if self.server is None:
            with bound(self.db):
                return undo_mark(self.db)
        self._refuse_if_lost()
        try:
            with bound(self.db):
                return undo_mark(self.db)
        except DATABASE_ERRORS as exc:
            fault = connection_fault(self.where, exc)
            if fault is None:
                raise
            raise fault from exc

    def _refuse_if_lost(self) -> None:
        """A server campaign whose window saw its connection lost (services.live) writes
        nothing until the server answers again."""
        if self.read_only:
            raise Refused(
                f"The connection to {self.where} is lost, so nothing was changed; the window "
                "turns editable again once the server answers."
            )

    @contextmanager
    def backed_up_edit(self, reason: str, needed: bool) -> Iterator[Path | None]:
        """One write that takes back more than its own step: a checked backup first (when
        `needed`), then `edit()`; yields the backup made.

        What was planned before the backup must be what is written: if another program
        changed the file in between, the write is refused, nothing changed, so nothing is
        taken back that the backup does not hold.
        """
        seen = self._moment()  # on a server, of the moment the use case read and planned
        made = self.backup(reason) if needed else None
        with self.edit():
            if self._moment() != seen:
                raise Refused(
                    f"Another program changed the campaign {self.where} meanwhile, so nothing "
                    "was changed; look at it again, then try again."
                )
            yield made

    def _moment(self) -> tuple[int, int]:
        """Where the undo log is: the newest number issued and the newest entry. A write
        issues numbers; an undo issues none but takes the newest entries out."""
        with bound(self.db):
            return undo_mark(self.db), newest_entry(self.db)

    def undo_to(self, mark: int) -> tuple[str, ...]:
        """Undo every change after `mark` in one transaction; returns the statements to redo.

        Guarded as every edit is: refused on a read-only file or after a take-over.
        """
        from db.club import undo_own
        from db.redo import undo_capturing

        if self.seat.club:
            # In a club, Undo takes back only the user's own changes, unless another has
            # changed one of those posses since (issue 29): the server decides, as the log's
            # owner. (An arbitrator's `game undo` still takes back everything since.)
            with self.edit():
                return undo_own(self.db, mark)
        with self.edit():
            if self._others_since(mark):  # their change would be taken back with this one
                raise Refused(
                    f"Someone else changed the campaign {self.where} after this change, so it "
                    "was not undone (that would take their change back too); change it back "
                    "yourself (sell what was bought, for example)."
                )
            statements = undo_capturing(self.db, mark)
        return statements  # read with the ruleset it left: edit() follows it

    def redo(self, statements: tuple[str, ...]) -> None:
        """Replay what `undo_to` took back, in one transaction, guarded as every edit is."""
        from db.redo import redo

        with self.edit():
            # The statements put back rows as they were, whole: after someone else's change
            # they would overwrite it, or collide with the rows it made.
            if self._own and self._others_since(self._own[-1][1]):
                raise Refused(
                    f"Someone else changed the campaign {self.where} after this was undone, so "
                    "it was not redone (that would overwrite their change); make the change "
                    "again yourself."
                )
            redo(self.db, statements)

    def written_elsewhere_since(self, mark: int, now: int) -> bool:
        """Whether an undo log number after `mark`, up to `now`, was issued by another open
        of this server campaign (another app, whoever's role): not by this one's edits."""
        covered = mark
        for start, end in self._own:
            if end <= covered:
                continue
            if start > covered:
                return True
            covered = end
        return covered < now

    def _others_since(self, mark: int) -> bool:
        """Whether someone else has written to this server campaign since the undo log's
        `mark`: a number issued after it that this open's edits did not issue. Call inside
        an edit (its lock keeps others out meanwhile). Never so for a file: one writer."""
        if self.server is None:
            return False
        return self.written_elsewhere_since(mark, undo_mark(self.db))

    def follow_rules(self) -> None:
        """Read with the file's current ruleset again, when an undo or redo changed it."""
        from db import rulesets as stored
        from rostermgr.rules_load import parse_ruleset_text

        with bound(self.db):
            current = stored.current()
        if current is not None and current.hash != self.rules.hash:
            self.rules = parse_ruleset_text(
                current.text, f"{current.id} {current.version}, in the campaign", strict=False
            )

    def close(self) -> None:
        """Close the file (and release the app's lock).

        A transaction still open is one a Ctrl+C cut off between its BEGIN and the code that
        ends it: closing the connection rolls it back, which peewee refuses to do itself.
        """
        if not self.db.is_closed():
            while self.db.transaction_depth():
                self.db.pop_transaction()
            self.db.close()
        if self.lock is not None:
            self.lock.release()


# What `Campaign.reading` begins on a server (peewee passes the words to BEGIN ... LEVEL).
READ_ONLY_TRANSACTION = "SERIALIZABLE READ ONLY DEFERRABLE"
P = ParamSpec("P")
R = TypeVar("R")


def in_campaign(
    use_case: Callable[Concatenate[Campaign, P], R],
) -> Callable[Concatenate[Campaign, P], R]:
    """A use case that reads or writes the campaign it is given as its first argument, on that
    campaign's own connection (`Campaign.reading`): two campaigns open at once stay apart."""

    @wraps(use_case)
    def on_its_campaign(c: Campaign, /, *args: P.args, **kwargs: P.kwargs) -> R:
        for _ in range(TRIES - 1):
            commits = c.commits
            try:
                with c.reading():
                    return use_case(c, *args, **kwargs)
            except LostRace:
                # Another writer got in first and the transaction was rolled back whole: run
                # the use case again from its start, unless part of it was already saved.
                if c.commits != commits:
                    raise
        try:
            with c.reading():
                return use_case(c, *args, **kwargs)
        except LostRace as lost:
            raise lost.refusal() from lost

    return on_its_campaign


class LostRace(Refused):
    """A server campaign's transaction lost a race with another writer and was rolled back
    whole: the use case may run again (`in_campaign` does, a few times)."""

    def __init__(self, where: str) -> None:
        super().__init__(
            f"Another player changed the campaign {where} at the same moment, so nothing was "
            "changed; try again."
        )
        self.where = where

    def refusal(self) -> Refused:
        """The sentence once the tries are used up."""
        return Refused(
            f"Other players kept changing the campaign {self.where} at the same moment, so "
            f"this was tried {TRIES} times and given up; nothing was changed. Try again."
        )


def _server_backup_due(c: Campaign) -> None:
    """The hourly backup of a server campaign, a campaign file in its backups folder."""
    try:
        backup_server_if_due(c.db, c.path)
    except OSError as exc:
        folder = backup_dir(c.path)
        raise Refused(
            f"Cannot make the hourly backup in {folder} ({exc.strerror or exc}), so nothing was "
            "changed; make that folder writable, or set ROSTERMGR_BACKUP_DIR to another one."
        ) from exc


def _backup_due(path: Path) -> None:
    """The hourly backup before an edit; a backups folder that cannot be written is named."""
    try:
        backup_if_due(path)
    except OSError as exc:
        folder = backup_dir(path)
        raise Refused(
            f"Cannot make the hourly backup in {folder} ({exc.strerror or exc}), so nothing was "
            "changed; make that folder writable, or set ROSTERMGR_BACKUP_DIR to another one."
        ) from exc


def read_only_refusal(path: Path) -> Refused:
    """The sentence for a write to a campaign that cannot be written: the file, or its folder."""
    folder = path.absolute().parent
    if os.access(path, os.W_OK) and folder.is_dir() and not os.access(folder, os.W_OK):
        # SQLite writes its -wal and -shm beside the file: a writable file is not enough.
        return Refused(
            f"The campaign file {path} cannot be changed: its folder {folder} is read-only, so "
            "nothing was changed; make the folder writable (or save a copy elsewhere) to edit it."
        )
    return Refused(
        f"The campaign file {path} is read-only, so nothing was changed; make it writable "
        "(or save a copy elsewhere) to edit it."
    )
