"""The Table panel settles tests with the campaign's own numbers (R8-R12)."""

from __future__ import annotations

from ui.dialogs.table_aids import TableAids
from ui.main_window import MainWindow


def pick(side, posse: str, member: str) -> None:
    side.posse.setCurrentIndex(side.posse.findData(posse))
    side.member.setCurrentIndex(side.member.findData(member))


def test_r8_r9_r10_resolver_fills_from_members_and_resolves_shot_1(
    window: MainWindow, qtbot
) -> None:
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    tab = dialog.resolver
    pick(tab.attacker, "Last Hope Lawmen", "Wyatt")  # Sheriff leader, Shot 3, pistol
    pick(tab.target, "The Dalton Boys", "Kid")  # Outlawmen ganger, Defence 1, Toughness 1
    assert tab.attacker.stat.value() == 3 and tab.attacker.weapon.currentData() == "pistol"
    assert (tab.target.stat.value(), tab.target.toughness.value()) == (1, 1)
    tab.attacker.card.setText("JS")
    tab.target.card.setText("7D")
    tab.run()
    assert tab.result.text().startswith("Success: 2 wounds")  # worked example shot 1 (R10)
    assert "15 against 8" in tab.result.text()


def test_r8_combat_uses_combat_and_a_melee_weapon(window: MainWindow, qtbot) -> None:
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    tab = dialog.resolver
    tab.kind.setCurrentIndex(tab.kind.findData("combat"))
    pick(tab.attacker, "The Dalton Boys", "Doc")  # hunting knife
    pick(tab.target, "Last Hope Lawmen", "Wyatt")  # light leather: clothing 1
    assert tab.attacker.stat.value() == 2 and tab.attacker.weapon.currentData() == "hunting-knife"
    assert tab.target.clothing.value() == 1
    assert not tab.cover.isEnabled()
    tab.attacker.card.setText("bad")
    tab.run()
    assert "is not a card" in tab.result.text()


def test_r8_the_combat_attack_fills_from_the_rulesets_combat_stat(qtbot, tmp_path) -> None:
    """R8 (2026-12): Combat fills a combat's attack; a ruleset that says Strength fills that."""
    from pathlib import Path

    from rostermgr.rules_load import parse_ruleset_text
    from rostermgr.shop import plan_creation
    from services import posses
    from services.opening import for_app
    from tests.conftest import DALTON

    shipped = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    text = shipped.read_text(encoding="utf-8")
    strength = text.replace(
        'name = "Combat"\nstat = "combat"', 'name = "Combat"\nstat = "strength"'
    )
    assert strength != text
    dalton = {**DALTON, "members": [{**m} for m in DALTON["members"]]}
    for rules_text, stat, expected in ((text, "combat", 3), (strength, "strength", 2)):
        rules = parse_ruleset_text(rules_text, "test ruleset")
        c = for_app(tmp_path / f"{stat}.sqlite3", rules)
        posses.create(c, plan_creation(dalton, c.rules))
        window = MainWindow(c)
        qtbot.addWidget(window)
        dialog = TableAids(window)
        qtbot.addWidget(dialog)
        tab = dialog.resolver
        tab.kind.setCurrentIndex(tab.kind.findData("combat"))
        pick(tab.attacker, "The Dalton Boys", "Ike Dalton")  # leader: Combat 3, Strength 2
        assert c.rules.attack_stat("combat") == stat
        assert tab.attacker.stat.value() == expected
        assert tab.attacker.stat_label.text() == c.rules.stat_names[stat]
        c.close()


def test_r11_initiative_and_r12_game_length(window: MainWindow, qtbot) -> None:
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    ini = dialog.initiative
    ini.hands[0].setText("2S 2H 4D 6C 8S 9H 10C")
    ini.hands[1].setText("AS KH QD 9C 7S 5H 3C")
    ini.run_hands()
    assert (
        "The first player (Sheriffs) has priority: a pair of 2s beats ace high."
        in ini.answer.toPlainText()
    )
    ini.draws[0].setText("QH")
    ini.draws[1].setText("JK")
    ini.run_draw()
    assert "joker" in ini.answer.toPlainText().lower()
    length = dialog.length
    length.cards.setText("4H")
    length.run_cards()
    assert "5" in length.answer.toPlainText()
    length.flip.click()
    assert length.answer.toPlainText()


def test_r7_an_empty_card_field_is_named_and_shown_as_a_message(window: MainWindow, qtbot) -> None:
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    tab = dialog.resolver
    tab.target.card.setText("7D")
    tab.run()
    assert tab.result.text() == (
        "The attacker's card: No card was given: write the rank then the suit letter, "
        "like 10H or JK."
    )
    assert "color" in tab.result.styleSheet() and "bold" not in tab.result.styleSheet()
    tab.attacker.card.setText("JS")
    tab.target.card.setText("7X")
    tab.run()
    assert tab.result.text().startswith("The target's card: '7X' is not a card")
    tab.target.card.setText("7D")
    tab.run()
    assert tab.result.text().startswith("Success") and "bold" in tab.result.styleSheet()


def test_r4_r9_dynamite_fills_strength_and_wounds_every_model_typed(
    window: MainWindow, qtbot
) -> None:
    """R4 (2026-12): Strength vs Defence; each model within reach takes base + 2 - Toughness."""
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    tab = dialog.resolver
    assert tab.blast.isHidden()
    tab.kind.setCurrentIndex(tab.kind.findData("dynamite"))
    assert not tab.blast.isHidden() and not tab.attacker.weapon.isEnabled()
    pick(tab.attacker, "Last Hope Lawmen", "Wyatt")  # Strength 2 (his Shot and Combat are 3)
    pick(tab.target, "The Dalton Boys", "Kid")
    assert tab.attacker.stat.value() == 2
    tab.attacker.card.setText("9H")
    tab.target.card.setText("3C")
    tab.blast.setText("1, 2, 4")
    tab.run()
    assert tab.result.text().startswith("Success: wounds 3, 2, 0 (the target first)")
    assert "Model 3: 4 damage - Toughness 4 = 0 wounds: winged." in tab.steps.toPlainText()
    tab.blast.setText("1, two")
    tab.run()
    assert "is not a list of whole numbers" in tab.result.text()
    tab.kind.setCurrentIndex(tab.kind.findData("shot"))
    assert tab.blast.isHidden()


