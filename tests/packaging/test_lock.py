"""The lock files: exact, hashed versions within pyproject.toml's ranges; what runs is locked."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# A lock entry: `name==version ; marker \` then its `--hash=sha256:...` lines.
ENTRY = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def _lock(name: str) -> dict[str, tuple[Version, str | None, list[str]]]:
    """name -> (version, marker, hashes) of requirements/NAME.txt."""
    pins: dict[str, tuple[Version, str | None, list[str]]] = {}
    current: str | None = None
    for line in (LOCKS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = ENTRY.match(line)
        if match:
            current = canonicalize_name(match[1])
            assert current not in pins, f"{current} is pinned twice in {name}.txt"
            pins[current] = (Version(match[2]), match[3], [])
        elif stripped.startswith("--hash=sha256:"):
            assert current is not None, f"a hash before any pin in {name}.txt"
            pins[current][2].append(stripped.split(":", 1)[1].rstrip(" \\"))
    return pins


def _applies(marker: str | None) -> bool:
    return marker is None or Marker(marker).evaluate()


def _requirements(extra: str | None) -> list[Requirement]:
    names = PYPROJECT["project"]["dependencies"]
    if extra is not None:
        names = names + PYPROJECT["project"]["optional-dependencies"][extra]
    return [Requirement(r) for r in names]


@pytest.mark.parametrize(("lock", "extra"), [("run", None), ("test", "test"), ("dist", "dist")])
def test_every_requirement_is_locked_within_its_range(lock: str, extra: str | None) -> None:
    pins = _lock(lock)
    for req in _requirements(extra):
        if req.marker is not None and not req.marker.evaluate():
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in requirements/{lock}.txt: run make lock"
        version = pins[name][0]
        assert req.specifier.contains(version, prereleases=True), (
            f"requirements/{lock}.txt pins {req.name} {version}, outside {req.specifier}: "
            "run make lock"
        )


@pytest.mark.parametrize("lock", ["run", "test", "dist", "build", "tools"])
def test_every_pin_is_exact_and_hashed(lock: str) -> None:
    pins = _lock(lock)
    assert pins, f"requirements/{lock}.txt pins nothing"
    for name, (_version, _marker, hashes) in pins.items():
        assert hashes, f"{name} has no hash in requirements/{lock}.txt"
        assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes), name


def test_the_locks_agree_on_every_package_they_share() -> None:
    """make dist installs dist.txt beside test.txt in one .venv: one version of each."""
    locks = {name: _lock(name) for name in ("run", "test", "dist", "build")}
    seen: dict[str, tuple[Version, str]] = {}
    for lock, pins in locks.items():
        for name, (version, _marker, _hashes) in pins.items():
            if name in seen:
                assert seen[name][0] == version, (
                    f"{name}: {version} in {lock}.txt but {seen[name][0]} in {seen[name][1]}.txt"
                )
            else:
                seen[name] = (version, lock)


def test_the_build_lock_holds_the_build_backend() -> None:
    pins = _lock("build")
    for text in PYPROJECT["build-system"]["requires"]:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins and req.specifier.contains(pins[name][0]), text


def test_pyside6_is_locked_below_6_12_on_every_python() -> None:
    """6.12.0 aborts the app on Python 3.11 (none_dealloc); 6.12 was never tested here."""
    for lock in ("run", "test", "dist"):
        pins = _lock(lock)
        for name in ("pyside6", "pyside6-essentials", "pyside6-addons", "shiboken6"):
            assert pins[name][0] < Version("6.12"), f"{name} {pins[name][0]} in {lock}.txt"
            assert pins[name][1] is None, f"{name} has a marker in {lock}.txt: one pin for all"


def test_what_runs_the_suite_is_the_locked_set() -> None:
    """The packages of this environment are the versions of requirements/test.txt."""
    wrong = []
    for name, (version, marker, _hashes) in _lock("test").items():
        if not _applies(marker):
            continue
        try:
            installed = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            wrong.append(f"{name} is not installed")
            continue
        if installed != version:
            wrong.append(f"{name} {installed} is installed, the lock says {version}")
    assert not wrong, f"{sys.prefix} is not the locked set (make test installs it): {wrong}"
