"""Qt's harmless offscreen chatter stays off stderr; every other Qt message still reaches it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.fresh import fresh_env, run

HINTS = "This plugin does not support propagateSizeHints()"


def _python(code: str, home: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, "-c", code], fresh_env(home, **extra))


def test_the_app_started_offscreen_prints_no_size_hint_warning(tmp_path: Path) -> None:
    done = _python("from cli import run; run()", tmp_path, ROSTERMGR_SMOKE_QUIT="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("shown ")
    assert HINTS not in done.stderr
    assert done.stderr == "", done.stderr


def test_only_that_exact_message_is_dropped(tmp_path: Path) -> None:
    code = f"""
from PySide6.QtCore import qWarning
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ui.qt_messages import install_message_filter
install_message_filter()
qWarning({HINTS!r})
qWarning("a real problem")
qWarning({HINTS + " (and more)"!r})
"""
    done = _python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["a real problem", f"{HINTS} (and more)"]
