"""The desktop files: validated by the freedesktop and AppStream tools, and in step with the
project (its id, its version, the icon that make_icons writes)."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "org.lasthopefrontier.rostermgr"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
# The newest release: its version and date (the version of a build comes from git:
# tests/packaging/test_version.py)
VERSION, DATE = re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})$", CHANGELOG, flags=re.M)[0]


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (Debian package {package}; .ci/run installs it)")
    return path


def test_the_desktop_file_is_valid() -> None:
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    done = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stdout + done.stderr


def test_the_metainfo_is_valid() -> None:
    tool = _tool("appstreamcli", "appstream")
    done = subprocess.run(
        [tool, "validate", "--no-net", "--pedantic", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_file_starts_the_app_with_the_star() -> None:
    entry = _desktop_entry()
    assert entry["Exec"] == "rostermgr"  # no argument: the desktop app (a file would be a command)
    assert entry["Icon"] == APP_ID
    make_icons = (PACKAGING / "make_icons.py").read_text(encoding="utf-8")
    assert f'APP_ID = "{APP_ID}"' in make_icons


def test_the_metainfo_names_the_desktop_file_and_the_newest_release() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    releases = root.findall("releases/release")
    assert releases[0].get("version") == VERSION, "the newest release must be the CHANGELOG's"
    assert releases[0].get("date") == DATE


def test_the_changelog_keeps_what_is_not_released_yet() -> None:
    versions = re.findall(r"^## \[([^\]]*)\]", CHANGELOG, flags=re.M)
    assert versions[:2] == ["Unreleased", VERSION]
