"""Qt's own options reach Qt, and View > Appearance chooses light or dark (issue 30, 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from cli.qt_options import split_qt_options
from tests.fresh import APP, fresh_env, run
from tests.ui.test_keyboard_journeys import ALT, press, shown
from ui import appearance
from ui.main_window import MainWindow
from ui.style import is_dark


@pytest.fixture(autouse=True)
def _system_again():
    yield
    appearance.apply(appearance.SYSTEM)  # the palette is the application's: others' tests too


def test_qt_options_are_told_from_rostermgr_ones() -> None:
    assert split_qt_options(["-style", "Fusion", "--db", "c.sqlite3"]) == (
        ["-style", "Fusion"],
        ["--db", "c.sqlite3"],
    )
    assert split_qt_options(["--platform=xcb", "-reverse", "posse", "list"]) == (
        ["--platform=xcb", "-reverse"],
        ["posse", "list"],
    )
    assert split_qt_options(["-platform"]) == ([], ["-platform"])  # no value: not Qt's


def test_the_app_passes_qt_options_to_qt_and_a_command_refuses_them(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import cli
    from ui import app

    started: list[tuple] = []
    monkeypatch.setattr(app, "run_app", lambda *a: started.append(a) or 0)
    assert cli.main(["-style", "Fusion", "--db", "x.sqlite3", "-platform", "xcb"]) == 0
    assert started[0][0] == Path("x.sqlite3")
    assert list(started[0][2]) == ["-style", "Fusion", "-platform", "xcb"]
    assert cli.main(["-style", "Fusion", "posse", "list"]) == 2
    said = capsys.readouterr().err
    assert said == (
        "rostermgr: -style is an option of the desktop app (Qt's); give it without a command.\n"
    )


def test_rostermgr_platform_offscreen_starts_the_app(tmp_path: Path) -> None:
    """Qt reads -platform itself: with no QT_QPA_PLATFORM the app still starts offscreen."""
    home = tmp_path / "home"
    home.mkdir()
    env = fresh_env(home, ROSTERMGR_SMOKE_QUIT="1")
    del env["QT_QPA_PLATFORM"]
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = run([*APP, "-platform", "offscreen", "-style", "Fusion"], env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("shown "), done.stdout


def test_view_appearance_by_keyboard_is_applied_and_remembered(window: MainWindow, qtbot) -> None:
    shown(qtbot, window)
    assert window.menus.view.appearance[appearance.SYSTEM].isChecked()
    light = is_dark()

    def pick(key: Qt.Key) -> None:
        press(qtbot, Qt.Key.Key_V, ALT)  # View
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
        qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_A)  # Appearance
        qtbot.waitUntil(lambda: "Dark" in _texts(QApplication.activePopupWidget()))
        qtbot.keyClick(QApplication.activePopupWidget(), key)
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)

    pick(Qt.Key.Key_D)
    assert is_dark() and window.menus.view.appearance[appearance.DARK].isChecked()
    assert QSettings("rostermgr", "rostermgr").value(appearance.KEY) == "dark"
    assert appearance.saved() == appearance.DARK  # what the next start applies
    pick(Qt.Key.Key_L)
    assert not is_dark()
    pick(Qt.Key.Key_S)
    assert is_dark() == light and appearance.saved() == appearance.SYSTEM


def _texts(menu) -> str:
    return " ".join(a.text() for a in menu.actions()) if menu is not None else ""


def test_a_change_of_appearance_reaches_the_headings_and_the_purse_at_once(
    window: MainWindow, qtbot
) -> None:
    """The walk under Xvfb switched to Dark and saw the posse's name and the member's heading
    still in black on the dark grey, and the purse in the light palette's brown, until the
    next start: each is drawn by a style sheet, which Qt resolved against the old palette."""
    from ui.style import PURSE_INK

    shown(qtbot, window)
    view = window.view
    headings = [view.name, view.member_pane.heading]

    def text_lightness() -> list[int]:
        return [w.palette().color(w.foregroundRole()).lightness() for w in headings]

    assert all(level < 128 for level in text_lightness())  # dark text on the light palette
    appearance.apply(appearance.DARK)
    assert is_dark()
    assert all(level >= 128 for level in text_lightness())
    assert PURSE_INK[1] in view.purse.styleSheet() and PURSE_INK[0] not in view.purse.styleSheet()
    appearance.apply(appearance.LIGHT)
    assert all(level < 128 for level in text_lightness())
    assert PURSE_INK[0] in view.purse.styleSheet()
