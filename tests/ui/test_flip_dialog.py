"""The flip dialog (R15): counts in words, and a typed card only once one is typed."""

from __future__ import annotations

from db import posses
from ui.dialogs.flip import FlipDialog
from ui.main_window import MainWindow


def test_r15_one_flip_is_singular_and_use_waits_for_a_card(window: MainWindow, qtbot) -> None:
    from rostermgr.report import parse_report
    from tests.writes import record_game

    doc = {
        "date": "2026-01-01",
        "scenario": "other",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "out_of_action": [
            {
                "posse": "The Dalton Boys",
                "member": "Kid",
                "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"},
            }
        ],
    }
    record_game(parse_report(doc, window.rules), window.rules, prune=False)  # Wyatt: 1 flip
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    panel = dialog.panel
    assert panel.member.currentText() == "Wyatt (1 flip)"
    assert panel.status.text() == "1 flip to spend."
    assert not panel.turn.isEnabled()  # nothing typed yet
    panel.card.setText("7H")
    assert panel.turn.isEnabled()
    panel.turn.click()
    wyatt = posses.load_posse("Last Hope Lawmen").member("Wyatt")
    assert (wyatt.pending_card, wyatt.flips) == ("7H", 0)
    assert panel.status.text().startswith("7H is turned: take ") and "0 flips left" in (
        panel.status.text()
    )


def test_r15_enter_in_the_card_field_uses_the_card_and_keeps_the_dialog(
    window: MainWindow, qtbot
) -> None:
    from PySide6.QtCore import Qt

    from rostermgr.report import parse_report
    from tests.writes import record_game

    doc = {
        "date": "2026-01-01",
        "scenario": "other",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "out_of_action": [
            {
                "posse": "The Dalton Boys",
                "member": "Kid",
                "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"},
            }
        ],
    }
    record_game(parse_report(doc, window.rules), window.rules, prune=False)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.panel
    panel.card.setFocus()
    qtbot.keyClicks(panel.card, "7H")
    qtbot.keyClick(panel.card, Qt.Key.Key_Return)
    assert dialog.isVisible()  # Enter turned the card; it did not press Close
    assert posses.load_posse("Last Hope Lawmen").member("Wyatt").pending_card == "7H"


def _two_flips(window: MainWindow) -> None:
    from services import games

    c = window.campaign
    victims = ("Kid", "Slim")
    doc = {
        "date": "2026-01-01",
        "scenario": "other",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "out_of_action": [
            {
                "posse": "The Dalton Boys",
                "member": v,
                "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"},
            }
            for v in victims
        ],
    }
    games.record(c, games.parse(c, doc))
    window.refresh()


def test_r15_enter_after_a_card_never_chooses_the_stat_for_the_player(
    window: MainWindow, qtbot
) -> None:
    from PySide6.QtCore import Qt

    _two_flips(window)
    before = posses.load_posse("Last Hope Lawmen").member("Wyatt")
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.panel
    assert dialog.focusWidget() is panel.card  # the dialog opens ready for the card typed
    qtbot.keyClicks(panel.card, "7H")
    qtbot.keyClick(panel.card, Qt.Key.Key_Return)
    wyatt = posses.load_posse("Last Hope Lawmen").member("Wyatt")
    assert wyatt.pending_card == "7H" and dict(wyatt.upgrades) == dict(before.upgrades)
    # the card is turned: focus moves to the first stat the card allows, and waits there
    assert not panel.turn.isEnabled()  # the card field is now only the re-flip's
    shown = [s for s, b in panel.choice_buttons.items() if not b.isHidden()]
    assert shown == ["strength", "toughness"]
    assert dialog.focusWidget() is panel.choice_buttons["strength"]
    qtbot.keyClick(panel.choice_buttons["toughness"], Qt.Key.Key_Space)  # an explicit key
    wyatt = posses.load_posse("Last Hope Lawmen").member("Wyatt")
    assert wyatt.upgrades.get("toughness") == 1 and wyatt.pending_card is None
    assert dialog.isVisible()


def select(window: MainWindow, posse: str) -> None:
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(posse)))


