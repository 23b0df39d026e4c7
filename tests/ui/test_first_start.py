"""A new player's first start (issue 26): a fresh account, no --db, no data folder yet."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.fresh import APP, fresh_env, run

SPECIFIC = (
    "ROSTERMGR_DB",
    "ROSTERMGR_BACKUP_DIR",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
)


def _start(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return run([*APP, *args], env)


def test_the_app_opens_the_default_campaign_on_afresh_env(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    done = _start(fresh_env(home, ROSTERMGR_SMOKE_QUIT="1"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("shown "), done.stdout
    assert "Cannot" not in done.stderr
    campaign = home / ".local" / "share" / "rostermgr" / "campaign.sqlite3"
    assert campaign.is_file()
    assert not Path(f"{campaign}.lock").exists()


def test_the_empty_state_is_shown_on_the_first_start(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QPushButton

    from services.paths import campaign_path
    from ui import main_window
    from ui.app import run_app

    for name in SPECIFIC:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    seen: dict[str, object] = {}
    attach = main_window.MainWindow.attach

    def attach_then_close(self: main_window.MainWindow, session: object) -> None:
        attach(self, session)  # type: ignore[arg-type]
        seen["posses"] = self.posse_model.rowCount()
        seen["page"] = self.stack.currentWidget().objectName()
        buttons = self.stack.currentWidget().findChildren(QPushButton)
        seen["texts"] = " ".join(button.text() for button in buttons)

        QTimer.singleShot(0, self.close)

    monkeypatch.setattr(main_window.MainWindow, "attach", attach_then_close)
    path = campaign_path(None)
    assert not path.parent.exists()
    assert run_app(path) == 0
    assert path.is_file()
    assert seen["posses"] == 0
    assert "first posse" in str(seen["texts"])


def test_a_refusal_nobody_can_see_goes_to_stderr_and_exits_1(tmp_path: Path) -> None:
    """Offscreen there is no one to click a message box: say it on stderr, never hang."""
    home = tmp_path / "home"
    home.mkdir()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a campaign")
    done = _start(fresh_env(home), "--db", str(bad))
    assert done.returncode == 1
    assert "bad.sqlite3" in done.stderr and "Traceback" not in done.stderr
    assert bad.read_bytes() == b"not a campaign"


def test_a_data_folder_that_cannot_be_made_is_a_sentence(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".local").write_text("a file where the folder should be", encoding="utf-8")
    done = _start(fresh_env(home))
    assert done.returncode == 1
    assert ".local" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
