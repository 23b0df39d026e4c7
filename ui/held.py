"""When another rostermgr holds the campaign: look at it read-only, take it over, or not."""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QMessageBox, QWidget

from services.lock import CampaignHeld


class Choice(Enum):
    READ_ONLY = "read-only"
    TAKE_OVER = "take over"
    CANCEL = "cancel"


def ask_when_held(parent: QWidget | None, held: CampaignHeld) -> Choice:
    """Name the holder and let the user choose; Cancel is the default."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("rostermgr")
    box.setText(held.holder.sentence(held.campaign, ", open it read-only, or take it over"))
    box.setInformativeText(
        "Taking it over lets this window change it; the other can then no longer save."
    )
    read_only = box.addButton("Open &read-only", QMessageBox.ButtonRole.AcceptRole)
    take = box.addButton("&Take over", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is read_only:
        return Choice.READ_ONLY
    if clicked is take:
        return Choice.TAKE_OVER
    return Choice.CANCEL
