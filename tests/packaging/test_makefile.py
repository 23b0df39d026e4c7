"""The Makefile keeps the lock's promise: every install is checked by `pip check`.

The lock is installed with `--no-deps` (only what it names, each file against its hash), so a
lock that lacks a dependency would install without complaint; `pip check` after it fails the
install instead.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = ROOT / "Makefile"
# `NAME := value`, `NAME ?= value`, `NAME = value` at the start of a line
ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*[:?]?=\s*(.*)$")
RULE = re.compile(r"^([^\s#:=][^:=]*):(?!=)(.*)$")


def _logical_lines(text: str) -> list[str]:
    """The Makefile's lines with backslash continuations joined."""
    lines: list[str] = []
    pending = ""
    for line in text.splitlines():
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    return lines


def _expand(text: str, variables: dict[str, str]) -> str:
    """$(NAME) replaced by its value, repeatedly (the values may name other variables)."""
    for _ in range(10):
        expanded = re.sub(
            r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda m: variables.get(m[1], m[0]), text
        )
        if expanded == text:
            break
        text = expanded
    return text


def _recipes() -> dict[str, list[str]]:
    """Each rule's target and its recipe's lines, with the Makefile's variables expanded."""
    variables: dict[str, str] = {}
    recipes: dict[str, list[str]] = {}
    target: str | None = None
    for line in _logical_lines(MAKEFILE.read_text(encoding="utf-8")):
        if line.startswith("\t"):
            if target is not None:
                recipes[target].append(line.strip())
            continue
        target = None
        assignment = ASSIGNMENT.match(line)
        if assignment:
            variables[assignment[1]] = assignment[2].strip()
            continue
        rule = RULE.match(line)
        if rule and not line.startswith("."):
            target = rule[1].strip()
            recipes[target] = []
    return {
        _expand(name, variables): [_expand(step, variables) for step in steps]
        for name, steps in recipes.items()
    }


def _installs(step: str) -> bool:
    return bool(re.search(r"\bpip install\b", step))


def _checks(step: str) -> bool:
    return bool(re.search(r"\bpython -m pip check\b", step))


def test_the_recipe_reader_sees_the_installs() -> None:
    """The test below is only as good as its reading of the Makefile: it finds the stamps."""
    installing = [target for target, steps in _recipes().items() if any(map(_installs, steps))]
    assert {".venv/bin/python", ".venv/.installed", ".venv/.installed-test"} <= set(installing)
    assert {".venv/.installed-dist", ".venv/.installed-tools"} <= set(installing)


def test_every_install_in_the_makefile_is_followed_by_pip_check() -> None:
    unchecked = []
    for target, steps in _recipes().items():
        last_install = max((i for i, step in enumerate(steps) if _installs(step)), default=None)
        if last_install is None:
            continue
        if not any(_checks(step) for step in steps[last_install + 1 :]):
            unchecked.append(target)
    assert not unchecked, f"no `pip check` after the last install of {unchecked}"


def test_the_installed_environment_passes_pip_check() -> None:
    """The locks installed here (build.txt and test.txt) hold every dependency they need."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
