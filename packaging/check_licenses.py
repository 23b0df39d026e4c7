"""make dist-test: every component of a built bundle has its licence in the bundle's licenses/.

`python packaging/check_licenses.py BUNDLE_FOLDER`, with the Python the bundle was built from
(packaging/dist-test.sh uses .venv): its installed metadata says which distribution each of
the bundle's top-level packages comes from. Independent of how make dist collected them
(packaging/bundle_licenses.py), it reads what is in the folder:

- a package or module of a Python distribution: licenses/DISTRIBUTION/ holds a file;
- the standard library, the interpreter and its extension modules: licenses/CPython/LICENSE.txt;
- a host library: named in licenses/Debian/LIBRARIES.txt with its package's copyright file
  (where the bundle was built without dpkg, its README.txt must say so);
- the executable and PyInstaller's runtime helpers: licenses/pyinstaller/;
- this program, its desktop files and icons: licenses/rostermgr/LICENSE;
- the libraries a wheel vendors (_internal/psycopg_binary.libs: libpq, OpenSSL...), which the
  wheel's own licence does not cover: each file named in licenses/DISTRIBUTION/libs/NOTICE.txt
  with its licence, and every text that line names in that folder.

Prints each component without its licence and exits 1; prints a summary and exits 0 if none.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

NO_DPKG = "dpkg was not found on the build machine"
# Folders of libraries a wheel vendors -> the distribution whose licence folder has their notice
VENDORED = {"psycopg_binary.libs": "psycopg-binary"}


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 normalises it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _key(name: str, is_dir: bool) -> str:
    """A top-level entry's import name: peewee.pyc and peewee.py -> peewee; folders as named."""
    return name if is_dir else name.split(".")[0]


def owners() -> dict[str, set[str]]:
    """Top-level file or folder name -> the installed distributions whose RECORD holds it."""
    found: dict[str, set[str]] = {}
    for dist in metadata.distributions():
        name = canonical(dist.metadata["Name"])
        for file in dist.files or []:
            parts = file.parts
            if not parts or parts[0] == ".." or parts[0].endswith(".dist-info"):
                continue
            found.setdefault(_key(parts[0], len(parts) > 1), set()).add(name)
    for top, names in metadata.packages_distributions().items():
        found.setdefault(top, set()).update(canonical(n) for n in names)
    return found


def _has_text(folder: Path) -> bool:
    return folder.is_dir() and any(p.is_file() and p.stat().st_size > 0 for p in folder.rglob("*"))


def vendored_problems(libs: Path, notice: Path) -> list[str]:
    """What a notice of vendored libraries lacks: a line for each file in `libs` (file,
    project, version, licence, texts; tab-separated) and each text it names, beside it."""
    if not notice.is_file():
        return [f"_internal/{libs.name}: no licenses/{notice.parent.parent.name}/libs/NOTICE.txt"]
    lines: dict[str, list[str]] = {}
    for line in notice.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) >= 5 and all(fields):
            lines[fields[0]] = fields[4:]
    missing = []
    for file in sorted(libs.iterdir()):
        texts = lines.get(file.name)
        if texts is None:
            missing.append(f"_internal/{libs.name}/{file.name}: not in {notice.name}")
            continue
        for text in texts:
            path = notice.parent / text
            if not (path.is_file() and path.stat().st_size > 0):
                missing.append(f"_internal/{libs.name}/{file.name}: no {text} beside the notice")
    return missing


def problems(bundle: Path) -> tuple[list[str], list[str]]:
    """The components of `bundle` without their licence, and the licence folders checked."""
    internal = bundle / "_internal"
    licences = bundle / "licenses"
    readme = licences / "README.txt"
    if not readme.is_file():
        return [f"no {readme}"], []
    listed = licences / "Debian" / "LIBRARIES.txt"
    debian: dict[str, str] = {}
    if listed.is_file():
        for line in listed.read_text(encoding="utf-8").splitlines():
            library, _, package = line.partition("\t")
            debian[library] = package
    without_dpkg = NO_DPKG in readme.read_text(encoding="utf-8")
    by_name = owners()
    stdlib = set(sys.stdlib_module_names)
    needed: dict[str, list[str]] = {"pyinstaller": ["the executable"], "rostermgr": ["LICENSE"]}
    missing: list[str] = []
    for entry in sorted(internal.iterdir()):
        if entry.is_symlink():
            continue  # a second name of a file collected elsewhere in the bundle
        if entry.name in VENDORED and entry.is_dir():
            dist = VENDORED[entry.name]
            needed.setdefault(dist, []).append(f"_internal/{entry.name}")
            missing += vendored_problems(entry, licences / dist / "libs" / "NOTICE.txt")
            continue
        what = f"_internal/{entry.name}"
        key = _key(entry.name, entry.is_dir())
        if key in by_name:
            for dist in by_name[key]:
                needed.setdefault(dist, []).append(what)
        elif entry.name.endswith(".dist-info"):  # metadata PyInstaller copied (the version)
            dist = canonical(entry.name.split("-")[0])
            needed.setdefault(dist, []).append(what)
        elif (
            key in stdlib
            or entry.name.startswith(("python3", "libpython3", "_sysconfigdata_"))
            or entry.name == "base_library.zip"
        ):
            needed.setdefault("CPython", []).append(what)
        elif entry.name.startswith(("_pyi", "pyi_")):
            needed["pyinstaller"].append(what)
        elif entry.name == "share":  # the menu entry, the icons, the metainfo, the docs
            needed["rostermgr"].append(what)
        elif ".so" in entry.name or entry.suffix in (".dll", ".dylib"):
            package = debian.get(entry.name)
            if package is None:
                if not without_dpkg:
                    missing.append(f"{what}: not in licenses/Debian/LIBRARIES.txt")
            elif not _has_text(licences / "Debian" / package):
                missing.append(f"{what}: no licenses/Debian/{package}/copyright")
        else:
            missing.append(f"{what}: from no distribution, library or part of Python known")
    for component, parts in sorted(needed.items()):
        if not _has_text(licences / component):
            missing.append(f"{component} ({', '.join(parts[:3])}): no licenses/{component}/")
    if not (licences / "rostermgr" / "LICENSE").is_file():
        missing.append("rostermgr: no licenses/rostermgr/LICENSE")
    return missing, sorted(needed)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: check_licenses.py BUNDLE_FOLDER\n")
        return 2
    missing, checked = problems(Path(argv[0]))
    for problem in missing:
        print(problem)
    if missing:
        return 1
    print(f"{len(checked)} components, each with its licence: {', '.join(checked)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
