"""The main window lists the campaign's posses and shows the selected roster (DESIGN 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester

from db.connection import open_campaign
from db.posses import create_posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests.conftest import DALTON, LAWMEN
from ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path: Path):
    rules = default_ruleset()
    db = open_campaign(tmp_path / "c.sqlite3")
    for doc in (DALTON, LAWMEN):
        create_posse(plan_creation(doc, rules), rules)
    w = MainWindow(tmp_path / "c.sqlite3", rules)
    qtbot.addWidget(w)
    yield w
    db.close()


def test_models_pass_the_qt_model_tester(window: MainWindow) -> None:
    mode = QAbstractItemModelTester.FailureReportingMode.Fatal
    QAbstractItemModelTester(window.posse_model, mode)
    QAbstractItemModelTester(window.roster_model, mode)
    window.refresh()


def test_lists_posses_and_shows_roster_and_purse(window: MainWindow) -> None:
    names = [window.posse_model.name_at(i) for i in range(window.posse_model.rowCount())]
    assert names == ["Last Hope Lawmen", "The Dalton Boys"]
    window.posse_list.setCurrentIndex(window.posse_model.index(1))
    assert window.heading.text() == "The Dalton Boys"
    assert "$7" in window.purse.text()
    model = window.roster_model
    assert model.rowCount() == 5
    assert model.data(model.index(0, 0)) == "Ike Dalton"
    wounds_col = 2 + 6
    assert model.headerData(wounds_col, Qt.Orientation.Horizontal) == "W"
    assert model.data(model.index(0, wounds_col)) == 8
