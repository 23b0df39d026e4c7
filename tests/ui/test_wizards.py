"""Gang creation and the post-game wizard driven end to end (DESIGN 7; R3, R5, R12-R16)."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QWizard

from ui.main_window import MainWindow
from ui.wizards.creation import CreationWizard
from ui.wizards.postgame import PostGameWizard

NAMES = ["Ike", "Ma", "Kid", "Slim", "Doc"]


def fill_creation(wizard: CreationWizard, name: str = "The Dalton Boys") -> None:
    wizard.show()
    wizard.faction_page.name.setText(name)
    for button in wizard.faction_page.group.buttons():
        if button.property("faction") == "outlawmen":
            button.setChecked(True)
    wizard.next()
    for (_role, edit), text in zip(wizard.names_page.fields, NAMES, strict=True):
        edit.setText(text)
    wizard.next()


def test_r3_r5_r16_creation_wizard_shop(empty_window: MainWindow, qtbot) -> None:
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    qtbot.addWidget(wizard)
    fill_creation(wizard)
    shop = wizard.shop_page
    QAbstractItemModelTester(shop.model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    assert shop.purse.text() == "Purse: $55 of $200"  # 200 - 50 - 35 - 60
    assert shop.buy_item("revolver") and shop.buy_item("medium-leather")
    assert shop.purse.text() == "Purse: $35 of $200"
    assert not shop.buy_item("fine-leather")  # R5: one clothing item
    assert "R5" in shop.reason.text()
    shop.members.setCurrentRow(2)  # Kid, a gang member
    assert not shop.buy_item("horse")
    assert "only a leader or deputy" in shop.reason.text()
    assert not shop.buy_item("scope-rifle") or shop.purse_left() >= 0
    shop.buy_item("pistol")
    left = shop.purse_left()
    wizard.next()  # Finish: validated
    plan = wizard.plan()
    assert plan.purse == left and plan.name == "The Dalton Boys"


def test_creating_a_posse_from_the_window_is_one_undo_step(
    empty_window: MainWindow, monkeypatch
) -> None:
    def fake_exec(self: CreationWizard) -> int:
        fill_creation(self, "Daltons")
        self.shop_page.buy_item("revolver")
        return 1

    monkeypatch.setattr(CreationWizard, "exec", fake_exec)
    empty_window.first_posse.click()
    assert empty_window.current_posse() == "Daltons"
    assert empty_window.view.purse.text() == "Purse: $45"
    empty_window.menus.edit.undo.trigger()
    assert empty_window.posse_model.rowCount() == 0
    assert empty_window.stack.currentWidget() is empty_window.empty


def run_postgame(window: MainWindow, qtbot) -> PostGameWizard:
    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.game_page
    page.set_played(["The Dalton Boys", "Last Hope Lawmen"])
    page.scenario.setCurrentIndex(page.scenario.findData("bounty"))
    page.winner.setCurrentIndex(page.winner.findData("Last Hope Lawmen"))
    wizard.next()
    cas = wizard.casualties_page
    cas.ooa.add_entry(
        {
            "posse": "The Dalton Boys",
            "member": "Kid",
            "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"},
        }
    )
    cas.used.add_entry({"posse": "The Dalton Boys", "member": "Doc", "item": "whiskey"})
    wizard.next()
    money = wizard.money_page
    money.bounties.add_entry(
        {
            "posse": "Last Hope Lawmen",
            "target": {"posse": "The Dalton Boys", "member": "Kid"},
            "claimed": True,
        }
    )
    money.income.add_entry({"posse": "Last Hope Lawmen", "amount": 15, "reason": "escort fee"})
    wizard.next()
    return wizard


def test_r12_r16_postgame_preview_commit_and_undo_as_one_step(window: MainWindow, qtbot) -> None:
    wizard = run_postgame(window, qtbot)
    preview = [
        wizard.preview_page.lines.item(i).text() for i in range(wizard.preview_page.lines.count())
    ]
    assert (
        "Kid of The Dalton Boys was taken out of action by Wyatt of Last Hope Lawmen: "
        "strike 1, -1 Wounds." in preview
    )
    assert any("claims $10" in line for line in preview)
    wizard.next()  # Record game: the commit page
    assert wizard.game_id == 1
    assert wizard.currentPage() is wizard.flips_page
    window.posse_list.setCurrentIndex(
        window.posse_model.index(window.posse_model.row_of("Last Hope Lawmen"))
    )
    assert window.view.purse.text() == "Purse: $55"
    window.menus.edit.undo.trigger()
    from db.games import list_games

    assert list_games() == []
    assert window.view.purse.text() == "Purse: $30"


def test_r15_flip_with_a_typed_card_and_with_a_drawn_one(window: MainWindow, qtbot) -> None:
    wizard = run_postgame(window, qtbot)
    wizard.next()
    panel = wizard.flips_page.panel
    assert panel is not None
    wizard.flips_page.posse.setCurrentIndex(wizard.flips_page.posse.findData("Last Hope Lawmen"))
    panel.member.setCurrentIndex(panel.member.findData("Wyatt"))
    panel.card.setText("7H")
    panel.use_typed_card()
    assert panel.choice_buttons["toughness"].isVisibleTo(panel)
    assert not panel.choice_buttons["shot"].isVisibleTo(panel)
    panel.choose("toughness")
    assert "takes +1 Toughness" in panel.result.text()
    wyatt = (
        window.view.posse
        if window.view.posse and window.view.posse.name == "Last Hope Lawmen"
        else None
    )
    from db.posses import load_posse

    assert load_posse("Last Hope Lawmen").member("Wyatt").upgrades == {"toughness": 1}
    # A second flip, drawn by the app: record another take-out first.
    wizard2 = run_postgame_second(window, qtbot)
    wizard2.next()
    panel2 = wizard2.flips_page.panel
    wizard2.flips_page.posse.setCurrentIndex(wizard2.flips_page.posse.findData("Last Hope Lawmen"))
    panel2.member.setCurrentIndex(panel2.member.findData("Virgil"))
    panel2.draw.click()
    assert "turns" in panel2.result.text()
    virgil = load_posse("Last Hope Lawmen").member("Virgil")
    assert virgil.pending_card is not None and virgil.flips == 0
    del wyatt


def run_postgame_second(window: MainWindow, qtbot) -> PostGameWizard:
    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.game_page.set_played(["The Dalton Boys", "Last Hope Lawmen"])
    wizard.next()
    wizard.casualties_page.ooa.add_entry(
        {
            "posse": "The Dalton Boys",
            "member": "Slim",
            "by": {"posse": "Last Hope Lawmen", "member": "Virgil"},
        }
    )
    wizard.next()
    wizard.next()
    wizard.next()
    assert wizard.game_id is not None
    return wizard


def test_a_report_that_breaks_a_rule_cannot_be_recorded(window: MainWindow, qtbot) -> None:
    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.game_page.set_played(["The Dalton Boys", "Last Hope Lawmen"])
    wizard.next()
    wizard.next()
    wizard.next()
    assert wizard.currentPage() is wizard.preview_page
    # The report pages refuse this themselves; the preview is the last guard.
    kid = {"posse": "The Dalton Boys", "member": "Kid"}
    wizard.casualties_page.ooa.add_entry(dict(kid))
    wizard.casualties_page.ooa.add_entry(dict(kid))
    wizard.preview_page.initializePage()
    assert "twice" in wizard.preview_page.error.text()
    assert not wizard.preview_page.isComplete()
    assert wizard.button(QWizard.WizardButton.CommitButton).isEnabled() is False


@pytest.mark.parametrize("unused", [None])
def test_flip_dialog_from_the_member_pane(window: MainWindow, unused: object) -> None:
    from ui.dialogs.flip import FlipDialog

    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    assert "No flips to spend" in dialog.panel.status.text()
    assert not dialog.panel.draw.isEnabled()


def test_r1_each_faction_says_what_its_leader_s_actions_do(empty_window: MainWindow, qtbot) -> None:
    """The faction page named "Dead Eyed Aim / Dead Eyed Spirit" and nothing more."""
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    qtbot.addWidget(wizard)
    for button in wizard.faction_page.group.buttons():
        faction = empty_window.rules.faction(str(button.property("faction")))
        for action in faction.leader_actions:
            assert f"{action.name}: {action.text}" in button.toolTip()
    sheriffs = wizard.faction_page.group.buttons()[0].toolTip()
    assert "+1 to the leader's attack total" in sheriffs
