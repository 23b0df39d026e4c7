"""`restore` while the app holds the campaign: the refusal says what works (h-fresh).

Every other write refused for the app's lock offers `--take-over`; a restore does not take the
campaign from the app (it replaces the file the app has open), so its refusal must not send the
user round to a `--take-over` that is refused again with the same sentence.
"""

from __future__ import annotations

import subprocess

import pytest

from db.backup import list_backups
from db.lock import CampaignLock
from tests.conftest import DALTON, LAWMEN, Cli, hand_lock_to

pytestmark = pytest.mark.sqlite_only  # the file lock the app holds


@pytest.mark.parametrize("take_over", [False, True], ids=["plain", "take-over"])
def test_restore_while_the_app_holds_it_says_to_close_the_app_first(
    cli: Cli, other_process: subprocess.Popen[bytes], take_over: bool
) -> None:
    cli.new_posse(DALTON)
    cli.ok("backup")
    good = list_backups(cli.db)[0].path
    cli.new_posse(LAWMEN)
    CampaignLock(cli.db).acquire()
    hand_lock_to(cli.db, other_process.pid)  # the app is another process
    before = cli.state()
    refused = cli(*(["--take-over"] if take_over else []), "restore", str(good))
    assert refused.code == 1
    assert refused.err.count("\n") == 1, refused.err
    assert "is open in rostermgr by" in refused.err
    assert f"(process {other_process.pid} on " in refused.err
    assert refused.err.rstrip().endswith("close it there first, then run this restore again.")
    assert "--take-over" not in refused.err
    assert cli.state() == before
