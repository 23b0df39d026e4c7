"""Starting the desktop app on a campaign file.

The window is painted before the campaign is opened. Taking the lock is cheap and comes first,
so a second app is refused before any window appears; the missing-folder check too. Then the
main window's frame is shown, and on the event loop's next turn after its first paint the
ruleset is loaded and the campaign opened (peewee, a possible migration, the quick check) and
shown in it. A refusal there (a damaged or newer file, a bad ruleset) is a message box over
the window and exit 1, with the file untouched, as before.

When the view the app kept on its last close still matches the files (ui.view_snapshot), the
frame shows it from the first paint, taking no input, until the open campaign replaces it; a
refusal takes it away first.

With ROSTERMGR_SMOKE_QUIT=1 in the environment the app quits by itself, exit 0, once the
campaign has been painted in the window, after printing `shown <time.monotonic()>` on stdout:
the smoke test of the bundle (make dist-test) and the bundle's start-up figure (bench/) use it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ui.screen import can_ask

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

    from services.campaign import Campaign
    from ui.main_window import MainWindow

EXIT_REFUSED = 1
SMOKE_QUIT = "ROSTERMGR_SMOKE_QUIT"


def run_app(path: Path, ruleset_path: str | None = None, qt_options: Sequence[str] = ()) -> int:
    """Take the campaign's lock, show the main window, open the campaign in it; refusals exit 1.

    `qt_options` are Qt's own command-line options (-style Fusion), handed to Qt."""
    from services.startup import collector_paused

    with collector_paused() as resume:
        return _start(path, ruleset_path, qt_options, resume)


def _start(
    path: Path, ruleset_path: str | None, qt_options: Sequence[str], resume: Callable[[], None]
) -> int:
    """run_app's work; `resume` turns the garbage collector back on (services.startup)."""
    from rostermgr.errors import DamagedFile, Refused
    from services.startup import mark

    from PySide6.QtWidgets import QApplication  # isort: skip
    from ui.qt_imports import skip_source_scan

    skip_source_scan()  # before the window's modules: each would be read through
    from ui.main_window import MainWindow

    mark("imports")
    app = start_application(qt_options)
    mark("application")
    from services.lock import CampaignHeld
    from services.paths import no_lock, take_lock, take_over

    read_only = False
    try:
        try:
            lock = take_lock(path)
        except CampaignHeld as held:
            from ui.held import Choice, ask_when_held

            choice = ask_when_held(None, held) if can_ask() else Choice.CANCEL
            if choice is Choice.CANCEL:
                sys.stderr.write(f"{held}\n")
                return EXIT_REFUSED
            read_only = choice is Choice.READ_ONLY
            lock = no_lock(path) if read_only else take_over(path, held.holder)
    except Refused as exc:
        _refuse(None, exc)
        return EXIT_REFUSED
    mark("lock")
    window = MainWindow(path=path)
    window.ruleset_path = ruleset_path
    mark("frame")
    from ui.view_snapshot import read as read_snapshot

    snapshot = read_snapshot(path, ruleset_path)
    if snapshot is not None:
        window.show_preview(snapshot)  # painted at once; replaced once the campaign is open
    mark("snapshot")
    refused: list[int] = []

    def open_campaign() -> None:
        mark("painted")
        from services.opening import for_app, load_rules

        mark("modules")
        try:
            try:
                rules = load_rules(ruleset_path)
                mark("ruleset")
                campaign = for_app(path, rules, lock, read_only=read_only)
            except DamagedFile as exc:
                window.drop_preview()  # the file is not what the snapshot showed
                set_icon(app)  # on the question below, as ever
                if not _restore_offered(window, path, exc):
                    raise
                campaign = for_app(path, rules, lock, read_only=read_only)
        except Refused as exc:
            lock.release()
            refused.append(EXIT_REFUSED)
            window.drop_preview()
            set_icon(app)
            _refuse(window, exc)
            window.hide()
            QApplication.exit(EXIT_REFUSED)
            return
        show_campaign(window, campaign)
        window.after_first_paint(lambda: started(app, resume))

    window.after_first_paint(open_campaign)
    window.show()
    try:
        code = app.exec()
    finally:
        if window.is_open:
            window.campaign.close()
        lock.release()  # if it is still ours: a refusal or a switch has released it already
    return refused[0] if refused else code


def started(app: QApplication, resume: Callable[[], None]) -> None:
    """Once the open campaign is painted, editable: what nobody waits for (issue 33), the
    window icon and the garbage collector (off for the start, see services.startup)."""
    set_icon(app)
    resume()


def set_icon(app: QApplication) -> None:
    """The window icon. Drawing it imports and draws some 4 ms (QPen's overloads create every
    Qt enum, 13 ms, before the first paint): never before the window is painted."""
    from ui.icon import app_icon

    app.setWindowIcon(app_icon())


def start_application(qt_options: Sequence[str] = ()) -> QApplication:
    """The Qt application, named, with the exception hook and Qt's message filter in place;
    `qt_options` (Qt's own, as `-style Fusion`) are Qt's to read."""
    from PySide6.QtWidgets import QApplication

    from ui.errors import install_exception_hook
    from ui.qt_messages import install_message_filter

    # instance() is typed as the QCoreApplication it may be; here it is always ours.
    argv = [sys.argv[0] if sys.argv else "rostermgr", *qt_options]
    app = cast("QApplication", QApplication.instance() or QApplication(argv))
    app.setApplicationName("rostermgr")
    app.setOrganizationName("rostermgr")
    from ui.appearance import apply_saved

    apply_saved()  # View > Appearance, before the first window is painted
    install_exception_hook()
    install_message_filter()
    return app


def show_campaign(window: MainWindow, campaign: Campaign) -> None:
    """Put the opened campaign in the window and first in Open recent (and, for the smoke
    test, quit once it is painted)."""
    from services.startup import mark

    window.attach(campaign)
    mark("attached")
    window.remember(campaign.where)
    if os.environ.get(SMOKE_QUIT) == "1":
        _quit_when_shown(window)


def _quit_when_shown(window: QWidget) -> None:
    """Paint the campaign now, say when on stdout, and quit the event loop (exit 0)."""
    import time

    from PySide6.QtWidgets import QApplication

    window.repaint()  # synchronous: the campaign's widgets are painted when this returns
    sys.stdout.write(f"shown {time.monotonic()}\n")
    sys.stdout.flush()
    QApplication.exit(0)


def _restore_offered(window: QWidget, path: Path, exc: Exception) -> bool:
    """A damaged campaign with a good backup: offer it; True when the backup was restored.

    The damaged file is kept beside it under another name, never deleted.
    """
    from PySide6.QtWidgets import QMessageBox

    from services import safety

    backup = safety.newest_backup(path) if path.exists() and can_ask() else None
    if backup is None:
        return False
    answer = QMessageBox.question(
        window,
        "rostermgr",
        # the damage alone: the command line's "restore it with: rostermgr restore ..." is
        # what the Yes below does
        f"{safety.without_offer(str(exc))}\n\nRestore the newest good backup, {backup.name}? "
        "The damaged file is kept beside it under another name.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    kept = safety.replace_damaged(path, backup)
    QMessageBox.information(
        window, "rostermgr", f"Restored {path.name} from {backup.name}; the damaged file is {kept}."
    )
    return True


def _refuse(window: object, exc: Exception) -> None:
    from PySide6.QtWidgets import QMessageBox

    sys.stderr.write(f"{exc}\n")
    if can_ask():
        QMessageBox.critical(window, "rostermgr", str(exc))  # type: ignore[arg-type]
