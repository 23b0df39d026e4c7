"""A simulation run off the GUI thread: progress as it goes, a stop that is polled, one answer.

The run (services.simulate.run) calls `progress` from this thread after each chunk of
campaigns and polls `stop`; the answer comes back to the GUI thread as `done(Outcome)` or
`failed(sentence)`, a cancelled run being one of the sentences.
"""

from __future__ import annotations

import threading

# Not concurrent.futures.process's BrokenProcessPool (a BrokenExecutor): importing that module
# imports multiprocessing, which the bundle leaves out; the run then stays in this process.
from concurrent.futures import BrokenExecutor

from PySide6.QtCore import QObject, QThread, Signal, Slot

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from rostermgr.simulate.run import Job
from services import simulate
from services.crashlog import log_exception
from ui.threads import start_worker

BROKEN = (
    "The simulator's worker processes stopped before the run finished; nothing was kept. "
    "Try again, or with fewer campaigns."
)


class SimWorker(QObject):
    progress = Signal(int, int)  # campaigns done, campaigns in all
    done = Signal(object)  # services.simulate.Outcome
    failed = Signal(str)

    def __init__(self, job: Job, against: Ruleset | None, stop: threading.Event) -> None:
        super().__init__()
        self._job, self._against, self._stop = job, against, stop

    @Slot()
    def run(self) -> None:
        try:
            outcome = simulate.run(
                self._job,
                self._against,
                progress=lambda d, t: self.progress.emit(d, t),
                stop=self._stop.is_set,
            )
        except Refused as exc:  # Cancelled among them
            self.failed.emit(str(exc))
        except BrokenExecutor:  # a worker process died
            self.failed.emit(BROKEN)
        except OSError as exc:  # no processes could be started
            self.failed.emit(f"The simulation could not start: {exc.strerror or exc}.")
        except Exception as exc:  # a fault of ours: logged, and the window stays live
            where = log_exception(exc)
            self.failed.emit(
                "The simulation stopped on an internal fault; nothing was kept"
                + (f" (the details are in {where})." if where else ".")
            )
        else:
            self.done.emit(outcome)


def start(
    job: Job, against: Ruleset | None, stop: threading.Event, parent: QObject
) -> tuple[QThread, SimWorker]:
    """A thread that runs the job when started, until done or `stop` is set; the caller
    connects the worker's signals (the event stays the caller's: the worker is deleted when
    its thread ends)."""
    worker = SimWorker(job, against, stop)
    return start_worker(worker, worker.run, (worker.done, worker.failed), parent), worker
