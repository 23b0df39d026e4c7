"""Where the campaign file is, and the app's lock on it: light enough to use before the first paint.

Nothing here imports peewee or the domain's rules, so the app can take its lock and check the
folder before its window appears.
"""

from __future__ import annotations

import os
from pathlib import Path

from db.lock import CampaignLock, Holder
from rostermgr.errors import Refused


def default_campaign_path() -> Path:
    """The campaign file in the user data folder (created with its folder on first use)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("rostermgr")) / "campaign.sqlite3"


def campaign_path(given: str | os.PathLike[str] | None) -> Path:
    """--db, then ROSTERMGR_DB, then the user data folder (DESIGN 4)."""
    if given:
        return Path(given)
    if os.environ.get("ROSTERMGR_DB"):
        return Path(os.environ["ROSTERMGR_DB"])
    return default_campaign_path()


def campaign_server(given: str | os.PathLike[str] | None) -> str | None:
    """The campaign on a PostgreSQL server that --db (else ROSTERMGR_DB) names, if it names one:
    a `postgresql://` URL or `service=NAME`; None for a campaign file."""
    from db.target import is_server

    chosen = os.fspath(given) if given else os.environ.get("ROSTERMGR_DB", "")
    return chosen if chosen and is_server(chosen) else None


def server_address_problem(given: str) -> str | None:
    """Why `given`, typed as a server campaign's address, is not one (a sentence), or None
    when it is one or nothing is typed yet (then nothing is to be said)."""
    from db.target import SERVICE, is_server

    given = given.strip()
    if not given or is_server(given):
        return None
    scheme, sep, _rest = given.partition("://")
    if sep:
        return (
            f"{scheme}:// is not a PostgreSQL server's address: it begins with postgresql://, "
            f"or is {SERVICE}NAME."
        )
    return (
        f"A server campaign's address begins with postgresql://, or is {SERVICE}NAME; a "
        "campaign file is opened with File > Open."
    )


def server_shown(given: str) -> str:
    """A server campaign as sentences and the window name it: its URL without any password."""
    from db.target import shown

    return shown(given)


def refuse_missing_folder(path: Path) -> None:
    """A typo in --db must not quietly make folders and an empty campaign somewhere."""
    if not path.parent.is_dir() and path != default_campaign_path():
        if path.parent.exists():
            raise Refused(f"{path.parent} is a file, not a folder, so there is no campaign {path}.")
        raise Refused(f"The folder {path.parent} does not exist, so there is no campaign {path}.")


def ready_folder(path: Path) -> None:
    """The campaign's folder, there before anything (the app's lock) is written into it.

    The default campaign's folder is made on first use, as a new account has none; any
    other missing folder is refused (`refuse_missing_folder`).
    """
    refuse_missing_folder(path)
    if path.parent.is_dir():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        where = exc.filename or path.parent
        raise Refused(
            f"Cannot make the folder {path.parent} for the campaign ({where}: "
            f"{exc.strerror or exc}); make it writable, or choose another file with --db."
        ) from exc


def take_lock(path: Path) -> CampaignLock:
    """The app's lock on `path`, taken now; refused (with the holder named) if another has it.

    A read-only campaign gets a lock not held: nothing can write it, and its folder may not
    take a lock file.
    """
    ready_folder(path)
    lock = CampaignLock(path)
    if path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return lock
    lock.acquire()
    return lock


def take_over(path: Path, held: Holder) -> CampaignLock:
    """The lock on `path`, taken from the holder the user was told of and agreed to replace.

    If yet another holder took it meanwhile, that one is named instead (CampaignHeld).
    """
    lock = CampaignLock(path)
    lock.take_over(held)
    return lock


def no_lock(path: Path) -> CampaignLock:
    """A lock on `path` not taken: for a campaign opened read-only, which nothing writes."""
    return CampaignLock(path)
