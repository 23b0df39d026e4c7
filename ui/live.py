"""The window follows a server campaign as others change it (issue 29).

A worker thread waits on a `services.live.Watch` (a connection of its own) and signals the
window, which asks what changed on the campaign's own connection, refreshes only that (the
posse list always; the roster shown only when its posse changed, or anything may have), and
says in the status bar what another did. A lost connection turns the window read-only and says
so; the worker tries again every few seconds, and once the server answers the window is
editable again and shows the campaign as it now is.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot

from rostermgr.errors import Refused
from services import live
from ui.threads import start_worker

if TYPE_CHECKING:
    from ui.host import Host

    class LiveHost(Host, Protocol):
        """The window as the follower sees it."""

        def refresh_list(self) -> None:
            """Reload the posse list only."""

        def follow_read_only(self) -> None:
            """Say in the title whether the campaign can be changed now."""


WAIT_S = 0.5  # one wait on the server: how soon the worker notices it is asked to stop
RETRY_S = 3.0  # between tries to reach a lost server
SAID_MS = 10_000  # how long the status bar says what another did


class LiveWorker(QObject):
    """Waits on the watch in its thread; says what it saw by signals (queued to the window)."""

    changed = Signal(object)  # frozenset[str]: how the undo log changed (INSERT, DELETE)
    lost = Signal(str)
    back = Signal()

    def __init__(self, watch: live.Watch, stop: threading.Event) -> None:
        super().__init__()
        self._watch, self._stop = watch, stop

    @Slot()
    def run(self) -> None:
        while not self._stop.is_set():
            try:
                ops = self._watch.wait(WAIT_S)
            except live.ConnectionLost as exc:
                self.lost.emit(str(exc))
                while not self._stop.wait(RETRY_S):
                    if self._watch.reconnect():
                        self.back.emit()
                        break
                continue
            if ops:
                self.changed.emit(ops)
        self._watch.close()


class LiveFollower(QObject):
    """Keeps `window` in step with its server campaign while it is open."""

    def __init__(self, window: LiveHost) -> None:
        super().__init__(window.window())
        self.window = window
        self.campaign = window.campaign
        self.seen = self.campaign.mark()
        self._stop = threading.Event()
        self.worker = LiveWorker(live.Watch(self.campaign), self._stop)
        # the worker ends when asked to stop (quit below), not by a signal of its own
        self._thread = start_worker(self.worker, self.worker.run, (), self)
        self.worker.changed.connect(self._changed, Qt.ConnectionType.QueuedConnection)
        self.worker.lost.connect(self._lost, Qt.ConnectionType.QueuedConnection)
        self.worker.back.connect(self._back, Qt.ConnectionType.QueuedConnection)
        # The app may quit without closing the window (the smoke test does): stop first.
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        self._thread.start()

    def stop(self) -> None:
        """Stop following (the campaign is closed or replaced, the app quits); waits for the
        thread. Once is enough: later calls do nothing."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.quit()
        self._thread.wait()

    @Slot(object)
    def _changed(self, ops: frozenset[str]) -> None:
        if self.window.campaign is not self.campaign or self.campaign.read_only:
            return
        try:
            change = live.changes(self.campaign, self.seen, "DELETE" in ops)
        except Refused:
            return  # the connection went: the worker says so
        self.seen = change.mark
        if not (change.elsewhere or change.everything):
            return  # this window's own change, refreshed already
        shown = self.window.current_posse()
        if change.everything or shown in change.posses or "game" in change.tables:
            self.window.refresh()
        else:
            self.window.refresh_list()
        if change.said:
            self.window.say(change.said, SAID_MS)

    @Slot(str)
    def _lost(self, sentence: str) -> None:
        self.campaign.read_only = True
        self.window.follow_read_only()
        self.window.say(sentence, 0)  # until the server answers again

    @Slot()
    def _back(self) -> None:
        if not self.campaign.reconnect():
            return  # the watch reached the server and the campaign did not: the next try
        self.seen = self.campaign.mark()
        self.window.follow_read_only()
        self.window.refresh()
        self.window.say(f"Connected to {self.campaign.where} again.", SAID_MS)


def follow(window: LiveHost) -> LiveFollower | None:
    """Follow the window's campaign when it is on a server; None for a file."""
    if window.campaign.server is None:
        return None
    return LiveFollower(window)
