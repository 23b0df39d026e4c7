"""Rendering a PDF off the GUI thread, reporting progress (DESIGN 7).

The progress is the use case's own (`services.progress.PrintProgress`, made by
`printing.watched`): the worker only carries it to the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from rostermgr.errors import Refused
from services.crashlog import log_exception
from services.progress import PrintProgress
from ui.threads import start_worker

# render(show): draws, handing each PrintProgress to show; what it returns is unused
Render = Callable[[Callable[[PrintProgress], None]], object]


class RenderWorker(QObject):
    progress = Signal(object)  # a PrintProgress
    done = Signal()
    failed = Signal(str)

    def __init__(self, render: Render) -> None:
        super().__init__()
        self._render = render

    @Slot()
    def run(self) -> None:
        sentence = run_render(self._render, self.progress.emit)
        if sentence is None:
            self.done.emit()
        else:
            self.failed.emit(sentence)


def run_render(render: Render, progress: Callable[[PrintProgress], None]) -> str | None:
    """Run render(progress) here; None when it drew, else the sentence that says why not
    (Cancel's too: PrintStopped is a refusal)."""
    try:
        render(progress)
    except Refused as exc:  # the printables' one-sentence refusals (PrintRefused)
        return str(exc)
    except OSError as exc:
        return f"Cannot write the PDF: {exc.strerror}."
    except Exception as exc:  # a fault of ours (reportlab's, Pillow's): logged, window live
        where = log_exception(exc)
        return "The PDF could not be made: an internal error" + (
            f" (the details are in {where})." if where else "."
        )
    return None


def start(render: Render, parent: QObject) -> tuple[QThread, RenderWorker]:
    """Run render(progress) in a new thread; the caller connects the worker's signals."""
    worker = RenderWorker(render)
    return start_worker(worker, worker.run, (worker.done, worker.failed), parent), worker
