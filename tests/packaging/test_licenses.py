"""Licences: the project's own, in its metadata, and the bundle's collection of everyone's."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest
from packaging.markers import Marker
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PIN = re.compile(r"^([A-Za-z0-9._-]+)==[^\s;\\]+(?:\s*;\s*([^\\]+?))?\s*\\?$")


def _load(name: str) -> ModuleType:
    """packaging/NAME.py (packaging/ is no package: the name is PyPI's)."""
    if str(ROOT / "packaging") not in sys.path:
        sys.path.append(str(ROOT / "packaging"))  # as the spec has it: they import each other
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


vendored_licenses = _load("vendored_licenses")
licenses = _load("bundle_licenses")
check = _load("check_licenses")


def _locked(lock: str) -> list[str]:
    """The distributions requirements/LOCK.txt installs on this system."""
    names = []
    for line in (ROOT / "requirements" / f"{lock}.txt").read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match and (match[2] is None or Marker(match[2]).evaluate()):
            names.append(canonicalize_name(match[1]))
    return names


def _some_files(name: str, count: int = 3) -> list[str]:
    """A few of an installed distribution's own files (not its metadata), as bundled sources."""
    files = [
        str(f.locate())
        for f in metadata.distribution(name).files or []
        if not any(part.endswith(".dist-info") for part in f.parts) and f.parts[0] != ".."
    ]
    return files[:count]


def test_the_project_is_mit_licensed_and_its_metadata_carries_the_texts() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "the rostermgr authors" in text
    assert PYPROJECT["project"]["license"] == "MIT"
    assert "LICENSE" in PYPROJECT["project"]["license-files"]
    # what pip wrote from pyproject.toml, as a wheel has it
    carried = metadata.distribution("rostermgr").metadata.get_all("License-File") or []
    assert set(carried) == {
        "LICENSE",
        "printables/fonts/LICENSE-DejaVu.txt",
        "printables/fonts/LICENSE-DroidSansFallback.txt",
    }, "reinstall the project (make test does) after changing license-files"
    texts = licenses.licence_texts(metadata.distribution("rostermgr"))
    assert texts["LICENSE"] == (ROOT / "LICENSE").read_bytes()


@pytest.mark.parametrize("name", _locked("run"))
def test_every_distribution_the_run_lock_installs_has_licence_text(name: str) -> None:
    texts = licenses.licence_texts(metadata.distribution(name))
    assert texts, f"{name} carries no licence file and names no licence kept in packaging/"
    # a licence text, not only a line pointing elsewhere
    assert max(len(content) for content in texts.values()) > 500, sorted(texts)


def test_qt_which_ships_no_licence_file_gets_the_lgpl_and_the_gpl_it_builds_on() -> None:
    texts = licenses.licence_texts(metadata.distribution("pyside6-essentials"))
    assert {"LGPL-3.0-only.txt", "GPL-3.0-only.txt"} <= set(texts)
    assert b"GNU LESSER GENERAL PUBLIC LICENSE" in texts["LGPL-3.0-only.txt"]


def test_pdfium_and_pillows_libraries_are_covered_by_their_distributions() -> None:
    pdfium = licenses.licence_texts(metadata.distribution("pypdfium2"))
    assert any("pdfium" in name for name in pdfium), sorted(pdfium)
    # Pillow's LICENSE goes on with those of the libraries its wheel bundles
    assert b"FreeType" in licenses.licence_texts(metadata.distribution("pillow"))["LICENSE"]


def test_the_collection_covers_every_bundled_distribution(tmp_path: Path) -> None:
    """What the spec does after PyInstaller collected the bundle, on a sample of its sources."""
    run = _locked("run")
    sources = [path for name in run for path in _some_files(name)]
    sources += [
        str(ROOT / "cli" / "__init__.py"),
        str(ROOT / "printables" / "fonts" / "DejaVuSans.ttf"),
        str(Path(sysconfig.get_paths()["stdlib"]) / "json" / "__init__.py"),
    ]
    always = [name for name in licenses.ALWAYS if _installed(name)]
    dest = tmp_path / "licenses"
    collected = licenses.write_licenses(sources, dest, ROOT, always)
    assert collected.unattributed == []
    for name in [*run, *always]:
        folder = dest / name
        assert folder.is_dir() and any(folder.rglob("*")), f"no licence of {name} in {dest}"
    assert (dest / "rostermgr" / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert (dest / "rostermgr" / "printables" / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert (dest / "CPython" / "LICENSE.txt").read_text(encoding="utf-8").count("PSF") > 0
    readme = (dest / "README.txt").read_text(encoding="utf-8")
    assert all(f"{name}/" in readme for name in run)


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="dpkg: the build machine is not Debian")
def test_a_host_library_brings_its_debian_copyright_file(tmp_path: Path) -> None:
    library = next((p for p in Path("/usr/lib").glob("*-linux-gnu/libz.so.1") if p.exists()), None)
    if library is None:
        pytest.skip("no libz.so.1 on this machine")
    collected = licenses.write_licenses([str(library)], tmp_path / "licenses", ROOT, [])
    package = collected.debian_libraries[str(library)]
    copyright_file = tmp_path / "licenses" / "Debian" / package / "copyright"
    assert (
        copyright_file.read_bytes() == (Path("/usr/share/doc") / package / "copyright").read_bytes()
    )
    listed = (tmp_path / "licenses" / "Debian" / "LIBRARIES.txt").read_text(encoding="utf-8")
    assert f"libz.so.1\t{package}" in listed


def test_a_distribution_without_any_licence_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(licenses, "licence_texts", lambda dist: {})
    with pytest.raises(ValueError, match="no licence text found for: peewee"):
        licenses.write_licenses(_some_files("peewee"), tmp_path / "licenses", ROOT, [])


def test_a_file_of_unknown_origin_is_reported(tmp_path: Path) -> None:
    stray = tmp_path / "elsewhere" / "libstray.so.1"
    stray.parent.mkdir()
    stray.write_bytes(b"\x7fELF")
    collected = licenses.write_licenses([str(stray)], tmp_path / "licenses", ROOT, [])
    assert collected.unattributed == [str(stray)]
    assert str(stray) in (tmp_path / "licenses" / "README.txt").read_text(encoding="utf-8")


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def test_a_module_pyinstaller_compiled_is_traced_to_its_source(tmp_path: Path) -> None:
    work = tmp_path / "work"
    compiled = work / "localpycs" / "peewee.pyc"
    compiled.parent.mkdir(parents=True)
    compiled.write_bytes(b"")
    site = str(Path(metadata.distribution("peewee").locate_file("peewee.py")).parent)
    entries = [
        ("peewee.pyc", str(compiled), "DATA"),
        ("share/x.txt", "/elsewhere/x.txt", "DATA"),
        ("nothing", None, "DATA"),
    ]
    sources = licenses.original_sources(entries, work, [str(ROOT), site])
    assert sources == [str(Path(site, "peewee.py")), "/elsewhere/x.txt"]
    with pytest.raises(ValueError, match=r"nowhere\.pyc"):
        licenses.original_sources([("nowhere.pyc", str(compiled), "DATA")], work, [site])


def _vendored_libraries() -> list[str]:
    """The libraries the installed psycopg-binary wheel vendors (psycopg_binary.libs)."""
    return [
        str(f.locate())
        for f in metadata.distribution("psycopg-binary").files or []
        if f.parts[0] == "psycopg_binary.libs"
    ]


def test_the_libraries_psycopg_binary_vendors_get_a_notice_with_their_licences(
    tmp_path: Path,
) -> None:
    libraries = _vendored_libraries()
    assert libraries, "the psycopg-binary wheel vendors no library on this system"
    dest = tmp_path / "licenses"
    licenses.write_licenses([*_some_files("psycopg-binary"), *libraries], dest, ROOT, [])
    notice = dest / "psycopg-binary" / "libs" / "NOTICE.txt"
    rows = {
        line.split("\t")[0]: line.split("\t")
        for line in notice.read_text(encoding="utf-8").splitlines()
        if "\t" in line
    }
    assert set(rows) == {Path(library).name for library in libraries}
    by_library = {name.split("-")[0]: row for name, row in rows.items()}
    assert by_library["libpq"][1:4] == [
        "libpq, PostgreSQL's client library",
        by_library["libpq"][2],
        "PostgreSQL",
    ]
    assert by_library["libpq"][2].startswith("PostgreSQL ")  # from libpq.so.5.NN
    assert by_library["libssl"][3] == by_library["libcrypto"][3] == "Apache-2.0"
    assert by_library["libldap"][3] == "OLDAP-2.8"
    # versions auditwheel's SBOM records for the libraries it took from the build system
    assert "(keyutils-libs, auditwheel's SBOM)" in by_library["libkeyutils"][2]
    assert "(cyrus-sasl-lib, auditwheel's SBOM)" in by_library["libsasl2"][2]
    for row in rows.values():
        for text in row[4:]:
            assert (notice.parent / text).read_bytes() == (
                ROOT / "packaging" / "licenses" / text
            ).read_bytes()
    assert b"PostgreSQL Global Development Group" in (notice.parent / "PostgreSQL.txt").read_bytes()
    # the wheel's own licence is still there, and the README points at the notice
    assert (dest / "psycopg-binary" / "LICENSE.txt").is_file()
    assert "psycopg-binary/libs/NOTICE.txt" in (dest / "README.txt").read_text(encoding="utf-8")


def test_a_vendored_library_without_a_known_licence_stops_the_build(tmp_path: Path) -> None:
    stray = tmp_path / "psycopg_binary.libs" / "libnewthing-0123abcd.so.1.0"
    stray.parent.mkdir()
    stray.write_bytes(b"\x7fELF")
    with pytest.raises(ValueError, match=r"libnewthing-0123abcd\.so\.1\.0"):
        licenses.write_licenses(
            [*_some_files("psycopg-binary"), *_vendored_libraries(), str(stray)],
            tmp_path / "licenses",
            ROOT,
            [],
        )


def _bundle_with_vendored_libraries(tmp_path: Path) -> Path:
    """A bundle folder holding only psycopg_binary.libs, as make dist lays it out."""
    bundle = tmp_path / "bundle"
    libs = bundle / "_internal" / "psycopg_binary.libs"
    libs.mkdir(parents=True)
    for library in _vendored_libraries():
        (libs / Path(library).name).write_bytes(b"\x7fELF")
    (bundle / "licenses").mkdir()
    (bundle / "licenses" / "README.txt").write_text("licences\n", encoding="utf-8")
    return bundle


def test_the_check_wants_a_notice_line_and_text_for_each_vendored_library(tmp_path: Path) -> None:
    bundle = _bundle_with_vendored_libraries(tmp_path)
    missing, _ = check.problems(bundle)
    assert any(
        "psycopg_binary.libs: no licenses/psycopg-binary/libs/NOTICE.txt" in p for p in missing
    )
    folder = bundle / "licenses" / "psycopg-binary"
    vendored_licenses.write_notice(
        _vendored_libraries(), "psycopg-binary", "3", tmp_path, folder / "libs"
    )
    (folder / "LICENSE.txt").write_text("LGPL\n", encoding="utf-8")
    missing, checked = check.problems(bundle)
    assert not [p for p in missing if "psycopg" in p], missing
    assert "psycopg-binary" in checked
    # a library the notice does not name, and a text it names that is gone
    (bundle / "_internal" / "psycopg_binary.libs" / "libnew-0123abcd.so.1").write_bytes(b"x")
    (folder / "libs" / "PostgreSQL.txt").unlink()
    missing, _ = check.problems(bundle)
    assert "_internal/psycopg_binary.libs/libnew-0123abcd.so.1: not in NOTICE.txt" in missing
    assert any(p.endswith("no PostgreSQL.txt beside the notice") for p in missing), missing
