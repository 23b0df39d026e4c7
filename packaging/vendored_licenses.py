"""The licences of the libraries a bundled wheel vendors, which the wheel's own licence omits.

A Linux wheel made with auditwheel carries the shared libraries its compiled modules link in a
folder beside its package, NAME.libs, each renamed with a hash (libpq-e9b5c9ac.so.5.18). The
psycopg-binary wheel's metadata carries psycopg's LGPL-3.0 only, but its psycopg_binary.libs
holds libpq, OpenSSL, MIT Kerberos, Cyrus SASL, OpenLDAP, keyutils, libxcrypt and com_err, each
under its own licence. `write_notice` writes, into that distribution's licence folder, a
libs/NOTICE.txt naming each library with its project, version and licence, and the texts,
kept in packaging/licenses/. Where it came from:

- PostgreSQL.txt: PostgreSQL's COPYRIGHT; Apache-2.0.txt and LGPL-2.1-or-later.txt: the
  licence texts (Debian's /usr/share/common-licenses, as the project's other SPDX texts);
- com_err.txt: the notice of e2fsprogs' lib/et;
- krb5.txt, cyrus-sasl.txt, OpenLDAP.txt, libxcrypt.txt: those projects' copyright notices
  and licences, every part's, as Debian 12 ships them (/usr/share/doc/PACKAGE/copyright of
  libkrb5-3, libsasl2-2, libldap-2.5-0, libcrypt1). The wheel's builds are other releases of
  the same projects, under the same terms.

A library this table does not know stops the build (ValueError): a new psycopg-binary that
vendors one more library must have its licence added here first. Standard library only.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SPDX_TEXTS = Path(__file__).resolve().parent / "licenses"
NOTICE = "NOTICE.txt"
# The licence folder of the distribution gets the notice in this subfolder.
SUBFOLDER = "libs"
# A vendored file: its library's name, auditwheel's hash, the version in its file name.
VENDORED_FILE = re.compile(r"^(?P<stem>lib[A-Za-z0-9_+]+?)-[0-9a-f]{8}\.so\.(?P<version>[\d.]+)$")


@dataclass(frozen=True)
class Library:
    """One vendored library: what it is part of and under which licence."""

    project: str
    licence: str
    texts: tuple[str, ...]  # files in packaging/licenses/
    sbom: str | None = None  # its component in auditwheel's SBOM, where auditwheel names it
    release: str | None = None  # the project's release its file version says ({0}: the first)


KRB5 = Library("MIT Kerberos (krb5)", "MIT Kerberos licence (BSD-style)", ("krb5.txt",))
OPENSSL = Library("OpenSSL", "Apache-2.0", ("Apache-2.0.txt",), release="OpenSSL {0}")
OPENLDAP = Library("OpenLDAP", "OLDAP-2.8", ("OpenLDAP.txt",))
# Library name (and, where two projects make a library of the same name, its file version's
# first number) -> what it is.
LIBRARIES: dict[tuple[str, str | None], Library] = {
    ("libpq", None): Library(
        "libpq, PostgreSQL's client library",
        "PostgreSQL",
        ("PostgreSQL.txt",),
        release="PostgreSQL {1}",
    ),
    ("libssl", None): OPENSSL,
    ("libcrypto", None): OPENSSL,
    ("libgssapi_krb5", None): KRB5,
    ("libkrb5", None): KRB5,
    ("libk5crypto", None): KRB5,
    ("libkrb5support", None): KRB5,
    ("libcom_err", "3"): KRB5,  # krb5 builds its own com_err
    ("libcom_err", "2"): Library(
        "com_err of e2fsprogs", "MIT SIPB notice (MIT-style)", ("com_err.txt",), "libcom_err"
    ),
    ("libsasl2", None): Library(
        "Cyrus SASL",
        "BSD-Attribution-HPND-disclaimer (the CMU licence)",
        ("cyrus-sasl.txt",),
        "cyrus-sasl-lib",
    ),
    ("libldap", None): OPENLDAP,
    ("liblber", None): OPENLDAP,
    ("libkeyutils", None): Library(
        "keyutils", "LGPL-2.1-or-later", ("LGPL-2.1-or-later.txt",), "keyutils-libs"
    ),
    ("libcrypt", None): Library(
        "libxcrypt",
        "LGPL-2.1-or-later (some parts BSD-style or public domain)",
        ("libxcrypt.txt", "LGPL-2.1-or-later.txt"),
    ),
}
# The wheels whose vendored folder this covers: folder name -> distribution.
VENDORED = {"psycopg_binary.libs": "psycopg-binary"}


def library(file_name: str) -> Library | None:
    """The library a vendored file is, or None if this table does not know it."""
    match = VENDORED_FILE.match(file_name)
    if match is None:
        return None
    stem, major = match["stem"], match["version"].split(".")[0]
    return LIBRARIES.get((stem, major)) or LIBRARIES.get((stem, None))


def sbom_versions(dist_info: Path) -> dict[str, str]:
    """Component name -> version, from the auditwheel SBOM in a distribution's metadata."""
    versions: dict[str, str] = {}
    for sbom in sorted((dist_info / "sboms").glob("*.json")):
        try:
            document = json.loads(sbom.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for component in document.get("components", []):
            if component.get("name") and component.get("version"):
                versions[component["name"]] = component["version"]
    return versions


def version(file_name: str, lib: Library, sbom: dict[str, str]) -> str:
    """The library's version as the SBOM or its file name says it."""
    file_version = VENDORED_FILE.match(file_name)["version"]  # type: ignore[index]
    if lib.sbom is not None and lib.sbom in sbom:
        return f"{sbom[lib.sbom]} ({lib.sbom}, auditwheel's SBOM)"
    numbers = file_version.split(".")
    if lib.release is not None:
        try:
            return f"{lib.release.format(*numbers)} (file version {file_version})"
        except IndexError:
            pass
    return f"file version {file_version}"


def write_notice(
    files: Iterable[str], distribution: str, version_of_dist: str, dist_info: Path, dest: Path
) -> list[str]:
    """Write DEST/NOTICE.txt and the licence texts for the vendored `files` (source paths).

    Returns the texts written. Raises ValueError naming any file whose library is not known.
    """
    names = sorted({Path(file).name for file in files})
    unknown = [name for name in names if library(name) is None]
    if unknown:
        raise ValueError(
            f"no licence known for the libraries {distribution} vendors: {', '.join(unknown)} "
            "(add them to packaging/vendored_licenses.py)"
        )
    sbom = sbom_versions(dist_info)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    rows: list[str] = []
    texts: set[str] = set()
    for name in names:
        lib = library(name)
        assert lib is not None
        rows.append(
            "\t".join((name, lib.project, version(name, lib, sbom), lib.licence, *lib.texts))
        )
        texts.update(lib.texts)
    for text in sorted(texts):
        shutil.copyfile(SPDX_TEXTS / text, dest / text)
    folder = _folder(distribution)
    header = [
        f"The libraries the {distribution} {version_of_dist} wheel vendors in {folder}",
        f"(in the bundle: _internal/{folder}), which its own licence (../) does not cover.",
        "One line each, tab-separated: the file, the project it is part of, its version (from",
        "the wheel's auditwheel SBOM where it names the library, else from the file's name),",
        "its licence, and its texts in this folder. krb5.txt, cyrus-sasl.txt, OpenLDAP.txt and",
        "libxcrypt.txt are those projects' copyright notices and licences as Debian ships them",
        "(its copyright files); the builds here are other releases of the same projects, under",
        "the same terms.",
        "",
    ]
    (dest / NOTICE).write_text("\n".join([*header, *rows]) + "\n", encoding="utf-8")
    return sorted(texts)


def _folder(distribution: str) -> str:
    return next(folder for folder, dist in VENDORED.items() if dist == distribution)
