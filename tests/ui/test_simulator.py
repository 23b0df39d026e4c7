"""Tools > Simulator: a run off the GUI thread, its charts, table and report; cancel; refusals."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCharts import QChart
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QToolTip

from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.summary import METRICS, win_rate_differences
from rostermgr.simulate.text import difference_text
from services.simulate import Cancelled
from tests.ui.test_mnemonics import assert_no_clash
from ui.dialogs.simulator import SimulatorWindow
from ui.dialogs.simulator_results import READY
from ui.files import start_folder
from ui.main_window import MainWindow
from ui.simulator_model import SPREAD_ROLE

WAIT = 120_000  # ms: the machine is shared; a small run takes a second or two alone
FACTIONS = ["Sheriffs", "Outlawmen", "Bootleggers", "Townsfolk"]
STOPPED = str(Cancelled("The simulation was stopped; nothing was kept."))


def open_window(window: MainWindow, qtbot) -> SimulatorWindow:
    dialog = SimulatorWindow(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def small(dialog: SimulatorWindow, campaigns: int = 20, games: int = 3) -> None:
    dialog.form.campaigns.setValue(campaigns)
    dialog.form.games.setValue(games)


def run(dialog: SimulatorWindow, qtbot) -> None:
    dialog.start_run()
    assert dialog.running()
    qtbot.waitUntil(lambda: not dialog.running(), timeout=WAIT)


def b_file(tmp_path: Path) -> Path:
    """Ruleset B: the shipped one with a larger starting purse, so its purses differ."""
    text = default_ruleset().text
    assert "starting_purse = 200" in text
    path = tmp_path / "richer.toml"
    path.write_text(
        text.replace("starting_purse = 200", "starting_purse = 2000").replace(
            'version = "0.1-playtest"', 'version = "0.1-richer"'
        ),
        encoding="utf-8",
    )
    return path


def test_the_tools_menu_opens_it(window: MainWindow, qtbot) -> None:
    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "T&ools")
    assert window.menus.tools.simulator in tools.actions()
    assert window.menus.tools.simulator.text() == "Si&mulator..."
    window.menus.tools.simulator.trigger()
    shown = [d for d in window.findChildren(SimulatorWindow) if d.isVisible()]
    assert len(shown) == 1
    window.menus.tools.simulator.trigger()  # the open one is raised, not a second opened
    assert [d for d in window.findChildren(SimulatorWindow) if d.isVisible()] == shown
    shown[0].close()


def test_a_small_run_fills_charts_table_and_report(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    assert not dialog.csv_button.isEnabled()
    run(dialog, qtbot)
    outcome = dialog.outcome
    assert outcome is not None and outcome.summary.campaigns == 20
    assert dialog.message.text() == "Simulated 20 campaigns."
    assert dialog.progress.value() == dialog.progress.maximum() == 20
    a = outcome.summary
    medians = dialog.purse.medians()
    assert list(medians) == FACTIONS
    for fid, name in zip(a.factions, FACTIONS, strict=True):
        assert medians[name] == [(g, a.row(g, fid).metric("purse").p50) for g in (1, 2, 3)]
        band = dialog.advances.bands()[name]
        assert band == [
            (g, a.row(g, fid).metric("advances").p10, a.row(g, fid).metric("advances").p90)
            for g in (1, 2, 3)
        ]
    bar_set = dialog.wins.chart.series()[0].barSets()[0]
    rates = [bar_set.at(i) for i in range(bar_set.count())]
    assert rates == pytest.approx([r * 100 for _, r in a.win_rate])
    assert dialog.rows.rowCount() == 3 * 4
    assert dialog.rows.columnCount() == 2 + len(METRICS)
    first = dialog.rows.index(0, 2)
    assert dialog.rows.data(first, SPREAD_ROLE) == a.by_game[0].metric("purse")
    report = dialog.text.toPlainText()
    assert "Games to the first death" in report and "Spread of total stats" in report
    assert dialog.csv_button.isEnabled() and dialog.start_button.isEnabled()


def test_the_rows_model_passes_the_model_tester(window: MainWindow, qtbot, qtmodeltester) -> None:
    dialog = open_window(window, qtbot)
    qtmodeltester.check(dialog.rows)  # empty, before a run
    small(dialog)
    run(dialog, qtbot)
    qtmodeltester.check(dialog.rows)
    qtmodeltester.check(dialog.proxy)


def test_cancel_stops_the_run_and_the_window_stays_usable(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog, campaigns=99, games=10)  # in this process, four chunks of work
    dialog.start_run()
    assert dialog.cancel_button.isEnabled() and not dialog.start_button.isEnabled()
    assert not dialog.form.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # Escape cancels a run, not the window
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: not dialog.running(), timeout=WAIT)
    assert dialog.message.text() == STOPPED
    assert dialog.outcome is None and not dialog.csv_button.isEnabled()
    assert dialog.form.isEnabled() and not dialog.cancel_button.isEnabled()
    small(dialog)
    run(dialog, qtbot)
    assert dialog.outcome is not None
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # nothing running: Escape closes
    assert not dialog.isVisible()


def test_closing_the_window_cancels_the_run(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog, campaigns=99, games=10)
    dialog.start_run()
    thread = dialog._thread
    assert thread is not None
    dialog.close()
    assert not dialog.isVisible() and not dialog.running()
    assert thread.isFinished()
    qtbot.wait(50)  # the run's queued answer arrives to a closed window and is ignored
    assert dialog.outcome is None


def test_enter_starts_a_run(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    dialog.form.seed.setFocus()
    qtbot.keyClick(dialog.form.seed, Qt.Key.Key_Return)
    assert dialog.running()
    qtbot.waitUntil(lambda: not dialog.running(), timeout=WAIT)
    assert dialog.outcome is not None


def test_a_broken_ruleset_file_is_a_sentence(window: MainWindow, qtbot, tmp_path: Path) -> None:
    dialog = open_window(window, qtbot)
    broken = tmp_path / "broken.toml"
    broken.write_text("this is = = not toml\n", encoding="utf-8")
    assert not dialog.form.ruleset_b.add_file(broken)
    sentence = dialog.message.text()
    assert "broken.toml" in sentence and "Traceback" not in sentence and "\n" not in sentence
    assert dialog.message.styleSheet()  # in the error ink
    assert dialog.form.ruleset_b.rules() is None  # not added: still no comparison


@pytest.mark.parametrize("posses", [0, 1])
def test_too_few_posses_is_refused(window: MainWindow, qtbot, posses: int) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    for i, box in enumerate(dialog.form.factions.boxes.values()):
        box.setValue(1 if i < posses else 0)
    dialog.start_run()
    assert not dialog.running()
    assert dialog.message.text() == f"A simulated campaign needs 2 to 16 posses, not {posses}."


def test_comparison_with_b_fills_both(window: MainWindow, qtbot, tmp_path: Path) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    assert dialog.form.ruleset_b.add_file(b_file(tmp_path))
    run(dialog, qtbot)
    outcome = dialog.outcome
    assert outcome is not None and outcome.against is not None
    assert dialog.progress.maximum() == 40  # both rulesets' campaigns
    medians = dialog.purse.medians()
    assert list(medians) == FACTIONS + [f"{n} (B)" for n in FACTIONS]
    b = outcome.against
    for fid, name in zip(b.factions, FACTIONS, strict=True):
        assert medians[f"{name} (B)"] == [(g, b.row(g, fid).metric("purse").p50) for g in (1, 2, 3)]
    assert (
        medians["Sheriffs (B)"] != medians["Sheriffs"]
    )  # $1,800 more to start with: more than the shop can take
    sets = dialog.wins.chart.series()[0].barSets()
    assert [s.label() for s in sets] == ["A", "B"]
    assert dialog.rows.rowCount() == 2 * 3 * 4
    assert dialog.rows.headerData(0, Qt.Orientation.Horizontal) == "Ruleset"
    assert "Ruleset B: Last Hope Frontier 0.1-richer" in dialog.text.toPlainText()
    # the legend names each faction once; B's lines are explained by the caption
    assert dialog.purse.legend_names() == FACTIONS
    markers = dialog.purse.chart.legend().markers()
    hidden = [m.series().name() for m in markers if not m.isVisible()]
    assert {f"{n} (B)" for n in FACTIONS} <= set(hidden)
    assert {f"{n} 10th-90th" for n in FACTIONS} <= set(hidden)
    assert "Dashed: ruleset B" in dialog.purse.caption.text()


def test_start_from_this_campaigns_posses(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    dialog.form.from_campaign.setChecked(True)
    assert not dialog.form.factions.isEnabled()
    run(dialog, qtbot)
    assert dialog.outcome is not None
    assert set(dialog.outcome.summary.factions) == {"outlawmen", "sheriffs"}  # Dalton, Lawmen
    assert set(dialog.purse.medians()) == {"Outlawmen", "Sheriffs"}


def test_csv_and_png_export(window: MainWindow, qtbot, tmp_path: Path) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    run(dialog, qtbot)
    folder = tmp_path / "out"
    assert dialog.export_csv_to(folder)
    with (folder / "by_game.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0][:4] == ["ruleset", "version", "hash", "game"]
    assert len(rows) == 1 + 3 * 4 * len(METRICS)
    assert (folder / "figures.csv").exists()
    assert start_folder() == folder  # the next file dialog starts there
    assert "by_game.csv and figures.csv" in dialog.message.text()
    for panel in (dialog.purse, dialog.advances, dialog.wins):
        target = tmp_path / f"{panel.stem}.png"
        assert panel.save_png(target) and not QImage(str(target)).isNull()


def test_csv_into_a_file_is_refused(window: MainWindow, qtbot, tmp_path: Path) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    run(dialog, qtbot)
    taken = tmp_path / "a-file"
    taken.write_text("x", encoding="utf-8")
    assert not dialog.export_csv_to(taken)
    assert dialog.message.text() == f"{taken} is a file, not a folder for the files to write."


def test_no_mnemonic_clash_and_it_fits_a_small_screen(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    dialog.form.model_box.toggle.setChecked(True)
    assert_no_clash(dialog, "simulator")
    need = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
    assert need.width() <= 1024 and need.height() <= 700 - 40


def test_charts_follow_a_dark_palette(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog)
    run(dialog, qtbot)
    assert dialog.purse.chart.theme() != QChart.ChartTheme.ChartThemeDark
    dark = QPalette(dialog.palette())
    dark.setColor(QPalette.ColorRole.Window, QColor("#202020"))
    dialog.setPalette(dark)
    for panel in (dialog.purse, dialog.advances, dialog.wins):
        assert panel.chart.theme() == QChart.ChartTheme.ChartThemeDark
    # the bands keep their faction's colour after the theme changed
    drawn = dialog.purse._drawn[0]
    assert drawn.band is not None
    assert drawn.band.color().rgb() == drawn.median.color().rgb()
    assert drawn.band.color().alpha() < 255


def test_one_faction_picked_out_of_the_fan_charts(window: MainWindow, qtbot, tmp_path) -> None:
    dialog = open_window(window, qtbot)
    assert not dialog.tabs.only.isEnabled()  # nothing to pick before a run
    small(dialog)
    assert dialog.form.ruleset_b.add_file(b_file(tmp_path))
    run(dialog, qtbot)
    only = dialog.tabs.only
    assert [only.itemText(i) for i in range(only.count())] == ["All factions", *FACTIONS]
    y_axis = dialog.purse.chart.axes(Qt.Orientation.Vertical)[0]
    top = y_axis.max()
    only.setCurrentIndex(2)
    for panel in (dialog.purse, dialog.advances):
        assert panel.shown() == ["Outlawmen", "Outlawmen (B)"]
    assert y_axis.max() == top  # the same scale whichever is shown
    only.setCurrentIndex(0)
    assert dialog.purse.shown() == FACTIONS + [f"{n} (B)" for n in FACTIONS]


def test_an_internal_fault_is_a_sentence_and_the_window_stays_live(
    window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import services.crashlog
    from services import simulate

    monkeypatch.setattr(services.crashlog, "log_dir", lambda: tmp_path / "logs")

    def broken(*_args: object, **_kw: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(simulate, "run", broken)
    dialog = open_window(window, qtbot)
    small(dialog)
    dialog.start_run()
    qtbot.waitUntil(lambda: not dialog.running(), timeout=10_000)
    log = tmp_path / "logs" / "errors.log"
    assert dialog.message.text() == (
        f"The simulation stopped on an internal fault; nothing was kept (the details are in {log})."
    )
    assert "RuntimeError: a bug" in log.read_text(encoding="utf-8")
    assert dialog.start_button.isEnabled()


def tab_chain(dialog: SimulatorWindow, start, steps: int) -> list:
    """The widgets Tab visits from `start`, as Qt's focus chain gives them."""
    out, widget = [start], start
    while len(out) < steps:
        widget = widget.nextInFocusChain()
        policy = widget.focusPolicy()
        if (
            policy & Qt.FocusPolicy.TabFocus
            and widget.isVisibleTo(dialog)
            and widget.isEnabled()
            and widget.focusProxy() is None
        ):
            out.append(widget)
    return out


