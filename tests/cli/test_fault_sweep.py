"""Every command that writes, against every fault a disk or a file can have (issue 27).

The faults: the campaign file read-only, its folder read-only, the backups folder read-only
with the hourly backup due, the campaign's disk full, the backups folder's disk full (SQLite's
error injected at the copy, and a real small tmpfs), and a damaged data page. For each pair
the command exits 1 with one sentence naming the fault and the file or folder, the campaign
file (and its -wal) byte for byte as it was; or, where the command rightly needs nothing the
fault takes away, it succeeds (each such cell says why below).

The campaign is built once for the module and copied for each case. As root, file modes do
not stop a write, so the read-only cases run the command in a process without that override
(setpriv); full disks are small tmpfs mounts, which root (as in CI) can make.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from db.backup import STAMP, backup_dir, list_backups
from tests.cli.test_fault_sentences import _backups_disk_full, needs_setpriv
from tests.cli.test_faults import NO_OVERRIDE
from tests.cli.test_game import kid_taken_out_by_wyatt, report
from tests.cli.test_rulesets import playtest
from tests.conftest import DALTON, FOUNDED, LAWMEN, RYE, Cli
from tests.db.test_damage import damage, root
from tests.disks import fill, tmpfs_disk

pytestmark = pytest.mark.sqlite_only  # disk faults injected under the campaign file

D, L, R = DALTON["name"], LAWMEN["name"], RYE["name"]
RUN = "import sys; from cli import main; sys.exit(main(sys.argv[1:]))"
ROOT = Path(__file__).resolve().parents[2]

# Each command that writes to a campaign, its arguments naming the inputs prepared below.
COMMANDS: dict[str, tuple[str, ...]] = {
    "posse new": ("posse", "new", "{new}"),
    "posse buy": ("posse", "buy", D, "Slim", "whiskey"),
    "posse sell": ("posse", "sell", D, "Doc", "whiskey"),
    "posse hire": ("posse", "hire", D, "ganger", "Newcomer"),
    "posse rename": ("posse", "rename", D, "The Dalton Gang"),
    "posse rename-member": ("posse", "rename-member", D, "Slim", "Slim Jim"),
    "posse retire": ("posse", "retire", D),
    "posse return": ("posse", "return", R),
    "posse delete": ("posse", "delete", D),
    "posse import": ("posse", "import", "{export}", "--as", "Imported Lawmen"),
    "game record": ("game", "record", "{report}"),
    "game undo": ("game", "undo"),
    "flip": ("flip", L, "Wyatt", "--card", "7H", "--choose", "toughness"),
    "rules adopt": ("rules", "adopt", "{rules}"),
    "rules undo": ("rules", "undo"),
    "backup": ("backup",),
    "restore": ("restore", "{good}"),
}


@dataclass(frozen=True)
class Prepared:
    """The campaign every case starts from, a good backup of it and the commands' inputs."""

    folder: Path

    @property
    def campaign(self) -> Path:
        return self.folder / "campaign.sqlite3"

    def inputs(self) -> dict[str, str]:
        return {k: str(self.folder / f"{k}.input") for k in ("new", "export", "report", "rules")}


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Prepared:
    """Three posses (one retired), three games (Kid died, Wyatt earned flips), a ruleset adopted."""
    import db.exchange
    import db.posses

    folder = tmp_path_factory.mktemp("prepared")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ROSTERMGR_BACKUP_DIR", str(folder / "backups"))
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            mp.setenv(name, str(folder / "home" / name.lower()))  # never the user's own
        mp.setattr(db.posses, "today", lambda: FOUNDED)
        mp.setattr(db.exchange, "today", lambda: FOUNDED)
        cli = Cli(folder / "campaign.sqlite3", folder)
        for doc in (DALTON, LAWMEN, RYE):
            cli.new_posse(doc)
        cli.ok("posse", "retire", R)
        for n in (1, 2, 3):  # Kid dies (room to hire), Wyatt earns flips
            cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(n)))
        cli.ok("rules", "adopt", playtest(folder))
        inputs = Prepared(folder).inputs()
        cli.ok("posse", "export", L, "-o", inputs["export"])
        cli.ok("backup")
        shutil.copyfile(list_backups(cli.db)[0].path, folder / "good.input")
    shutil.copyfile(cli.file({**RYE, "name": "The Second Runners"}), inputs["new"])
    shutil.copyfile(cli.file(report(4)), inputs["report"])
    shutil.copyfile(playtest(folder, "0.3-playtest", "third.toml"), inputs["rules"])
    assert not Path(f"{cli.db}-wal").exists()  # closed: everything is in the file itself
    return Prepared(folder)


