"""The application bundle (make dist) against `make run`'s installed app: size and start-up.

Both are started the same way, as fresh processes in the bench's environment, alternately
after a warm-up run of each: `dist/rostermgr/rostermgr --db FILE` and `.venv/bin/rostermgr
--db FILE` (the script `make run` starts), each with ROSTERMGR_SMOKE_QUIT=1, so the app prints
`shown <time.monotonic()>` once the campaign is painted in its window and quits (ui/app.py).
The time is from just before the spawn to that line. A command (`posse list`) is timed spawn
to exit the same way. The size is the bundle folder's, every file counted once.
"""

from __future__ import annotations

import os
from pathlib import Path

from common import PYTHON, ROOT, Figure, Run, bench_env, median, spawn

BUNDLE = ROOT / "dist" / "rostermgr"
EXE = BUNDLE / "rostermgr"
INSTALLED = Path(PYTHON).parent / "rostermgr"  # the .venv's script, as `make run` runs it


def available() -> str | None:
    """None when the bundle can be measured, else why not (one sentence)."""
    if not os.access(EXE, os.X_OK):
        return f"no bundle at {EXE}: run make dist first"
    if not INSTALLED.exists():
        return f"no installed script at {INSTALLED}: run make run or make test first"
    return None


def _shown_ms(run: Run) -> float:
    for line in run.stdout.splitlines():
        if line.startswith("shown "):
            return run.since_start_ms(float(line.split()[1]))
    raise RuntimeError(f"the app did not say it was shown: {run.stdout[-500:]!r}")


def _size_mib(folder: Path) -> tuple[float, int]:
    total, count = 0, 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
            count += 1
    return total / 2**20, count


def measure(tmp: Path, campaign: Path, runs: int, posses: int) -> list[Figure]:
    """The bundle's size, its start to the campaign shown and a command, each against .venv."""
    env = {**bench_env(tmp), "ROSTERMGR_SMOKE_QUIT": "1"}
    bundle_app = [str(EXE), "--db", str(campaign)]
    venv_app = [str(INSTALLED), "--db", str(campaign)]
    bundle_cmd = [*bundle_app, "posse", "list"]
    venv_cmd = [*venv_app, "posse", "list"]
    for args in (bundle_app, venv_app, bundle_cmd, venv_cmd):
        spawn(args, env)  # warm-up: caches of the system, bytecode, fonts, settings
    shown, shown0, cmd, cmd0 = [], [], [], []
    for _ in range(runs):
        shown.append(_shown_ms(spawn(bundle_app, env)))
        shown0.append(_shown_ms(spawn(venv_app, env)))
        cmd.append(spawn(bundle_cmd, env).wall_ms)
        cmd0.append(spawn(venv_cmd, env).wall_ms)
    size, files = _size_mib(BUNDLE)
    where = f"{posses:,} posses"
    return [
        Figure(
            "bundle",
            "bundle size (dist/rostermgr)",
            "MiB",
            size,
            note=f"{files:,} files",
        ),
        Figure(
            "bundle",
            f"bundle start to campaign shown, {where}",
            "ms",
            median(shown),
            median(shown0),
            "make run's .venv/bin/rostermgr",
            runs=shown,
            baseline_runs=shown0,
        ),
        Figure(
            "bundle",
            f"bundle `posse list`, spawn to exit, {where}",
            "ms",
            median(cmd),
            median(cmd0),
            "make run's .venv/bin/rostermgr",
            runs=cmd,
            baseline_runs=cmd0,
        ),
    ]
