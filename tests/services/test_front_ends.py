"""Each use case exists once: the command line and the window reach the same services function.

Every test spies on one function of `services` and drives the same use case through both front
ends: `cli.main` with its arguments, and the window's own action (its dialogs answered). Both
must call the spied function; neither may reach storage or printing another way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog

from rostermgr.shop import plan_creation
from tests.conftest import DALTON, LAWMEN, Cli
from ui.main_window import MainWindow

D, L = "The Dalton Boys", "Last Hope Lawmen"
REPORT = {
    "date": "2026-11-28",
    "scenario": "bloodbath",
    "posses": [D, L],
    "winner": L,
    "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
}


class Spy:
    """Wraps a module function: records each call, then calls through."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
        self.calls: list[tuple[Any, ...]] = []
        real = getattr(module, name)

        def spy(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(args)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)

    def reached(self) -> bool:
        found, self.calls = bool(self.calls), []
        return found


@pytest.fixture
def cli_window(
    engine: str, campaign_target: Any, qtbot: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> tuple[Cli, MainWindow]:
    """The window's campaign, also reachable from the command line (the app's lock is ours),
    on each engine: a file, or a campaign on the test server the window opened (issue 28)."""
    if engine == "sqlite":
        window: MainWindow = request.getfixturevalue("window")
        return Cli(window.campaign.path, tmp_path), window
    from rostermgr.rules_load import default_ruleset
    from services.opening import for_app_server

    cli = Cli(campaign_target, tmp_path)
    for doc in (DALTON, LAWMEN):
        cli.new_posse(doc)
    on_server = MainWindow(for_app_server(campaign_target, default_ruleset()))
    qtbot.addWidget(on_server)
    return cli, on_server


def answer_text(monkeypatch: pytest.MonkeyPatch, text: str | None) -> None:
    """The text the user types when asked for one line (a name, a reason), or None: Cancel."""
    from ui import ask

    def answer(*_args: object, **_kwargs: object) -> tuple[str, bool]:
        return text or "", text is not None

    monkeypatch.setattr(ask, "ask_text", answer)  # a new name: ui.ask
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(answer))


def answer_file(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    for name in ("getSaveFileName", "getOpenFileName"):
        monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *a, **k: (str(path), "")))


