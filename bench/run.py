"""Run the benchmarks; print a table, or with --json every figure with its baseline and ratio.

    python bench/run.py [--runs N] [--json] [--keep DIR]
                        [--only start,print,bookkeeping,bundle,simulate,postgresql,clubnight]

Start-up, printing and bookkeeping at scale, each figure against a baseline measured in the
same run, as the median of N runs (default 7). Campaign files are generated into a temporary
folder (or DIR), where the measured processes also keep their settings, backups and bytecode.
Run it with the project's interpreter (`make bench` does): every process it starts uses it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import bookkeeping
import bundle
import clubnight
import postgres
import printing
import simulate
import start
from campaign_gen import build_campaign, posse_name
from common import Figure, isolated, load_note

GROUPS = ("start", "print", "bookkeeping", "bundle", "simulate", "postgresql", "clubnight")
CAMPAIGN = (100, 5000)  # posses and history rows of the start-up and printing campaign


def run(tmp: Path, runs: int, only: set[str]) -> tuple[list[Figure], dict[str, Any]]:
    figures: list[Figure] = []
    info: dict[str, Any] = {"runs": runs, "load_before": load_note(), "groups": {}}
    if only & {"start", "print", "bundle", "postgresql"}:
        c100 = build_campaign(tmp / "campaign100.sqlite3", *CAMPAIGN, real_games=10)
        info["campaign100"] = c100.as_json()
        size = f"{c100.posses} posses, {c100.history:,} history rows"
        if "start" in only:
            info["groups"]["start"] = (
                f"campaign of {size}; baseline: a bare PySide6 QMainWindow script; both fresh "
                "processes, spawn to first paint (offscreen), then to the campaign shown; peak RSS "
                "(VmHWM) once shown"
            )
            figures += start.measure(tmp, c100.path, runs, c100.posses)
            steps = (
                "the app's own start-up steps (services.startup) in the runs above, each the "
                "median ms from the end of the step before (the first from the spawn, the last "
                "to the open campaign painted); information, no target"
            )
            info["groups"]["start steps"] = f"{steps}; starts from the view snapshot"
            info["groups"]["first start steps"] = f"{steps}; first starts, no snapshot"
        if "print" in only:
            info["groups"]["print"] = (
                "`rostermgr print cards` (a4, duplex-long, colour) as a fresh process; "
                "baseline: bench/print_baseline.py, plain reportlab drawing the same counted "
                "content, fresh process"
            )
            names = [posse_name(i) for i in range(c100.posses)]
            figures += printing.measure(tmp, c100.path, names, runs)
        if "bundle" in only:
            missing = bundle.available()
            info["groups"]["bundle"] = missing or (
                f"campaign of {size}; dist/rostermgr/rostermgr against make run's "
                ".venv/bin/rostermgr, both fresh processes with ROSTERMGR_SMOKE_QUIT=1: spawn "
                "to the campaign shown (the app says so), and `posse list` spawn to exit"
            )
            if missing is None:
                figures += bundle.measure(tmp, c100.path, runs, c100.posses)
        if "postgresql" in only:
            found, started = postgres.measure(tmp, c100.path, runs)
            figures += found
            info["groups"]["postgresql"] = (
                f"campaign of {size} on a PostgreSQL server over loopback ({started}); "
                "baseline: the same campaign in a SQLite file, the same commands in-process"
            )
    if "bookkeeping" in only:
        found, built = bookkeeping.measure(tmp, runs)
        figures += found
        info.update(built)
        big, small = built["big"], built["small"]
        info["groups"]["bookkeeping"] = (
            f"campaign of {big['posses']:,} posses, {big['history_rows']:,} history rows, "
            f"{big['games']:,} games (built in {big['build_s']} s); baseline: the same on "
            f"{small['posses']} posses, {small['history_rows']} history rows"
        )
        if "start" in only:
            info["groups"]["start at scale"] = (
                f"the app on the campaign of {big['posses']:,} posses; information, no target"
            )
            path = Path(big["path"])
            figures += start.measure(tmp, path, max(3, runs // 2), big["posses"], "start at scale")
    if "simulate" in only:
        info["groups"]["simulate"] = (
            "`rostermgr simulate --campaigns 1000 --games 10 --json`, a fresh process on a "
            "process per core; baseline: the same with --workers 1"
        )
        figures += simulate.measure(tmp, runs)
    if "clubnight" in only:
        found, note = clubnight.measure(tmp, runs)
        figures += found
        info["groups"]["clubnight"] = (
            f"a club night on a PostgreSQL server over loopback ({note}), at most "
            f"{clubnight.MAX_RUNS} runs; baseline: one player, and one arbitrator applying, alone "
            "on the same campaign right after"
        )
    info["load_after"] = load_note()
    return figures, info


def fmt(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    text = f"{value:,.1f}" if value < 1000 else f"{value:,.0f}"
    return f"{text} {unit}".strip()


def table(figures: list[Figure], info: dict[str, Any]) -> str:
    head = ("figure", "median", "baseline", "ratio", "target", "met")
    rows: list[tuple[str, ...] | str] = []
    group = ""
    for f in figures:
        if f.group != group:
            group = f.group
            rows.append(f"[{group}] {info['groups'].get(group, '')}")
        met = {True: "yes", False: "NO", None: ""}[f.met]
        ratio = "-" if f.ratio is None else f"{f.ratio:.2f}"
        rows.append((f.name, fmt(f.value, f.unit), fmt(f.baseline, f.unit), ratio, f.target, met))
    cells = [head] + [r for r in rows if isinstance(r, tuple)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        parts = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        return "  ".join(parts).rstrip()

    out = [line(head), "  ".join("-" * w for w in widths)]
    out += [r if isinstance(r, str) else line(r) for r in rows]
    out.append("")
    out += [f"{f.name}: {f.note}" for f in figures if f.note]
    out.append(
        f"Medians of {info['runs']} runs (start-up at 1,000 posses: fewer). Before: "
        f"{info['load_before']}; after: {info['load_after']}; {info['seconds']} s in all."
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each figure (default 7)")
    parser.add_argument("--only", default=",".join(GROUPS), help=",".join(GROUPS))
    parser.add_argument("--json", action="store_true", help="every figure as JSON")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep it")
    args = parser.parse_args(argv)
    only = {g.strip() for g in args.only.split(",") if g.strip()}
    if not only or not only <= set(GROUPS):
        parser.error(f"--only takes some of {','.join(GROUPS)}")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    began = time.monotonic()
    with contextlib.ExitStack() as stack:
        if args.keep:
            tmp = Path(args.keep).resolve()
            tmp.mkdir(parents=True, exist_ok=True)
        else:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rostermgr-bench-")))
        stack.enter_context(isolated(tmp))
        figures, info = run(tmp, args.runs, only)
    info["seconds"] = round(time.monotonic() - began, 1)
    if args.json:
        doc = {"info": info, "figures": [f.as_json() for f in figures]}
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
    else:
        sys.stdout.write(table(figures, info) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
