"""One app per campaign file: a lock file beside it that knows a crashed holder (DESIGN 7).

Policy for the command line: while the app holds a campaign, commands that write to it are
refused with a sentence; commands that only read still work.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from rostermgr.errors import Refused


class Holder(NamedTuple):
    pid: int
    host: str
    since: str

    def sentence(self, campaign: Path) -> str:
        return (
            f"The campaign file {campaign} is open in rostermgr (process {self.pid} on "
            f"{self.host}, since {self.since}); close it there first."
        )


def _host() -> str:
    """This machine's name, as socket.gethostname() gives it.

    Without importing socket where os.uname has it: the app takes the lock before its first
    paint, and socket costs a few milliseconds there.
    """
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


def lock_path(campaign: Path) -> Path:
    return Path(campaign).with_name(Path(campaign).name + ".lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def holder(campaign: Path) -> Holder | None:
    """Who holds the campaign now; a lock left by a dead process on this host is stale: None."""
    try:
        data = json.loads(lock_path(campaign).read_text(encoding="utf-8"))
        found = Holder(int(data["pid"]), str(data["host"]), str(data["since"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a half-written lock: its writer died before finishing
    if found.host == _host() and not _alive(found.pid):
        return None
    return found


def refuse_if_held(campaign: Path) -> None:
    found = holder(campaign)
    if found is not None and found.pid != os.getpid():
        raise Refused(found.sentence(Path(campaign)))


class CampaignLock:
    """Held by the app for as long as it has the campaign open."""

    def __init__(self, campaign: Path) -> None:
        self.campaign = Path(campaign)
        self.path = lock_path(self.campaign)
        self.held = False

    def acquire(self) -> None:
        for _attempt in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                found = holder(self.campaign)
                if found is not None and found.pid != os.getpid():
                    raise Refused(found.sentence(self.campaign)) from None
                self.path.unlink(missing_ok=True)  # stale: its process is gone
                continue
            me = {
                "pid": os.getpid(),
                "host": _host(),
                "since": datetime.now().isoformat(timespec="seconds"),
            }
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(me, f)
            self.held = True
            return
        raise Refused(f"Could not take the lock {self.path}; another program keeps recreating it.")

    def release(self) -> None:
        if not self.held:
            return
        found = holder(self.campaign)
        if found is None or found.pid == os.getpid():
            self.path.unlink(missing_ok=True)
        self.held = False
