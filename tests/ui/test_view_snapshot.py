"""The view snapshot: the campaign as the app last showed it, painted at once on the next start.

It is used only while its key matches the files, shown only until the real campaign replaces
it, takes no input meanwhile, and never writes the campaign.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QTimer

from db.posses import create_posse
from rostermgr.errors import Refused
from rostermgr.roster import DEAD
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from services.campaign import Campaign
from services.opening import for_app
from tests.conftest import DALTON, LAWMEN, RYE, hand_lock_to
from ui import view_snapshot
from ui.app import run_app
from ui.main_window import MainWindow
from ui.preview import PreviewPage, capture
from ui.view_snapshot import CampaignView

ROOT = Path(__file__).resolve().parents[2]


def _campaign(path: Path) -> Path:
    rules = default_ruleset()
    session = for_app(path, rules)
    for doc in (DALTON, LAWMEN):
        create_posse(plan_creation(doc, rules), rules)
    session.close()
    return path


def _painted(window: MainWindow) -> dict[str, Any]:
    """What the window paints of the campaign: the posse list, the posse's heading and roster."""
    posses = window.posse_list.model()
    listed = [posses.index(r, 0).data() for r in range(posses.rowCount())] if posses else []
    page = window.stack.currentWidget()
    if isinstance(page, PreviewPage):
        roster = page.roster
        cells = [
            [roster.item(r, c).text() for c in range(roster.columnCount())]
            for r in range(roster.rowCount())
        ]
        heading = [page.name.text(), page.purse.text()]
    elif page is getattr(window, "view", None):
        model = window.view.roster_model
        cells = [
            [str(model.index(r, c).data()) for c in range(model.columnCount())]
            for r in range(model.rowCount())
        ]
        heading = [window.view.name.text(), window.view.purse.text()]
    else:
        cells, heading = [], []
    return {"posses": listed, "heading": heading, "roster": cells}


def _run_noting(monkeypatch: pytest.MonkeyPatch, path: Path, **run: Any) -> dict[str, Any]:
    """run_app on `path`, closing once attached; what was painted first, and once attached."""
    seen: dict[str, Any] = {}
    paint, attach = MainWindow.paintEvent, MainWindow.attach

    def paint_noted(self: MainWindow, event: object) -> None:
        if "first" not in seen:
            seen["first"] = {"previewing": self.previewing, "open": self.is_open, **_painted(self)}
        paint(self, event)  # type: ignore[arg-type]

    def attach_then_close(self: MainWindow, session: Campaign) -> None:
        attach(self, session)
        seen["attached"] = {
            "previewing": self.previewing,
            "list_enabled": self.posse_list.isEnabled(),
            **_painted(self),
        }
        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(MainWindow, "paintEvent", paint_noted)
    monkeypatch.setattr(MainWindow, "attach", attach_then_close)
    seen["code"] = run_app(path, **run)
    return seen


def test_the_next_start_paints_the_campaign_from_its_snapshot_then_the_real_one_replaces_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    first = _run_noting(monkeypatch, path)
    assert first["code"] == 0 and first["first"]["previewing"] is False  # no snapshot yet
    assert view_snapshot.snapshot_file(path).exists()  # written on close
    before = path.read_bytes()
    second = _run_noting(monkeypatch, path)
    assert second["code"] == 0
    painted, real = second["first"], second["attached"]
    assert painted["previewing"] is True and painted["open"] is False
    # the first paint has the posse list and the first roster, as the open campaign shows them
    assert painted["posses"] == sorted([DALTON["name"], LAWMEN["name"]])
    assert painted["roster"] and painted["heading"][0] == painted["posses"][0]
    assert {k: painted[k] for k in ("posses", "heading", "roster")} == {
        k: real[k] for k in ("posses", "heading", "roster")
    }
    assert real["previewing"] is False and real["list_enabled"] is True
    assert path.read_bytes() == before  # a start that shows a snapshot changes nothing


def test_a_snapshot_is_not_used_once_the_campaign_changed_without_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    _run_noting(monkeypatch, path)
    assert view_snapshot.read(path, None) is not None
    rules = default_ruleset()
    session = for_app(path, rules)  # the command line, say, adds a posse meanwhile
    create_posse(plan_creation(RYE, rules), rules)
    session.close()
    assert view_snapshot.read(path, None) is None
    seen = _run_noting(monkeypatch, path)
    assert seen["first"]["previewing"] is False and seen["first"]["roster"] == []
    assert RYE["name"] in seen["attached"]["posses"]


