"""A backup refused by a read-only folder names the folder that is read-only (h-fresh).

The campaign's own subfolder of the backups folder is made by its first backup; when the
backups folder above it cannot be written (ROSTERMGR_BACKUP_DIR on a read-only disk, or its
mode), that subfolder does not exist, and the sentence must send the user to the folder that
is there and read-only, not to one they cannot find.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from db.backup import backup_dir, backup_refusal


def _denied(where: Path) -> PermissionError:
    return PermissionError(errno.EACCES, "Permission denied", str(where))


def test_a_missing_subfolder_under_a_read_only_backups_folder_names_the_backups_folder(
    tmp_path: Path, _isolated_backups: Path
) -> None:
    campaign = tmp_path / "campaign.sqlite3"
    _isolated_backups.mkdir()
    folder = backup_dir(campaign)
    assert not folder.exists()
    said = str(backup_refusal(campaign, "editing", _denied(folder)))
    assert said == (
        f"Cannot make the hourly backup in {folder} (the folder {_isolated_backups} it goes in "
        f"cannot be written: it is read-only), so nothing was changed; make {_isolated_backups} "
        "writable, or set ROSTERMGR_BACKUP_DIR to another one."
    )


def test_a_missing_backups_folder_names_the_nearest_folder_there(
    tmp_path: Path, _isolated_backups: Path
) -> None:
    campaign = tmp_path / "campaign.sqlite3"
    assert not _isolated_backups.exists()  # neither it nor the campaign's subfolder
    said = str(backup_refusal(campaign, "manual", _denied(_isolated_backups)))
    assert f"(the folder {tmp_path} it goes in cannot be written: it is read-only)" in said
    assert f"make {tmp_path} writable" in said


def test_an_existing_read_only_subfolder_is_named_as_before(
    tmp_path: Path, _isolated_backups: Path
) -> None:
    campaign = tmp_path / "campaign.sqlite3"
    folder = backup_dir(campaign)
    folder.mkdir(parents=True)
    said = str(backup_refusal(campaign, "editing", _denied(folder)))
    assert said == (
        f"Cannot make the hourly backup in {folder} (it cannot be written: it is read-only), so "
        "nothing was changed; make that folder writable, or set ROSTERMGR_BACKUP_DIR to another "
        "one."
    )


@pytest.mark.parametrize(
    ("reason", "purpose"),
    [
        ("before-undo", "the backup before undoing the game"),
        ("before-rules-undo", "the backup before undoing the adoption"),
    ],
)
def test_the_backups_before_an_undo_are_named_in_words(
    tmp_path: Path, _isolated_backups: Path, reason: str, purpose: str
) -> None:
    # `game undo` and `rules undo` that take back later changes back the campaign up first;
    # a refusal said "Cannot make the backup (before-undo)", the file name's tag.
    campaign = tmp_path / "campaign.sqlite3"
    folder = backup_dir(campaign)
    folder.mkdir(parents=True)
    said = str(backup_refusal(campaign, reason, _denied(folder)))
    assert said.startswith(f"Cannot make {purpose} in {folder} (it cannot be written")
    assert reason not in said
