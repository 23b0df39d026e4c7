"""No output goes into the backups folder: any file or folder under it (#27 item 7).

The README's Safety section refuses "a file in the backups folder". The backups folder is the
whole tree under `ROSTERMGR_BACKUP_DIR` (or the user data folder's `backups/`): this
campaign's own subfolder, another campaign's, and the root that holds them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DALTON, Cli

D = DALTON["name"]

# Every command that writes a file (or a folder of files) for the user; {target} is the path.
FILE_COMMANDS = [
    ["posse", "export", D, "-o", "{target}"],
    ["posse", "image", D, "-o", "{target}.png"],
    ["posse", "html", D, "-o", "{target}.html"],
    ["print", "cards", D, "-o", "{target}"],
    ["print", "cards", D, "--for", "dtc", "-o", "{target}"],
    ["print", "journal", D, "-o", "{target}"],
    ["print", "casualties", "-o", "{target}"],
    ["print", "calibration", "-o", "{target}"],
    ["print", "reference", "-o", "{target}"],
]
FOLDER_COMMANDS = [
    ["print", "cards", D, "--for", "mpc", "-o", "{target}"],
    ["print", "cards", D, "--for", "tgc", "-o", "{target}"],
    ["simulate", "--campaigns", "2", "--games", "1", "--csv", "{target}"],
    ["stats", "--csv", "{target}"],
    ["export", "--csv", "{target}"],
]


@pytest.fixture
def backed_up(cli: Cli) -> Cli:
    cli.new_posse(DALTON)
    cli.ok("backup")
    return cli


def _where(cli: Cli, backups: Path, place: str) -> Path:
    """A new name in one part of the backups folder."""
    own = next(p for p in backups.iterdir() if p.is_dir())
    if place == "own":
        return own / "out.pdf"
    if place == "root":
        return backups / "out.pdf"
    other = backups / "other-campaign-0123456789"
    other.mkdir(exist_ok=True)
    return other / "out.pdf"


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("place", ["own", "root", "other"])
@pytest.mark.parametrize("command", FILE_COMMANDS + FOLDER_COMMANDS, ids=" ".join)
def test_an_output_in_the_backups_folder_is_refused(
    backed_up: Cli, _isolated_backups: Path, command: list[str], place: str
) -> None:
    target = _where(backed_up, _isolated_backups, place)
    if command in FOLDER_COMMANDS:
        target = target.with_suffix("")  # a folder of files to write
    before = _tree(_isolated_backups), backed_up.state()
    result = backed_up(*[a.format(target=target) for a in command])
    assert result.code == 1, (result.out, result.err)
    assert "backups folder" in result.err, result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert not target.exists()
    assert (_tree(_isolated_backups), backed_up.state()) == before


def test_the_backups_folder_itself_is_refused_as_a_folder_of_outputs(
    backed_up: Cli, _isolated_backups: Path
) -> None:
    before = _tree(_isolated_backups)
    for command in FOLDER_COMMANDS[2:]:
        result = backed_up(*[a.format(target=_isolated_backups) for a in command])
        assert result.code == 1 and "backups folder" in result.err, (command, result.err)
    assert _tree(_isolated_backups) == before


def test_an_output_beside_the_backups_folder_is_written(
    backed_up: Cli, _isolated_backups: Path, tmp_path: Path
) -> None:
    beside = tmp_path / "backups-and-more.json"  # a name that starts like the folder's
    backed_up.ok("posse", "export", D, "-o", str(beside))
    assert beside.is_file()
