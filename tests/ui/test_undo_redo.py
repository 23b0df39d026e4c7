"""Undo and redo replay the campaign file alone (DESIGN 7): any edits, undone all, redone all.

After every step the campaign's tables must equal, row for row, their dump taken at the same
point on the way: an undo or a redo that depended on a closed dialog, or drifted from the
file, would show here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QMessageBox

from rostermgr.errors import Refused
from rostermgr.report import parse_report
from services import edits
from tests.conftest import DALTON, LAWMEN
from tests.db.dump import dump, dump_state, strip_marks
from ui.dialogs.flip import FlipDialog
from ui.main_window import MainWindow

D, L = DALTON["name"], LAWMEN["name"]
MEMBERS = {D: [m["name"] for m in DALTON["members"]], L: [m["name"] for m in LAWMEN["members"]]}
ITEMS = ("hatchet", "whiskey", "pistol", "light-leather", "switchblade")
CARDS = ("2S", "7H", "QD", "JK", "10C", "AS")


def _report(n: int, victim: tuple[str, str], by: tuple[str, str]) -> dict:
    return {
        "date": "2026-11-28",
        "scenario": "bloodbath",
        "posses": [D, L],
        "winner": by[0],
        "out_of_action": [
            {
                "posse": victim[0],
                "member": victim[1],
                "by": {"posse": by[0], "member": by[1]},
            }
        ],
        "notes": f"game {n}",
    }


member = st.sampled_from([(p, m) for p, names in MEMBERS.items() for m in names])
edit = st.one_of(
    st.tuples(st.just("buy"), member, st.sampled_from(ITEMS)),
    st.tuples(st.just("sell"), member, st.sampled_from(ITEMS)),
    st.tuples(st.just("hire"), st.sampled_from([D, L]), st.text("abcxyz", min_size=3, max_size=6)),
    st.tuples(st.just("rename"), member, st.text("pqrs", min_size=3, max_size=6)),
    st.tuples(st.just("game"), member, member),
    st.tuples(st.just("flip"), member, st.sampled_from(CARDS)),
    st.tuples(st.just("reflip"), member, st.sampled_from(CARDS)),
)


def _apply(w: MainWindow, qtbot, step: tuple, n: int) -> None:
    """One edit as the window makes it; a refused one changes nothing and is not pushed."""
    c = w.campaign
    kind = step[0]
    action: Callable[[], object]
    if kind == "buy":
        (posse, name), item = step[1], step[2]
        action = partial(edits.buy, c, posse, name, item)
    elif kind == "sell":
        (posse, name), item = step[1], step[2]
        action = partial(edits.sell, c, posse, name, item)
    elif kind == "hire":
        action = partial(edits.hire, c, step[1], "ganger", step[2])
    elif kind == "rename":
        (posse, name), new = step[1], step[2]
        action = partial(edits.rename_member, c, posse, name, new)
    elif kind == "game":
        victim, by = step[1], step[2]
        try:
            report = parse_report(_report(n, victim, by), w.rules)
        except Refused:
            return
        action = partial(edits.record_game, c, report)
    else:
        (posse, name), card = step[1], step[2]
        if kind == "flip":
            # through the flip dialog, closed at once: redo must not need it
            dialog = FlipDialog(w, posse, None)
            qtbot.addWidget(dialog)
            index = dialog.panel.member.findData(name)
            if index < 0:
                dialog.close()
                return
            dialog.panel.member.setCurrentIndex(index)
            dialog.panel.card.setText(card)
            dialog.panel.use_typed_card()
            dialog.close()
            dialog.deleteLater()
            return
        action = partial(edits.spend_flip, c, posse, name, card=card, reflip=True)
    w.act(kind, action)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(edit, min_size=1, max_size=10))
def test_any_edits_undone_all_then_redone_all_match_the_file_at_each_step(
    window: MainWindow, qtbot, monkeypatch, steps: list[tuple]
) -> None:
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: None))
    w = window
    while w.undo_stack.canUndo():  # a fresh start for each example
        w.undo_stack.undo()
    w.undo_stack.clear()
    states = [dump(w.campaign.db)]
    for n, step in enumerate(steps):
        before = w.undo_stack.count()
        _apply(w, qtbot, step, n)
        if w.undo_stack.count() > before:
            states.append(dump(w.campaign.db))
        else:
            assert dump(w.campaign.db) == states[-1], f"a refused {step[0]} changed the file"
    assert w.undo_stack.count() == len(states) - 1
    for i in range(len(states) - 1, 0, -1):
        w.menus.edit.undo.trigger()
        assert dump(w.campaign.db) == states[i - 1], f"undo to step {i - 1}"
    assert not w.undo_stack.canUndo()
    for i in range(1, len(states)):
        assert w.menus.edit.redo.isEnabled()
        w.menus.edit.redo.trigger()
        # exactly, but for where the redone games sit in the undo log (new numbers)
        assert dump_state(w.campaign.db) == strip_marks(states[i], w.campaign.db), f"redo {i}"
    assert not w.undo_stack.canRedo()
    while w.undo_stack.canUndo():
        w.undo_stack.undo()
    assert dump(w.campaign.db) == states[0]


def test_the_status_bar_says_what_undo_and_redo_did(window: MainWindow) -> None:
    """The walk under Xvfb deleted a posse, pressed Ctrl+Z, and read "Deleted Dodge Deputies."
    under the posse brought back: the status bar said the edit, not its undo."""
    c = window.campaign
    window.act("Delete The Dalton Boys", partial(edits.delete, c, "The Dalton Boys"))
    assert window.statusBar().currentMessage() == "Deleted The Dalton Boys."
    window.undo_stack.undo()
    assert window.statusBar().currentMessage() == "Undone: Delete The Dalton Boys."
    window.undo_stack.redo()
    assert window.statusBar().currentMessage() == "Redone: Delete The Dalton Boys."
    window.act("Retire Last Hope Lawmen", partial(edits.retire, c, "Last Hope Lawmen"))
    assert window.statusBar().currentMessage() == "Retired Last Hope Lawmen."


def test_undoing_a_delete_shows_the_posse_brought_back(window: MainWindow) -> None:
    """The walk under Xvfb deleted Dodge Deputies and pressed Ctrl+Z: the posse came back to
    the list, but another stayed shown. Undo shows the posse it brings back."""
    window.refresh("The Dalton Boys")
    window.menus.campaign.delete_posse()  # the question answers Yes here
    assert window.posse_model.row_of("The Dalton Boys") < 0
    window.refresh("Last Hope Lawmen")
    window.undo_stack.undo()
    assert window.current_posse() == "The Dalton Boys"
