"""The version, from git by setuptools-scm: --version, the About box, the metadata, the
CHANGELOG and the metainfo agree; a build that is not a release says so (0.3.0.devN+gHASH)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.version import Version

from cli import main
from rostermgr.rules_load import default_ruleset
from services.opening import for_app

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
# What --version and the About box say: the installed metadata, which pip writes when it
# installs the project (make run, make test, the bundle's build), from git by setuptools-scm.
VERSION = metadata.version("rostermgr")
# The CHANGELOG's released versions, newest first ("## [0.2.0] - 2026-12-01")
RELEASES = re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})$", CHANGELOG, flags=re.M)
NEWEST = Version(RELEASES[0][0])
# What main builds until the next release: the next minor version (semver-pep440-release-branch)
NEXT = f"{NEWEST.major}.{NEWEST.minor + 1}.0"
GIT = shutil.which("git")
needs_git = pytest.mark.skipif(
    GIT is None or not (ROOT / ".git").exists(),
    reason="not a git checkout (an unpacked sdist): the version is its PKG-INFO's",
)


def _git(cwd: Path, *args: str) -> str:
    assert GIT is not None
    done = subprocess.run(
        [GIT, "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def _scm_version(root: Path) -> str:
    """The version setuptools-scm gives the tree at `root` (as pip's build of it would)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SETUPTOOLS_SCM")}
    done = subprocess.run(
        [sys.executable, "-m", "setuptools_scm"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This repository cloned without its tags, as a CI clone may be, with this working tree's
    pyproject.toml committed on top (so the test sees the configuration being tested)."""
    dest = tmp_path_factory.mktemp("clone") / "rostermgr"
    _git(ROOT, "clone", "--quiet", "--no-tags", str(ROOT), str(dest))
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    if _git(dest, "status", "--porcelain"):
        _git(
            dest,
            "-c",
            "user.name=test",
            "-c",
            "user.email=test@example.invalid",
            "commit",
            "--quiet",
            "--all",
            "--message",
            "the working tree's pyproject.toml",
        )
    return dest


def test_what_is_built_after_the_newest_release_without_a_tag_is_the_next() -> None:
    """pyproject.toml's fallback_version is the next minor version after the CHANGELOG's newest
    release (whose date and version the AppStream metainfo's newest has: test_desktop.py)."""
    assert RELEASES, "CHANGELOG.md has no released version"
    assert PYPROJECT["tool"]["setuptools_scm"]["fallback_version"] == f"{NEXT}.dev0", (
        "after a release, pyproject.toml's fallback_version is the next version's .dev0"
    )
    assert "dynamic" in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    assert "version" not in PYPROJECT["project"], "the version comes from git, not pyproject"


def test_the_installed_version_is_the_newest_release_or_a_build_of_the_next() -> None:
    version = Version(VERSION)
    if not version.is_devrelease and version.local is None:
        assert version == NEWEST, f"{VERSION} is a release, but the CHANGELOG's newest is {NEWEST}"
        return
    assert version.is_devrelease, f"{VERSION}: a build that is not a release says .devN"
    assert version.base_version == NEXT, f"{VERSION} is not a development build of {NEXT}"
    assert version.local is not None, f"{VERSION} does not name its commit (+gHASH)"
    assert re.fullmatch(r"g[0-9a-f]{7,40}(\.d\d{8})?", version.local), VERSION


@needs_git
def test_the_installed_development_build_names_a_commit_of_this_repository() -> None:
    version = Version(VERSION)
    if version.local is None:
        pytest.skip(f"{VERSION} is a release")
    commit = version.local.split(".")[0][1:]
    _git(ROOT, "cat-file", "-e", f"{commit}^{{commit}}")


@needs_git
def test_a_clone_without_tags_is_a_development_build_of_the_next_version(clone: Path) -> None:
    assert _git(clone, "tag", "--list") == ""
    head = _git(clone, "rev-parse", "HEAD")
    version = _scm_version(clone)
    match = re.fullmatch(rf"{re.escape(NEXT)}\.dev(\d+)\+g([0-9a-f]{{7,40}})", version)
    assert match, f"{version} is not {NEXT}.devN+gHASH"
    assert head.startswith(match[2]), f"{version} does not name the commit {head}"


@needs_git
def test_a_tag_makes_a_release_and_what_follows_the_release_a_build_of_the_next(
    clone: Path,
) -> None:
    release = _commit(_changelog_links()[str(NEWEST)])
    _git(clone, "tag", f"v{NEWEST}", release)
    try:
        assert re.fullmatch(rf"{re.escape(NEXT)}\.dev\d+\+g[0-9a-f]+", _scm_version(clone))
        _git(clone, "tag", f"v{NEXT}", "HEAD")
        assert _scm_version(clone) == NEXT
    finally:
        for tag in _git(clone, "tag", "--list").split():
            _git(clone, "tag", "--delete", tag)


@needs_git
def test_an_sdist_and_a_wheel_built_from_it_carry_the_version(clone: Path, tmp_path: Path) -> None:
    """An sdist has no .git: the version setuptools-scm wrote in its PKG-INFO is kept."""
    wanted = _scm_version(clone)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SETUPTOOLS_SCM")}
    build = (
        "import sys; from setuptools import build_meta as b; "
        "print(getattr(b, sys.argv[1])(sys.argv[2]))"
    )

    def backend(cwd: Path, hook: str, out: Path) -> str:
        out.mkdir()
        done = subprocess.run(
            [sys.executable, "-c", build, hook, str(out)],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip().splitlines()[-1]

    sdist = tmp_path / "sdist" / backend(clone, "build_sdist", tmp_path / "sdist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    unpacked = next((tmp_path / "unpacked").iterdir())
    assert not (unpacked / ".git").exists()
    info = backend(unpacked, "prepare_metadata_for_build_wheel", tmp_path / "wheel")
    text = (tmp_path / "wheel" / info / "METADATA").read_text(encoding="utf-8")
    assert re.search(r"^Version: (.*)$", text, flags=re.M)[1] == wanted  # type: ignore[index]
    assert sdist.name == f"rostermgr-{wanted}.tar.gz"


def _commit(revision: str) -> str:
    """The commit a CHANGELOG link names: a commit, or a release's tag where this clone has it
    (a CI clone may have no tags: then the test cannot tell, and says so)."""
    assert GIT is not None
    done = subprocess.run(
        [GIT, "rev-parse", "--quiet", "--verify", f"{revision}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"{revision} is not in this clone (a tag that was not fetched?)")
    return done.stdout.strip()


def _changelog_links() -> dict[str, str]:
    """The CHANGELOG's link definitions at its foot: `[0.2.0]: REVISION` and the like."""
    return dict(re.findall(r"^\[([^\]]+)\]: (\S+)$", CHANGELOG, flags=re.M))


def test_every_changelog_section_has_its_link() -> None:
    links = _changelog_links()
    sections = re.findall(r"^## \[([^\]]+)\]", CHANGELOG, flags=re.M)
    assert sections[0] == "Unreleased"
    assert set(sections) <= set(links), f"no link for {set(sections) - set(links)}"
    newest = links[str(NEWEST)]
    assert links["Unreleased"] == f"{newest}..HEAD", "Unreleased is what follows the release"


@needs_git
def test_each_release_link_names_the_commit_that_released_it() -> None:
    """The link's commit is in this history and its CHANGELOG dates that release."""
    links = _changelog_links()
    for version, date in RELEASES:
        commit = _commit(links[version].split("..")[-1])
        _git(ROOT, "merge-base", "--is-ancestor", commit, "HEAD")
        then = _git(ROOT, "show", f"{commit}:CHANGELOG.md")
        assert f"## [{version}] - {date}" in then, f"{commit} did not release {version}"


def test_the_command_line_the_about_box_and_the_metadata_agree() -> None:
    from cli import version
    from ui.about import app_version

    assert version() == app_version() == VERSION


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
    from ui.about import FONT_LICENCES, about_text
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
    from ui.about import FONT_LICENCES

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
