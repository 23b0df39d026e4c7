"""Starting the desktop app on a campaign file.

The window is painted before the campaign is opened. Taking the lock is cheap and comes first,
so a second app is refused before any window appears; the missing-folder check too. Then the
main window's frame is shown, and on the event loop's next turn after its first paint the
ruleset is loaded and the campaign opened (peewee, a possible migration, the quick check) and
shown in it. A refusal there (a damaged or newer file, a bad ruleset) is a message box over the
window and exit 1, with the file untouched, as before.

With ROSTERMGR_SMOKE_QUIT=1 in the environment the app quits by itself, exit 0, once the
campaign has been painted in the window, after printing `shown <time.monotonic()>` on stdout:
the smoke test of the bundle (make dist-test) and the bundle's start-up figure (bench/) use it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

EXIT_REFUSED = 1
SMOKE_QUIT = "ROSTERMGR_SMOKE_QUIT"


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
        if os.environ.get(SMOKE_QUIT) == "1":
            _quit_when_shown(window)

    window.after_first_paint(open_campaign)
    window.show()
    try:
        code = app.exec()
    finally:
        if window.is_open:
            window.campaign.close()
        lock.release()  # if it is still ours: a refusal or a switch has released it already
    return refused[0] if refused else code


def _quit_when_shown(window: QWidget) -> None:
    """Paint the campaign now, say when on stdout, and quit the event loop (exit 0)."""
    import time

    from PySide6.QtWidgets import QApplication

    window.repaint()  # synchronous: the campaign's widgets are painted when this returns
    sys.stdout.write(f"shown {time.monotonic()}\n")
    sys.stdout.flush()
    QApplication.exit(0)


def _refuse(window: object, exc: Exception) -> None:
    from PySide6.QtWidgets import QMessageBox

    sys.stderr.write(f"{exc}\n")
    QMessageBox.critical(window, "rostermgr", str(exc))  # type: ignore[arg-type]
