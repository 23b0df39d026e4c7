"""What every benchmark shares: figures, medians, fresh processes, the environment they run in."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PYTHON = sys.executable  # the same interpreter for the product and every baseline


@dataclass
class Figure:
    """One measured figure, its baseline from the same run, and the target it must meet.

    target_ratio: value / baseline must be at most this; target_max: value at most this.
    """

    group: str
    name: str
    unit: str
    value: float
    baseline: float | None = None
    baseline_name: str = ""
    target_ratio: float | None = None
    target_max: float | None = None
    runs: list[float] = field(default_factory=list)
    baseline_runs: list[float] = field(default_factory=list)
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or not self.baseline:
            return None
        return self.value / self.baseline

    @property
    def target(self) -> str:
        parts = []
        if self.target_ratio is not None:
            parts.append(f"ratio <= {self.target_ratio:g}")
        if self.target_max is not None:
            parts.append(f"<= {self.target_max:g} {self.unit}")
        return ", ".join(parts)

    @property
    def met(self) -> bool | None:
        """Whether every target given is met (both, when a figure has both)."""
        if self.target_ratio is None and self.target_max is None:
            return None
        if self.target_ratio is not None and (self.ratio is None or self.ratio > self.target_ratio):
            return False
        return self.target_max is None or self.value <= self.target_max

    def as_json(self) -> dict[str, Any]:
        ratio = self.ratio
        return {
            "group": self.group,
            "name": self.name,
            "unit": self.unit,
            "value": round(self.value, 3),
            "baseline": None if self.baseline is None else round(self.baseline, 3),
            "baseline_name": self.baseline_name,
            "ratio": None if ratio is None else round(ratio, 3),
            "target": self.target,
            "met": self.met,
            "runs": [round(r, 3) for r in self.runs],
            "baseline_runs": [round(r, 3) for r in self.baseline_runs],
            "note": self.note,
        }


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def timed(fn: Callable[[], Any]) -> float:
    """Milliseconds fn takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def isolation(tmp: Path) -> dict[str, str]:
    """Settings, data, logs and backups in the run's temporary folder, never the user's."""
    return {
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "XDG_STATE_HOME": str(tmp / "state"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "ROSTERMGR_BACKUP_DIR": str(tmp / "backups"),
    }


@contextmanager
def isolated(tmp: Path) -> Iterator[None]:
    """This process too (the in-process figures) keeps its files in the temporary folder."""
    saved = {key: os.environ.get(key) for key in (*isolation(tmp), "ROSTERMGR_DB")}
    os.environ.update(isolation(tmp))
    os.environ.pop("ROSTERMGR_DB", None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def bench_env(tmp: Path) -> dict[str, str]:
    """The environment of every measured process: headless, isolated, bytecode cached.

    Compiled bytecode goes to a cache in the run's temporary folder (PYTHONPYCACHEPREFIX), as
    an installed program has its .pyc files (this checkout's environment sets
    PYTHONDONTWRITEBYTECODE, which would make every process compile every module); a warm-up
    run of every command fills the cache first.

    The measured processes import this checkout (PYTHONPATH): a helper script's folder is
    bench/, so without it `import ui` found whatever checkout the environment's editable
    install points at, which in a git worktree is another one.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("ROSTERMGR_DB", None)
    path = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env.update(
        isolation(tmp),
        QT_QPA_PLATFORM="offscreen",
        PYTHONPYCACHEPREFIX=str(tmp / "pycache"),
        PYTHONPATH=os.pathsep.join(path),
    )
    return env


@dataclass(frozen=True)
class Run:
    wall_ms: float  # spawn to exit
    mark_ms: float | None  # spawn to the `painted T` line, when the process prints one
    max_rss_kb: int
    stdout: str
    started: float = 0.0  # time.monotonic() just before the spawn

    def since_start_ms(self, monotonic: float) -> float:
        """A time.monotonic() the child reported, as ms after the spawn."""
        return (monotonic - self.started) * 1000


def spawn(args: Sequence[str], env: dict[str, str], timeout: float = 120.0) -> Run:
    """Run one fresh process: its wall time, its own peak RSS (wait4) and its reported mark."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(list(args), env=env, cwd=ROOT, stdout=out, stderr=err)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        end = time.monotonic()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, problem = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {proc.returncode}: {problem[-2000:]}")
    mark = None
    for line in text.splitlines():
        if line.startswith("painted "):
            mark = (float(line.split()[1]) - start) * 1000
    return Run((end - start) * 1000, mark, usage.ru_maxrss, text, start)


def load_note() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
