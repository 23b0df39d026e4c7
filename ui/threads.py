"""Starting a worker object in a thread of its own: the one way the window does it.

The worker's `run` slot is called when the thread starts; the thread quits when the worker
emits one of its `ends` signals, and the worker is deleted in its own thread as it ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Qt, QThread, SignalInstance


def start_worker(
    worker: QObject, run: Callable[[], None], ends: Iterable[SignalInstance], parent: QObject
) -> QThread:
    """A new thread (a child of `parent`) that runs `run` (the worker's slot) once started.

    The caller connects the worker's other signals, then calls `start()` on the thread.
    """
    thread = QThread(parent)
    worker.moveToThread(thread)
    thread.started.connect(run)
    for end in ends:
        # quit() from the worker's own thread: a GUI thread blocked in QThread.wait() (a
        # dialog closing, the app quitting) is never waiting on its own event queue.
        end.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    thread.finished.connect(worker.deleteLater)
    return thread
