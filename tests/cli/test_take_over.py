"""A campaign the app holds: the command line reads it, refuses writes and names how to take it."""

from __future__ import annotations

import json
import os

import pytest

from db.lock import holder, lock_path
from tests.conftest import DALTON, Cli, hand_lock_to

pytestmark = pytest.mark.sqlite_only  # the file lock the app holds

D = DALTON["name"]


def test_a_write_is_refused_naming_the_app_and_take_over_takes_it(cli: Cli, other_process) -> None:
    cli.new_posse(DALTON)
    from db.lock import CampaignLock

    app = CampaignLock(cli.db)
    app.acquire()
    hand_lock_to(cli.db, other_process.pid)  # the app is another process
    before = cli.state()
    refused = cli("posse", "buy", D, "Slim", "whiskey")
    assert refused.code == 1
    assert f"process {other_process.pid}" in refused.err
    assert refused.err.rstrip().endswith(
        "close it there first, or run the command again with --take-over to take it from that app."
    )
    assert cli.state() == before
    assert cli.ok("posse", "show", D).code == 0  # reading is fine
    done = cli("--take-over", "posse", "buy", D, "Slim", "whiskey")
    assert done.code == 0, done.err
    assert "whiskey" in next(
        m["items"]
        for m in cli.ok("posse", "show", D, "--json").json()["members"]
        if m["name"] == "Slim"
    )
    # the command held the lock for itself, then let it go; the app knows it lost it
    assert holder(cli.db) is None or holder(cli.db).pid != other_process.pid
    assert (
        not lock_path(cli.db).exists()
        or json.loads(lock_path(cli.db).read_text())["pid"] != os.getpid()
    )