def test_a_snapshot_is_not_used_with_another_ruleset_file_or_a_changed_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    _run_noting(monkeypatch, path)
    view = view_snapshot.read(path, None)
    assert view is not None
    house = tmp_path / "house.toml"
    house.write_bytes(view_snapshot.shipped_ruleset().read_bytes())
    assert view_snapshot.read(path, house) is None  # written against the shipped file
    view_snapshot.write(path, house, view)
    assert view_snapshot.read(path, house) == view
    house.write_bytes(house.read_bytes() + b"\n# changed\n")
    assert view_snapshot.read(path, house) is None


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"key": 1}',
        '{"key": KEY, "view": {"posses": 3}}',
        '{"key": KEY, "crc": 0, "view": "[]"}',
        '{"key": KEY, "crc": 3037712386, "view": 5}',
    ],
)
def test_an_unreadable_snapshot_is_ignored_and_the_campaign_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    key = view_snapshot.file_key(path, view_snapshot.shipped_ruleset())
    target = view_snapshot.snapshot_file(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace("KEY", json.dumps(key)), encoding="utf-8")
    assert view_snapshot.read(path, None) is None
    seen = _run_noting(monkeypatch, path)
    assert seen["code"] == 0 and seen["first"]["previewing"] is False
    assert len(seen["attached"]["posses"]) == 2


def _view(window: MainWindow) -> CampaignView:
    view = capture(window)
    assert view is not None
    return view


