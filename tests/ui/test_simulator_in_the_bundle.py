"""Tools > Simulator opens and runs where Python has no multiprocessing: the bundle (h-fresh).

packaging/rostermgr.spec leaves multiprocessing out of the bundle (its start-up hook cost every
command some 20 ms), and services.simulate then runs the campaigns in the app's own process.
The window's worker must not need multiprocessing merely to be imported: in the bundle the
menu item said "Something went wrong: No module named 'multiprocessing'".
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import sys, threading
sys.modules["multiprocessing"] = None  # as in the bundle: importing it fails
from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.run import Job
import ui.dialogs.simulator  # what Tools > Simulator imports
from ui.dialogs.simulator_worker import SimWorker

rules = default_ruleset()
job = Job(rules.text, rules.source, campaigns=3, games=2,
          factions=("sheriffs", "outlawmen"), seed=1)
worker = SimWorker(job, None, threading.Event())
said = []
worker.done.connect(lambda outcome: said.append(("done", outcome.summary.campaigns)))
worker.failed.connect(lambda sentence: said.append(("failed", sentence)))
worker.run()
print(said)
"""


def test_the_bundle_leaves_multiprocessing_out() -> None:
    spec = (ROOT / "packaging" / "rostermgr.spec").read_text(encoding="utf-8")
    assert '    "multiprocessing",\n' in spec  # the premise of the test below


def test_the_simulator_window_imports_and_runs_without_multiprocessing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[('done', 3)]"