@dataclass
class Case:
    """One campaign copied from the prepared one, the command's inputs, and its backups."""

    db: Path
    inputs: Path
    args: tuple[str, ...]

    @property
    def backups(self) -> Path:
        return backup_dir(self.db)

    def state(self) -> dict[str, bytes]:
        """The campaign file and its -wal, byte for byte.

        An absent -wal reads as empty: a refused open on a full disk can leave the empty -wal
        SQLite made (no frames: the file alone is read), and removing it could pull it from
        under another program that has just opened the campaign.
        """
        return {
            s: (Path(f"{self.db}{s}").read_bytes() if Path(f"{self.db}{s}").exists() else b"")
            for s in ("", "-wal")
        }

    def recent_backup(self, prepared: Prepared) -> Path:
        """A good backup made just now: no hourly backup is due."""
        self.backups.mkdir(parents=True, exist_ok=True)
        made = self.backups / f"campaign-{datetime.now().strftime(STAMP)}-manual.sqlite3"
        shutil.copyfile(prepared.folder / "good.input", made)
        return made


def _case(prepared: Prepared, home: Path, command: str) -> Case:
    """The prepared campaign in `home`/campaign, its inputs in `home`/inputs."""
    (home / "campaign").mkdir(parents=True, exist_ok=True)
    inputs = home / "inputs"
    inputs.mkdir()
    names = {k: str(inputs / Path(v).name) for k, v in prepared.inputs().items()}
    for k, v in prepared.inputs().items():
        shutil.copyfile(v, names[k])
    names["good"] = str(inputs / "good.sqlite3")
    shutil.copyfile(prepared.folder / "good.input", names["good"])
    db = home / "campaign" / "campaign.sqlite3"
    shutil.copyfile(prepared.campaign, db)
    args = tuple(a.format(**names) for a in COMMANDS[command])
    return Case(db, inputs, args)


@dataclass
class Ran:
    code: int
    out: str
    err: str


def in_process(case: Case) -> Ran:
    done = Cli(case.db, case.inputs)(*case.args)
    return Ran(done.code, done.out, done.err)


