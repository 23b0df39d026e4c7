"""Issue 18 in the app: Campaign > Rules shows the history; adopting previews, commits, undoes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog

from rostermgr.rules_load import default_ruleset
from services import edits, posses
from tests.cli.test_rulesets import edited, playtest
from ui.dialogs.rulesets import AdoptDialog, RulesetsDialog


def wounds(window, member: str = "Kid") -> int:
    posse = posses.load(window.campaign, "The Dalton Boys")
    return posse.member(member).stats(window.campaign.rules)["wounds"]


@pytest.fixture
def answer(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The adoption preview accepts (and records its text) instead of waiting for a click."""
    seen: list[str] = []

    def exec_(self: AdoptDialog) -> int:
        seen.append(self.preview.toPlainText())
        return (
            QDialog.DialogCode.Accepted if self.adopt.isEnabled() else QDialog.DialogCode.Rejected
        )

    monkeypatch.setattr(AdoptDialog, "exec", exec_)
    return seen


def test_the_rules_dialog_shows_the_current_ruleset_and_its_history(window, qtbot) -> None:
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    assert "played under Last Hope Frontier 0.1-playtest" in dialog.current.text()
    assert "current" in dialog.history.toPlainText()
    assert window.findChild(QAction, "action_rulesets") is not None


def test_adopting_in_the_app_previews_commits_once_and_edit_undo_takes_it_back(
    window, qtbot, tmp_path: Path, answer: list[str]
) -> None:
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.adopt_file(Path(playtest(tmp_path)))
    assert "Pistol: price $8 -> $9" in answer[0]
    assert "Kid (Gang member): Wounds 6 -> 5" in answer[0]
    assert wounds(window) == 5
    assert "0.2-playtest" in dialog.current.text()
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert window.campaign.rules.version == "0.1-playtest"
    assert wounds(window) == 6
    window.undo_stack.redo()
    assert window.campaign.rules.version == "0.2-playtest"
    assert dialog.table_choice.count() == len(dialog.split)
    assert dialog.table.toPlainText().splitlines()[1].startswith("ruleset")


def test_an_adoption_that_would_be_refused_cannot_be_committed(
    window, qtbot, tmp_path: Path, answer: list[str]
) -> None:
    gone = edited(
        tmp_path,
        "gone.toml",
        ("[ruleset]", 'version = "0.1-playtest"', 'version = "0.3"'),
        ("[items.shotgun]", "[items.shotgun]", "[items.scattergun]"),
    )
    before = window.campaign.path.read_bytes()
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    assert not dialog.adopt_file(Path(gone))
    assert "Refused: Ma Dalton of The Dalton Boys carries 'shotgun'" in answer[0]
    assert window.undo_stack.count() == 0
    assert window.campaign.path.read_bytes() == before


def test_another_campaign_opens_with_its_own_ruleset_not_the_windows(qtbot, tmp_path: Path) -> None:
    from services import rulesets
    from services.opening import for_app
    from ui.main_window import MainWindow

    other = tmp_path / "other.sqlite3"
    for_app(other, default_ruleset()).close()  # a campaign under the shipped ruleset
    mine = for_app(tmp_path / "mine.sqlite3", default_ruleset())
    rulesets.adopt(mine, rulesets.load_file(playtest(tmp_path)))
    window = MainWindow(mine)  # reads with 0.2-playtest
    qtbot.addWidget(window)
    window.menus.file.open_path(other)
    assert window.campaign.path == other
    assert window.campaign.rules.version == "0.1-playtest"
    window.campaign.close()


def test_the_window_shows_stats_under_the_ruleset_adopted_and_undone(
    window, qtbot, tmp_path: Path, answer: list[str]
) -> None:
    """The roster reads the campaign's ruleset after an adoption and after its undo."""
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    window.posse_list.setCurrentIndex(
        window.posse_model.index(window.posse_model.row_of("The Dalton Boys"))
    )
    model = window.view.roster_model
    kid = next(r for r in range(model.rowCount()) if model.data(model.index(r, 0)) == "Kid")
    column = 2 + list(window.rules.stat_order).index("wounds")
    assert model.data(model.index(kid, column)) == "6"
    assert dialog.adopt_file(Path(playtest(tmp_path)))
    assert window.rules is window.campaign.rules
    assert model.data(model.index(kid, column)) == "5"
    window.undo_stack.undo()
    assert model.data(model.index(kid, column)) == "6"


