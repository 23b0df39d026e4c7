"""A main window over a fresh campaign, with dialogs never left waiting."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from db.posses import create_posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from services.opening import for_app
from tests.conftest import DALTON, LAWMEN, RYE
from ui.main_window import MainWindow


@pytest.fixture(autouse=True)
def _no_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Message boxes record their text instead of waiting for a click."""
    shown: list[str] = []

    def record(*args: object, **_kw: object) -> QMessageBox.StandardButton:
        shown.append(str(args[2]) if len(args) > 2 else "")
        return QMessageBox.StandardButton.Yes

    for name in ("warning", "information", "critical", "question"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(record))

    def keep(box: QMessageBox) -> bool:  # "Discard?": the work is kept, as by Enter
        shown.append(box.text())
        return False

    monkeypatch.setattr("ui.wizards.discard.ask", keep)
    # Offscreen, the app asks nothing at start-up (nobody could answer); these boxes answer.
    monkeypatch.setattr("ui.app.can_ask", lambda: True)
    return shown


@pytest.fixture(autouse=True)
def _settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QSettings

    # Qt reads XDG_CONFIG_HOME once per process, so the paths are set here for each test: the
    # window's QSettings("rostermgr", "rostermgr") is NativeFormat, the others IniFormat.
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(tmp_path / "settings"))


@pytest.fixture
def empty_window(qtbot, tmp_path: Path):
    session = for_app(tmp_path / "c.sqlite3", default_ruleset())
    window = MainWindow(session)
    qtbot.addWidget(window)
    yield window
    session.close()


@pytest.fixture
def window(qtbot, tmp_path: Path):
    rules = default_ruleset()
    session = for_app(tmp_path / "c.sqlite3", rules)
    for doc in (DALTON, LAWMEN):
        create_posse(plan_creation(doc, rules), rules)
    w = MainWindow(session)
    qtbot.addWidget(w)
    yield w
    session.close()


@pytest.fixture
def rye_window(window):
    """The window's campaign with a Bootlegger posse too, whose leader steals (R1)."""
    create_posse(plan_creation(RYE, window.rules), window.rules)
    window.refresh()
    return window
