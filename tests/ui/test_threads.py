"""The one helper that starts a worker thread (ui.threads): the render, the simulator, the
odds grid and the live follower all start theirs with it."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal, Slot

from ui.threads import start_worker


class _Worker(QObject):
    done = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.ran_in: threading.Thread | None = None

    @Slot()
    def run(self) -> None:
        self.ran_in = threading.current_thread()
        self.done.emit(42)


def test_the_worker_runs_in_its_own_thread_which_ends_with_it(qtbot) -> None:
    parent = QObject()
    worker = _Worker()
    thread = start_worker(worker, worker.run, (worker.done,), parent)
    got: list[object] = []
    worker.done.connect(got.append)
    with qtbot.waitSignal(thread.finished, timeout=5000):
        thread.start()
    qtbot.waitUntil(lambda: got == [42])
    assert worker.ran_in is not None and worker.ran_in is not threading.main_thread()
    assert thread.wait(1000) and thread.parent() is parent


def test_every_worker_thread_of_the_window_starts_through_the_helper() -> None:
    from pathlib import Path

    ui = Path(__file__).resolve().parents[2] / "ui"
    starting = sorted(
        p.relative_to(ui).as_posix()
        for p in ui.rglob("*.py")
        if "moveToThread(" in p.read_text(encoding="utf-8")
    )
    assert starting == ["threads.py"]
