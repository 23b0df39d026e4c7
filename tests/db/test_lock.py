"""One app per campaign file; the command line's writes are refused while the app holds it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from db.lock import CampaignLock, holder, lock_path
from rostermgr.errors import Refused
from tests.conftest import Cli

HOLD = (
    "import sys, time; from db.lock import CampaignLock; from pathlib import Path; "
    "CampaignLock(Path(sys.argv[1])).acquire(); print('held', flush=True); time.sleep(60)"
)


@pytest.fixture
def other_process_holds(cli: Cli, dalton: dict):
    cli.new_posse(dalton)
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(cli.db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    yield proc
    proc.kill()
    proc.wait()


def test_a_second_holder_is_told_which_process_holds_it(cli: Cli, other_process_holds) -> None:
    with pytest.raises(Refused, match=f"process {other_process_holds.pid}"):
        CampaignLock(cli.db).acquire()


def test_cli_writes_refused_reads_allowed_while_held(
    cli: Cli, dalton: dict, other_process_holds
) -> None:
    before = cli.db.read_bytes()
    for args in (
        ("posse", "buy", "The Dalton Boys", "Slim", "switchblade"),
        ("posse", "new", cli.file(dalton)),
        ("game", "undo"),
    ):
        result = cli(*args)
        assert result.code == 1 and "is open in rostermgr" in result.err, args
    assert cli.db.read_bytes() == before
    assert cli.ok("posse", "list", "--json").json()[0]["purse"] == 7


def test_a_stale_lock_from_a_crashed_app_is_taken_over(tmp_path: Path) -> None:
    campaign = tmp_path / "c.sqlite3"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    import socket

    lock_path(campaign).write_text(
        json.dumps({"pid": int(dead.stdout), "host": socket.gethostname(), "since": "x"})
    )
    assert holder(campaign) is None
    lock = CampaignLock(campaign)
    lock.acquire()
    assert holder(campaign) is not None
    lock.release()
    assert not lock_path(campaign).exists()