def without_override(case: Case) -> Ran:
    """The command in a process that file modes stop, as they stop any user but root."""
    done = subprocess.run(
        [*NO_OVERRIDE, sys.executable, "-c", RUN, "--db", str(case.db), *case.args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        check=False,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def refused(case: Case, run: Ran, before: dict[str, bytes]) -> str:
    """Exit 1, one sentence, nothing changed; returns the sentence."""
    assert run.code == 1, (case.args, run.out, run.err)
    assert run.err.endswith("\n") and run.err.count("\n") == 1, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert case.state() == before, case.args
    return run.err


def succeeded(case: Case, run: Ran) -> None:
    assert run.code == 0, (case.args, run.err)
    assert "Traceback" not in run.err and "internal error" not in run.err


ALL = list(COMMANDS)


@pytest.fixture
def case(prepared: Prepared, tmp_path: Path, request: pytest.FixtureRequest) -> Case:
    return _case(prepared, tmp_path, request.param)


def _cases() -> pytest.MarkDecorator:
    return pytest.mark.parametrize("case", ALL, indirect=True)


# --- no fault: each command works on the prepared campaign ----------------------------------


@_cases()
def test_each_command_writes_when_nothing_is_wrong(case: Case, prepared: Prepared) -> None:
    case.recent_backup(prepared)
    before = case.state()
    succeeded(case, in_process(case))
    if case.args[0] != "backup":
        assert case.state() != before, case.args


# --- read-only campaign file and folder -------------------------------------------------------


@needs_setpriv
@_cases()
def test_a_read_only_campaign_file_refuses_every_write(case: Case, prepared: Prepared) -> None:
    case.recent_backup(prepared)
    before = case.state()
    case.db.chmod(0o444)
    try:
        run = without_override(case)
    finally:
        case.db.chmod(0o644)
    if case.args == ("backup",):
        succeeded(case, run)  # a backup only reads the campaign
        assert case.state() == before
        return
    err = refused(case, run, before)
    assert f"{case.db} is read-only" in err, err


@needs_setpriv
@_cases()
def test_a_read_only_campaign_folder_refuses_every_write(case: Case, prepared: Prepared) -> None:
    case.recent_backup(prepared)
    before = case.state()
    folder = case.db.parent
    folder.chmod(0o555)
    try:
        run = without_override(case)
    finally:
        folder.chmod(0o755)
    if case.args == ("backup",):
        succeeded(case, run)  # a backup only reads the campaign; it writes in the backups folder
        assert case.state() == before
        return
    err = refused(case, run, before)
    assert f"folder {folder} is read-only" in err, err


# --- read-only backups folder, the hourly backup due -------------------------------------------


@needs_setpriv
@_cases()
def test_a_read_only_backups_folder_refuses_every_write_that_needs_a_backup(
    case: Case,
) -> None:
    case.backups.mkdir(parents=True)  # empty: the hourly backup is due
    before = case.state()
    case.backups.chmod(0o555)
    try:
        run = without_override(case)
    finally:
        case.backups.chmod(0o755)
    err = refused(case, run, before)
    assert f"in {case.backups} (it cannot be written: it is read-only)" in err, err
    assert not list(case.backups.iterdir())


# --- the campaign's disk full -----------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs_disk(tmp_path / "small-disk", "2M") as disk:
        yield disk


@_cases()
def test_a_full_campaign_disk_refuses_every_write(
    case: Case, prepared: Prepared, small_disk: Path
) -> None:
    db = small_disk / "campaign.sqlite3"
    shutil.copyfile(case.db, db)
    case.db = db
    case.recent_backup(prepared)  # on another disk, and none due
    fill(small_disk / "fill")
    before = case.state()
    # `backup` is refused too: the copy goes to another disk, but reading a WAL campaign
    # needs room for its -shm beside it.
    err = refused(case, in_process(case), before)
    assert f"The disk holding {db} is full" in err, err


# --- the backups folder's disk full, the hourly backup due -------------------------------------


@_cases()
def test_a_full_backups_disk_refuses_every_write_naming_that_disk(
    case: Case, monkeypatch: pytest.MonkeyPatch, _isolated_backups: Path
) -> None:
    case.backups.mkdir(parents=True)  # empty: the hourly backup is due
    _backups_disk_full(monkeypatch, _isolated_backups)
    before = case.state()
    err = refused(case, in_process(case), before)
    # Both folders are on the test's one disk: the sentence names the backups folder first.
    assert f"the disk holding the backups folder {case.backups} and the campaign" in err, err
    assert f"The disk holding {case.db} is full" not in err
    assert not [p for p in _isolated_backups.rglob("*") if p.is_file()]


@_cases()
def test_a_really_full_backups_disk_refuses_every_write_naming_that_disk(
    case: Case, small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(small_disk / "backups"))
    case.backups.mkdir(parents=True)  # empty: the hourly backup is due
    fill(small_disk / "fill")
    before = case.state()
    err = refused(case, in_process(case), before)
    assert f"the disk holding the backups folder {case.backups} is full" in err, err
    assert not [p for p in case.backups.rglob("*") if p.is_file()]


# --- a damaged data page ---------------------------------------------------------------------


@_cases()
def test_a_damaged_page_refuses_every_write_naming_the_good_backup(
    case: Case, prepared: Prepared
) -> None:
    good = case.recent_backup(prepared)
    damage(case.db, "posse", root)
    before = case.state()
    run = in_process(case)
    if case.args[0] == "restore":
        # Restoring is the cure: the damaged file is set aside, never lost, and replaced.
        succeeded(case, run)
        aside = [p for p in case.db.parent.iterdir() if ".damaged-" in p.name]
        assert len(aside) == 1 and aside[0].read_bytes() == before[""]
        assert f"kept as {aside[0]}" in run.out, run.out
        return
    err = refused(case, run, before)
    assert "damaged" in err, err
    assert f"rostermgr restore {good}" in err, err
