"""The bundle's licences, collected at build time from what PyInstaller put in it (make dist).

packaging/rostermgr.spec calls `write_licenses` after the bundle is collected, with the source
path of every file PyInstaller copied. Each file is traced to what it came from:

- an installed Python distribution (its RECORD names the file): the licence files its metadata
  carries (`License-File`, the dist-info `licenses/` folder, licence files beside the code), or,
  for one that carries none (PySide6, shiboken6), the texts of the SPDX licences its metadata
  names, kept in packaging/licenses/; and for the libraries a wheel vendors that its licence
  does not cover (psycopg-binary's libpq, OpenSSL...), a notice of each with its licence's
  text (packaging/vendored_licenses.py);
- this project: rostermgr's own metadata (LICENSE and the fonts' licences, pyproject.toml);
- a host library (GTK, CUPS, libstdc++...): the Debian package that owns it (`dpkg -S`) and its
  /usr/share/doc/PACKAGE/copyright; where dpkg is absent, the README says so;
- the Python installation: CPython's LICENSE.txt.

The bundle's licenses/ folder gets one folder per component and a README.txt naming each one,
its version and licence. The executable is PyInstaller's bootloader, so pyinstaller's licence
is always included. Standard library only: the spec runs it in the build's Python.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

# packaging/ is on the path: the spec puts it there, and so do the tests
from vendored_licenses import SUBFOLDER, VENDORED, write_notice

SPDX_TEXTS = Path(__file__).resolve().parent / "licenses"
PROJECT = "rostermgr"
# The executable is PyInstaller's bootloader (GPL-2.0+ with an exception for bundled programs).
ALWAYS = ("pyinstaller", PROJECT)
CPYTHON = "CPython"
DEBIAN = "Debian"
# Licence and notice files, by name: LICENSE, LICENCE.txt, COPYING, NOTICE, license.txt,
# bitstream-vera-license.txt... (not code that happens to have "license" in its name).
LICENCE_NAME = re.compile(r"(?i)(licen[cs]e|copying|notice|copyright)")
CODE_SUFFIXES = {".py", ".pyc", ".pyi", ".so", ".pyd", ".dll", ".dylib"}
SPDX_ID = re.compile(r"[A-Za-z0-9.+-]+")
SPDX_OPERATORS = {"AND", "OR", "WITH"}


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 normalises it: PySide6_Essentials -> pyside6-essentials."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass
class Collected:
    """What `write_licenses` wrote: component folder -> files, and what it could not attribute."""

    distributions: dict[str, list[str]] = field(default_factory=dict)
    debian_libraries: dict[str, str] = field(default_factory=dict)  # bundled file -> package
    unattributed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _is_licence_file(path: str) -> bool:
    """Whether a RECORD entry is a licence or notice text."""
    parts = path.replace("\\", "/").split("/")
    if any(part.endswith(".dist-info") for part in parts[:-1]) and "licenses" in parts[:-1]:
        return True
    name = parts[-1]
    return bool(LICENCE_NAME.search(name)) and Path(name).suffix.lower() not in CODE_SUFFIXES


def licence_texts(dist: metadata.Distribution) -> dict[str, bytes]:
    """The licence texts a distribution carries: path under its folder -> content.

    Its metadata's `License-File` entries and every licence or notice file its RECORD lists;
    if it carries none, the texts of the SPDX identifiers its `License-Expression` or `License`
    field names (packaging/licenses/ID.txt). Empty if neither is found.
    """
    texts: dict[str, bytes] = {}
    for file in dist.files or []:
        if not _is_licence_file(str(file)):
            continue
        path = Path(file.locate())
        if path.is_file():
            parts = file.parts
            # dist-info/licenses/X -> X; other files keep their path in the package
            inside = next((i for i, p in enumerate(parts) if p.endswith(".dist-info")), None)
            if inside is not None:
                rest = parts[inside + 1 :]
                rest = rest[1:] if rest[:1] == ("licenses",) else rest
            else:
                rest = parts
            texts["/".join(rest)] = path.read_bytes()
    if texts:
        return texts
    expression = dist.metadata.get("License-Expression") or dist.metadata.get("License") or ""
    for spdx in SPDX_ID.findall(expression):
        if spdx not in SPDX_OPERATORS and (SPDX_TEXTS / f"{spdx}.txt").is_file():
            texts[f"{spdx}.txt"] = (SPDX_TEXTS / f"{spdx}.txt").read_bytes()
    return texts


def file_owners() -> dict[str, tuple[str, str]]:
    """Every installed distribution's files: resolved path -> (distribution, top-level name)."""
    owners: dict[str, tuple[str, str]] = {}
    for dist in metadata.distributions():
        name = canonical(dist.metadata["Name"])
        for file in dist.files or []:
            top = file.parts[0].split(".")[0] if file.parts else ""
            owners.setdefault(os.path.realpath(file.locate()), (name, top))
    return owners


