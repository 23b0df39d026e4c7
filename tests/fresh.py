"""A user who has never run rostermgr: an empty HOME, none of our variables, and a process in it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = (sys.executable, "-c", "from cli import run; run()")


def fresh_env(home: Path, **extra: str) -> dict[str, str]:
    """This environment less every ROSTERMGR_ and XDG_ variable, with `home` as HOME, offscreen."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROSTERMGR_", "XDG_"))}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", **extra)
    return env


def run(
    command: str | tuple[str, ...] | list[str], env: dict[str, str], cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """Run a command (a string: through the shell) and keep its output, within two minutes."""
    return subprocess.run(
        command,
        shell=isinstance(command, str),
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