def test_r1_heart_of_the_town_heals_the_wounds_taken_in_the_table_aids(
    window: MainWindow, qtbot
) -> None:
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    tab = dialog.resolver
    tab.attacker.faction.setCurrentIndex(tab.attacker.faction.findData("townsfolk"))
    tab.attacker.stat.setValue(3)
    tab.attacker.pair.setChecked(True)
    tab.attacker.wounds_taken.setValue(5)
    tab.target.stat.setValue(1)
    tab.target.toughness.setValue(1)
    tab.attacker.card.setText("9C")
    tab.target.card.setText("2D")
    tab.run()
    assert "the attacker's leader regains 2 wounds" in tab.result.text()
    assert "Heart of the Town: regains 2 wounds before damage" in tab.steps.toPlainText()


def test_r11_the_initiative_tab_takes_the_leaders_pair_as_the_command_line_does(
    window: MainWindow, qtbot
) -> None:
    """R11 (2026-12): of a spent leader's pair one card is discarded; the tool keeps the one
    that makes the better hand (rostermgr.poker.priority, as `initiative hands --first-pair`)."""
    dialog = TableAids(window)
    qtbot.addWidget(dialog)
    ini = dialog.initiative
    ini.hands[0].setText("7S 7D 2D 3D 5D 9D KC QH")
    ini.pairs[0].setText("7S 7D")
    ini.hands[1].setText("AS KH 9D 7C 5S 3D 4H")
    ini.run_hands()
    answer = ini.answer.toPlainText()
    assert "7S of the leader's pair discarded" in answer
    assert "The first player (Sheriffs) has priority: a flush" in answer
    # without the pair named nothing is discarded
    ini.pairs[0].clear()
    ini.run_hands()
    assert "discarded" not in ini.answer.toPlainText()
    # a pair that is not two of the cards played is refused in the domain's sentence
    ini.pairs[0].setText("7S 8D")
    ini.run_hands()
    assert ini.answer.toPlainText().startswith(
        "First player: The leader's pair 7S 8D must be two of the cards"
    )
    ini.pairs[0].setText("7S")
    ini.run_hands()
    assert ini.answer.toPlainText() == (
        "The first player's leader's pair: '7S' is not two cards; write both, e.g. 7S 7D."
    )


def test_r11_r12_at_the_table_by_keyboard_alone(window: MainWindow, qtbot) -> None:
    """Each aid is reached by its Alt letters and answered by Enter where the cards are typed,
    as a player at the table does without the mouse (R8, R11, R12)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tests.ui.test_keyboard_journeys import ALT, press, shown

    dialog = TableAids(window, parent=window)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    # Game length: Alt+G, Alt+C to the cards flipped, Enter answers
    press(qtbot, Qt.Key.Key_G, ALT)
    assert press(qtbot, Qt.Key.Key_C, ALT) is dialog.length.cards
    qtbot.keyClicks(dialog.length.cards, "8S 5D")
    press(qtbot, Qt.Key.Key_Return)
    assert "The game ends after turn 6." in dialog.length.answer.toPlainText()
    # Initiative: Alt+I, Alt+D to the first player's draw, Enter answers the draw
    press(qtbot, Qt.Key.Key_I, ALT)
    ini = dialog.initiative
    assert press(qtbot, Qt.Key.Key_D, ALT) is ini.draws[0]
    qtbot.keyClicks(ini.draws[0], "KS")
    ini.draws[1].setText("AH")
    press(qtbot, Qt.Key.Key_Return)
    assert "the second player (Outlawmen) goes first" in ini.answer.toPlainText()
    # ... and Alt+C to the cards played, Enter answers priority
    assert press(qtbot, Qt.Key.Key_C, ALT) is ini.hands[0]
    qtbot.keyClicks(ini.hands[0], "2S 2H 5D 9C JD QS KH")
    ini.hands[1].setText("AS KD QC 9H 7S 4D 3C")
    press(qtbot, Qt.Key.Key_Return)
    assert "a pair of 2s beats ace high" in ini.answer.toPlainText()
    # Shot: Alt+S, Alt+A to the attacker's posse, Alt+C and Alt+D to the two cards
    press(qtbot, Qt.Key.Key_S, ALT)
    tab = dialog.resolver
    assert press(qtbot, Qt.Key.Key_A, ALT) is tab.attacker.posse
    assert press(qtbot, Qt.Key.Key_T, ALT) is tab.target.posse
    pick(tab.attacker, "Last Hope Lawmen", "Wyatt")
    pick(tab.target, "The Dalton Boys", "Kid")
    assert press(qtbot, Qt.Key.Key_C, ALT) is tab.attacker.card
    qtbot.keyClicks(tab.attacker.card, "JS")
    assert press(qtbot, Qt.Key.Key_D, ALT) is tab.target.card
    qtbot.keyClicks(tab.target.card, "7D")
    press(qtbot, Qt.Key.Key_Return)
    assert tab.result.text().startswith("Success: 2 wounds")  # worked example shot 1 (R10)
    assert QApplication.focusWidget() is tab.target.card and dialog.isVisible()
