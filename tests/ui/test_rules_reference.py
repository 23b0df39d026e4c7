"""Help > Rules reference: every table drawn from the Ruleset, as a user reads it (R1-R6)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QColor, QPalette, QTextCursor, QTextDocument, QTextTable

from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset
from ui.dialogs.rules_reference import NOT_WRITTEN, RulesReference, muted_colour

Rows = list[list[str]]


@pytest.fixture
def rules() -> Ruleset:
    return default_ruleset()


def open_reference(rules: Ruleset, qtbot) -> RulesReference:
    dialog = RulesReference(rules)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def tables(document: QTextDocument) -> list[Rows]:
    """Every table's cells as plain text, row by row."""
    out = []
    for frame in document.rootFrame().childFrames():
        if not isinstance(frame, QTextTable):
            continue
        rows = []
        for r in range(frame.rows()):
            row = []
            for c in range(frame.columns()):
                cell = frame.cellAt(r, c)
                cursor = cell.firstCursorPosition()
                cursor.setPosition(
                    cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor
                )
                # paragraph and line breaks (<br>) as new lines
                text = cursor.selectedText().replace("\u2029", "\n").replace("\u2028", "\n")
                row.append(text)
            rows.append(row)
        out.append(rows)
    return out


def table_with(dialog: RulesReference, first_heading: str, heading: str) -> dict[str, dict]:
    """The table whose first row starts with `first_heading` and holds `heading`: by row name."""
    for rows in tables(dialog.text.document()):
        if rows[0][0] == first_heading and heading in rows[0]:
            return {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    raise AssertionError(f"no table with {heading}")


def test_equipment_shows_range_effect_carrier_and_price(rules: Ruleset, qtbot) -> None:
    equipment = table_with(open_reference(rules, qtbot), "Item", "Range")
    assert equipment["Pistol"] == {
        "Item": "Pistol",
        "Range": "0-1",
        "Effect": "+1 damage",
        "Carried by": "Anyone",
        "Price": "$8",
        "Notes": "",
    }
    assert equipment["Light leather clothing"]["Effect"] == "+1 defence"
    assert equipment["Shotgun"]["Effect"] == "+2 damage; reload after 3 shots"
    assert equipment["Whiskey"]["Effect"] == "heals 1 wound"
    assert equipment["Machete"]["Range"] == "base to base"  # a weapon with no range (R4)
    assert equipment["Derringer"]["Range"] == "0"
    assert equipment["Horse"]["Carried by"] == "Leader or deputy"  # R5
    assert equipment["Rabbit's foot"]["Carried by"] == "Leader"
    for item in rules.items.values():  # every item, at its ruleset price
        assert equipment[item.name]["Price"] == f"${item.price}"
    # a heading row across the table names each kind of item, in the ruleset's order
    assert [k.name for k in rules.kinds.values()] == [
        name for name, row in equipment.items() if set(row.values()) == {name}
    ]


def test_equipment_comes_from_the_ruleset(rules: Ruleset, qtbot) -> None:
    pistol = replace(rules.items["pistol"], range=(0, 2), damage=2, price=9, roles=("deputy",))
    changed = replace(rules, items={**rules.items, "pistol": pistol})
    row = table_with(open_reference(changed, qtbot), "Item", "Range")["Pistol"]
    assert (row["Range"], row["Effect"], row["Price"]) == ("0-2", "+2 damage", "$9")
    assert row["Carried by"] == "Deputy"


def test_empty_rule_texts_say_so_in_grey(rules: Ruleset, qtbot) -> None:
    dialog = open_reference(rules, qtbot)
    factions = table_with(dialog, "Faction", "Rule")
    sheriffs = factions["Sheriffs"]
    assert sheriffs["Rule"] == f"Badge of Honour {NOT_WRITTEN}"
    # R1 (2026-12): an action with two names is one action, its text written for both uses
    action = sheriffs["Leader's eighth-card action"]
    assert action.startswith("Dead Eyed Aim / Dead Eyed Spirit ") and NOT_WRITTEN not in action
    assert factions["Outlawmen"]["Leader's eighth-card action"].startswith(
        "Dirt In the Wound / Whiskey in the Wound "
    )
    blank = replace(rules.factions["outlawmen"].leader_actions[0], text="")
    outlaws = replace(rules.factions["outlawmen"], leader_actions=(blank,))
    unwritten = replace(rules, factions={**rules.factions, "outlawmen": outlaws})
    row = table_with(open_reference(unwritten, qtbot), "Faction", "Rule")["Outlawmen"]
    assert row["Leader's eighth-card action"] == (
        f"Dirt In the Wound / Whiskey in the Wound {NOT_WRITTEN}"
    )
    document = dialog.text.document()
    found = document.find(NOT_WRITTEN)
    assert not found.isNull()
    grey = found.charFormat().foreground().color()
    text = dialog.text.palette().text().color()
    assert grey != text and grey.lightness() != text.lightness()
    # a rule with its text written shows the text, not the placeholder
    sheriffs_rules = replace(rules.factions["sheriffs"], rule_text="Deputies never rout.")
    written = replace(rules, factions={**rules.factions, "sheriffs": sheriffs_rules})
    row = table_with(open_reference(written, qtbot), "Faction", "Rule")["Sheriffs"]
    assert row["Rule"] == "Badge of Honour Deputies never rout."


def test_carry_limits_from_the_kinds(rules: Ruleset, qtbot) -> None:
    dialog = open_reference(rules, qtbot)
    text = dialog.text.toPlainText()
    assert "A model carries at most 1 clothing item (R5)." in text


def test_placeholder_grey_follows_a_dark_palette(rules: Ruleset, qtbot) -> None:
    dialog = open_reference(rules, qtbot)
    dark = QPalette(dialog.palette())
    for role, colour in (
        (QPalette.ColorRole.Base, "#202020"),
        (QPalette.ColorRole.Text, "#f0f0f0"),
    ):
        dark.setColor(role, QColor(colour))
    dialog.setPalette(dark)
    grey = dialog.text.document().find(NOT_WRITTEN).charFormat().foreground().color()
    assert grey.name() == muted_colour(dark) == "#888888"


def test_r7_r12a_the_play_section_reads_as_the_printed_quick_reference(
    rules: Ruleset, qtbot
) -> None:
    """h-table (2026-12-03): Help > Rules reference stopped at R13; the cards' values, the
    tests, the turn, the game's length, the rout and movement were on the printed sheet only.
    The window now gives the sheet's own content (rostermgr.reference), step by step."""
    from rostermgr.reference import build_reference

    dialog = open_reference(rules, qtbot)
    text = dialog.text.toPlainText()
    reference = build_reference(rules)
    for chart in reference.charts:
        assert chart.title in text
        for step in chart.steps:
            assert step.text in text
            if step.decision:
                assert step.outcome in text
    for diagram in reference.drawings:
        assert diagram.title in text
        assert all(row.text in text for row in diagram.rows)
    assert "No difficult terrain; distances may be measured at any time." in text
    cards = next(t for t in reference.tables if t.title.startswith("Card values"))
    shown = next(rows for rows in tables(dialog.text.document()) if rows[0] == list(cards.heads))
    assert shown[1:] == [list(row) for row in cards.rows]
    # a house number reaches the window as it reaches the sheet (R12a: the card that measures)
    house = replace(rules, tabletop=replace(rules.tabletop, climb=2))
    assert "at most 2 card lengths up in a move" in open_reference(house, qtbot).text.toPlainText()


def test_the_reference_is_read_by_keyboard_to_its_end(rules: Ruleset, qtbot) -> None:
    """Ctrl+End took the reader nowhere: the text answered Page keys alone."""
    from PySide6.QtCore import Qt

    dialog = open_reference(rules, qtbot)
    dialog.text.setFocus()
    qtbot.keyClick(dialog.text, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert dialog.text.textCursor().atEnd()
