"""The campaign simulator: 1,000 campaigns of 10 games, as a user runs it (#21, #33).

`rostermgr simulate --campaigns 1000 --games 10 --json` runs as a fresh process, on a process
per core (its default); the target is issue 33's: at most 3 s on this 2-core machine (issue 21
asked under 10 s). The baseline is the same command on one process (`--workers 1`), so the
ratio shows what the worker processes gain. A fresh process each time: the odds the run works
out are part of it.
"""

from __future__ import annotations

from pathlib import Path

from common import PYTHON, Figure, bench_env, median, spawn

CLI = "from cli import run; run()"  # what the `rostermgr` script runs
RUN = ("simulate", "--campaigns", "1000", "--games", "10", "--json")
TARGET_S = 3.0


def measure(tmp: Path, runs: int) -> list[Figure]:
    env = bench_env(tmp)
    many = [PYTHON, "-c", CLI, *RUN]
    one = [*many, "--workers", "1"]
    spawn([PYTHON, "-c", CLI, "simulate", "--campaigns", "2", "--games", "2"], env)  # warm-up
    count = max(1, min(runs, 3))  # each run takes seconds
    parallel: list[float] = []
    single: list[float] = []
    for _ in range(count):
        single.append(spawn(one, env, timeout=600).wall_ms / 1000)
        parallel.append(spawn(many, env, timeout=600).wall_ms / 1000)
    return [
        Figure(
            "simulate",
            "simulate 1,000 campaigns of 10 games",
            "s",
            median(parallel),
            median(single),
            "the same on one process (--workers 1)",
            target_max=TARGET_S,
            runs=parallel,
            baseline_runs=single,
        )
    ]
