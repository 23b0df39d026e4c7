"""The open campaign: its lock, its database and its ruleset, for the app's lifetime."""

from __future__ import annotations

from pathlib import Path

from peewee import SqliteDatabase, fn

from db import models as m
from db.check import quick_check
from db.connection import open_campaign
from db.lock import CampaignLock
from db.undo import prune_before, undo_mark, undo_to
from rostermgr.errors import InvalidFile
from rostermgr.rules import Ruleset


class Session:
    """Holds one campaign file for writing; a second app on the same file is refused."""

    def __init__(self, path: Path, rules: Ruleset, lock: CampaignLock | None = None) -> None:
        """Open `path`, taking its lock, or with `lock` already held (it is released on refusal)."""
        self.path, self.rules = Path(path), rules
        self.lock = lock or CampaignLock(self.path)
        if not self.lock.held:
            self.lock.acquire()  # before opening: opening may migrate, which writes
        try:
            self.db: SqliteDatabase = open_campaign(self.path)
            problems = quick_check(self.db)
            if problems:
                self.db.close()
                raise InvalidFile(" ".join(problems))
        except BaseException:
            self.lock.release()
            raise
        # Entries older than the oldest game can never be undone again; this app's own undo
        # stack starts empty, so now is the safe time to forget them.
        with m.database.atomic():
            oldest = m.Game.select(fn.MIN(m.Game.undo_mark)).scalar()
            if oldest is not None:
                prune_before(self.db, oldest)

    def mark(self) -> int:
        return undo_mark(self.db)

    def undo_to(self, mark: int) -> None:
        with m.database.atomic():
            undo_to(self.db, mark)

    def close(self) -> None:
        if not self.db.is_closed():
            self.db.close()
        self.lock.release()
