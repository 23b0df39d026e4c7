"""A club campaign that cannot be reached: its newest backup, offered read-only (issue 29).

At the table there may be no network: the app says why the server could not be reached and
offers the newest backup this machine holds of that campaign (a campaign file made by the
hourly and before-step backups), read-only, for reading and printing.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox, QWidget

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset
    from services.campaign import Campaign

TITLE = "Campaign not reachable"


def offer_backup(parent: QWidget | None, sentence: str, made: datetime) -> bool:
    """Ask whether to open the newest backup, made at `made`, read-only; True to open it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(TITLE)
    box.setText(sentence)
    box.setInformativeText(
        f"This machine has a backup of the campaign made {made:%Y-%m-%d at %H:%M}. Open it "
        "read-only, to read and print? Nothing done there reaches the club's campaign."
    )
    opened = box.addButton("&Open the backup read-only", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("&Close", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(opened)
    box.exec()
    return box.clickedButton() is opened


def offline_copy(
    window: QWidget, given: str, exc: Exception, rules: Ruleset | None
) -> Campaign | None:
    """The newest backup of the server campaign `given`, opened read-only when the user takes
    the offer (issue 29); None when there is none, or the offer is declined."""
    from services.copy import server_backups
    from services.opening import for_app, load_rules
    from services.paths import no_lock

    backups = server_backups(given)
    if not backups or not offer_backup(window, str(exc), backups[0].made):
        return None
    newest = backups[0].path
    return for_app(newest, rules or load_rules(None), no_lock(newest), read_only=True)
