"""One app per campaign file: a lock file beside it that knows a crashed holder (DESIGN 7).

Policy for the command line: while the app holds a campaign, commands that write to it are
refused with a sentence; commands that only read still work.

The lock is keyed on the campaign's real path, so a symlink or `dir/../file` shares it. A
holder is stale when its process is gone, or, on Linux, when the process with its pid now is
another one: a program that is not rostermgr or Python, or a process started after the lock
was taken (its pid was reused). Checking a holder costs a small file read and two of /proc.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import time
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from rostermgr.errors import Refused

# The largest pid any system gives (pid_t is a 32-bit int); a bigger one is not a pid at all.
MAX_PID = 2**31 - 1
# A lock file is a few dozen bytes: what is beyond this is not one of ours.
MAX_LOCK_BYTES = 4096
# Seconds of slack when comparing a process's start with the lock's time: `since` is cut to
# whole seconds and the boot time in /proc/stat is too, and clocks are adjusted a little.
CLOCK_SLACK = 120
# Words one of our holders has on its command line.
OUR_PROGRAMS = ("rostermgr", "python")


class Holder(NamedTuple):
    pid: int
    host: str
    since: str
    user: str = ""
    start: int | None = None  # the process's start, in clock ticks after boot (Linux)
    at: float | None = None  # when the lock was taken, seconds since the epoch

    def sentence(self, campaign: Path, otherwise: str = "") -> str:
        """The plain sentence naming who holds `campaign`; `otherwise` offers another way."""
        who = f" by {self.user}" if self.user else ""
        return (
            f"The campaign file {campaign} is open in rostermgr{who} (process {self.pid} on "
            f"{self.host}, since {self.since}); close it there first{otherwise}."
        )


class CampaignHeld(Refused):
    """The campaign is held by another live rostermgr; `holder` names it (for a take-over)."""

    def __init__(self, found: Holder, campaign: Path) -> None:
        super().__init__(found.sentence(campaign))
        self.holder = found
        self.campaign = campaign


def _host() -> str:
    """This machine's name, as socket.gethostname() gives it.

    Without importing socket where os.uname has it: the app takes the lock before its first
    paint, and socket costs a few milliseconds there.
    """
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


def _user() -> str:
    try:
        import getpass

        return getpass.getuser()
    except Exception:  # no login name at all (a bare container): the lock works without one
        return ""


def lock_path(campaign: Path) -> Path:
    """The lock file of `campaign`, beside its real file: every spelling shares one lock."""
    real = Path(campaign).resolve()
    return real.with_name(real.name + ".lock")


def _alive(pid: int) -> bool:
    """Whether process `pid` exists (on Windows signal 0 would be Ctrl+C: ask the system)."""
    if os.name == "nt":
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, OSError):
        return False  # not a pid this system can have
    return True


def _alive_on_windows(pid: int) -> bool:
    import ctypes

    query_limited_information = 0x1000
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(query_limited_information, False, pid)
    if not handle:
        return False  # gone (or never was); access denied still opens a limited handle
    kernel32.CloseHandle(handle)
    return True


def _start_ticks(pid: int) -> int | None:
    """When process `pid` started, in clock ticks after boot; None where /proc cannot say."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
        # the command name (field 2) may hold spaces and parentheses: count after the last ')'
        return int(stat[stat.rindex(b")") + 2 :].split()[19])
    except (OSError, ValueError, IndexError):
        return None