class FakeDialog:
    """A dialog that was accepted with the given attributes."""

    def __init__(self, **answers: Any) -> None:
        self.answers = answers

    def __call__(self, *args: Any, **kwargs: Any) -> FakeDialog:
        return self

    def exec(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        return self.answers[name]


def both(
    spy: Spy, command: Callable[[], Any], window_action: Callable[[], Any]
) -> tuple[bool, bool]:
    command()
    from_cli = spy.reached()
    window_action()
    return from_cli, spy.reached()


def test_create_a_posse(cli_window, monkeypatch, tmp_path: Path) -> None:
    import services.posses
    import ui.wizards.creation

    cli, w = cli_window
    spy = Spy(monkeypatch, services.posses, "create")
    request = tmp_path / "request.json"
    first = {**DALTON, "name": "The Younger Gang"}
    request.write_text(json.dumps(first), encoding="utf-8")
    plan = plan_creation({**LAWMEN, "name": "Second Posse"}, w.rules)
    wizard = FakeDialog(plan=lambda: plan)
    monkeypatch.setattr(ui.wizards.creation, "CreationWizard", wizard)
    reached = both(
        spy, lambda: cli.ok("posse", "new", str(request)), lambda: w.menus.campaign.create()
    )
    assert reached == (True, True)
    assert {"The Younger Gang", "Second Posse"} <= set(w.posse_model.name_at(i) for i in range(4))


@pytest.mark.parametrize(
    ("use_case", "argv", "drive"),
    [
        (
            "buy",
            ["posse", "buy", L, "Morgan", "hatchet"],
            "buy",
        ),
        ("sell", ["posse", "sell", L, "Wyatt", "pistol"], "sell"),
        ("hire", ["posse", "hire", L, "ganger", "Billy"], "hire"),
        ("rename", ["posse", "rename", L, "Lawmen of Last Hope"], "rename"),
        ("rename_member", ["posse", "rename-member", D, "Kid", "The Kid"], "rename_member"),
    ],
)
def test_the_shop_hiring_and_renaming(cli_window, monkeypatch, use_case, argv, drive) -> None:
    import services.posses
    import ui.dialogs.hire
    import ui.dialogs.shop

    cli, w = cli_window
    spy = Spy(monkeypatch, services.posses, use_case)
    cli(*argv)
    assert spy.reached(), "the command line"
    w.refresh()
    posse = argv[2]
    w.posse_list.setCurrentIndex(w.posse_model.index(max(w.posse_model.row_of(posse), 0)))
    if drive == "buy":
        monkeypatch.setattr(ui.dialogs.shop, "ShopDialog", FakeDialog(item_id="hatchet"))
        w.menus.campaign.buy_item("Morgan")
    elif drive == "sell":
        w.menus.campaign.sell_item("Virgil", "pistol")
    elif drive == "hire":
        monkeypatch.setattr(
            ui.dialogs.hire, "HireDialog", FakeDialog(choice=lambda: ("ganger", "Ned"))
        )
        w.menus.campaign.hire_one()
    elif drive == "rename":
        answer_text(monkeypatch, "Posse Renamed Again")
        w.menus.campaign.rename_posse()
    else:
        answer_text(monkeypatch, "Doc Dalton")
        w.menus.campaign.rename_member("Doc")
    assert spy.reached(), "the window"


def test_export_and_import(cli_window, monkeypatch, tmp_path: Path) -> None:
    import services.posses

    cli, w = cli_window
    export, importer = (
        Spy(monkeypatch, services.posses, "export_to"),
        Spy(monkeypatch, services.posses, "import_posse"),
    )
    out = tmp_path / "dalton.json"
    cli.ok("posse", "export", D, "-o", str(out))
    assert export.reached()
    w.posse_list.setCurrentIndex(w.posse_model.index(w.posse_model.row_of(D)))
    answer_file(monkeypatch, tmp_path / "dalton-window.json")
    w.menus.file.export()
    assert export.reached()
    cli.ok("posse", "import", str(out), "--as", "Dalton Copy")
    assert importer.reached()
    answer_text(monkeypatch, "Dalton Copy Two")
    w.menus.file.import_file(out)
    assert importer.reached()
    names = {w.posse_model.name_at(i) for i in range(w.posse_model.rowCount())}
    assert {"Dalton Copy", "Dalton Copy Two"} <= names


def test_an_import_under_a_taken_name_makes_no_backup_from_either_front_end(
    cli_window, monkeypatch, tmp_path: Path
) -> None:
    import db.backup

    cli, w = cli_window
    made = Spy(monkeypatch, db.backup, "make_backup")
    out = tmp_path / "dalton.json"
    cli.ok("posse", "export", D, "-o", str(out))
    refused = cli("posse", "import", str(out))
    assert refused.code == 1 and "already has a posse" in refused.err
    assert not made.reached(), "the command line made a backup for a refused import"
    answer_text(monkeypatch, None)  # the window asks for another name; the user cancels
    w.menus.file.import_file(out)
    assert not made.reached(), "the window made a backup for an import it did not do"
    assert w.undo_stack.count() == 0


def test_record_preview_and_undo_a_game(cli_window, monkeypatch, qtbot, tmp_path: Path) -> None:
    import services.games
    from ui.dialogs.games import GamesDialog
    from ui.wizards.postgame import PostGameWizard

    cli, w = cli_window
    record, preview, undo = (
        Spy(monkeypatch, services.games, "record"),
        Spy(monkeypatch, services.games, "preview"),
        Spy(monkeypatch, services.games, "undo_last"),
    )
    report = tmp_path / "report.json"
    report.write_text(json.dumps(REPORT), encoding="utf-8")
    cli.ok("game", "record", str(report), "--dry-run")
    assert preview.reached() and not record.reached()
    cli.ok("game", "record", str(report))
    assert record.reached()
    cli.ok("game", "undo")
    assert undo.reached()
    wizard = PostGameWizard(w, parent=w)
    qtbot.addWidget(wizard)
    game = wizard.game_page
    game.set_played([D, L])
    game.scenario.setCurrentIndex(game.scenario.findData("bloodbath"))
    game.winner.setCurrentIndex(game.winner.findData(L))
    wizard.show()
    wizard.next()
    wizard.next()
    wizard.next()  # the preview page plans the report
    assert preview.reached()
    assert wizard.commit()
    assert record.reached()
    dialog = GamesDialog(w, parent=w)
    qtbot.addWidget(dialog)
    dialog.undo_last()
    assert undo.reached()


def test_spend_a_flip(cli_window, monkeypatch, qtbot, tmp_path: Path) -> None:
    import services.flips
    from ui.dialogs.flip import FlipDialog

    cli, w = cli_window
    report = tmp_path / "report.json"
    report.write_text(json.dumps(REPORT), encoding="utf-8")
    cli.ok("game", "record", str(report))
    spy = Spy(monkeypatch, services.flips, "spend")
    cli.ok("flip", L, "Wyatt", "--card", "7H")
    assert spy.reached()
    w.refresh()
    dialog = FlipDialog(w, L, "Wyatt")
    qtbot.addWidget(dialog)
    dialog.panel.choose("strength")
    assert spy.reached()


@pytest.mark.parametrize(
    ("job", "argv", "tab"),
    [
        ("cards_job", ["print", "cards", D, "-o", "{out}"], 0),
        ("calibration_job", ["print", "calibration", "-o", "{out}"], 1),
        ("journal_job", ["print", "journal", D, "-o", "{out}"], 2),
        ("casualties_job", ["print", "casualties", "-o", "{out}"], 3),
        ("reference_job", ["print", "reference", "-o", "{out}"], 4),
        ("scenarios_job", ["print", "scenarios", "-o", "{out}"], 5),
    ],
)
def test_print(cli_window, monkeypatch, qtbot, tmp_path: Path, job, argv, tab) -> None:
    import services.printing
    from ui.dialogs.print_dialog import PrintDialog

    cli, w = cli_window
    made = Spy(monkeypatch, services.printing, job)
    out = tmp_path / "cli.pdf"
    cli.ok(*[a.format(out=out) for a in argv])
    assert made.reached() and out.stat().st_size > 0
    w.posse_list.setCurrentIndex(w.posse_model.index(w.posse_model.row_of(D)))
    dialog = PrintDialog(w, parent=w)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(tab)
    dialog.render()
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.pdf is not None)
    assert made.reached()
    saved = Spy(monkeypatch, services.printing, "save_rendered")
    dialog.save_to(tmp_path / "window.pdf")
    assert saved.reached() and (tmp_path / "window.pdf").stat().st_size > 0