def test_tab_goes_down_the_form_also_after_another_ruleset(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    dialog = open_window(window, qtbot)
    form = dialog.form
    assert form.ruleset_a.add_file(b_file(tmp_path))  # the faction boxes are made again
    qtbot.wait(10)  # new widgets in a shown window show on the next pass of the event loop
    boxes = list(form.factions.boxes.values())
    expected = [
        form.ruleset_a.combo,
        form.ruleset_a.file_button,
        form.ruleset_b.combo,
        form.ruleset_b.file_button,
        form.campaigns,
        form.games,
        form.seed,
        *boxes,
        form.from_campaign,
        form.model_box.toggle,
    ]
    chain = tab_chain(dialog, form.ruleset_a.combo, len(expected) + 1)
    # spin boxes take focus through their line edit: compare by the widget that owns it
    owners = [w.parentWidget() if w.parentWidget() in expected else w for w in chain]
    assert owners[: len(expected)] == expected
    assert owners[len(expected)] is dialog.start_button


def test_the_results_tabs_show_whole_beside_the_faction_picker(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    """The walk under Xvfb (1280 x 800) found the fifth tab cut to "Su" behind scroll arrows:
    the window opens wide enough for every tab whole, where the screen has the room."""
    import ui.dialogs.simulator as simulator

    monkeypatch.setattr(simulator, "fitted_size", lambda w, h, share=0.9: (w, h))  # a wide one
    dialog = open_window(window, qtbot)
    qtbot.waitExposed(dialog)
    bar = dialog.tabs.tabBar()
    assert bar.tabText(bar.count() - 1) == "Summar&y"
    assert bar.tabRect(bar.count() - 1).right() < bar.width()
    dialog.close()


def test_the_win_rates_carry_the_reports_intervals(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    """Each B bar has a whisker of B - A's 95% interval drawn about B, from the numbers the
    Summary prints, and each bar says its rate (and that interval) in its tooltip."""
    dialog = open_window(window, qtbot)
    small(dialog)
    assert dialog.form.ruleset_b.add_file(b_file(tmp_path))
    run(dialog, qtbot)
    outcome = dialog.outcome
    assert outcome is not None and outcome.against is not None
    differences = win_rate_differences(outcome.summary, outcome.against)
    assert differences and all(d.half is not None for d in differences)
    drawn = dialog.wins.whiskers()
    assert [(w.bar_set, w.category) for w, _ in drawn] == [
        (1, outcome.summary.factions.index(d.faction)) for d in differences
    ]
    report = dialog.text.toPlainText()
    for (whisker, points), d in zip(drawn, differences, strict=True):
        assert d.half is not None
        assert (whisker.low, whisker.high) == pytest.approx(
            ((d.b - d.half) * 100, (d.b + d.half) * 100)
        )
        assert {y for _, y in points} == {whisker.low, whisker.high}
        name = FACTIONS[whisker.category]
        said = difference_text(d)
        assert f"{name} {said}" in report  # the very words of the Summary tab
        own_a = dict(outcome.summary.win_interval)[d.faction]
        own_b = dict(outcome.against.win_interval)[d.faction]
        assert own_a is not None and own_b is not None
        assert dialog.wins.tip(1, whisker.category) == (
            f"{name} under B: won {d.b * 100:.0f}% of its games, ± {own_b * 100:.1f} pts "
            f"(95% interval); B - A {said}."
        )
        assert dialog.wins.tip(0, whisker.category) == (
            f"{name} under A: won {d.a * 100:.0f}% of its games, ± {own_a * 100:.1f} pts "
            "(95% interval)."
        )
        assert dialog.wins.tip(1, whisker.category) in dialog.wins.view.accessibleDescription()
        b_bars = dialog.wins.chart.series()[0].barSets()[1]
        dialog.wins.chart.series()[0].hovered.emit(True, whisker.category, b_bars)
        assert QToolTip.text() == dialog.wins.tip(1, whisker.category)
    assert "95% interval of B - A" in dialog.wins.caption.text()
    dialog.tabs.reset()  # the next run starts from a chart without whiskers
    assert dialog.wins.whiskers() == [] and dialog.wins.view.accessibleDescription() == ""


def test_a_single_run_s_win_rates_carry_their_own_intervals(window: MainWindow, qtbot) -> None:
    """Without B, each bar has a whisker of its own rate's 95% interval (the campaigns its
    clusters), the numbers the Summary prints after its rate, and says it in its tooltip."""
    dialog = open_window(window, qtbot)
    small(dialog)
    run(dialog, qtbot)
    outcome = dialog.outcome
    assert outcome is not None and outcome.against is None
    a = outcome.summary
    halves = dict(a.win_interval)
    drawn = dialog.wins.whiskers()
    assert [(w.bar_set, w.category) for w, _ in drawn] == [(0, i) for i in range(len(FACTIONS))]
    report = dialog.text.toPlainText()
    bars = dialog.wins.chart.series()[0].barSets()[0]
    for (whisker, points), (faction, rate), name in zip(drawn, a.win_rate, FACTIONS, strict=True):
        half = halves[faction]
        assert rate is not None and half is not None
        assert (whisker.low, whisker.high) == pytest.approx(
            (max(0.0, (rate - half) * 100), min(100.0, (rate + half) * 100))
        )
        assert {y for _, y in points} == {whisker.low, whisker.high}
        assert f"{name} {rate * 100:.0f}% ± {half * 100:.1f}" in report  # the Summary's words
        tip = f"{name}: won {rate * 100:.0f}% of its games, ± {half * 100:.1f} pts (95% interval)."
        assert dialog.wins.tip(0, whisker.category) == tip
        assert tip in dialog.wins.view.accessibleDescription()
        dialog.wins.chart.series()[0].hovered.emit(True, whisker.category, bars)
        assert QToolTip.text() == tip
    assert "Each whisker is the rate's 95% interval, each of the 20 campaigns one draw" in (
        dialog.wins.caption.text()
    )


def test_a_single_campaign_draws_no_whisker(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    small(dialog, campaigns=1)
    run(dialog, qtbot)
    assert dialog.wins.whiskers() == []
    assert "whisker" not in dialog.wins.caption.text()
    assert dialog.wins.tip(0, 0).endswith("of its games.")


def test_the_charts_are_emptied_straight_after_a_run(window: MainWindow, qtbot) -> None:
    """The fans' bands kept their edges only in Python: emptied before the event loop ran
    again, the old chart laid a band out from edges already deleted, and the app crashed."""
    dialog = open_window(window, qtbot)
    small(dialog)
    run(dialog, qtbot)
    dialog.tabs.reset()
    qtbot.wait(50)  # the old charts' layout and deletion
    assert dialog.purse.medians() == {} and dialog.purse.caption.text() == READY


def test_each_tab_s_mnemonic_puts_the_focus_in_its_content(window: MainWindow, qtbot) -> None:
    """Alt+Y showed the Summary with the focus left behind in the form, and the read-only report
    took no key but Page Up/Down: it could not be read to its end, selected or copied without a
    mouse. Each tab's Alt letter now goes into what it shows, also when that tab is already the
    one shown, and the report's keys move and select."""
    from tests.ui.test_keyboard_journeys import ALT, press, shown

    dialog = open_window(window, qtbot)
    shown(qtbot, dialog)
    small(dialog)
    run(dialog, qtbot)
    for key, content in (
        (Qt.Key.Key_Y, dialog.text),
        (Qt.Key.Key_T, dialog.tabs.table),
        (Qt.Key.Key_N, dialog.wins.view),
        (Qt.Key.Key_V, dialog.advances.view),
        (Qt.Key.Key_U, dialog.purse.view),
        (Qt.Key.Key_U, dialog.purse.view),  # the tab shown already
        (Qt.Key.Key_Y, dialog.text),
    ):
        dialog.form.campaigns.setFocus()
        assert QApplication.focusWidget() is not content
        press(qtbot, key, ALT)
        qtbot.waitUntil(lambda content=content: QApplication.focusWidget() is content)
        assert dialog.tabs.currentWidget().isAncestorOf(content) or (
            dialog.tabs.currentWidget() is content
        )
    # a chart's view, where the focus lands, is named by its chart for a screen reader
    assert dialog.wins.view.accessibleName() == "Win rate by faction"
    assert dialog.purse.view.accessibleName() == "Purse after each game"
    # in the report the keys move and select, and Ctrl+C copies: no mouse needed
    press(qtbot, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert dialog.text.textCursor().atEnd()
    press(qtbot, Qt.Key.Key_Home, Qt.KeyboardModifier.ShiftModifier)
    last = dialog.text.toPlainText().splitlines()[-1]
    assert dialog.text.textCursor().selectedText() == last
    press(qtbot, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == last
    dialog.close()
