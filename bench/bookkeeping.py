"""Bookkeeping at scale: a campaign of 1,000 posses and 50,000 history rows.

Every figure is also taken on a small campaign (10 posses, 500 history rows: the same history
per posse) in the same run; that is its baseline, so the ratio shows what scale costs (one
figure more has its own: a game recorded with its backup against the same with backups off,
issue 33's target). Times are taken in this process after a warm-up call (imports and the
ruleset are loaded once, as in the app); the command-line figures call `cli.main` in-process,
and the `cold` ones run the command as a fresh process, as a user at a shell does.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from campaign_gen import Campaign, build_campaign, game_report, posse_name, record_game
from common import PYTHON, Figure, bench_env, median, spawn, timed

BIG = (1000, 50_000)
SMALL = (10, 500)
CLI = "from cli import run; run()"  # what the `rostermgr` script runs


def build(tmp: Path) -> tuple[Campaign, Campaign]:
    big = build_campaign(tmp / "big.sqlite3", *BIG, real_games=20)
    small = build_campaign(tmp / "small.sqlite3", *SMALL, real_games=2)
    return big, small


@contextmanager
def opened(path: Path) -> Iterator[None]:
    from db.connection import open_campaign

    db = open_campaign(path)
    try:
        yield
    finally:
        db.close()


def cli(path: Path, *args: str) -> None:
    from cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(path), *args], out=out, err=err)
    if code != 0:
        raise RuntimeError(f"rostermgr {' '.join(args)} exited {code}: {err.getvalue()}")


@contextmanager
def no_backups() -> Iterator[None]:
    """`game record` without its before-game and hourly backups (and nothing else changed)."""
    import services.campaign as use_case  # every write's backups are taken there

    saved = use_case.make_backup, use_case.backup_if_due
    use_case.make_backup = lambda *a, **k: None  # type: ignore[assignment]
    use_case.backup_if_due = lambda *a, **k: None  # type: ignore[assignment]
    try:
        yield
    finally:
        use_case.make_backup, use_case.backup_if_due = saved


def _runs(
    fn: Callable[[], Any],
    runs: int,
    after: Callable[[], Any] | None = None,
    before: Callable[[], Any] | None = None,
) -> list[float]:
    """fn timed runs times after a warm-up call; before() and after() run untimed around it."""
    out = []
    for i in range(runs + 1):
        if before:
            before()
        ms = timed(fn)
        if after:
            after()
        if i:
            out.append(ms)
    return out


def _alternated(
    steps: dict[str, tuple[Callable[[], Any], Callable[[], Any] | None]],
    runs: int,
    after: Callable[[], Any],
) -> dict[str, list[float]]:
    """Each step timed runs times, one of each in turn, after a warm-up round; each step's
    readying (its second member) and after() run untimed around it."""
    out: dict[str, list[float]] = {key: [] for key in steps}
    for i in range(runs + 1):
        for key, (fn, before) in steps.items():
            if before:
                before()
            ms = timed(fn)
            after()
            if i:
                out[key].append(ms)
    return out


def measure_on(path: Path, runs: int, tmp: Path) -> dict[str, list[float]]:
    """Every bookkeeping figure on one campaign file, in milliseconds.

    Each recorded game is undone (untimed) before the next run, so every run records the same
    report into the same campaign.
    """
    from db import games, posses
    from db.connection import open_campaign
    from rostermgr.report import parse_report
    from rostermgr.rules_load import default_ruleset

    rules = default_ruleset()
    doc = game_report(0, 1)
    name = posse_name(0)
    results: dict[str, list[float]] = {}

    with opened(path):
        report = parse_report(doc, rules)
        results["record_game"] = _runs(
            lambda: record_game(report, rules), runs, games.undo_last_game
        )

    def open_list() -> None:
        db = open_campaign(path)
        posses.summaries()
        db.close()

    results["open_list"] = _runs(open_list, runs)
    results["cli_list"] = _runs(lambda: cli(path, "posse", "list"), runs)
    results["cli_show"] = _runs(lambda: cli(path, "posse", "show", name), runs)
    results["cli_show_json"] = _runs(lambda: cli(path, "posse", "show", name, "--json"), runs)

    report_file = tmp / f"{path.stem}-report.json"
    report_file.write_text(json.dumps(doc))

    def cli_record() -> None:
        cli(path, "game", "record", str(report_file))

    def undo() -> None:
        cli(path, "game", "undo")

    def backups_due() -> None:  # the folder emptied, so the hourly backup is due
        from db.backup import backup_dir

        for made in backup_dir(path).glob("*.sqlite3"):
            made.unlink()

    def cli_record_off() -> None:
        with no_backups():
            cli_record()

    # The three alternate run by run, so a change of load weighs on each alike: their ratio
    # is the figure (issue 33: a game with its backup against one without).
    results.update(
        _alternated(
            {
                "cli_record_backup": (cli_record, None),
                "cli_record_due": (cli_record, backups_due),
                "cli_record": (cli_record_off, None),
            },
            runs,
            undo,
        )
    )

    env = bench_env(tmp)
    cold = [PYTHON, "-c", CLI, "--db", str(path), "posse", "show", name]
    spawn(cold, env)  # fills the bytecode cache
    results["cold_show"] = _runs(lambda: spawn(cold, env), max(3, runs // 2))
    return results


def measure(tmp: Path, runs: int) -> tuple[list[Figure], dict[str, Any]]:
    big, small = build(tmp)
    at_scale = measure_on(big.path, runs, tmp)
    at_small = measure_on(small.path, runs, tmp)
    rows: list[tuple[str, str, float | None]] = [
        ("record_game", "record a post-game (load, plan_game, db.games.apply_game)", 20.0),
        ("open_list", "open the campaign + list posses (db layer)", 100.0),
        ("cli_list", "`posse list`, in-process", 100.0),
        ("cli_show", "`posse show NAME`, in-process", 50.0),
        ("cli_show_json", "`posse show NAME --json`, in-process", 50.0),
        ("cli_record", "`game record FILE`, in-process, backups off", None),
        ("cli_record_backup", "`game record FILE`, in-process, backup when due", None),
        ("cli_record_due", "`game record FILE`, in-process, its backup due", None),
        ("cold_show", "`posse show NAME`, fresh process", None),
    ]
    baseline = f"same on {SMALL[0]} posses, {small.history} history rows"
    # The issue's own figure: a game with its backup against the same game with backups off,
    # both on the 1,000-posse campaign, timed in turn.
    backed_up = Figure(
        "bookkeeping",
        f"`game record FILE`, in-process, backup when due, on {BIG[0]:,} posses",
        "ms",
        median(at_scale["cli_record_backup"]),
        median(at_scale["cli_record"]),
        "the same with backups off, in turn",
        target_ratio=2.0,
        runs=at_scale["cli_record_backup"],
        baseline_runs=at_scale["cli_record"],
    )
    figures = [
        Figure(
            "bookkeeping",
            label,
            "ms",
            median(at_scale[key]),
            median(at_small[key]),
            baseline,
            target_max=target,
            runs=at_scale[key],
            baseline_runs=at_small[key],
        )
        for key, label, target in rows
    ]
    figures.append(backed_up)
    return figures, {"big": big.as_json(), "small": small.as_json()}
