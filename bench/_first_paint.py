"""Shared by the start-up helpers: report the first paint of a top-level window, then quit.

Each helper runs as a fresh process and prints one line, `painted <time.monotonic()> <class>
shown=<time.monotonic()> attached=<time.monotonic()> modules=N heavy=... hwm_kb=N`, then closes
that window and quits the event loop (CLOCK_MONOTONIC is system-wide: the parent compares it
with its own clock read just before the spawn).

- `painted`: the first Paint event of the first top-level window shown has been handled.
- `attached`: the open campaign has been painted in the window. The app paints its main window
  before it opens the campaign and signals `opened` once the campaign is in it; `attached` is
  when the first paint after that signal has been handled.
- `shown`: the campaign's content (the posse list and the first posse's roster) has been
  painted: `attached`, or the first paint when the window showed the campaign's view from its
  snapshot then (the window's `previewing` is True at the first paint: ui.view_snapshot).
  For a window without `opened` (the bare baseline) all three are the first paint. The other
  fields are read at `attached`.

`install()` imports no Qt. It puts a finder on sys.meta_path that, when the measured program
itself imports PySide6.QtWidgets, wraps QWidget.show so that the first window shown gets an
event filter (on that window alone: the thousands of other start-up events are not slowed; its
UpdateRequest is when Qt paints every changed child). So PySide6 is imported exactly where and
when the measured program imports it.
"""

from __future__ import annotations

import sys
import time
from typing import Any

# Packages that have no business being loaded before the first paint.
HEAVY = {"reportlab", "printables", "PIL", "pypdf", "pdfplumber"}
TARGET = "PySide6.QtWidgets"


class _Finder:
    """Finds nothing itself: wraps the loader of PySide6.QtWidgets to patch it once loaded."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != TARGET:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        loader = spec.loader  # type: ignore[union-attr]
        exec_module = loader.exec_module  # type: ignore[union-attr]

        def exec_and_patch(module: Any) -> None:
            exec_module(module)
            _patch(module)

        loader.exec_module = exec_and_patch  # type: ignore[union-attr]
        return spec


def install() -> None:
    if TARGET in sys.modules:
        _patch(sys.modules[TARGET])
    else:
        sys.meta_path.insert(0, _Finder())


def _patch(widgets: Any) -> None:
    from PySide6.QtCore import QEvent, QObject, QTimer

    QWidget = widgets.QWidget
    PAINTS = (QEvent.Type.Paint, QEvent.Type.UpdateRequest)
    state: dict[str, Any] = {"watcher": None}

    class FirstPaint(QObject):
        """Watches one window: its first paint, then its first paint once it is open."""

        def __init__(self, window: Any) -> None:
            super().__init__(window)
            self.window = window
            self.painted: float | None = None
            self.shown: float | None = None
            self.waiting = "paint"  # then "opened", "content", "done"

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            kind = event.type()
            if self.waiting == "paint" and kind == QEvent.Type.Paint:
                self.waiting = "marking"
                # queued: runs once this paint (children included) has been handled
                QTimer.singleShot(0, self.mark_painted)
            elif self.waiting == "content" and kind in PAINTS:
                # the window's UpdateRequest paints every changed child in one go
                self.waiting = "marking"
                QTimer.singleShot(0, self.mark_shown)
            return False

        def mark_painted(self) -> None:
            self.painted = time.monotonic()
            opened = getattr(self.window, "opened", None)
            if opened is None or getattr(self.window, "is_open", True):
                _finish(self.window, self.painted, self.painted, self.painted)
                return
            if getattr(self.window, "previewing", False):
                self.shown = self.painted  # that paint was of the campaign's view, snapshot
            self.waiting = "opened"
            opened.connect(self.watch_content)

        def watch_content(self) -> None:
            self.waiting = "content"

        def mark_shown(self) -> None:
            self.waiting = "done"
            attached = time.monotonic()
            _finish(self.window, self.painted or 0.0, self.shown or attached, attached)

    show = QWidget.show

    def show_watched(widget: Any) -> None:
        show(widget)
        if state["watcher"] is None and widget.isWindow():
            state["watcher"] = FirstPaint(widget)
            widget.installEventFilter(state["watcher"])

    QWidget.show = show_watched


def _finish(window: Any, painted: float, shown: float, attached: float) -> None:
    from PySide6.QtWidgets import QApplication

    heavy = sorted({name.split(".")[0] for name in sys.modules} & HEAVY) or ["none"]
    sys.stdout.write(
        f"painted {painted!r} {type(window).__name__} shown={shown!r} attached={attached!r} "
        f"modules={len(sys.modules)} heavy={','.join(heavy)} hwm_kb={_peak_rss_kb()}"
        f"{_steps()}\n"
    )
    sys.stdout.flush()
    window.close()
    QApplication.quit()


def _steps() -> str:
    """` steps=name@time,...`: the app's own start-up marks (services.startup), if it made any."""
    startup = sys.modules.get("services.startup")
    marks = getattr(startup, "MARKS", None)
    if not marks:
        return ""
    return " steps=" + ",".join(f"{name.replace(' ', '_')}@{t!r}" for name, t in marks)


def _peak_rss_kb() -> int:
    """This process's peak resident set (VmHWM) so far; 0 where /proc is missing.

    Read here rather than from the parent's wait4: a child's ru_maxrss starts from the parent's
    resident set at fork, which after the bookkeeping benchmarks exceeds a bare Qt window's.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
