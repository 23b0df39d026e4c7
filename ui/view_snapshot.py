"""The campaign view as the app last showed it, kept so the next start can paint it at once.

On close the app writes what its window showed (the posse list, the selected posse's heading,
roster and member, with their CRC-32) to a file in the user cache folder, keyed by the campaign
file as it was left (size, modification time, inode, and its -wal file), by the ruleset file
the app reads (size and CRC-32 of its bytes) and by the program's own files. At the next start,
before the first paint, the snapshot is used only if every part of its key matches the files
as they are now; anything else (another program wrote the campaign, a backup was restored, the
ruleset or the program changed, the snapshot is damaged or unreadable) and it is ignored. It
is only ever read for display: the campaign file is opened and shown, replacing it, on the
event loop's next turn after the first paint, and nothing in the campaign is read from or
written with it.

Standard library only, plus one QtCore call for the cache folder: this runs before the first
paint, where hashlib (2 ms) and platformdirs (5 ms) would cost too much; zlib is loaded already.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any, NamedTuple

FORMAT = 1  # raise it when what the snapshot holds, or how the view shows it, changes
# The program's files whose change (an upgrade) makes every snapshot stale: what the view shows
# is computed by them, and the interpreter (or a bundle's executable) covers the rest.
_UI = Path(__file__).resolve().parent
_CODE = (
    Path(sys.executable),
    _UI / "view_snapshot.py",
    _UI / "preview.py",
    _UI / "models.py",
    _UI / "posse_view.py",
    _UI / "member_pane.py",
    _UI / "main_window.py",
)


class CampaignView(NamedTuple):
    """What the main window showed: every text as it was painted, nothing to compute."""

    posses: tuple[tuple[str, bool], ...]  # the posse list: each row's text, and whether dimmed
    current: int  # the selected row of the posse list
    heading: tuple[str, str, str]  # the selected posse's name, faction line and purse
    tabs: tuple[str, ...]  # the posse view's tab titles
    columns: tuple[str, ...]  # the roster's column titles
    roster: tuple[tuple[str, ...], ...]  # the roster's cells, row by row
    dead: tuple[bool, ...]  # the roster's rows of dead members (greyed, name struck out)
    selected: int  # the roster's selected row
    member: tuple[str, ...]  # the member pane: title, then its labelled rows' texts
    labels: tuple[str, ...]  # the member pane's row labels (Stats, Injuries...)
    gear: tuple[str, ...]
    history: tuple[str, ...]
    buttons: tuple[tuple[str, bool], ...]  # the member pane's buttons: text, enabled


def snapshot_file(campaign: Path) -> Path:
    """Where the snapshot of `campaign` is kept: one file per campaign file, in the cache.

    OSError when the system names no cache folder (the snapshot is then never kept).
    """
    from PySide6.QtCore import QStandardPaths

    cache = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    if not cache:
        raise OSError("no cache folder")
    name = str(campaign.resolve()).encode("utf-8")
    return Path(cache) / "rostermgr" / "views" / f"{zlib.crc32(name):08x}-{len(name)}.json"


def file_key(campaign: Path, ruleset: Path) -> list[Any]:
    """The files as they are now: a snapshot written against other files is stale."""

    def stat(path: Path) -> list[int] | None:
        try:
            st = path.stat()
        except OSError:
            return None
        return [st.st_size, st.st_mtime_ns, st.st_ino]

    text = ruleset.read_bytes()
    wal = campaign.with_name(campaign.name + "-wal")
    return [
        FORMAT,
        str(campaign.resolve()),
        stat(campaign),
        stat(wal),
        str(ruleset.resolve()),
        len(text),
        zlib.crc32(text),
        [stat(p) for p in _CODE],
    ]


def shipped_ruleset() -> Path:
    """The ruleset file the app reads when none is given (rostermgr.rules_load's default)."""
    return _UI.parent / "rostermgr" / "rulesets" / "last-hope-frontier.toml"


def read(campaign: Path, ruleset: str | os.PathLike[str] | None) -> CampaignView | None:
    """The snapshot of `campaign`, if its key matches the files now; else None, never a fault."""
    try:
        doc = json.loads(snapshot_file(campaign).read_text(encoding="utf-8"))
        if doc["key"] != file_key(campaign, Path(ruleset) if ruleset else shipped_ruleset()):
            return None
        text = doc["view"]
        if zlib.crc32(text.encode("utf-8")) != doc["crc"]:
            return None  # damaged on disk: it would paint other texts than were shown
        return _view(json.loads(text))
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None  # none yet, unreadable or of another shape: the campaign opens as ever


def write(campaign: Path, ruleset: str | os.PathLike[str] | None, view: CampaignView) -> None:
    """Keep `view` for the next start of `campaign`, whose file is now closed as it stays.

    A cache: a folder that cannot be written means only that the next start paints later.
    """
    try:
        key = file_key(campaign, Path(ruleset) if ruleset else shipped_ruleset())
        target = snapshot_file(campaign)
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        text = json.dumps(view._asdict())
        doc = {"key": key, "crc": zlib.crc32(text.encode("utf-8")), "view": text}
        tmp.write_text(json.dumps(doc), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def discard(campaign: Path) -> None:
    """Forget the snapshot of `campaign` (the window closed showing no posse, or read-only)."""
    with contextlib.suppress(OSError):
        snapshot_file(campaign).unlink(missing_ok=True)


def _strings(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError("not a list of strings")
    return tuple(value)


def _flagged(value: Any) -> tuple[tuple[str, bool], ...]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return tuple((str(text), bool(flag)) for text, flag in value)


def _view(doc: dict[str, Any]) -> CampaignView:
    """The view read back, each field checked for its shape (a TypeError when it is not)."""
    roster = tuple(_strings(row) for row in doc["roster"])
    dead = tuple(bool(d) for d in doc["dead"])
    heading = _strings(doc["heading"])
    if len(heading) != 3 or len(dead) != len(roster):
        raise TypeError("the heading or the roster is of another shape")
    current, selected = doc["current"], doc["selected"]
    if not isinstance(current, int) or not isinstance(selected, int):
        raise TypeError("not a row")
    return CampaignView(
        posses=_flagged(doc["posses"]),
        current=current,
        heading=(heading[0], heading[1], heading[2]),
        tabs=_strings(doc["tabs"]),
        columns=_strings(doc["columns"]),
        roster=roster,
        dead=dead,
        selected=selected,
        member=_strings(doc["member"]),
        labels=_strings(doc["labels"]),
        gear=_strings(doc["gear"]),
        history=_strings(doc["history"]),
        buttons=_flagged(doc["buttons"]),
    )
