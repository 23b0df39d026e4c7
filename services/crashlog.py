"""Unexpected errors: the details go to a log file, the user gets a sentence."""

from __future__ import annotations

import re
import traceback
from datetime import datetime
from pathlib import Path

# A server campaign's URL may carry its password (postgresql://ike:secret@host/db), and a
# libpq string a password=... pair: neither is ever written to the log nor said.
# (the scheme in any case: PostgreSQL:// opens a campaign as postgresql:// does)
_URL_PASSWORD = re.compile(r"(postgres(?:ql)?://[^:/@\s]*):[^@\s]*@", re.IGNORECASE)
_PAIR_PASSWORD = re.compile(r"(password\s*=\s*)('[^']*'|[^\s&]+)", re.IGNORECASE)


def scrub(text: str) -> str:
    """`text` without any password a server URL or connection string in it carries."""
    return _PAIR_PASSWORD.sub(r"\1***", _URL_PASSWORD.sub(r"\1@", text))


def log_dir() -> Path:
    from platformdirs import user_log_dir

    return Path(user_log_dir("rostermgr"))


def log_exception(exc: BaseException) -> Path | None:
    """Append the traceback to the user log folder; returns the log file, if it could be written."""
    path = log_dir() / "errors.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            f.write(scrub("".join(traceback.format_exception(exc))))
    except OSError:
        return None
    return path


def sentence(exc: BaseException) -> str:
    where = log_exception(exc)
    detail = f" Details are in {where}." if where else ""
    return (
        f"rostermgr hit an internal error ({type(exc).__name__}: {scrub(str(exc))}); nothing was "
        f"saved.{detail}"
    )
