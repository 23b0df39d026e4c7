"""Every edit as an undoable command over the campaign's undo log (DESIGN 7).

A command holds no widget and no action to run again: only the undo log's position before the
edit, and after an undo the statements that redo it. Undo and redo replay the campaign file's
own log (services.campaign) through the same guard as every edit, so a read-only file or a
campaign another program has taken over refuses them; the command then stays as it was in the
file, and `keep_in_step` moves the stack back to match the file and hands the sentence on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtGui import QUndoCommand, QUndoStack

from rostermgr.errors import Refused
from services.campaign import Campaign
from services.changes import Changed, Changes

T = TypeVar("T")


class EditCommand(QUndoCommand):
    """One user edit, already done when pushed: undo returns to the mark before it.

    Undo and redo change back what the edit changed (`changes`), and `changed` shows that;
    `said` is told each undo and redo done ("Undone: Rename A to B."), for the status bar.
    """

    def __init__(
        self,
        campaign: Campaign,
        text: str,
        mark: int,
        changes: Changes,
        changed: Callable[[Changes], None],
        said: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(text)
        self._campaign, self._mark, self._changed = campaign, mark, changed
        self._said = said
        self.changes = changes
        self._redo: tuple[str, ...] | None = None  # None until undone: the edit is in place
        self.refusal: str | None = None  # why the last undo or redo was refused

    @property
    def in_place(self) -> bool:
        """Whether the edit is in the campaign file now."""
        return self._redo is None

    def redo(self) -> None:
        if self._redo is not None:
            try:
                mark = self._campaign.mark()
                self._campaign.redo(self._redo)
            except Refused as exc:
                self.refusal = str(exc)  # still undone in the file
                return
            self._mark, self._redo = mark, None
            self._changed(self.changes)
            self._say("Redone")
            return
        self._changed(self.changes)  # pushed: the edit is done already, and said by its doer

    def undo(self) -> None:
        if self._redo is not None:
            return  # undone already: the stack is being moved back in step with the file
        try:
            self._redo = self._campaign.undo_to(self._mark)
        except Refused as exc:
            self.refusal = str(exc)  # still in place in the file
            return
        self._changed(self.changes)
        self._say("Undone")

    def _say(self, what: str) -> None:
        if self._said is not None:
            self._said(f"{what}: {self.text()}.")


def keep_in_step(stack: QUndoStack) -> str | None:
    """Move the stack's index to what the file holds after a refused undo or redo.

    The edits in the file are always the first ones of the stack; a refusal leaves the index
    past them (undo) or short of them (redo). Returns the refusal to show, or None.
    """
    commands = [stack.command(i) for i in range(stack.count())]
    edits = [c for c in commands if isinstance(c, EditCommand)]
    refusals = [c.refusal for c in edits if c.refusal]
    for command in edits:
        command.refusal = None
    in_file = next((i for i, c in enumerate(edits) if not c.in_place), len(edits))
    if in_file != stack.index():
        stack.setIndex(in_file)  # each command it passes is already as the file has it
    return refusals[0] if refusals else None


# An undo step is named as an order ("Rename The Dalton Boys to Daltons": Edit > Undo
# Rename ...); once done, the status bar says it happened.
_DONE = {
    "Adopt": "Adopted",
    "Bring back": "Brought back",
    "Buy": "Bought",
    "Create": "Created",
    "Delete": "Deleted",
    "Hire": "Hired",
    "Import": "Imported",
    "Record": "Recorded",
    "Rename": "Renamed",
    "Retire": "Retired",
    "Sell": "Sold",
}


def done_sentence(text: str) -> str:
    """An undo step's name as what was done: "Rename A to B" -> "Renamed A to B."."""
    for verb, done in _DONE.items():
        if text.startswith(f"{verb} "):
            return f"{done}{text[len(verb) :]}."
    return f"Done: {text}."


def do_edit(
    stack: QUndoStack,
    campaign: Campaign,
    text: str,
    edit: Callable[[], Changed[T]],
    changed: Callable[[Changes], None],
    describe: Callable[[T], str] | None = None,
    said: Callable[[str], None] | None = None,
) -> Changed[T]:
    """Run one use case that writes (it raises Refused with its sentence) and push it for undo.

    The use case says what it changed (services.edits); undo and redo change the same. The
    step is named `text`, or `describe(result)` when what it did is known only after it (a
    flip turns a card, or settles one). An edit that wrote nothing (the undo log did not move)
    is not pushed. `said` is told what each later undo and redo of it did.
    """
    mark = campaign.mark()
    result = edit()
    if campaign.mark() != mark:
        named = describe(result.value) if describe is not None else text
        stack.push(EditCommand(campaign, named, mark, result.changes, changed, said))
    return result
