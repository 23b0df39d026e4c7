"""Starting the desktop app on a campaign file.

The window is painted before the campaign is opened. Taking the lock is cheap and comes first,
so a second app is refused before any window appears; the missing-folder check too. Then the
main window's frame is shown, and on the event loop's next turn after its first paint the
ruleset is loaded and the campaign opened (peewee, a possible migration, the quick check) and
shown in it. A refusal there (a damaged or newer file, a bad ruleset) is a message box over the
window and exit 1, with the file untouched, as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

EXIT_REFUSED = 1


def run_app(path: Path, ruleset_path: str | None = None) -> int:
    """Take the campaign's lock, show the main window, open the campaign in it; refusals exit 1."""
    from rostermgr.errors import Refused

    from PySide6.QtWidgets import QApplication  # isort: skip
    from ui.errors import install_exception_hook
    from ui.icon import app_icon
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("rostermgr")
    app.setOrganizationName("rostermgr")
    install_exception_hook()
    from services.paths import take_lock

    try:
        lock = take_lock(path)
    except Refused as exc:
        _refuse(None, exc)
        return EXIT_REFUSED
    window = MainWindow(path=path)
    refused: list[int] = []

    def open_campaign() -> None:
        from services.campaign import for_app, load_rules

        # Drawing the icon needs QPen, whose overloads create every Qt enum (13 ms): after
        # the first paint, like the campaign.
        app.setWindowIcon(app_icon())
        try:
            campaign = for_app(path, load_rules(ruleset_path), lock)
        except Refused as exc:
            lock.release()
            refused.append(EXIT_REFUSED)
            _refuse(window, exc)
            window.hide()
            QApplication.exit(EXIT_REFUSED)
            return
        window.attach(campaign)
        window.remember(campaign.path)

    window.after_first_paint(open_campaign)
    window.show()
    try:
        code = app.exec()
    finally:
        if window.is_open:
            window.campaign.close()
        lock.release()  # if it is still ours: a refusal or a switch has released it already
    return refused[0] if refused else code


def _refuse(window: object, exc: Exception) -> None:
    from PySide6.QtWidgets import QMessageBox

    sys.stderr.write(f"{exc}\n")
    QMessageBox.critical(window, "rostermgr", str(exc))  # type: ignore[arg-type]