def test_until_the_real_campaign_is_attached_the_snapshot_takes_no_input_and_edits_nothing(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.campaign_menu import CampaignMenu
    from ui.file_menu import FileMenu

    view = _view(window)
    called: list[str] = []
    for menu, name in (
        (CampaignMenu, "record_game"),
        (CampaignMenu, "create"),
        (CampaignMenu, "buy_item"),
        (FileMenu, "open_file"),
    ):
        monkeypatch.setattr(menu, name, lambda *_a, n=name: called.append(n))
    frame = MainWindow(path=window.campaign.path)
    qtbot.addWidget(frame)
    frame.show_preview(view)
    frame.show()
    page = frame.stack.currentWidget()
    assert isinstance(page, PreviewPage) and frame.previewing
    assert not page.isEnabled() and not frame.posse_list.isEnabled()  # no click, key or focus
    frame.menus.campaign.record.trigger()
    frame.menus.file.open.trigger()
    frame.new_posse_button.click()
    assert called == [] and not frame.is_open
    frame.attach(window.campaign)
    assert not frame.previewing and frame.stack.currentWidget() is frame.view
    assert frame.stack.indexOf(page) == -1 and frame.posse_list.isEnabled()
    frame.new_posse_button.click()
    assert called == ["create"]


def test_the_focus_is_on_the_posse_list_once_the_campaign_is_attached(
    qtbot, window: MainWindow
) -> None:
    """The walk under Xvfb found the focus on the posse list after one start and on the New
    posse button after the next: while the snapshot is painted the list takes no focus, so a
    window activated then gave it to the button. Attached, the list has it, every start."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.test_keyboard_journeys import shown

    view = _view(window)
    frame = MainWindow(path=window.campaign.path)
    qtbot.addWidget(frame)
    frame.show_preview(view)
    shown(qtbot, frame)  # activated while the snapshot is painted
    assert QApplication.focusWidget() is not frame.posse_list  # the list is inert then
    frame.attach(window.campaign)
    assert QApplication.focusWidget() is frame.posse_list


def test_a_refused_open_takes_the_snapshot_away_before_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import services.opening
    import ui.app

    path = _campaign(tmp_path / "c.sqlite3")
    _run_noting(monkeypatch, path)
    assert view_snapshot.read(path, None) is not None
    seen: dict[str, object] = {}

    def refused(*_a: object, **_kw: object) -> Campaign:
        raise Refused("The campaign is of a newer version.")

    def refuse_noted(window: MainWindow | None, exc: Exception) -> None:
        assert window is not None
        seen["previewing"] = window.previewing
        seen["page"] = window.stack.currentWidget() is window.opening

    monkeypatch.setattr(services.opening, "for_app", refused)
    monkeypatch.setattr(ui.app, "_refuse", refuse_noted)
    assert run_app(path) == 1
    assert seen == {"previewing": False, "page": True}


def test_a_window_holding_the_file_leaves_a_snapshot_on_close(window: MainWindow) -> None:
    path = window.campaign.path
    view = _view(window)
    window.close()
    assert view_snapshot.read(path, None) == view


def test_the_snapshot_is_read_afresh_from_the_file_on_close(window: MainWindow) -> None:
    """Even a write the window has not shown yet is in it: the snapshot is the file's content."""
    from services import posses

    path = window.campaign.path
    posses.rename(window.campaign, LAWMEN["name"], "The New Lawmen")  # no refresh after it
    window.close()
    view = view_snapshot.read(path, None)
    assert view is not None
    assert [text for text, _ in view.posses] == sorted([DALTON["name"], "The New Lawmen"])


def test_a_window_taken_over_leaves_no_snapshot_and_forgets_the_old_one(
    window: MainWindow, other_process
) -> None:
    path = window.campaign.path
    view_snapshot.write(path, None, _view(window))  # one from an earlier close
    hand_lock_to(path, other_process.pid)  # another app took the file over: it may write
    window.close()
    assert not view_snapshot.snapshot_file(path).exists()


def test_a_read_only_window_leaves_no_snapshot(qtbot, tmp_path: Path) -> None:
    path = _campaign(tmp_path / "c.sqlite3")
    session = for_app(path, default_ruleset(), read_only=True)
    window = MainWindow(session)
    qtbot.addWidget(window)
    assert window.current_posse() is not None
    window.close()
    assert not view_snapshot.snapshot_file(path).exists()


def test_the_snapshot_names_the_ruleset_file_the_app_reads_by_default() -> None:
    from importlib import resources

    from rostermgr.rules_load import DEFAULT_RULESET

    shipped = resources.files("rostermgr.rulesets").joinpath(DEFAULT_RULESET)
    assert view_snapshot.shipped_ruleset().name == DEFAULT_RULESET
    assert view_snapshot.shipped_ruleset().read_bytes() == shipped.read_bytes()


def test_a_start_from_the_snapshot_still_paints_before_peewee_and_the_ruleset(
    tmp_path: Path,
) -> None:
    """The real entry point, twice in fresh processes: the second paints the snapshot first."""
    path = _campaign(tmp_path / "c.sqlite3")
    script = f"""
import json, sys
from ui import main_window
paint, attach, seen = main_window.MainWindow.paintEvent, main_window.MainWindow.attach, {{}}
def paint_noted(self, event):
    if "first" not in seen:
        seen["first"] = sorted(m for m in sys.modules if "." not in m)
        seen["previewing"] = self.previewing
    paint(self, event)
def attach_then_quit(self, session):
    attach(self, session)
    self.close()
main_window.MainWindow.paintEvent = paint_noted
main_window.MainWindow.attach = attach_then_quit
from cli import main
code = main(["--db", {str(path)!r}])
print(json.dumps({{"code": code, **seen}}))
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    found = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
        )
        found.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert [f["code"] for f in found] == [0, 0]
    assert [f["previewing"] for f in found] == [False, True]
    for heavy in ("peewee", "reportlab", "printables", "tomllib"):
        assert heavy not in found[1]["first"], heavy


def test_a_dead_member_and_a_retired_posse_are_painted_as_the_view_paints_them(
    qtbot, window: MainWindow
) -> None:
    from db import models as m
    from services import posses

    name = LAWMEN["name"]
    member = LAWMEN["members"][1]["name"]
    with window.campaign.edit():  # R13: the dead stay on the roster
        m.Member.update(status=DEAD).where(m.Member.name == member).execute()
    posses.retire(window.campaign, DALTON["name"])
    window.refresh(select=name)
    view = _view(window)
    assert (DALTON["name"] + " (retired)", True) in view.posses
    assert True in view.dead
    page = PreviewPage(view)
    qtbot.addWidget(page)
    row = view.dead.index(True)
    struck = page.roster.item(row, 0).font().strikeOut()
    assert struck and page.roster.item(row, 0).text() == member


_texts = st.text(max_size=30)
_views = st.builds(
    CampaignView,
    posses=st.lists(st.tuples(_texts, st.booleans()), max_size=5).map(tuple),
    current=st.integers(-1, 5),
    heading=st.tuples(_texts, _texts, _texts),
    tabs=st.lists(_texts, max_size=3).map(tuple),
    columns=st.lists(_texts, max_size=4).map(tuple),
    roster=st.just(()),
    dead=st.just(()),
    selected=st.integers(-1, 5),
    member=st.lists(_texts, max_size=5).map(tuple),
    labels=st.lists(_texts, max_size=4).map(tuple),
    gear=st.lists(_texts, max_size=3).map(tuple),
    history=st.lists(_texts, max_size=3).map(tuple),
    buttons=st.lists(st.tuples(_texts, st.booleans()), max_size=4).map(tuple),
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(view=_views)
def test_every_view_reads_back_as_written_while_the_files_are_unchanged(
    tmp_path: Path, view: CampaignView
) -> None:
    path = tmp_path / "c.sqlite3"
    path.write_bytes(b"")
    view_snapshot.write(path, None, view)
    assert view_snapshot.read(path, None) == view


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cut=st.integers(0, 10_000),
    junk=st.binary(max_size=20) | st.text("AZaz09$ ", min_size=1, max_size=3).map(str.encode),
)
def test_a_damaged_snapshot_is_ignored_never_painted_with_other_texts(
    tmp_path: Path, cut: int, junk: bytes
) -> None:
    path = tmp_path / "c.sqlite3"
    path.write_bytes(b"")
    view = CampaignView(
        posses=(("Alpha", False), ("Beta", True)),
        current=0,
        heading=("Alpha", "Sheriffs", "Purse: $12"),
        tabs=("Roster",),
        columns=("Name", "Role"),
        roster=(("Wyatt", "Leader"),),
        dead=(False,),
        selected=0,
        member=("Wyatt, Leader",),
        labels=("Stats",),
        gear=("Pistol ($8)",),
        history=("2026-12-01  Bought pistol",),
        buttons=(("Buy", True),),
    )
    view_snapshot.write(path, None, view)
    target = view_snapshot.snapshot_file(path)
    text = target.read_bytes()
    # in its key, the snapshot is stale; in the view, its texts must not come back otherwise
    at = cut % len(text) if cut % 2 else text.index(b'"view"') + cut % 300
    target.write_bytes(text[:at] + junk + text[at + len(junk) :])
    found = view_snapshot.read(path, None)
    assert found is None or found == view  # never other texts than were shown