@functools.lru_cache(maxsize=1)
def _boot_time() -> float | None:
    """The system's boot time, seconds since the epoch (Linux /proc/stat), None elsewhere."""
    try:
        with open("/proc/stat", "rb") as f:
            for line in f:
                if line.startswith(b"btime "):
                    return float(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _command_line(pid: int) -> str | None:
    """The command line of process `pid`, lower case; None where /proc cannot say."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace").lower()
    except OSError:
        return None


def _taken_at(found: Holder) -> float | None:
    if found.at is not None:
        return found.at
    try:
        return datetime.fromisoformat(found.since).timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def _reused(found: Holder) -> bool:
    """Whether the live process `found.pid` is not the one that took the lock (Linux only)."""
    words = _command_line(found.pid)
    if words is not None and not any(name in words for name in OUR_PROGRAMS):
        return True  # another program (or a kernel thread, or a zombie: no command line)
    ticks = _start_ticks(found.pid)
    if ticks is None:
        return False  # no /proc here: trust the liveness check
    if found.start is not None:
        return ticks != found.start  # the same pid and start: the very same process
    boot, taken = _boot_time(), _taken_at(found)
    if boot is None or taken is None:
        return False
    return boot + ticks / os.sysconf("SC_CLK_TCK") > taken + CLOCK_SLACK


def _parse(raw: bytes) -> Holder | None:
    """The holder a lock file names; None for anything that is not a lock file of ours."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    pid, host, since = data.get("pid"), data.get("host"), data.get("since")
    if type(pid) is not int or not 0 < pid <= MAX_PID:
        return None  # true, -1 (every process), 0 (our group), 10**20: not a process
    if not isinstance(host, str) or not isinstance(since, str):
        return None
    user, start, at = data.get("user", ""), data.get("start"), data.get("at")
    return Holder(
        pid,
        host,
        since,
        user if isinstance(user, str) else "",
        start if type(start) is int else None,
        float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None,
    )


def _read(path: Path) -> Holder | None:
    """The holder named in the lock file at `path`, stale or not."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_LOCK_BYTES + 1)
    except OSError:
        return None  # missing, a folder, unreadable: names no one
    return _parse(raw) if len(raw) <= MAX_LOCK_BYTES else None


def holder(campaign: Path) -> Holder | None:
    """Who holds the campaign now; None if no one, or if the lock is stale or not a lock.

    A lock left by a process on this host that is gone, or whose pid now belongs to another
    process, is stale. A holder on another host cannot be checked and is believed.
    """
    found = _read(lock_path(campaign))
    if found is None or found.host != _host() or found.pid == os.getpid():
        return found
    if not _alive(found.pid) or _reused(found):
        return None
    return found


def refuse_if_held(campaign: Path) -> None:
    """Raise CampaignHeld (a Refused) if another live rostermgr holds the campaign."""
    found = holder(campaign)
    if found is not None and found.pid != os.getpid():
        raise CampaignHeld(found, Path(campaign))


class CampaignLock:
    """Held by the app for as long as it has the campaign open."""

    def __init__(self, campaign: Path) -> None:
        self.campaign = Path(campaign)
        self.path = lock_path(self.campaign)
        self.held = False

    def _ours(self) -> str:
        me = {
            "pid": os.getpid(),
            "host": _host(),
            "since": datetime.now().isoformat(timespec="seconds"),
            "user": _user(),
            "at": time.time(),
        }
        start = _start_ticks(os.getpid())
        if start is not None:
            me["start"] = start
        return json.dumps(me)

    def _refuse_unusable(self, exc: OSError | None = None) -> None:
        if self.path.is_dir():
            raise Refused(
                f"Cannot lock the campaign file {self.campaign}: {self.path} is a folder, not a "
                "lock file; move it away and try again."
            )
        if exc is not None and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise Refused(
                f"The disk holding {self.campaign} is full, so its lock file cannot be written "
                "and nothing was changed; free some space there."
            ) from exc
        if exc is not None:
            raise Refused(
                f"Cannot write the lock file {self.path} beside the campaign file: "
                f"{exc.strerror or exc}."
            ) from exc

    def _create(self) -> bool:
        """Create the lock file naming this process, whole or not at all; False if it exists.

        Written to a temporary file and hard-linked into place, so no other process ever reads
        a half-written lock (and takes it for a stale one). Where the folder has no hard links
        (FAT), the lock is created exclusively and written at once.
        """
        text = self._ours()
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            try:
                os.link(tmp, self.path)
                return True
            except FileExistsError:
                return False
            except OSError:
                pass  # no hard links in this folder
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                return False
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            return True
        except OSError as exc:
            self._refuse_unusable(exc)
            raise
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)

    def acquire(self) -> None:
        """Take the lock, replacing a stale one; CampaignHeld names a live holder."""
        self._refuse_unusable()
        for _attempt in range(3):
            if self._create():
                self.held = True
                return
            self._refuse_unusable()
            found = holder(self.campaign)
            if found is not None and found.pid != os.getpid():
                raise CampaignHeld(found, self.campaign)
            try:
                self.path.unlink(missing_ok=True)  # stale: its process is gone, or not a lock
            except OSError as exc:
                self._refuse_unusable(exc)
        raise Refused(f"Could not take the lock {self.path}; another program keeps recreating it.")

    def take_over(self, named: Holder | None = None) -> None:
        """Take the lock from its holder, after the user was told who it is and agreed.

        `named` is the holder the user was told of (CampaignHeld.holder): if another one has
        taken the lock since, that one is named instead (CampaignHeld) and nothing changes.
        The lock file is replaced whole, in one rename.
        """
        self._refuse_unusable()
        found = holder(self.campaign)
        mine = found is None or found.pid == os.getpid()
        if named is not None and found is not None and not mine and found != named:
            raise CampaignHeld(found, self.campaign)
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(self._ours(), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            self._refuse_unusable(exc)
            raise
        self.held = True

    def lost(self) -> bool:
        """Whether this lock was held and another process has taken it over since."""
        if not self.held:
            return False
        found = _read(self.path)
        return found is None or found.pid != os.getpid() or found.host != _host()

    def release(self) -> None:
        """Give the lock up; a lock another process has taken over since is left to it."""
        if not self.held:
            return
        found = _read(self.path)
        if found is not None and found.pid == os.getpid() and found.host == _host():
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)
        self.held = False