@pytest.mark.parametrize(
    ("use_case", "argv", "action", "suffix"),
    [
        ("write_image", ["posse", "image", D, "-o", "{out}"], "share_image", ".png"),
        ("write_page", ["posse", "html", D, "-o", "{out}"], "share_page", ".html"),
        ("image_bytes", ["posse", "image", D, "-o", "{out}"], "copy_image", ".png"),
    ],
)
def test_share_a_posse(cli_window, monkeypatch, tmp_path: Path, use_case, argv, action, suffix):
    import services.share

    cli, w = cli_window
    spy = Spy(monkeypatch, services.share, use_case)
    out = tmp_path / f"cli{suffix}"
    cli.ok(*[a.format(out=out) for a in argv])
    assert spy.reached() and out.stat().st_size > 0, "the command line"
    w.posse_list.setCurrentIndex(w.posse_model.index(w.posse_model.row_of(D)))
    answer_file(monkeypatch, tmp_path / f"window{suffix}")
    getattr(w.menus.file, action).trigger()  # the menu item, as a user would
    assert spy.reached(), "the window"


def test_check_and_statistics(cli_window, monkeypatch, qtbot) -> None:
    import services.safety
    import services.stats
    from ui.dialogs.stats_window import StatsWindow

    cli, w = cli_window
    check, tables = (
        Spy(monkeypatch, services.safety, "check"),
        Spy(monkeypatch, services.stats, "tables"),
    )
    assert both(check, lambda: cli.ok("check"), lambda: w.menus.campaign.check_file()) == (
        True,
        True,
    )
    cli.ok("stats", "--json")
    assert tables.reached()
    stats = StatsWindow(w, parent=w)
    qtbot.addWidget(stats)
    assert tables.reached()