def test_spend_flips_opens_on_a_posse_that_has_flips(window: MainWindow, monkeypatch) -> None:
    import ui.dialogs.flip

    opened: list[str] = []

    class Dialog:
        def __init__(self, w, posse, member) -> None:
            opened.append(posse)

        def exec(self) -> int:
            return 0

    monkeypatch.setattr(ui.dialogs.flip, "FlipDialog", Dialog)
    window.posse_list.setCurrentIndex(
        window.posse_model.index(window.posse_model.row_of("The Dalton Boys"))
    )
    window.menus.campaign.spend_flip(None)
    assert opened == []  # no one has a flip: refused with the reason, no empty dialog
    _two_flips(window)
    window.posse_list.setCurrentIndex(
        window.posse_model.index(window.posse_model.row_of("The Dalton Boys"))
    )
    window.menus.campaign.spend_flip(None)
    assert opened == ["Last Hope Lawmen"]


def test_r15_once_a_members_flips_are_spent_the_panel_goes_on_to_the_next_with_flips(
    window: MainWindow, qtbot
) -> None:
    """The walk under Xvfb spent the leader's flip and was left on "No flips to spend." with the
    focus on Close, while the deputy still had one: the panel goes on to that member, ready for
    the card, and stays on the last one when nobody has a flip left."""
    from PySide6.QtCore import Qt

    from rostermgr.report import parse_report
    from tests.writes import record_game

    doc = {
        "date": "2026-01-01",
        "scenario": "other",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "out_of_action": [
            {
                "posse": "The Dalton Boys",
                "member": victim,
                "by": {"posse": "Last Hope Lawmen", "member": by},
            }
            for victim, by in (("Kid", "Wyatt"), ("Slim", "Virgil"))
        ],
    }
    record_game(parse_report(doc, window.rules), window.rules, prune=False)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.panel
    qtbot.keyClicks(panel.card, "7H")
    qtbot.keyClick(panel.card, Qt.Key.Key_Return)
    assert panel.member.currentData() == "Wyatt"  # the card waits for Wyatt's choice
    qtbot.keyClick(panel.choice_buttons["strength"], Qt.Key.Key_Space)
    assert panel.member.currentText() == "Virgil (1 flip)"
    assert panel.status.text() == "1 flip to spend."
    assert dialog.focusWidget() is panel.card
    assert "Wyatt takes +1 Strength from 7H" in panel.result.text()  # what was done stays said
    qtbot.keyClicks(panel.card, "9C")
    qtbot.keyClick(panel.card, Qt.Key.Key_Return)
    qtbot.keyClick(panel.choice_buttons["strength"], Qt.Key.Key_Space)
    assert panel.member.currentData() == "Virgil"  # nobody has a flip left: it stays
    assert panel.status.text() == "No flips to spend."


def test_r15_the_card_field_has_its_alt_letter(window: MainWindow, qtbot) -> None:
    """The walk under Xvfb chose a member with Alt+M and had to Tab to the card: "Card turned"
    had no letter. Alt+D goes to the card field."""
    from PySide6.QtCore import Qt

    from tests.ui.test_keyboard_journeys import ALT, press, shown

    _two_flips(window)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    panel = dialog.panel
    assert press(qtbot, Qt.Key.Key_M, ALT) is panel.member
    assert press(qtbot, Qt.Key.Key_D, ALT) is panel.card


def test_r15_a_re_flip_takes_the_card_the_player_turned_from_their_own_deck(
    window: MainWindow, qtbot
) -> None:
    """R15: the app offers both ways for every flip, the re-flip too: the card typed before
    Re-flip is the one recorded (the app's deck turns one only when none is typed)."""
    from PySide6.QtCore import Qt

    _two_flips(window)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.panel
    qtbot.keyClicks(panel.card, "7H")
    qtbot.keyClick(panel.card, Qt.Key.Key_Return)
    assert panel.status.text() == (
        "7H is turned: take Strength or Toughness, or re-flip. 1 flip left."
    )
    assert panel.card.isEnabled() and panel.reflip.isEnabled()
    panel.card.setFocus()
    qtbot.keyClicks(panel.card, "QS")
    assert panel.card.text() == "QS"
    panel.reflip.click()  # Alt+R
    wyatt = posses.load_posse("Last Hope Lawmen").member("Wyatt")
    assert (wyatt.pending_card, wyatt.flips) == ("QS", 0)
    assert panel.card.text() == "" and not panel.card.isEnabled()  # no flip left to burn
    # none left to burn: the status offers no re-flip
    assert panel.status.text() == "QS is turned: take Defence or Wounds. 0 flips left."
