"""Every edit as an undoable command over the campaign's undo log (DESIGN 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from ui.session import Session


class ActionCommand(QUndoCommand):
    """One user action: done once before it is pushed; undo returns to the mark before it."""

    def __init__(
        self,
        session: Session,
        text: str,
        action: Callable[[], Any],
        mark: int,
        changed: Callable[[], None],
    ) -> None:
        super().__init__(text)
        self._session, self._action, self._mark, self._changed = session, action, mark, changed
        self._first = True

    def redo(self) -> None:
        if self._first:  # the action already ran, in do_action
            self._first = False
        else:
            self._mark = self._session.mark()
            self._action()
        self._changed()

    def undo(self) -> None:
        self._session.undo_to(self._mark)
        self._changed()


def do_action(
    stack: QUndoStack,
    session: Session,
    text: str,
    action: Callable[[], Any],
    changed: Callable[[], None],
) -> Any:
    """Run an action (it raises Refused with its sentence if refused) and push it for undo."""
    mark = session.mark()
    result = action()
    stack.push(ActionCommand(session, text, action, mark, changed))
    return result