def test_the_statistics_window_splits_its_tables_by_ruleset(
    window, qtbot, tmp_path: Path, answer: list[str]
) -> None:
    from PySide6.QtCore import Qt

    from services import games
    from ui.dialogs.stats_window import StatsWindow

    c = window.campaign
    report = {
        "date": "2026-12-01",
        "scenario": "bloodbath",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "winner": "Last Hope Lawmen",
    }
    window.act("game", lambda: edits.record_game(c, games.parse(c, report)))
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.adopt_file(Path(playtest(tmp_path)))
    window.act("game", lambda: edits.record_game(c, games.parse(c, report)))
    stats_window = StatsWindow(window, parent=window)
    qtbot.addWidget(stats_window)
    page = stats_window.pages["games"]
    across = Qt.Orientation.Horizontal
    whole = [page.model.headerData(i, across) for i in range(page.model.columnCount())]
    stats_window.by_ruleset.setChecked(True)
    split = [page.model.headerData(i, across) for i in range(page.model.columnCount())]
    assert "Ruleset" not in whole and split[0] == "Ruleset"
    versions = {page.model.data(page.model.index(r, 0)) for r in range(page.model.rowCount())}
    assert any("0.1-playtest" in str(v) for v in versions)
    assert any("0.2-playtest" in str(v) for v in versions)


def test_importing_a_posse_made_under_another_ruleset_says_what_differs_first(
    window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from services import rulesets
    from ui import ask

    c = window.campaign
    export = tmp_path / "dalton.json"
    posses.export_to(c, "The Dalton Boys", export)  # made under 0.1-playtest
    window.act("adopt", lambda: edits.adopt(c, rulesets.load_file(playtest(tmp_path))))
    monkeypatch.setattr(ask, "ask_text", lambda *a, **k: ("Again", True))
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton):
        def question(*args: object) -> QMessageBox.StandardButton:
            asked.append(str(args[2]))
            return button

        return staticmethod(question)

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    window.menus.file.import_file(export)
    assert "Pistol: price $8 -> $9" in asked[-1] and "Again" not in posses.names(c)
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    window.menus.file.import_file(export)
    assert "Again" in posses.names(c)


def test_an_adoption_from_an_earlier_session_is_undone_from_the_dialog_naming_what_else(
    window, qtbot, tmp_path: Path, _no_modal_boxes: list[str]
) -> None:
    """`rules undo` in the app: an adoption the window's Edit > Undo no longer holds (made
    by the command line, or before the app was last closed) is taken back here, with
    everything done since, named in the question first (h-fresh: the app could not)."""
    from services import rulesets

    c = window.campaign
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    assert not dialog.undo.isEnabled()  # only the ruleset it started with
    rulesets.adopt(c, rulesets.load_file(playtest(tmp_path)))  # not on the window's stack
    edits.buy(c, "The Dalton Boys", "Kid", "whiskey")
    dialog.load()
    assert dialog.undo.isEnabled()
    dialog.undo_last()  # the question is answered Yes
    assert _no_modal_boxes[0].startswith("Undo the adoption of last-hope-frontier 0.2-playtest?")
    question = _no_modal_boxes[0]
    assert "Bought whiskey for Kid" in question and "cannot be redone" in question
    assert c.rules.version == window.rules.version == "0.1-playtest"
    assert "0.1-playtest" in dialog.current.text() and not dialog.undo.isEnabled()
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(
            "Took back the adoption of last-hope-frontier 0.2-playtest; the campaign is played "
            "under last-hope-frontier 0.1-playtest again. Backed up first to "
        )
    )
    assert wounds(window) == 6


def test_a_no_to_the_question_undoes_nothing(
    window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from services import rulesets

    c = window.campaign
    rulesets.adopt(c, rulesets.load_file(playtest(tmp_path)))
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.No)
    )
    dialog = RulesetsDialog(window)
    qtbot.addWidget(dialog)
    dialog.undo_last()
    assert c.rules.version == "0.2-playtest"
