"""The app's lock on a full disk is said as a full disk, and what to do (h-fresh).

Opening a campaign in the app, or `--take-over` from the command line, writes the lock file
beside the campaign first; on a full disk that was said as "Cannot write the lock file X beside
the campaign file: No space left on device." (the bundle's app refused to open so, with no word
of what to do).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from db.lock import CampaignLock, lock_path
from rostermgr.errors import Refused
from tests.disks import fill, tmpfs_disk


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs_disk(tmp_path / "small-disk", "64k") as disk:
        yield disk


def _campaign_on(disk: Path) -> Path:
    campaign = disk / "campaign.sqlite3"
    campaign.write_bytes(b"")  # what the lock guards need not be read for it to be taken
    fill(disk / "filler")
    assert shutil.disk_usage(disk).free == 0
    return campaign


def test_taking_the_lock_on_a_full_disk_says_the_disk_is_full(full_disk: Path) -> None:
    campaign = _campaign_on(full_disk)
    with pytest.raises(Refused) as refused:
        CampaignLock(campaign).acquire()
    assert str(refused.value) == (
        f"The disk holding {campaign} is full, so its lock file cannot be written and nothing "
        "was changed; free some space there."
    )
    assert not lock_path(campaign).exists()
    assert sorted(p.name for p in full_disk.iterdir()) == ["campaign.sqlite3", "filler"]


def test_taking_it_over_on_a_full_disk_says_so_and_keeps_the_holder(full_disk: Path) -> None:
    campaign = full_disk / "campaign.sqlite3"
    campaign.write_bytes(b"")
    CampaignLock(campaign).acquire()  # the app's, before the disk filled
    held = lock_path(campaign).read_bytes()
    fill(full_disk / "filler")
    with pytest.raises(Refused) as refused:
        CampaignLock(campaign).take_over()
    assert str(refused.value).startswith(f"The disk holding {campaign} is full")
    assert lock_path(campaign).read_bytes() == held
