"""What README's Install section states about the bundle is what make dist-test enforces."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (ROOT / "packaging" / "dist-test.sh").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL = README[README.index("## Install") : README.index("### Windows and macOS")]


def _setting(name: str) -> str:
    match = re.search(rf"^{name}=(\S+)", SCRIPT, re.MULTILINE)
    assert match, f"dist-test.sh sets no {name}"
    return match[1]


def test_the_glibc_the_readme_states_is_the_one_checked() -> None:
    glibc = _setting("MAX_GLIBC")
    assert f"glibc {glibc} or newer" in " ".join(INSTALL.split())
    assert f"at most {glibc}" in " ".join(INSTALL.split())


def test_the_size_limit_is_the_readmes_and_a_little_above_the_measured_size() -> None:
    limit = int(_setting("MAX_MIB"))
    measured = re.search(r"\*\*Size:\*\* (\d+) MiB", INSTALL)
    assert measured, "README, Install states no measured size"
    assert int(measured[1]) < limit <= int(measured[1]) * 1.1
    assert f"at most {limit} MiB" in " ".join(INSTALL.split())


def test_the_readme_names_the_licence_folder_the_test_checks() -> None:
    assert "dist/rostermgr/licenses/" in INSTALL
    assert "packaging/check_licenses.py" in SCRIPT
    assert (ROOT / "LICENSE").is_file()
