"""Starting the app (ui.app): lock first, the window painted, then the campaign opened in it."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel

from db.lock import lock_path
from db.posses import create_posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from services.campaign import Campaign
from services.opening import for_app
from tests.conftest import DALTON, LAWMEN, hand_lock_to
from ui import main_window
from ui.app import run_app
from ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def _campaign(path: Path) -> Path:
    rules = default_ruleset()
    session = for_app(path, rules)
    for doc in (DALTON, LAWMEN):
        create_posse(plan_creation(doc, rules), rules)
    session.close()
    return path


def test_the_window_is_painted_before_the_campaign_is_opened_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    seen: dict[str, object] = {}
    paint = MainWindow.paintEvent
    attach = MainWindow.attach

    def paint_noted(self: MainWindow, event: object) -> None:
        if "frame" not in seen:
            current = self.stack.currentWidget()
            seen["frame"] = {
                "open": self.is_open,
                "page": [label.text() for label in current.findChildren(QLabel)],
                "status": self.statusBar().currentMessage(),
                "title": self.windowTitle(),
                "locked": lock_path(path).exists(),
            }
        paint(self, event)  # type: ignore[arg-type]

    def attach_then_close(self: MainWindow, session: Campaign) -> None:
        attach(self, session)
        seen["posses"] = [self.posse_model.name_at(r) for r in range(self.posse_model.rowCount())]
        seen["name"] = self.view.name.text()
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(MainWindow, "paintEvent", paint_noted)
    monkeypatch.setattr(MainWindow, "attach", attach_then_close)
    assert run_app(path) == 0
    assert seen["frame"] == {
        "open": False,
        "page": ["Opening c.sqlite3..."],
        "status": f"Opening {path}...",
        "title": "c.sqlite3 - rostermgr",
        "locked": True,  # taken before the window appears
    }
    assert seen["posses"] == sorted([DALTON["name"], LAWMEN["name"]])
    assert seen["name"] == seen["posses"][0]  # the first posse is selected and shown
    assert not lock_path(path).exists()  # released on close


def test_the_window_icon_is_set_once_the_campaign_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    path = _campaign(tmp_path / "c.sqlite3")
    QApplication.setWindowIcon(QIcon())  # as at a start: none yet
    attach = MainWindow.attach
    seen: list[bool] = []

    def attach_then_close_with_icon(self: MainWindow, session: Campaign) -> None:
        attach(self, session)

        def poll(left: int = 200) -> None:  # for 2 s at most
            if QApplication.windowIcon().isNull() and left:
                QTimer.singleShot(10, lambda: poll(left - 1))
            else:
                seen.append(not QApplication.windowIcon().isNull())
                seen.append(gc.isenabled())  # on again once the campaign is painted
                self.close()

        QTimer.singleShot(0, poll)

    monkeypatch.setattr(MainWindow, "attach", attach_then_close_with_icon)
    assert run_app(path) == 0
    assert seen == [True, True]
    assert QApplication.windowIcon().availableSizes()  # the star, at its sizes


def test_the_app_marks_each_step_of_its_start_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/ reports where the wait goes by these names (services.startup)."""
    from services import startup

    path = _campaign(tmp_path / "c.sqlite3")
    attach = MainWindow.attach

    def attach_then_close(self: MainWindow, session: Campaign) -> None:
        assert not gc.isenabled()  # no collection while the campaign opens
        attach(self, session)
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(MainWindow, "attach", attach_then_close)
    monkeypatch.setattr(startup, "MARKS", [])
    assert run_app(path) == 0
    assert gc.isenabled()  # off for the start only
    names = [name for name, _ in startup.MARKS]
    assert names == [
        *("imports", "application", "lock", "frame", "snapshot", "painted", "modules"),
        *("ruleset", "opened", "checked", "ready", "view modules", "widgets", "queries"),
        "attached",
    ]
    times = [at for _, at in startup.MARKS]
    assert times == sorted(times)