def top_level_owners() -> dict[str, list[str]]:
    """Importable top-level name -> the distributions providing it (PySide6 has several)."""
    return {
        top: sorted({canonical(name) for name in names})
        for top, names in metadata.packages_distributions().items()
    }


def _dpkg_owners(paths: Iterable[str]) -> dict[str, str] | None:
    """Host file -> the Debian package owning it (`dpkg -S`), or None without dpkg.

    dpkg knows a library by the path its package installed, which may differ from the one
    PyInstaller found (/lib vs /usr/lib on a merged /usr, a symlink vs its target): every
    spelling is asked, in one call.
    """
    dpkg = shutil.which("dpkg")
    if dpkg is None:
        return None
    spellings: dict[str, str] = {}
    for path in paths:
        for spelling in (path, os.path.realpath(path)):
            spellings.setdefault(spelling, path)
            if spelling.startswith("/usr/"):
                spellings.setdefault(spelling[4:], path)
            else:
                spellings.setdefault("/usr" + spelling, path)
    if not spellings:
        return {}
    # exit 1 when some spelling is unknown, which most are: the answers found still print
    done = subprocess.run(
        [dpkg, "-S", *spellings], capture_output=True, text=True, check=False, env=os.environ
    )
    owners: dict[str, str] = {}
    for line in done.stdout.splitlines():
        packages, sep, path = line.partition(": ")
        if sep and path in spellings and not packages.startswith("diversion"):
            owners.setdefault(spellings[path], packages.split(",")[0].strip().split(":")[0])
    return owners


def _python_prefixes() -> list[str]:
    """The folders of the Python installation the bundle's interpreter and stdlib come from."""
    folders = {sys.base_prefix, sys.base_exec_prefix, sysconfig.get_paths()["stdlib"]}
    return sorted(os.path.realpath(folder) for folder in folders)


