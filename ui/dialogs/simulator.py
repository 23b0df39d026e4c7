"""Tools > Simulator: many campaigns under a ruleset (or two, compared) as charts and tables.

The inputs are on the left (simulator_form), the results on the right; the run goes on a
thread of its own (simulator_worker), so the window stays live, shows progress and can be
cancelled; closing the window cancels the run. What the simulator refuses is shown as its
sentence under the Start button.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QThread
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from rostermgr.simulate.model import Model
from rostermgr.simulate.run import Job
from services import simulate
from ui.dialogs.simulator_form import SimulatorForm
from ui.dialogs.simulator_results import READY, SimResults
from ui.dialogs.simulator_worker import SimWorker, start
from ui.files import remember_folder, start_folder
from ui.screen import fitted_size
from ui.style import error_style

if TYPE_CHECKING:
    from ui.host import Host


class SimulatorWindow(QDialog):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Simulator - rostermgr")
        self.setObjectName("simulatorWindow")
        self.campaign = window.campaign
        self.rules: Ruleset = window.campaign.rules
        self.outcome: simulate.Outcome | None = None
        self._job: Job | None = None
        self._thread: QThread | None = None
        # held until its thread ends: collected early, it never runs and the thread never ends
        self._worker: SimWorker | None = None
        self._stop = threading.Event()
        self.form = SimulatorForm(self.rules)
        self.form.ruleset_a.refused.connect(self.show_refusal)
        self.form.ruleset_b.refused.connect(self.show_refusal)
        self.start_button = QPushButton("&Start")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_run)
        self.cancel_button = QPushButton("Sto&p run")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.setToolTip("Stop the run (Escape); nothing of it is kept.")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_run)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("%v of %m campaigns")
        self.progress.setTextVisible(False)  # "0 of 1 campaigns" says nothing before a run
        self.message = QLabel(READY)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tabs = SimResults()
        self.purse, self.advances, self.wins = self.tabs.purse, self.tabs.advances, self.tabs.wins
        self.rows, self.proxy, self.text = self.tabs.rows, self.tabs.proxy, self.tabs.text
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.csv_button = buttons.addButton(
            "E&xport CSV...", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.csv_button.setEnabled(False)
        self.csv_button.clicked.connect(self.export_csv)
        for button in buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
        buttons.rejected.connect(self.close)
        self._layout(buttons)
        self.clear_results()
        app = QCoreApplication.instance()
        if app is not None:  # a thread still running when the app's objects go is fatal
            app.aboutToQuit.connect(self.stop_and_wait)
        self.resize(*fitted_size(max(1000, self._wide_enough()), 680))

    def _wide_enough(self) -> int:
        """The width at which the results' tab bar shows every tab whole beside its corner
        picker (Qt's size hint counts at most 200 px of a bar that may scroll)."""
        bar, corner = self.tabs.tabBar(), self.tabs.cornerWidget()
        tabs = bar.sizeHint().width() + (corner.sizeHint().width() if corner else 0) + 12
        rest = self.sizeHint().width() - self.tabs.sizeHint().width()
        return rest + max(tabs, self.tabs.sizeHint().width())

    def _layout(self, buttons: QDialogButtonBox) -> None:
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(self.form.sizeHint().width() + 24)
        # the form's fields take the focus: a focused scroll area shows nothing and does nothing
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        run_row = QHBoxLayout()
        run_row.addWidget(self.start_button)
        run_row.addWidget(self.cancel_button)
        left = QVBoxLayout()
        left.addWidget(scroll, 1)
        left.addLayout(run_row)
        left.addWidget(self.progress)
        left.addWidget(self.message)
        body = QHBoxLayout()
        body.addLayout(left, 0)
        body.addWidget(self.tabs, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(buttons)

    # -- running ------------------------------------------------------------------------
    def running(self) -> bool:
        return self._thread is not None

    def show_refusal(self, sentence: str) -> None:
        self.message.setStyleSheet(error_style())
        self.message.setText(sentence)

    def _say(self, text: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(text)

    def _job_asked(self) -> tuple[Job, Ruleset | None]:
        """The job the inputs ask for, checked (Refused names what is wrong)."""
        rules = self.form.ruleset_a.rules() or self.rules
        posses = (
            simulate.campaign_posses(self.campaign) if self.form.from_campaign.isChecked() else []
        )
        made = simulate.job(
            rules,
            self.form.campaigns.value(),
            self.form.games.value(),
            self.form.factions.factions(),
            self.form.seed.value(),
            self.form.model_box.model(),
            posses,
        )
        return made, self.form.ruleset_b.rules()

    def start_run(self) -> None:
        """Start the run the inputs ask for; a refusal is shown and nothing runs."""
        if self.running():
            return
        try:
            made, against = self._job_asked()
        except Refused as exc:
            self.show_refusal(str(exc))
            return
        self._job = made
        self._stop = threading.Event()
        total = made.campaigns * (2 if against is not None else 1)
        # busy, not "0 of 1000", until the first campaigns are done (the workers start first)
        self.progress.setRange(0, 0)
        self.progress.setFormat(f"Starting {total:,} campaigns...")
        self.progress.setTextVisible(True)
        self._say(f"Running {total:,} campaigns...")
        thread, worker = start(made, against, self._stop, self)
        worker.progress.connect(self._progress)
        worker.done.connect(self._done)
        worker.failed.connect(self._failed)
        self._thread, self._worker = thread, worker
        self._set_busy(True)
        thread.start()

    def _set_busy(self, busy: bool) -> None:
        self.form.setEnabled(not busy)
        self.start_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.csv_button.setEnabled(not busy and self.outcome is not None)
        if busy:
            self.cancel_button.setFocus()
        else:
            self.start_button.setFocus()

    def _progress(self, done: int, total: int) -> None:
        if self.running():
            self.progress.setFormat("%v of %m campaigns")
            self.progress.setMaximum(total)
            self.progress.setValue(done)

    def _end_thread(self) -> bool:
        """Let the finished thread go; False if there was none (an answer after closing)."""
        thread, self._thread = self._thread, None
        if thread is None:
            return False
        thread.wait()
        thread.deleteLater()
        self._worker = None
        self._set_busy(False)
        return True

    def _done(self, outcome: simulate.Outcome) -> None:
        if not self._end_thread():
            return
        self.show_outcome(outcome)
        each = " under each ruleset, on the same seeds" if outcome.against is not None else ""
        self._say(f"Simulated {outcome.summary.campaigns:,} campaigns{each}.")

    def _failed(self, sentence: str) -> None:
        if self._end_thread():
            self.show_refusal(sentence)

    def cancel_run(self) -> None:
        if self.running():
            self._stop.set()
            self._say("Stopping...")

    def stop_and_wait(self) -> None:
        """Closing: stop the run and wait for its thread (its answer is then ignored)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            self._stop.set()
            thread.wait()
            thread.deleteLater()
            self._worker = None
            self._set_busy(False)

    def wait(self) -> None:
        """Block until the run has ended and its answer is shown (tests)."""
        while self._thread is not None:
            self._thread.wait()
            QCoreApplication.processEvents()

    def reject(self) -> None:
        """Escape cancels a run, else closes the window."""
        if self.running():
            self.cancel_run()
        else:
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_and_wait()
        super().closeEvent(event)

    # -- results ------------------------------------------------------------------------
    def clear_results(self) -> None:
        self.outcome = None
        self.tabs.reset()

    def show_outcome(self, outcome: simulate.Outcome) -> None:
        """Every chart, the table and the text report of a finished run."""
        self.outcome = outcome
        job = self._job  # set with the run that brought the outcome
        seed, model = (job.seed, job.model) if job is not None else (0, Model())
        self.tabs.show_outcome(outcome, seed, model)
        self.csv_button.setEnabled(not self.running())

    # -- export -------------------------------------------------------------------------
    def export_csv(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "Export the results as CSV into a folder", str(start_folder())
        )
        if folder:
            self.export_csv_to(Path(folder))

    def export_csv_to(self, folder: Path) -> bool:
        """by_game.csv and figures.csv into the folder; the sentence if refused."""
        if self.outcome is None:
            return False
        try:
            names = simulate.write_csv(self.outcome, folder, self.campaign.path)
        except Refused as exc:
            self.show_refusal(str(exc))
            return False
        remember_folder(folder / names[0])  # the next file dialog starts in this folder
        self._say(f"Wrote {' and '.join(names)} in {folder}.")
        return True


def open_simulator(w: Host) -> SimulatorWindow:
    """Show the simulator, or raise the one already open."""
    for existing in w.window().findChildren(SimulatorWindow):
        if existing.isVisible():
            existing.raise_()
            existing.activateWindow()
            return existing
    dialog = SimulatorWindow(w, parent=w.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
