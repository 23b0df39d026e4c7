"""`restore` into a campaign path that is not there yet, or is not a file (h-fresh).

A player on a new computer restores the backup they carried over before anything else: the
default campaign's folder does not exist yet, and is made, as the first command that writes
makes it. A typo in --db names the missing folder, as every other command says it; a folder
given as the campaign is named as a folder, not as a read-only backups folder.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rostermgr.errors import Refused
from services import safety
from services.paths import default_campaign_path
from tests.conftest import DALTON, Cli

pytestmark = pytest.mark.sqlite_only  # restore of a campaign file


def _a_backup(cli: Cli, where: Path) -> Path:
    cli.new_posse(DALTON)
    cli.ok("backup")
    backup = safety.backups(cli.db)[0].path
    carried = where / "carried-over.sqlite3"
    shutil.copyfile(backup, carried)
    return carried


def test_a_new_account_restores_into_the_default_campaign(cli: Cli, tmp_path: Path) -> None:
    carried = _a_backup(cli, tmp_path)
    target = default_campaign_path()
    assert not target.parent.exists()  # a new account: no data folder yet
    safety.restore(target, carried)
    assert target.read_bytes()[:16] == b"SQLite format 3\x00"
    assert [p.name for p in safety.backups(target)] == []  # nothing was there to back up
    assert DALTON["name"] in Cli(target, tmp_path)("posse", "list").out


def test_a_missing_folder_is_named_and_nothing_is_made(cli: Cli, tmp_path: Path) -> None:
    carried = _a_backup(cli, tmp_path)
    target = tmp_path / "nothere" / "campaign.sqlite3"
    with pytest.raises(Refused) as refused:
        safety.restore(target, carried)
    assert str(refused.value) == (
        f"The folder {target.parent} does not exist, so there is no campaign {target}."
    )
    assert not target.parent.exists()


def test_a_folder_given_as_the_campaign_is_named_as_a_folder(cli: Cli, tmp_path: Path) -> None:
    carried = _a_backup(cli, tmp_path)
    target = tmp_path / "adir.sqlite3"
    target.mkdir()
    with pytest.raises(Refused) as refused:
        safety.restore(target, carried)
    assert str(refused.value) == f"{target} is a folder, not a campaign file."
    assert list(target.iterdir()) == []
