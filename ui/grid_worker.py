"""Odds grids worked out off the GUI thread, one at a time, newest request first, cached."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from rostermgr.errors import Refused
from rostermgr.odds import Grid, Matchup, odds_grid
from rostermgr.rules import Ruleset

CACHE_SIZE = 64


def grid_key(matchup: Matchup) -> Matchup:
    """The matchup a grid depends on: every cell replaces attack and defence."""
    return replace(matchup, attack=0, defence=0)


class _Job(QObject):
    done = Signal(object, object)  # key, Grid
    failed = Signal(object, str)  # key, sentence

    def __init__(self, key: Matchup, rules: Ruleset) -> None:
        super().__init__()
        self._key, self._rules = key, rules

    @Slot()
    def run(self) -> None:
        try:
            grid = odds_grid(self._key, self._rules, clothing=(self._key.clothing,))
        except Refused as exc:
            self.failed.emit(self._key, str(exc))
        else:
            self.done.emit(self._key, grid)


class GridRunner(QObject):
    """Ask for the grid of a matchup; `ready` brings it when it is the one asked for last.

    One thread at a time works out one grid (one clothing level, about a third of a second);
    asking again while it works only remembers the newest request, which starts next.
    """

    ready = Signal(object)  # Grid
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, rules: Ruleset, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rules = rules
        self._cache: OrderedDict[Matchup, Grid] = OrderedDict()
        self._wanted: Matchup | None = None
        self._pending: Matchup | None = None
        self._thread: QThread | None = None
        self._job: _Job | None = None
        self._job_key: Matchup | None = None
        self._stopped = False
        app = QCoreApplication.instance()
        if app is not None:  # a thread still running when the app's objects go is fatal
            app.aboutToQuit.connect(self.stop)

    def busy(self) -> bool:
        return self._thread is not None

    def cached(self, matchup: Matchup) -> Grid | None:
        return self._cache.get(grid_key(matchup))

    def request(self, matchup: Matchup) -> Grid | None:
        """The grid now if it is cached; otherwise None, and `ready` brings it later."""
        key = grid_key(matchup)
        self._wanted = key
        if key in self._cache:
            self._cache.move_to_end(key)
            self._pending = None
            return self._cache[key]
        if self._thread is None:
            self._start(key)
        elif self._job_key != key:
            self._pending = key
        else:
            self._pending = None
        return None

    def _start(self, key: Matchup) -> None:
        if self._stopped:
            return
        self._job_key = key
        from ui.threads import start_worker

        job = _Job(key, self._rules)
        thread = start_worker(job, job.run, (job.done, job.failed), self)
        job.done.connect(self._done)
        job.failed.connect(self._failed)
        self._thread, self._job = thread, job
        thread.start()
        self.busy_changed.emit(True)

    def _finish(self) -> None:
        """The thread has been told to quit: let it end, then start the newest request."""
        # Hold the job until its thread has ended: collected early, it never runs, and the
        # thread waits forever for it.
        thread, job = self._thread, self._job
        self._thread = self._job = None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        del job
        pending, self._pending = self._pending, None
        if pending is not None and pending not in self._cache and not self._stopped:
            self._start(pending)
        else:
            self.busy_changed.emit(False)

    @Slot(object, object)
    def _done(self, key: Matchup, grid: Grid) -> None:
        self._cache[key] = grid
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        self._finish()
        if key == self._wanted:
            self.ready.emit(grid)

    @Slot(object, str)
    def _failed(self, key: Matchup, sentence: str) -> None:
        self._finish()
        if key == self._wanted:
            self.failed.emit(sentence)

    def wait(self) -> None:
        """Block until the running grid and any waiting request are done (tests)."""
        while self._thread is not None:
            self._thread.wait()
            QCoreApplication.processEvents()  # the job's signals are queued to this thread

    @Slot()
    def stop(self) -> None:
        """Closing: forget the waiting request and let the running thread end."""
        self._stopped = True
        self._pending = None
        if self._thread is not None:
            self._finish()  # waits for the thread; its queued result, if any, only fills the cache
