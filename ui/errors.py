"""Unhandled exceptions: logged to the user log folder and shown once, never a silent exit."""

from __future__ import annotations

import sys
from types import TracebackType

_shown = False


def install_exception_hook() -> None:
    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        global _shown
        # here, not at the top: the hook is installed before the first paint, used rarely
        from services.crashlog import log_exception

        where = log_exception(exc.with_traceback(tb))
        sys.stderr.write(f"rostermgr: internal error {kind.__name__}: {exc}\n")
        if _shown:
            return
        _shown = True
        from PySide6.QtWidgets import QApplication, QMessageBox

        from ui.screen import can_ask

        # Offscreen the box would wait for ever for a click nobody can make (a test's run_app
        # hung so in CI): the sentence above and the log are what such a run can read.
        if QApplication.instance() is not None and can_ask():
            detail = f"\n\nDetails were written to {where}." if where else ""
            QMessageBox.critical(
                None,
                "rostermgr",
                # a campaign on a club's server as much as a file: every write is one transaction
                f"Something went wrong: {exc}.\nYour campaign is safe: every change is "
                f"saved in one step or not at all.{detail}",
            )

    sys.excepthook = hook
