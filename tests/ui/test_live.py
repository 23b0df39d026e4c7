"""Another player's change shows in an open window within a second (issue 29, live).

One window follows the club campaign while the other player works through the use cases on
a campaign of their own, as their app does; the walk with two apps on two X displays is in
bench/xvfb_club.py.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import psycopg
import pytest
from PySide6.QtCore import Qt

from rostermgr.rules_load import default_ruleset
from services import edits, posses
from services.opening import for_app_server, for_server
from tests.conftest import DALTON, LAWMEN, Cli
from ui.main_window import MainWindow

D, L = DALTON["name"], LAWMEN["name"]


@pytest.fixture
def club(postgres_url: str, tmp_path: Path) -> tuple[str, str]:
    """A club campaign: ann's Dalton Boys and the arbitrator's Lawmen; (boss URL, ann URL)."""
    boss = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    boss.ok("club", "init", postgres_url)
    ann = f"ann_{uuid.uuid4().hex[:8]}"
    boss.ok("club", "add-player", postgres_url, ann)
    ann_url = postgres_url.replace("postgres@", f"{ann}@", 1)
    Cli(ann_url, tmp_path).new_posse(DALTON)  # type: ignore[arg-type]
    boss.new_posse(LAWMEN)
    return postgres_url, ann_url


def _purse(window: MainWindow, name: str) -> int:
    row = window.posse_model.row_of(name)
    return window.posse_model._rows[row].purse


def test_a_purchase_by_another_shows_within_a_second_with_a_line_in_the_status_bar(
    qtbot, club: tuple[str, str]
) -> None:
    boss_url, ann_url = club
    rules = default_ruleset()
    window = MainWindow(for_app_server(ann_url, rules))
    qtbot.addWidget(window)
    window.show()
    assert window.live is not None
    before = _purse(window, L)
    with for_server(boss_url, rules, editing=True) as boss:
        began = time.monotonic()
        posses.buy(boss, L, "Wyatt", "whiskey")
    qtbot.waitUntil(lambda: _purse(window, L) < before, timeout=3000)
    assert time.monotonic() - began < 1.0
    said = window.statusBar().currentMessage()
    assert said.startswith("postgres: Bought whiskey for Wyatt") and said.endswith(f"({L})")


def test_a_lost_connection_turns_the_window_read_only_until_the_server_answers(
    qtbot, club: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.live

    boss_url, ann_url = club
    monkeypatch.setattr(ui.live, "RETRY_S", 0.3)  # the test need not wait three seconds
    rules = default_ruleset()
    window = MainWindow(for_app_server(ann_url, rules))
    qtbot.addWidget(window)
    window.show()
    role = ann_url.split("//", 1)[1].split("@", 1)[0]
    with psycopg.connect(boss_url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,)
        )
    qtbot.waitUntil(lambda: window.campaign.read_only, timeout=5000)
    assert "(read-only)" in window.windowTitle()
    assert "was lost" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not window.campaign.read_only, timeout=10000)
    assert "(read-only)" not in window.windowTitle()
    assert window.statusBar().currentMessage().startswith("Connected to ")
    window.act("Buy whiskey", lambda: edits.buy(window.campaign, D, "Ike Dalton", "whiskey"))
    assert "whiskey" in posses.load(window.campaign, D).member("Ike Dalton").items


def test_the_ledger_and_history_say_who_on_a_server_and_not_in_a_file(
    qtbot, club: tuple[str, str], tmp_path: Path
) -> None:
    from services.opening import for_app

    _boss_url, ann_url = club
    rules = default_ruleset()
    window = MainWindow(for_app_server(ann_url, rules))
    qtbot.addWidget(window)
    window.show()
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(D)))
    history = window.view.history_table
    by = history.model.columnCount() - 1
    assert history.model.headerData(by, Qt.Orientation.Horizontal) == "By"
    assert not history.view.isColumnHidden(by)
    role = ann_url.split("//", 1)[1].split("@", 1)[0]
    assert {history.model.index(r, by).data() for r in range(history.model.rowCount())} == {role}
    ledger = window.view.ledger_table
    assert not ledger.view.isColumnHidden(ledger.model.columnCount() - 1)
    Cli(tmp_path / "c.sqlite3", tmp_path).new_posse(DALTON)
    on_file = MainWindow(for_app(tmp_path / "c.sqlite3", rules))
    qtbot.addWidget(on_file)
    assert on_file.view.history_table.view.isColumnHidden(by)


def test_the_same_player_s_change_in_another_app_shows_too(qtbot, club: tuple[str, str]) -> None:
    """ann has the club campaign open in two apps (two windows at the table, or a laptop and
    the club's machine): what she does in one shows in the other, as another player's does;
    only this window's own changes are refreshed already."""
    _boss_url, ann_url = club
    rules = default_ruleset()
    window = MainWindow(for_app_server(ann_url, rules))
    qtbot.addWidget(window)
    window.show()
    before = _purse(window, D)
    with for_server(ann_url, rules, editing=True) as her_other_app:
        posses.buy(her_other_app, D, "Ike Dalton", "whiskey")
    qtbot.waitUntil(lambda: _purse(window, D) < before, timeout=3000)


def test_a_club_player_s_report_says_submit_not_record(qtbot, club: tuple[str, str]) -> None:
    """A club's player submits the report (issue 29): the last page says so before she presses
    it, not only the message box after ("Record commits them in one step", "Record game")."""
    from PySide6.QtWidgets import QWizard

    from ui.wizards.postgame import PostGameWizard

    boss_url, ann_url = club
    rules = default_ruleset()
    for url, button, title in (
        (ann_url, "&Submit report", "Check before submitting"),
        (boss_url, "&Record game", "Check before recording"),
    ):
        window = MainWindow(for_app_server(url, rules))
        qtbot.addWidget(window)
        wizard = PostGameWizard(window, parent=window)
        qtbot.addWidget(wizard)
        page = wizard.preview_page
        assert page.buttonText(QWizard.WizardButton.CommitButton) == button
        assert page.title() == title
