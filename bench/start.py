"""Start-up: process start to the main window painted, against a bare PySide6 window.

Both run as fresh processes of the same interpreter, alternately, after a warm-up run of each
(which fills the bytecode cache, and leaves the view snapshot the app writes on close). The
times are from just before the spawn to the first Paint event of a top-level window; to the
campaign shown (its posse list and first roster painted, from the snapshot the previous run
left when it matches the files, see ui/view_snapshot.py, else from the open campaign); and, as
information, to the open campaign painted (editable). Then, as information, the same app with
no snapshot (a first start, or one after the campaign changed elsewhere): its snapshot file is
deleted before each of those runs. Peak memory is the process's own VmHWM once attached.

Where that time goes, step by step, is information in two more groups (start steps, first
start steps): the app notes when each step of its start ends (services.startup), and each
step's figure is the median time from the end of the step before it (the first from the
spawn, the last, "editable painted", to the open campaign painted).
"""

from __future__ import annotations

from pathlib import Path

from common import BENCH, PYTHON, Figure, Run, bench_env, median, spawn


def _painted(run: Run) -> float:
    if run.mark_ms is None:
        raise RuntimeError(f"no first paint was reported: {run.stdout[-500:]!r}")
    return run.mark_ms


def _shown(run: Run) -> float:
    """Spawn to the campaign's content painted (from its snapshot, or the open campaign)."""
    return run.since_start_ms(float(_fields(run)["shown"]))


def _attached(run: Run) -> float:
    """Spawn to the open campaign painted (the app paints its window first, then opens)."""
    return run.since_start_ms(float(_fields(run)["attached"]))


def _previewed(run: Run) -> bool:
    return _fields(run)["shown"] != _fields(run)["attached"]


def _forget_snapshots(tmp: Path) -> None:
    """The app's view snapshots (in the run's cache folder): the next start is a first one."""
    for found in (tmp / "cache" / "rostermgr" / "views").glob("*.json"):
        found.unlink()


def _fields(run: Run) -> dict[str, str]:
    for line in run.stdout.splitlines():
        if line.startswith("painted "):
            return dict(p.split("=", 1) for p in line.split()[3:] if "=" in p)
    return {}


def _steps(run: Run) -> list[tuple[str, float]]:
    """The app's own start-up steps: each one's name and its ms since the one before."""
    marks = [item.rsplit("@", 1) for item in _fields(run).get("steps", "").split(",") if item]
    ends = [(name.replace("_", " "), float(at)) for name, at in marks]
    ends.append(("editable painted", float(_fields(run)["attached"])))
    out, before = [], run.started
    for name, at in ends:
        out.append((name, (at - before) * 1000))
        before = at
    return out


def step_figures(group: str, runs: list[Run], baseline: list[float]) -> list[Figure]:
    """One figure per step of the app's start, median ms, against the bare window's paint."""
    durations: dict[str, list[float]] = {}
    for run in runs:
        for name, ms in _steps(run):
            durations.setdefault(name, []).append(ms)
    return [
        Figure(
            group,
            f"step: {name}",
            "ms",
            median(ms),
            median(baseline),
            "bare PySide6 window",
            runs=ms,
            baseline_runs=baseline,
        )
        for name, ms in durations.items()
        if len(ms) == len(runs)  # a step every run made (the preview only with a snapshot)
    ]


def _peak_mib(run: Run) -> float:
    """VmHWM as the process itself read it once shown; wait4's figure where /proc is not."""
    kb = int(_fields(run).get("hwm_kb", "0")) or run.max_rss_kb
    return kb / 1024


def measure(
    tmp: Path, campaign: Path, runs: int, posses: int, group: str = "start"
) -> list[Figure]:
    """Targets apply in the "start" group; other groups (a bigger campaign) are information."""
    env = bench_env(tmp)
    app = [PYTHON, str(BENCH / "start_app.py"), "--db", str(campaign)]
    bare = [PYTHON, str(BENCH / "start_bare.py")]
    spawn(bare, env)  # warm-up: bytecode cache, font cache, settings file
    spawn(app, env)
    app_runs: list[Run] = []
    bare_runs: list[Run] = []
    cold_runs: list[Run] = []
    for _ in range(runs):
        bare_runs.append(spawn(bare, env))
        app_runs.append(spawn(app, env))
    for _ in range(max(3, runs // 2)):
        _forget_snapshots(tmp)
        cold_runs.append(spawn(app, env))  # it writes a snapshot again on close
    paint = [_painted(r) for r in app_runs]
    paint0 = [_painted(r) for r in bare_runs]
    shown = [_shown(r) for r in app_runs]
    attached = [_attached(r) for r in app_runs]
    cold = [_shown(r) for r in cold_runs]
    from_snapshot = sum(_previewed(r) for r in app_runs)
    rss = [_peak_mib(r) for r in app_runs]
    rss0 = [_peak_mib(r) for r in bare_runs]
    where = f"{posses:,} posses"
    targeted = group == "start"
    steps = []
    if targeted:  # where the targeted figures' time goes (the same steps at scale: not shown)
        steps = step_figures("start steps", app_runs, paint0)
        steps += step_figures("first start steps", cold_runs, paint0)
    return [
        Figure(
            group,
            f"app start to first paint, {where}",
            "ms",
            median(paint),
            median(paint0),
            "bare PySide6 window",
            target_ratio=1.5 if targeted else None,
            runs=paint,
            baseline_runs=paint0,
            note=f"heavy modules loaded at first paint: {_fields(app_runs[-1]).get('heavy', '?')}",
        ),
        Figure(
            group,
            f"app start to campaign shown, {where}",
            "ms",
            median(shown),
            median(paint0),
            "bare PySide6 window",
            target_ratio=1.5 if targeted else None,
            runs=shown,
            baseline_runs=paint0,
            note=(
                f"the posse list and the first posse's roster painted; in {from_snapshot} of "
                f"{len(app_runs)} runs from the view snapshot of the previous close (the "
                "others from the open campaign)"
            ),
        ),
        Figure(
            group,
            f"app start to campaign open, {where}",
            "ms",
            median(attached),
            median(paint0),
            "bare PySide6 window",
            target_ratio=1.5 if targeted else None,
            runs=attached,
            baseline_runs=paint0,
            note="the open campaign painted in place of its snapshot, editable (issue 33)",
        ),
        Figure(
            group,
            f"app first start to campaign shown, {where}",
            "ms",
            median(cold),
            median(paint0),
            "bare PySide6 window",
            target_ratio=1.5 if targeted else None,
            runs=cold,
            baseline_runs=paint0,
            note="no snapshot (first start, or the campaign changed since; issue 33)",
        ),
        Figure(
            group,
            f"app peak RSS, {where}",
            "MiB",
            median(rss),
            median(rss0),
            "bare PySide6 window",
            target_ratio=2.0 if targeted else None,
            runs=rss,
            baseline_runs=rss0,
        ),
        *steps,
    ]
