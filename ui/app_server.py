"""Starting the desktop app on a campaign on a PostgreSQL server (issue 28).

As on a file, the window is painted first and the campaign opened after; there is no lock to
take (the server keeps writers apart). When the server asks for a password that libpq's usual
places do not hold, the app asks for it (never saving it); without a screen to ask on, the
refusal is a sentence on standard error and exit 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ui.app import EXIT_REFUSED, _refuse, set_icon, show_campaign, start_application
from ui.screen import can_ask

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset


def run_server_app(
    given: str, ruleset_path: str | None = None, qt_options: Sequence[str] = ()
) -> int:
    """Show the main window and open the server campaign `given` in it; refusals exit 1.
    `qt_options` are Qt's own command-line options, handed to Qt."""
    from PySide6.QtWidgets import QApplication

    from rostermgr.errors import Refused
    from services.paths import server_shown
    from ui.qt_imports import skip_source_scan

    skip_source_scan()  # before the window's modules: each would be read through
    from ui.main_window import MainWindow

    app = start_application(qt_options)
    where = server_shown(given)
    window = MainWindow(server=where)
    window.ruleset_path = ruleset_path
    refused: list[int] = []

    def open_campaign() -> None:
        from services.opening import (
            PasswordNeeded,
            Unreachable,
            WrongPassword,
            for_app_server,
            load_rules,
        )
        from ui.dialogs.offline import offline_copy
        from ui.dialogs.open_server import ask_password

        set_icon(app)  # before the password and offline dialogs, which show it
        password: str | None = None
        rules: Ruleset | None = None
        try:
            rules = load_rules(ruleset_path)
            for tries in range(3):
                try:
                    campaign = for_app_server(given, rules, password)
                    break
                except (PasswordNeeded, WrongPassword) as exc:
                    if tries == 2 or not can_ask():
                        raise
                    password = ask_password(window, where, isinstance(exc, WrongPassword))
                    if password is None:
                        raise
        except Unreachable as exc:
            try:
                copy = offline_copy(window, given, exc, rules) if can_ask() else None
            except Refused as unreadable:  # the backup itself cannot be opened: say that
                refuse(unreadable)
                return
            if copy is None:
                refuse(exc)
                return
            campaign = copy
        except Refused as exc:
            refuse(exc)
            return
        show_campaign(window, campaign)

    def refuse(exc: Exception) -> None:
        refused.append(EXIT_REFUSED)
        _refuse(window, exc)
        window.hide()
        QApplication.exit(EXIT_REFUSED)

    window.after_first_paint(open_campaign)
    window.show()
    try:
        code = app.exec()
    finally:
        if window.is_open:
            window.campaign.close()
    return refused[0] if refused else code
