"""The version, written once in pyproject.toml: --version, the About box, the smoke quit."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from cli import main
from rostermgr.rules_load import default_ruleset
from services.campaign import for_app

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# What --version and the About box say: the installed metadata, which pip writes from
# pyproject.toml when it installs the project (make run, make test, the bundle's build).
VERSION = metadata.version("rostermgr")


def test_the_installed_version_is_pyprojects() -> None:
    wanted = PYPROJECT["project"]["version"]
    assert wanted == VERSION, (
        f"the installed rostermgr is {VERSION} but pyproject.toml says {wanted}: reinstall it "
        "(make test does, or pip install --no-deps --no-build-isolation -e .)"
    )


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"rostermgr {VERSION}\n"
    assert captured.err == ""


def test_version_after_db_opens_nothing(tmp_path: Path, capsys) -> None:
    db = tmp_path / "c.sqlite3"
    assert main(["--db", str(db), "--version"]) == 0
    assert capsys.readouterr().out == f"rostermgr {VERSION}\n"
    assert not db.exists()


def test_about_box_shows_version_ruleset_and_font_licences(qtbot, tmp_path: Path) -> None:
    from ui.actions import FONT_LICENCES, about_text
    from ui.main_window import MainWindow

    rules = default_ruleset()
    session = for_app(tmp_path / "c.sqlite3", rules)
    window = MainWindow(session)
    qtbot.addWidget(window)
    try:
        text = about_text(window)
    finally:
        session.close()
    assert f"rostermgr</b> {VERSION}" in text
    assert f"{rules.name} {rules.version}" in text
    assert "Bitstream Vera" in text and "public domain" in text
    assert FONT_LICENCES.replace("'", "&#x27;") in text


def test_the_about_boxs_font_licence_is_the_shipped_licence_file() -> None:
    from ui.actions import FONT_LICENCES

    licence = (ROOT / "printables" / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    fonts = sorted(p.name for p in (ROOT / "printables" / "fonts").glob("*.ttf"))
    families = ("DejaVuSans", "DejaVuSerif", "DroidSansFallback")
    assert fonts and all(name.startswith(families) for name in fonts)
    assert "License: bitstream-vera" in licence and "Bitstream Vera" in FONT_LICENCES
    assert "public domain" in licence and "public domain" in FONT_LICENCES
    droid = (ROOT / "printables" / "fonts" / "LICENSE-DroidSansFallback.txt").read_text("utf-8")
    assert "Apache License" in droid and "Apache License 2.0" in FONT_LICENCES


def test_smoke_quit_shows_the_campaign_then_exits_0(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "ROSTERMGR_SMOKE_QUIT": "1",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "ROSTERMGR_BACKUP_DIR": str(tmp_path / "backups"),
    }
    db = tmp_path / "c.sqlite3"
    done = subprocess.run(
        [sys.executable, "-c", "from cli import run; run()", "--db", str(db)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("shown "), done.stdout
    float(done.stdout.split()[1])
    assert db.exists() and not Path(f"{db}.lock").exists()
