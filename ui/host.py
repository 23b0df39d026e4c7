"""What the window's parts need of the window: the campaign, an undoable edit, a refusal, the
posse shown (issue 30).

Menus, context menus, dialogs and wizards are given a `Host`, never the main window itself: so
none of them imports ui.main_window (which builds them), and the type checker sees exactly
what each part may use. `ui.main_window.MainWindow` is the one host; tests may pass another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QWidget

    from rostermgr.roster import Posse
    from rostermgr.rules import Ruleset
    from services.campaign import Campaign
    from services.changes import Changed, Changes


class Host(Protocol):
    """The main window as its parts see it."""

    campaign: Campaign
    rules: Ruleset
    is_open: bool  # False until the campaign is open: the menus do nothing but quit
    undo_stack: QUndoStack
    settings: QSettings

    def act(
        self,
        text: str,
        edit: Callable[[], Changed[Any]],
        select: str | None = None,
        describe: Callable[[Any], str] | None = None,
    ) -> Any:
        """Run one undoable use case (services.edits) and show what it changed; a refusal is
        shown and gives None."""

    def refuse(self, sentence: str) -> None:
        """Show why something cannot be done, in one sentence."""

    def say(self, sentence: str, ms: int = 5000) -> None:
        """Say in the status bar what was done."""

    def current_posse(self) -> str | None:
        """The name of the posse selected in the list, if any."""

    def shown_posse(self) -> Posse | None:
        """The posse shown on the right, as loaded for the roster."""

    def apply(self, changes: Changes, select: str | None = None) -> None:
        """Show what an edit changed, and only that; keep or move the selected posse."""

    def refresh(self, select: str | None = None) -> None:
        """Show the campaign afresh from its file (after what the window cannot know)."""

    def window(self) -> QWidget:
        """The top-level widget: the parent of every dialog."""


class FileHost(Host, Protocol):
    """A host that can put another campaign in the window (File > Open and the like)."""

    def switch_to(self, campaign: Campaign) -> None:
        """Replace the open campaign."""

    def recent_files(self) -> list[str]:
        """File > Open recent, newest first."""
