"""Files the main window takes: one dropped on it, and the campaign view kept when it closes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData

    from services.campaign import Campaign
    from ui.preview import Shown

    class Closing(Shown, Protocol):
        """What `close_keeping_view` needs of the main window."""

        campaign: Campaign
        ruleset_path: str | None

        def refresh(self, select: str | None = None) -> None: ...


DROPPED = (".sqlite3", ".sqlite", ".db", ".json")  # campaign files, and posse files


def dropped(data: QMimeData) -> Path | None:
    """The one local file dropped, if it is a campaign or a posse file."""
    urls = [u for u in data.urls() if u.isLocalFile()]
    if len(urls) != 1:
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower() in DROPPED and path.is_file() else None


def close_keeping_view(window: Closing) -> None:
    """Close the window's campaign, then keep a snapshot of its view for the next start.

    Only while the window holds the file for writing, so nothing else can change it between
    the view read here, afresh from the file, and its key, read after the close from the file
    as it stays. A file that cannot be read now leaves no snapshot.
    """
    from rostermgr.errors import Refused
    from services.faults import DATABASE_ERRORS
    from ui import view_snapshot
    from ui.preview import capture

    campaign = window.campaign
    lock = campaign.lock
    view = None
    if not campaign.read_only and lock is not None and lock.held and not lock.lost():
        try:
            window.refresh()  # what the file holds now, as the window shows it
            view = capture(window)
        except (Refused, OSError, *DATABASE_ERRORS):
            view = None
    campaign.close()
    if view is None:
        view_snapshot.discard(campaign.path)
    else:
        view_snapshot.write(campaign.path, window.ruleset_path, view)
