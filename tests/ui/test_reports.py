"""Players' reports in the app (issue 29): a club's player records a game and it is submitted;
everyone sees it under Campaign > Players' reports; an arbitrator applies it or sends it back."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from rostermgr.rules_load import default_ruleset
from services import games
from services.opening import for_app_server
from tests.conftest import DALTON, LAWMEN, Cli
from tests.ui.test_postgame_wizard import open_wizard
from ui.dialogs.reports import ReportsDialog
from ui.main_window import MainWindow

D, L = DALTON["name"], LAWMEN["name"]


@pytest.fixture
def club(postgres_url: str, tmp_path: Path) -> tuple[str, str, str]:
    """A club campaign: ann's Dalton Boys and the arbitrator's Lawmen; URLs and ann's role."""
    boss = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    boss.ok("club", "init", postgres_url)
    ann = f"ann_{uuid.uuid4().hex[:8]}"
    boss.ok("club", "add-player", postgres_url, ann)
    ann_url = postgres_url.replace("postgres@", f"{ann}@", 1)
    Cli(ann_url, tmp_path).new_posse(DALTON)  # type: ignore[arg-type]
    boss.new_posse(LAWMEN)
    return postgres_url, ann_url, ann


def _window(qtbot, url: str) -> MainWindow:
    window = MainWindow(for_app_server(url, default_ruleset()))
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_player_s_wizard_submits_the_report_and_an_arbitrator_applies_it(
    qtbot, club: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    boss_url, ann_url, ann = club
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: told.append(text))
    mine = _window(qtbot, ann_url)
    wizard = open_wizard(mine, qtbot, pages=3)  # the preview page, the commit
    assert not wizard.validateCurrentPage()  # submitted, and the wizard closed
    assert not wizard.isVisible()
    assert told[0].endswith(
        "submitted for review as report 1; Campaign > Players' reports shows it."
    )
    assert games.listing(mine.campaign) == []  # no game yet
    assert mine.undo_stack.undoText() == "Submit report of " + wizard.report()["date"]
    # The player sees it waiting, and may neither apply it nor send it back.
    seen = ReportsDialog(mine)
    qtbot.addWidget(seen)
    assert seen.model.rowCount() == 1 and not seen.apply.isVisible()
    assert seen.model.index(0, 5).data() == "waiting" and seen.model.index(0, 3).data() == ann
    # The arbitrator applies it, after its preview.
    boss = _window(qtbot, boss_url)
    dialog = ReportsDialog(boss)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.apply.isVisible()
    dialog.table.view.setCurrentIndex(dialog.table.proxy.index(0, 0))
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda parent, title, text: asked.append(text) or QMessageBox.StandardButton.Yes,
    )
    dialog.apply.click()
    assert asked[0].startswith("Record report 1 (") and D in asked[0] and L in asked[0]
    assert dialog.model.index(0, 5).data() == "applied as game 1"
    assert [g.id for g in games.listing(boss.campaign)] == [1]
    assert boss.undo_stack.undoText() == "Apply report 1"


def test_an_arbitrator_sends_a_report_back_with_a_reason(
    qtbot, club: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rostermgr.report import parse_report
    from services.opening import for_server

    boss_url, ann_url, _ann = club
    rules = default_ruleset()
    with for_server(ann_url, rules, editing=True) as c:
        doc = {"date": "2026-11-28", "scenario": "bloodbath", "posses": [D, L], "winner": L}
        games.submit(c, parse_report(doc, c.rules))
    boss = _window(qtbot, boss_url)
    dialog = ReportsDialog(boss)
    qtbot.addWidget(dialog)
    dialog.table.view.setCurrentIndex(dialog.table.proxy.index(0, 0))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Wrong winner", True))
    dialog.send_back.click()
    assert dialog.model.index(0, 5).data() == "sent back: Wrong winner"
    assert not dialog.apply.isEnabled() and not dialog.send_back.isEnabled()


def test_a_campaign_file_has_no_players_reports(window: MainWindow, monkeypatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(window, "refuse", said.append)
    window.menus.campaign.reports.trigger()  # type: ignore[attr-defined]
    assert said[0].startswith("Players submit reports only in a club campaign")
