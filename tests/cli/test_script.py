"""The `rostermgr` script (cli.run) as a user runs it: a fresh process.

run() leaves without the interpreter's clean-up after a command, so these check that nothing
is lost by that: the whole output arrives, exit codes are kept, the campaign is committed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import DALTON, LAWMEN
from tests.engines import Target, on_server

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "from cli import run; run()"


def rostermgr(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ROSTERMGR_DB"}
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_script_is_run(tmp_path: Path) -> None:
    """pyproject's [project.scripts] names run(), not main()."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'rostermgr = "cli:run"' in text


def test_writes_are_committed_and_output_is_whole(campaign_target: Target, tmp_path: Path) -> None:
    db = str(campaign_target)
    for doc in (DALTON, LAWMEN):
        path = tmp_path / f"{doc['name']}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        made = rostermgr("--db", db, "posse", "new", str(path))
        assert made.returncode == 0, made.stderr
    listed = rostermgr("--db", db, "posse", "list", "--json")
    assert listed.returncode == 0
    assert sorted(p["name"] for p in json.loads(listed.stdout)) == sorted(
        [DALTON["name"], LAWMEN["name"]]
    )
    if not on_server(db):  # the connection was closed: nothing left to replay
        assert not Path(db + "-wal").exists()


def test_a_refusal_keeps_exit_code_1_and_its_sentence(campaign_target: Target) -> None:
    db = str(campaign_target)
    shown = rostermgr("--db", db, "posse", "show", "Nobody")
    assert shown.returncode == 1
    assert shown.stderr == (
        "There is no posse named 'Nobody' in this campaign, which has no posses yet.\n"
    )
    assert rostermgr("--db", db, "no-such-command").returncode == 2


def test_a_reader_that_has_gone_gets_no_traceback(campaign_target: Target) -> None:
    """`rostermgr rules --json | head -c 0`, made certain: the pipe is closed before a write."""
    db = str(campaign_target)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        writer = subprocess.run(
            [sys.executable, "-c", SCRIPT, "--db", db, "rules", "--json"],
            cwd=ROOT,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert writer.returncode == 0
    assert writer.stderr == ""
