"""A club night over loopback (issue 29): 20 players and 2 arbitrators at once, against one
player, and one arbitrator, alone on the same server.

Each run sets up a fresh club campaign on the test suite's throwaway server
(tests/postgres.py), as the test does (tests/cli/club_night.py: the club, 20 players each with
a posse of their own, flips earned in games before the night), then:

1. the night: the 20 player and 2 arbitrator processes of the test (tests/cli/club_worker.py)
   at once for ROSTERMGR_BENCH_CLUB_SECONDS (20 by default), each command as the `rostermgr`
   script runs it, as its player's own role, on its own connection;
2. the baselines, on the same campaign right after: the first player's process alone for a
   quarter of that (its buys, sells, flips, reports), then the second arbitrator's alone,
   applying the reports the night left waiting.

Figures: commands a second, and the 95th percentile of a buy and of applying a report (each
success's own time, measured in its worker around `cli.main`), each against the same figure
of the lone worker. The night's p95 is the median of the runs' p95s; at most MAX_RUNS runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from common import ROOT, Figure, median
from postgres import _server

GROUP = "clubnight"
MAX_RUNS = 3  # each run is a club set up and a night: a minute or more
SECONDS = float(os.environ.get("ROSTERMGR_BENCH_CLUB_SECONDS", "20"))


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of some milliseconds; 0 when there are none."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)] if ordered else 0.0


def _figures(said: list[dict[str, Any]], seconds: float) -> dict[str, float]:
    """Commands a second, and the p95 of a buy and of an apply, over what the workers said."""
    took: dict[str, list[float]] = {}
    for s in said:
        for kind, ms in s["took"].items():
            took.setdefault(kind, []).extend(ms)
    return {
        "rate": sum(s["commands"] for s in said) / seconds,
        "buy": p95(took.get("buy", [])),
        "apply": p95(took.get("apply", [])),
    }


def _one_run(server: Any, tmp: Path, n: int) -> tuple[dict[str, float], dict[str, float], str]:
    """One club set up and its night, then the lone player and the lone arbitrator."""
    from tests.cli.club_night import night, player_plan, set_up

    folder = tmp / f"club-night-{n}"
    folder.mkdir(parents=True, exist_ok=True)
    club = set_up(server.url(server.create_database()), folder)
    said = _figures(night(club, SECONDS, folder), SECONDS)
    alone_s = SECONDS / 4
    first = club.plans[0]
    plan = player_plan(club.url, first["role"], first["posse"], first["others"])
    player = _figures(night(club, alone_s, folder, [plan]), alone_s)
    arbitrator = _figures(night(club, alone_s, folder, [club.plans[-1]]), alone_s)
    alone = {"rate": player["rate"], "buy": player["buy"], "apply": arbitrator["apply"]}
    note = f"{len(club.players)} players, {len(club.arbitrators)} arbitrators, {SECONDS:g} s"
    return said, alone, note


def measure(tmp: Path, runs: int) -> tuple[list[Figure], str]:
    """The three figures, or none and why not."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.postgres import ServerError

    nights: list[dict[str, float]] = []
    lone: list[dict[str, float]] = []
    note = ""
    try:
        with _server() as server:
            for n in range(min(runs, MAX_RUNS)):
                said, alone, note = _one_run(server, tmp, n)
                nights.append(said)
                lone.append(alone)
    except ServerError as error:
        return [], f"no figures: the PostgreSQL server could not start ({error})"
    rows = (
        ("rate", "commands a second, all 22 processes", "cmd/s", "one player alone"),
        ("buy", "p95 of `posse buy`", "ms", "the same player's buys alone"),
        ("apply", "p95 of `game apply N`", "ms", "one arbitrator applying alone"),
    )
    figures = [
        Figure(
            GROUP,
            label,
            unit,
            median([r[key] for r in nights]),
            median([r[key] for r in lone]),
            baseline,
            runs=[r[key] for r in nights],
            baseline_runs=[r[key] for r in lone],
        )
        for key, label, unit, baseline in rows
    ]
    return figures, note
