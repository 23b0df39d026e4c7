"""Every edit as an undoable command over the campaign's undo log (DESIGN 7).

A command holds no widget and no action to run again: only the undo log's position before the
edit, and after an undo the statements that redo it. Undo and redo replay the campaign file's
own log (services.campaign), so redo can never depend on a dialog that has gone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtGui import QUndoCommand, QUndoStack

from services.campaign import Campaign

T = TypeVar("T")


class EditCommand(QUndoCommand):
    """One user edit, already done when pushed: undo returns to the mark before it."""

    def __init__(
        self, campaign: Campaign, text: str, mark: int, changed: Callable[[], None]
    ) -> None:
        super().__init__(text)
        self._campaign, self._mark, self._changed = campaign, mark, changed
        self._redo: tuple[str, ...] | None = None  # None until undone: the edit is in place

    def redo(self) -> None:
        if self._redo is not None:
            self._mark = self._campaign.mark()
            self._campaign.redo(self._redo)
            self._redo = None
        self._changed()

    def undo(self) -> None:
        self._redo = self._campaign.undo_to(self._mark)
        self._changed()


def do_edit(
    stack: QUndoStack,
    campaign: Campaign,
    text: str,
    edit: Callable[[], T],
    changed: Callable[[], None],
) -> T:
    """Run one use case that writes (it raises Refused with its sentence) and push it for undo.

    An edit that wrote nothing (the undo log did not move) is not pushed.
    """
    mark = campaign.mark()
    result = edit()
    if campaign.mark() != mark:
        stack.push(EditCommand(campaign, text, mark, changed))
    return result
