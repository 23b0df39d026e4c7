"""The main window: the campaign's posses, the selected roster, the purse in view."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QMainWindow,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from db import posses
from rostermgr.rules import Ruleset
from ui.models import PosseListModel, RosterModel


class MainWindow(QMainWindow):
    def __init__(self, path: Path, rules: Ruleset) -> None:
        super().__init__()
        self.path, self.rules = path, rules
        self.setWindowTitle(f"rostermgr - {path.name}")
        self.resize(1100, 680)
        self.posse_model = PosseListModel(rules)
        self.roster_model = RosterModel(rules)
        self.posse_list = QListView()
        self.posse_list.setModel(self.posse_model)
        self.roster = QTableView()
        self.roster.setModel(self.roster_model)
        self.roster.verticalHeader().hide()
        self.roster.horizontalHeader().setStretchLastSection(True)
        self.roster.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.purse = QLabel()
        self.purse.setObjectName("purse")
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.heading.setStyleSheet("font-size: 16pt; font-weight: bold;")
        right = QWidget()
        layout = QVBoxLayout(right)
        layout.addWidget(self.heading)
        layout.addWidget(self.purse)
        layout.addWidget(self.roster)
        splitter = QSplitter()
        splitter.addWidget(self.posse_list)
        splitter.addWidget(right)
        splitter.setSizes([260, 840])
        self.setCentralWidget(splitter)
        self.posse_list.selectionModel().currentChanged.connect(lambda *_: self.show_selected())
        self._menus()
        self.refresh()

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

    def refresh(self) -> None:
        rows = posses.summaries()
        self.posse_model.set_rows(rows)
        if rows:
            self.posse_list.setCurrentIndex(self.posse_model.index(0))
        else:
            self.heading.setText("No posses yet")
            self.purse.setText(f"Campaign file: {self.path}")
        self.statusBar().showMessage(f"{len(rows)} posses in {self.path}")

    def show_selected(self) -> None:
        name = self.posse_model.name_at(self.posse_list.currentIndex().row())
        if name is None:
            self.roster_model.set_posse(None)
            return
        posse = posses.load_posse(name)
        faction = self.rules.faction(posse.faction)
        self.heading.setText(f"{posse.name}")
        self.purse.setText(f"{faction.name} ({faction.suit})    Purse: ${posse.purse}")
        self.roster_model.set_posse(posse)
        self.roster.resizeColumnsToContents()
