"""Qt's messages that tell nobody anything, kept off standard error; all others go through.

On the offscreen platform (the bundle's smoke test, CI, tests) Qt warns "This plugin does not
support propagateSizeHints()" whenever a window's size limits change: that platform has no
window manager to tell them to, so there is nothing to propagate and nothing to do about it.
"""

from __future__ import annotations

import sys
from typing import Any

# Exactly the messages dropped, per platform: anything else Qt says still reaches stderr.
HARMLESS = {"offscreen": frozenset({"This plugin does not support propagateSizeHints()"})}


def install_message_filter() -> None:
    """Drop the current platform's harmless Qt messages (HARMLESS); needs a QGuiApplication.

    Messages not dropped go to the handler that was installed before (pytest-qt's, say), or
    are written as Qt's own handler writes them (qFormatLogMessage, then stderr).
    """
    from PySide6.QtCore import qFormatLogMessage, qInstallMessageHandler
    from PySide6.QtGui import QGuiApplication

    dropped = HARMLESS.get(QGuiApplication.platformName())
    if not dropped:
        return
    previous: Any = None

    def handler(mode: Any, context: Any, message: str) -> None:
        if message in dropped:
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            sys.stderr.write(qFormatLogMessage(mode, context, message) + "\n")
            sys.stderr.flush()

    previous = qInstallMessageHandler(handler)
