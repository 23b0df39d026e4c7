"""`rostermgr` with no command on a machine with no screen (SSH, a text console): one sentence.

Qt printed a screen of advice about its platform plugins ("Reinstalling the application may
fix this problem") and aborted with exit 134.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cli
from cli.qt_options import no_screen

ROOT = Path(__file__).resolve().parents[2]
NO_SCREEN = "There is no screen here to show the desktop app on"


@pytest.mark.parametrize(
    ("env", "options", "platform", "said"),
    [
        ({}, [], "linux", True),
        ({"DISPLAY": ":0"}, [], "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, [], "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, [], "linux", False),
        ({}, ["-platform", "vnc"], "linux", False),
        ({}, ["-platform=offscreen"], "freebsd14", False),
        ({}, [], "win32", False),
        ({}, [], "darwin", False),
    ],
)
def test_no_screen_is_said_only_where_qt_would_find_none(
    env: dict[str, str], options: list[str], platform: str, said: bool
) -> None:
    problem = no_screen(options, env, platform)
    assert (problem is not None) == said
    if said:
        assert problem is not None and problem.startswith(NO_SCREEN)


def test_the_app_without_a_screen_is_one_sentence_and_exit_1(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env |= {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-c", "from cli import run; run()", "--db", str(tmp_path / "c.sqlite3")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if sys.platform.startswith("linux"):
        assert done.returncode == 1
        assert done.stderr.startswith(NO_SCREEN) and done.stderr.count("\n") == 1
        assert not (tmp_path / "c.sqlite3").exists()


def test_the_app_is_started_where_there_is_a_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.app

    started: list[object] = []
    monkeypatch.setattr(ui.app, "run_app", lambda *a, **_k: started.append(a) or 0)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert cli.main([], out=io.StringIO(), err=io.StringIO()) == 0
    assert len(started) == 1
