"""packaging/install-desktop.sh: a bundle installed for one user, its menu entry pointing at it.

Runs on a stand-in bundle (an executable script and the share/ tree the spec collects), so it
needs no `make dist`; make dist-test runs the same script on the real bundle.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "org.lasthopefrontier.rostermgr"


def _fake_bundle(folder: Path) -> Path:
    bundle = folder / "rostermgr"
    share = bundle / "_internal" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir()
    shutil.copy(PACKAGING / f"{APP_ID}.desktop", share / "applications")
    shutil.copy(PACKAGING / f"{APP_ID}.metainfo.xml", share / "metainfo")
    for size in ("16x16", "scalable"):
        icons = share / "icons" / "hicolor" / size / "apps"
        icons.mkdir(parents=True)
        (icons / f"{APP_ID}.{'svg' if size == 'scalable' else 'png'}").write_text(size)
    exe = bundle / "rostermgr"
    exe.write_text('#!/bin/sh\necho bundled "$@"\n')
    exe.chmod(0o755)
    shutil.copy(PACKAGING / "install-desktop.sh", bundle)
    return bundle


def _install(bundle: Path, prefix: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(prefix.parent), "PREFIX": str(prefix)}
    return subprocess.run(
        ["bash", str(bundle / "install-desktop.sh"), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def bash() -> None:
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")


@pytest.mark.usefixtures("bash")
def test_install_puts_program_command_menu_entry_icons_and_metainfo(tmp_path: Path) -> None:
    bundle = _fake_bundle(tmp_path / "download")
    prefix = tmp_path / "home" / ".local"
    done = _install(bundle, prefix)
    assert done.returncode == 0, done.stderr
    program = prefix / "lib" / "rostermgr" / "rostermgr"
    assert os.access(program, os.X_OK)
    command = prefix / "bin" / "rostermgr"
    assert subprocess.run([str(command), "--version"], capture_output=True, text=True).stdout == (
        "bundled --version\n"
    )
    desktop = (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"\nExec={program}\n" in desktop  # the full path: PREFIX/bin may not be on PATH
    assert (prefix / "share" / "icons" / "hicolor" / "16x16" / "apps" / f"{APP_ID}.png").exists()
    assert (prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").exists()
    assert (prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").exists()
    assert not list(prefix.rglob("*.tmp")) and not list(prefix.rglob("*.new"))


@pytest.mark.usefixtures("bash")
def test_a_second_install_replaces_the_first(tmp_path: Path) -> None:
    bundle = _fake_bundle(tmp_path / "download")
    prefix = tmp_path / "home" / ".local"
    assert _install(bundle, prefix).returncode == 0
    (prefix / "lib" / "rostermgr" / "stale-file").write_text("from the old version")
    assert _install(bundle, prefix).returncode == 0
    assert not (prefix / "lib" / "rostermgr" / "stale-file").exists()
    assert not (prefix / "lib" / "rostermgr.old").exists()


@pytest.mark.usefixtures("bash")
def test_a_folder_that_is_not_a_bundle_is_refused_untouched(tmp_path: Path) -> None:
    bundle = _fake_bundle(tmp_path / "download")
    empty = tmp_path / "empty"
    empty.mkdir()
    prefix = tmp_path / "home" / ".local"
    done = _install(bundle, prefix, str(empty))
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"install-desktop: {empty} is not a rostermgr bundle (run make dist first)."
    )
    assert not prefix.exists()
