"""The window shows again only what an edit changed (issue 30): each use case it calls returns
its `Changes` (services.edits), and undo and redo change the same things back."""

from __future__ import annotations

from functools import partial

import pytest
from PySide6.QtCore import Qt

from services import edits
from services.changes import EVERYTHING, Changes
from ui.main_window import MainWindow

DALTON, LAWMEN = "The Dalton Boys", "Last Hope Lawmen"


class Reloads:
    """Counts what the window reads again from the campaign file."""

    def __init__(self, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
        import services.posses

        self.lists: int = 0
        self.pages: list[str | None] = []
        self.resets: int = 0
        summaries = services.posses.summaries
        show = window.view.show_posse

        def count_list(c: object) -> object:
            self.lists += 1
            return summaries(c)  # type: ignore[arg-type]

        def count_page(name: str | None) -> None:
            self.pages.append(name)
            show(name)

        monkeypatch.setattr(services.posses, "summaries", count_list)
        monkeypatch.setattr(window.view, "show_posse", count_page)
        window.posse_model.modelReset.connect(lambda: setattr(self, "resets", self.resets + 1))

    def clear(self) -> None:
        self.lists, self.pages, self.resets = 0, [], 0


def _select(window: MainWindow, name: str) -> None:
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(name)))


def test_the_use_cases_say_what_they_changed(window: MainWindow) -> None:
    c = window.campaign
    bought = edits.buy(c, DALTON, "Slim", "whiskey")
    assert bought.changes == Changes(posses=frozenset({DALTON}), listing=True)
    renamed = edits.rename_member(c, DALTON, "Slim", "Slim Jim")
    assert renamed.value == "Slim Jim" and renamed.changes.posses == {DALTON}
    assert not renamed.changes.listing  # the list names no member
    assert edits.rename(c, DALTON, "Daltons").changes.posses == {DALTON, "Daltons"}
    assert EVERYTHING.touches(LAWMEN) and not Changes().touches(LAWMEN)


def test_renaming_a_member_reloads_the_posse_shown_and_not_the_list(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _select(window, DALTON)
    seen = Reloads(window, monkeypatch)
    c = window.campaign
    window.act("Rename Slim to Jim", partial(edits.rename_member, c, DALTON, "Slim", "Jim"))
    assert (seen.lists, seen.pages) == (0, [DALTON])
    assert window.view.posse is not None and window.view.posse.member("Jim").name == "Jim"
    seen.clear()
    window.undo_stack.undo()  # undone: the same things change back
    assert (seen.lists, seen.pages) == (0, [DALTON])
    assert window.view.posse is not None and window.view.posse.member("Slim").name == "Slim"


def test_buying_updates_the_posse_s_line_without_resetting_the_list(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _select(window, DALTON)
    seen = Reloads(window, monkeypatch)
    model = window.posse_model
    tip = Qt.ItemDataRole.ToolTipRole  # the line's tooltip says the purse
    purse = model.data(model.index(model.row_of(DALTON)), tip)
    window.act("Buy", partial(edits.buy, window.campaign, DALTON, "Slim", "whiskey"))
    assert (seen.lists, seen.pages, seen.resets) == (1, [DALTON], 0)
    assert window.current_posse() == DALTON  # the selection stays where it was
    assert model.data(model.index(model.row_of(DALTON)), tip) != purse  # the new purse


def test_an_edit_of_a_posse_not_shown_leaves_the_page_alone(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    _select(window, DALTON)
    seen = Reloads(window, monkeypatch)
    window.act("Buy", partial(edits.buy, window.campaign, LAWMEN, "Doc H", "pistol"))
    assert seen.lists == 1 and seen.pages == []
    assert window.current_posse() == DALTON


def test_a_new_posse_is_selected_and_shown(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rostermgr.shop import plan_creation
    from tests.conftest import RYE

    seen = Reloads(window, monkeypatch)
    plan = plan_creation(RYE, window.rules)
    window.act("Create", partial(edits.create, window.campaign, plan), select=plan.name)
    assert window.current_posse() == plan.name and seen.pages[-1] == plan.name
