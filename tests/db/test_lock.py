"""One app per campaign file; the command line's writes are refused while the app holds it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from db.lock import CampaignHeld, CampaignLock, holder, lock_path, refuse_if_held
from rostermgr.errors import Refused
from tests.conftest import Cli

pytestmark = pytest.mark.sqlite_only  # the campaign file's lock

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


def _write_lock(campaign: Path, **fields: object) -> None:
    import socket

    data = {"host": socket.gethostname(), "since": "2026-01-01T10:00:00", **fields}
    lock_path(campaign).write_text(json.dumps(data), encoding="utf-8")


def test_a_symlink_and_a_dotted_path_share_the_lock(cli: Cli, dalton: dict, tmp_path: Path):
    cli.new_posse(dalton)
    link = tmp_path / "elsewhere" / "link.sqlite3"
    link.parent.mkdir()
    link.symlink_to(cli.db)
    dotted = tmp_path / "elsewhere" / ".." / cli.db.name
    assert lock_path(link) == lock_path(dotted) == lock_path(cli.db)
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(link)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        for spelling in (cli.db, link, dotted):
            assert holder(spelling) is not None and holder(spelling).pid == proc.pid
            with pytest.raises(Refused, match=f"process {proc.pid}"):
                refuse_if_held(spelling)
            with pytest.raises(Refused, match=f"process {proc.pid}"):
                CampaignLock(spelling).acquire()
        result = Cli(link, tmp_path)("posse", "buy", "The Dalton Boys", "Slim", "switchblade")
        assert result.code == 1 and "is open in rostermgr" in result.err
    finally:
        proc.kill()
        proc.wait()


def test_a_live_process_that_is_not_rostermgr_is_a_stale_holder(tmp_path: Path) -> None:
    if not Path("/proc/self/cmdline").exists():
        pytest.skip("no /proc: only the liveness check is made")
    campaign = tmp_path / "c.sqlite3"
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        _write_lock(campaign, pid=sleeper.pid)
        assert holder(campaign) is None
        lock = CampaignLock(campaign)
        lock.acquire()
        assert holder(campaign) is not None and holder(campaign).pid == os.getpid()
        lock.release()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_python_process_started_after_the_lock_was_taken_is_a_stale_holder(
    tmp_path: Path, other_process
) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("no /proc: only the liveness check is made")
    campaign = tmp_path / "c.sqlite3"
    an_hour_ago = time.time() - 3600
    since = datetime.fromtimestamp(an_hour_ago).isoformat(timespec="seconds")
    _write_lock(campaign, pid=other_process.pid, since=since)  # an old lock, by `since` alone
    assert holder(campaign) is None
    _write_lock(campaign, pid=other_process.pid, since=since, at=an_hour_ago)
    assert holder(campaign) is None
    _write_lock(campaign, pid=other_process.pid, since=since, start=1)  # another start
    assert holder(campaign) is None
    _write_lock(campaign, pid=other_process.pid, since=since, at=time.time())
    assert holder(campaign) is not None  # started before its lock: it may well be ours


def test_a_real_holder_records_its_start_and_stays_held(cli: Cli, other_process_holds) -> None:
    found = holder(cli.db)
    assert found is not None and found.pid == other_process_holds.pid
    if Path("/proc/self/stat").exists():
        assert found.start is not None
    assert found.at is not None and abs(found.at - time.time()) < 60


def test_take_over_replaces_the_named_holder(cli: Cli, other_process_holds) -> None:
    lock = CampaignLock(cli.db)
    with pytest.raises(CampaignHeld) as refused:
        lock.acquire()
    named = refused.value.holder
    assert named.pid == other_process_holds.pid
    assert str(named.pid) in str(refused.value) and named.host in str(refused.value)
    lock.take_over(named)
    assert lock.held and holder(cli.db).pid == os.getpid()
    refuse_if_held(cli.db)  # this process may write now
    assert cli.ok("posse", "buy", "The Dalton Boys", "Slim", "switchblade")
    lock.release()
    assert not lock_path(cli.db).exists()


def test_take_over_names_a_newer_holder_instead(cli: Cli, other_process_holds, other_process):
    lock = CampaignLock(cli.db)
    with pytest.raises(CampaignHeld) as refused:
        lock.acquire()
    named = refused.value.holder
    _write_lock(cli.db, pid=other_process.pid, at=time.time())  # someone else, meanwhile
    with pytest.raises(CampaignHeld, match=f"process {other_process.pid}"):
        lock.take_over(named)
    assert not lock.held and holder(cli.db).pid == other_process.pid


def test_the_holder_taken_over_leaves_the_new_lock_alone(tmp_path: Path) -> None:
    campaign = tmp_path / "c.sqlite3"
    first = CampaignLock(campaign)
    first.acquire()
    assert not first.lost()
    data = json.loads(lock_path(campaign).read_text())
    data["pid"] = os.getppid()  # as if another process had taken it over
    lock_path(campaign).write_text(json.dumps(data))
    assert first.lost()
    first.release()
    assert json.loads(lock_path(campaign).read_text())["pid"] == os.getppid()


def test_the_sentence_names_the_user_holding_the_campaign(cli: Cli, other_process_holds):
    found = holder(cli.db)
    assert found is not None
    if found.user:
        assert f"by {found.user} (process {found.pid}" in found.sentence(cli.db)


def test_a_lock_file_that_is_a_folder_is_a_sentence(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    lock_path(cli.db).mkdir()
    (lock_path(cli.db) / "inside").write_text("someone's file")
    assert holder(cli.db) is None
    for take in (CampaignLock(cli.db).acquire, CampaignLock(cli.db).take_over):
        with pytest.raises(Refused, match="is a folder, not a lock file"):
            take()
    assert (lock_path(cli.db) / "inside").read_text() == "someone's file"
    assert cli.ok("posse", "list", "--json").json()[0]["purse"] == 7


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({"pid": 10**20, "host": "here", "since": "x"}),
        json.dumps({"pid": -1, "since": "x"}),
        json.dumps({"pid": 0, "since": "x"}),
        json.dumps({"pid": True, "since": "x"}),
        json.dumps({"pid": "12", "since": "x"}),
        json.dumps({"pid": 1.5, "since": "x"}),
        json.dumps({"pid": 123, "host": ["a"], "since": "x"}),
        json.dumps({"pid": 123, "since": 5}),
        json.dumps([1, 2, 3]),
        "",
        "{not json",
        "\xff\xfe garbage \x00",
        "x" * 10000,
    ],
)
def test_a_lock_file_with_garbage_names_no_holder_and_is_taken(
    tmp_path: Path, content: str
) -> None:
    import socket

    campaign = tmp_path / "c.sqlite3"
    text = content.replace('"since"', f'"host": "{socket.gethostname()}", "since"', 1)
    lock_path(campaign).write_bytes(text.encode("utf-8", "surrogateescape"))
    assert holder(campaign) is None
    refuse_if_held(campaign)
    lock = CampaignLock(campaign)
    lock.acquire()
    assert holder(campaign) is not None and holder(campaign).pid == os.getpid()
    lock.release()
    assert not lock_path(campaign).exists()


def test_a_huge_pid_is_not_an_internal_error_on_the_command_line(cli: Cli, dalton: dict) -> None:
    import socket

    cli.new_posse(dalton)
    _write_lock(cli.db, pid=10**20, host=socket.gethostname())
    cli.ok("posse", "buy", "The Dalton Boys", "Slim", "switchblade")


def test_a_lock_that_cannot_be_written_is_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = tmp_path / "c.sqlite3"

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "write_text", refuse)
    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(Refused, match=r"Cannot write the lock file .*Permission denied"):
        CampaignLock(campaign).acquire()


def test_a_lock_without_hard_links_is_still_exclusive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, other_process
) -> None:
    campaign = tmp_path / "c.sqlite3"

    def no_links(*_args: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    lock = CampaignLock(campaign)
    lock.acquire()
    assert holder(campaign).pid == os.getpid()
    lock.release()
    _write_lock(campaign, pid=other_process.pid, at=time.time())
    with pytest.raises(CampaignHeld):
        CampaignLock(campaign).acquire()
    assert [p.name for p in tmp_path.iterdir()] == ["c.sqlite3.lock"]


def test_holder_is_cheap(cli: Cli, other_process_holds) -> None:
    start = time.perf_counter()
    for _ in range(200):
        holder(cli.db)
    assert (time.perf_counter() - start) / 200 < 0.005
