"""The app opening a campaign file on a disk too full for it: a sentence, nothing left behind.

File > New (or Open of a new name) makes the campaign file; when the disk fills up while its
schema is written, the app is told the disk is full (it was an internal error: SQLite's failed
rollback hid the fault) and no half-made file stays for the next open to trip on.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset
from services.opening import for_app
from tests.cli.test_fault_sentences import _leave_free
from tests.disks import tmpfs_disk

pytestmark = pytest.mark.sqlite_only


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs_disk(tmp_path / "small-disk", "1M") as disk:
        yield disk


def test_a_new_campaign_the_disk_has_no_room_for_is_said_full_and_not_left(
    small_disk: Path,
) -> None:
    opened = 0
    for free_kib in range(16, 480, 16):  # 0 KiB is the lock file's own refusal
        _leave_free(small_disk, free_kib)
        path = small_disk / "new.sqlite3"
        try:
            campaign = for_app(path, default_ruleset())
        except Refused as refused:
            assert str(refused).startswith(f"The disk holding {path} is full"), free_kib
            assert sorted(p.name for p in small_disk.iterdir()) == ["fill"], free_kib
            continue
        opened += 1
        campaign.close()
    assert opened, "no fill level left room for a campaign: the test tried nothing whole"