def test_the_first_paint_comes_before_peewee_the_ruleset_and_reportlab(tmp_path: Path) -> None:
    """The real entry point in a fresh process: what is loaded when the window first paints."""
    path = _campaign(tmp_path / "c.sqlite3")
    script = f"""
import json, sys
from ui import main_window
paint, attach, seen = main_window.MainWindow.paintEvent, main_window.MainWindow.attach, {{}}
def paint_noted(self, event):
    seen.setdefault("first", sorted(m for m in sys.modules if "." not in m))
    paint(self, event)
def attach_then_quit(self, session):
    attach(self, session)
    seen["opened"] = sorted(m for m in sys.modules if "." not in m)
    seen["domain"] = sorted(m for m in sys.modules if m.startswith("rostermgr."))
    self.close()
main_window.MainWindow.paintEvent = paint_noted
main_window.MainWindow.attach = attach_then_quit
from cli import main
code = main(["--db", {str(path)!r}])
print(json.dumps({{"code": code, **seen}}))
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 0
    for heavy in ("peewee", "reportlab", "printables", "tomllib"):
        assert heavy not in found["first"], heavy
    assert "peewee" in found["opened"]
    assert "reportlab" not in found["opened"]
    # the planners and the plans they make wait for an edit (issue 33): the shown posse asks
    # only what may be done (rostermgr.hiring for Hire, say)
    assert "rostermgr.hiring" in found["domain"]
    for planner in ("rostermgr.shop", "rostermgr.plans", "rostermgr.postgame"):
        assert planner not in found["domain"], planner


def test_a_damaged_campaign_is_refused_over_the_window_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], _no_modal_boxes: list[str]
) -> None:
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(b"not a campaign")
    assert run_app(path) == 1
    err = capsys.readouterr().err
    assert "bad.sqlite3" in err and "Traceback" not in err
    assert any("bad.sqlite3" in text for text in _no_modal_boxes)
    assert path.read_bytes() == b"not a campaign"
    assert not lock_path(path).exists()


def test_a_bad_ruleset_is_refused_with_its_file_and_key(
    tmp_path: Path, _no_modal_boxes: list[str]
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    before = path.read_bytes()
    rules = tmp_path / "house.toml"
    rules.write_text('[game]\nname = "x"\n', encoding="utf-8")
    assert run_app(path, str(rules)) == 1
    assert any("house.toml" in text for text in _no_modal_boxes)
    assert path.read_bytes() == before
    assert not lock_path(path).exists()


def _answer_held(monkeypatch: pytest.MonkeyPatch, choice: object) -> list[str]:
    """The held-campaign question answered with `choice`; the sentences asked are kept."""
    import ui.held

    asked: list[str] = []

    def ask(_parent: object, held: object) -> object:
        asked.append(str(held))
        return choice

    monkeypatch.setattr(ui.held, "ask_when_held", ask)
    monkeypatch.setattr("ui.app.can_ask", lambda: True)  # the question above answers
    return asked


def test_second_app_start_says_who_holds_the_file_and_exits_1_when_cancelled(
    window: MainWindow,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    other_process,
) -> None:
    from ui.held import Choice

    path = window.campaign.path
    hand_lock_to(path, other_process.pid)  # as if another process held it
    before = path.read_bytes()
    asked = _answer_held(monkeypatch, Choice.CANCEL)
    assert run_app(path) == 1
    assert f"process {other_process.pid}" in capsys.readouterr().err
    assert asked and f"process {other_process.pid}" in asked[0]
    assert path.read_bytes() == before


@pytest.mark.parametrize("choice", ["READ_ONLY", "TAKE_OVER"])
def test_second_app_start_may_open_read_only_or_take_over(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, other_process, choice: str
) -> None:
    from ui.held import Choice

    path = window.campaign.path
    hand_lock_to(path, other_process.pid)
    _answer_held(monkeypatch, Choice[choice])
    seen: dict[str, object] = {}
    attach = main_window.MainWindow.attach

    def attach_then_close(self: MainWindow, campaign: Campaign) -> None:
        attach(self, campaign)
        seen["read_only"] = campaign.read_only
        seen["title"] = self.windowTitle()
        seen["ours"] = json.loads(lock_path(path).read_text())["pid"] == os.getpid()
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(main_window.MainWindow, "attach", attach_then_close)
    assert run_app(path) == 0
    if choice == "READ_ONLY":
        assert seen["read_only"] is True and "(read-only)" in str(seen["title"])
        assert seen["ours"] is False  # the other app keeps its lock
    else:
        assert seen["read_only"] is False and seen["ours"] is True


def test_a_window_taken_over_refuses_its_next_edit(window: MainWindow, other_process) -> None:
    from services import posses

    hand_lock_to(window.campaign.path, other_process.pid)  # another app took it over
    with pytest.raises(Exception, match=r"has taken .* over"):
        posses.buy(window.campaign, "Last Hope Lawmen", "Morgan", "whiskey")


def test_a_damaged_campaign_with_a_backup_is_offered_back_and_the_damage_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _no_modal_boxes: list[str]
) -> None:
    from tests.db.test_damage import campaign_with_data, damage, root

    path = tmp_path / "c.sqlite3"
    good = campaign_with_data(path)
    damage(path, "history", root)
    damaged = path.read_bytes()
    seen: dict[str, object] = {}
    attach = main_window.MainWindow.attach

    def attach_then_close(self: MainWindow, campaign: Campaign) -> None:
        attach(self, campaign)
        seen["posses"] = self.posse_model.rowCount()
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(main_window.MainWindow, "attach", attach_then_close)
    assert run_app(path) == 0  # the question was answered Yes
    assert any(good.name in text for text in _no_modal_boxes)
    assert seen["posses"] == 2
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("c.sqlite3.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged


def test_until_the_campaign_is_open_the_menus_and_buttons_do_nothing_but_quit(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.campaign_menu import CampaignMenu
    from ui.file_menu import FileMenu

    called: list[str] = []
    for menu, name in (
        (CampaignMenu, "record_game"),
        (FileMenu, "print_dialog"),
        (CampaignMenu, "create"),
        (FileMenu, "open_file"),
    ):
        monkeypatch.setattr(menu, name, lambda *_a, n=name: called.append(n))
    frame = MainWindow(path=tmp_path / "c.sqlite3")
    qtbot.addWidget(frame)
    frame.show()
    frame.menus.campaign.record.trigger()
    frame.menus.file.print.trigger()
    frame.menus.file.open.trigger()
    frame.new_posse_button.click()
    assert called == [] and frame.isVisible()
    frame.menus.file.quit.trigger()
    assert not frame.isVisible()


def test_a_window_never_painted_still_opens_its_campaign(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started minimised, say: the campaign opens after OPEN_UNPAINTED_MS anyway."""
    monkeypatch.setattr(main_window, "OPEN_UNPAINTED_MS", 10)
    frame = MainWindow(path=tmp_path / "c.sqlite3")
    qtbot.addWidget(frame)
    ran: list[bool] = []
    frame.after_first_paint(lambda: ran.append(True))  # never shown, so never painted
    qtbot.waitUntil(lambda: ran == [True], timeout=2000)
    qtbot.wait(50)
    assert ran == [True]  # once


def test_a_window_closed_before_its_start_ended_runs_none_of_it_in_a_later_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window closed before its campaign was painted kept its last start step (the garbage
    collector back on) and ran it in the next start, mid-way (CI hung on it in test order)."""
    import time

    first, second = _campaign(tmp_path / "a.sqlite3"), _campaign(tmp_path / "b.sqlite3")
    attach = MainWindow.attach

    def attach_then_close(self: MainWindow, session: Campaign) -> None:
        attach(self, session)
        QTimer.singleShot(0, self.close)  # before the open campaign is painted

    monkeypatch.setattr(MainWindow, "attach", attach_then_close)
    assert run_app(first) == 0
    time.sleep(main_window.OPEN_UNPAINTED_MS / 1000 + 0.1)  # its unpainted step is now due
    seen: list[bool] = []

    def attach_noting_the_collector(self: MainWindow, session: Campaign) -> None:
        seen.append(gc.isenabled())
        attach(self, session)
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(MainWindow, "attach", attach_noting_the_collector)
    assert run_app(second) == 0
    assert seen == [False]  # still off while the second campaign opens
    assert gc.isenabled()