def test_adopt_a_ruleset(cli_window, monkeypatch, tmp_path: Path) -> None:
    import services.rulesets
    from tests.cli.test_rulesets import playtest
    from ui.dialogs.rulesets import AdoptDialog, RulesetsDialog

    cli, w = cli_window
    spy = Spy(monkeypatch, services.rulesets, "adopt")
    monkeypatch.setattr(AdoptDialog, "exec", lambda self: AdoptDialog.DialogCode.Accepted)
    assert RulesetsDialog(w).adopt_file(Path(playtest(tmp_path)))
    from_window = spy.reached()
    cli.ok("rules", "adopt", playtest(tmp_path, "0.3-playtest", "third.toml"))
    assert (from_window, spy.reached()) == (True, True)


def test_undo_an_adoption(cli_window, monkeypatch, tmp_path: Path) -> None:
    import services.rulesets
    from tests.cli.test_rulesets import playtest
    from ui.dialogs.rulesets import RulesetsDialog

    cli, w = cli_window
    spy = Spy(monkeypatch, services.rulesets, "undo_adoption")
    cli.ok("rules", "adopt", playtest(tmp_path))
    cli.ok("rules", "adopt", playtest(tmp_path, "0.3-playtest", "third.toml"))
    RulesetsDialog(w).undo_last()
    from_window = spy.reached()
    cli.ok("rules", "undo")
    assert (from_window, spy.reached()) == (True, True)
    assert cli.ok("rules", "history").out.splitlines()[-1].split()[2] == "0.1-playtest"


def test_simulate(cli_window, monkeypatch, qtbot) -> None:
    import services.simulate
    from ui.dialogs.simulator import SimulatorWindow

    cli, w = cli_window
    spy = Spy(monkeypatch, services.simulate, "run")
    cli.ok("simulate", "--campaigns", "4", "--games", "1", "--json")
    assert spy.reached(), "the command line"
    w.menus.tools.simulator.trigger()  # Tools > Simulator, as a user would
    dialog = next(d for d in w.findChildren(SimulatorWindow) if d.isVisible())
    dialog.form.campaigns.setValue(4)
    dialog.form.games.setValue(1)
    dialog.start_run()
    qtbot.waitUntil(lambda: not dialog.running(), timeout=60_000)
    assert dialog.outcome is not None and spy.reached(), "the window"


def test_check_printed_cards(cli_window, monkeypatch, tmp_path: Path) -> None:
    """Issue 34: `card check` and File > Check cards reach services.cards.check_cards."""
    import services.cards
    from ui.dialogs.check_cards import CheckCards

    cli, w = cli_window
    checked = Spy(monkeypatch, services.cards, "check_cards")
    pdf = tmp_path / "cards.pdf"
    cli.ok("print", "cards", D, "-o", str(pdf))
    import pypdfium2

    png = tmp_path / "backs.png"
    pypdfium2.PdfDocument(pdf)[1].render(scale=150 / 72).to_pil().save(png)
    assert cli.ok("card", "check", str(png)).out.count(": current") == 5
    assert checked.reached()
    dialog = CheckCards(w)
    dialog.check_words([str(png)])
    assert dialog.results.count() == 5
    assert checked.reached()
    dialog.done(0)