def _cpython_licence() -> Path | None:
    """CPython's LICENSE.txt in the build's Python installation."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for candidate in (stdlib / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            return candidate
    return None


def original_sources(
    entries: Iterable[tuple[str, str | None, str]], workpath: Path, search: Sequence[str]
) -> list[str]:
    """The file each bundled entry (destination, source, kind) was made from.

    With `noarchive` PyInstaller compiles every Python module into its work folder and
    collects that .pyc: it is traced back to the .py it was compiled from, the first found on
    the search path (as the import that found it); ValueError if there is none. Entries with
    no source are skipped.
    """
    work = os.path.realpath(workpath) + os.sep
    sources = []
    for dest, source, _kind in entries:
        if not source:
            continue
        if os.path.realpath(source).startswith(work) and dest.endswith(".pyc"):
            relative = dest[: -len(".pyc")] + ".py"
            found = next(
                (
                    str(Path(folder, relative))
                    for folder in search
                    if Path(folder, relative).is_file()
                ),
                None,
            )
            if found is None:
                raise ValueError(f"the module {dest} was compiled from no file found on {search}")
            sources.append(found)
        else:
            sources.append(source)
    return sources


def attribute(
    sources: Iterable[str], project_root: Path, always: Iterable[str] = ALWAYS
) -> tuple[set[str], dict[str, str], list[str], list[str]]:
    """Sort bundled source files by origin.

    Returns the distributions they come from (with `always`), the host files with their Debian
    package, the files from no known origin, and notes for the README.
    """
    owners = file_owners()
    tops = top_level_owners()
    root = os.path.realpath(project_root) + os.sep
    prefixes = [prefix + os.sep for prefix in _python_prefixes()]
    distributions = set(always)
    rest: list[str] = []
    for source in sorted(set(sources)):
        real = os.path.realpath(source)
        owner = owners.get(real)
        if owner is not None:
            name, top = owner
            distributions.add(name)
            # a package several distributions make up (PySide6) is owed all their licences
            distributions.update(tops.get(top, []))
        elif not real.startswith(root):
            rest.append(source)
    notes: list[str] = []
    debian = _dpkg_owners(rest)
    if debian is None:
        debian = {}
        notes.append(
            "dpkg was not found on the build machine: the copyright files of the host "
            "libraries below were not collected; each library's licence is its own project's."
        )
    unattributed = []
    for source in rest:
        if source in debian:
            continue
        real = os.path.realpath(source)
        if any(real.startswith(prefix) for prefix in prefixes):
            continue  # the Python installation's own files: CPython's licence
        unattributed.append(source)
    return distributions, debian, unattributed, notes


def write_licenses(
    sources: Iterable[str], dest: Path, project_root: Path, always: Iterable[str] = ALWAYS
) -> Collected:
    """Write the licence folder of a bundle made of `sources` (PyInstaller's source paths).

    `always` names the distributions included whatever the sources (the bootloader's, the
    project's). Raises ValueError if a bundled distribution carries no licence text at all:
    the build stops rather than ship a component without its licence.
    """
    sources = list(sources)
    distributions, debian, unattributed, notes = attribute(sources, project_root, always)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    collected = Collected(notes=notes, unattributed=unattributed)
    rows: list[str] = []
    missing: list[str] = []
    for name in sorted(distributions):
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.append(f"{name} (not installed)")
            continue
        texts = licence_texts(dist)
        if not texts:
            missing.append(name)
            continue
        for relative, content in sorted(texts.items()):
            target = dest / name / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        collected.distributions[name] = sorted(texts)
        licence = dist.metadata.get("License-Expression") or dist.metadata.get("License") or ""
        rows.append(f"{name}/  {dist.version}  {_one_line(licence)}")
        vendored = _vendored_files(sources, name)
        if vendored:
            written = write_notice(
                vendored, name, dist.version, _dist_info(dist), dest / name / SUBFOLDER
            )
            collected.distributions[name] += [f"{SUBFOLDER}/{text}" for text in written]
            rows.append(f"{name}/{SUBFOLDER}/NOTICE.txt  the libraries its wheel vendors")
    if missing:
        raise ValueError(f"no licence text found for: {', '.join(missing)}")
    cpython = _cpython_licence()
    if cpython is not None:
        (dest / CPYTHON).mkdir()
        shutil.copyfile(cpython, dest / CPYTHON / "LICENSE.txt")
        collected.distributions[CPYTHON] = ["LICENSE.txt"]
        rows.append(f"{CPYTHON}/  {sys.version.split()[0]}  PSF-2.0 (and the notices in it)")
    else:
        notes.append("CPython's LICENSE.txt was not found in the build's Python installation.")
    libraries: list[str] = []
    for source, package in sorted(debian.items()):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        target = dest / DEBIAN / package / "copyright"
        if copyright_file.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(copyright_file, target)
        elif not copyright_file.is_file():
            notes.append(f"{copyright_file} is missing on the build machine.")
        collected.debian_libraries[source] = package
        libraries.append(f"{Path(source).name}\t{package}")
    if libraries:
        (dest / DEBIAN / "LIBRARIES.txt").write_text("\n".join(libraries) + "\n", encoding="utf-8")
        rows.append(f"{DEBIAN}/PACKAGE/copyright  host libraries (LIBRARIES.txt: which package)")
    (dest / "README.txt").write_text(_readme(rows, collected), encoding="utf-8")
    return collected


def _vendored_files(sources: Iterable[str], distribution: str) -> list[str]:
    """The bundled files from the folder of libraries `distribution`'s wheel vendors."""
    folders = {folder for folder, dist in VENDORED.items() if dist == distribution}
    return sorted({source for source in sources if Path(source).parent.name in folders})


def _dist_info(dist: metadata.Distribution) -> Path:
    """The .dist-info folder of an installed distribution."""
    for file in dist.files or []:
        if file.name == "METADATA" and file.parent.name.endswith(".dist-info"):
            return Path(file.locate()).parent
    return Path(dist.locate_file(""))


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 100 else line[:97] + "..."


def _readme(rows: list[str], collected: Collected) -> str:
    lines = [
        "The licences of everything this folder ships, collected when it was built (make dist)",
        "from the installed packages' metadata and the build machine's package database.",
        "",
        "rostermgr/ is this program's own licence, with those of the DejaVu and Droid fonts.",
        "PySide6 and Qt are used under the LGPL-3.0 (LGPL-3.0-only.txt with GPL-3.0-only.txt,",
        "which it builds on): the Qt libraries are the separate files in _internal/PySide6/Qt/lib",
        "and may be replaced by a compatible build of the same version. Their source code is",
        "published by the Qt Company (https://download.qt.io/official_releases/QtForPython/).",
        "",
        "Folder, version, licence as the component declares it:",
        "",
        *rows,
    ]
    if collected.debian_libraries:
        lines += ["", "Host libraries, each with the Debian package whose copyright file is here:"]
        lines += [
            f"  {Path(source).name}  {package}"
            for source, package in sorted(collected.debian_libraries.items())
        ]
    if collected.unattributed:
        lines += ["", "Bundled files whose origin was not found (no licence collected):"]
        lines += [f"  {source}" for source in collected.unattributed]
    if collected.notes:
        lines += ["", *collected.notes]
    return "\n".join(lines) + "\n"
