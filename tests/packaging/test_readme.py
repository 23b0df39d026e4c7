"""The README runs as written (issue 26): its walkthrough, in order, on an empty account.

Every fenced block of "A first campaign, step by step" is taken as the reader takes it: a
block with a file name after its language is saved under that name, and every line of a
`sh` block is run, in order, in a shell whose PATH has this environment's `rostermgr`. The
creation request and the report described under "The command line" are then used as written.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.fresh import fresh_env, run

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(?P<lang>\S*)(?: (?P<name>\S+))?\n(?P<body>.*?)^```$", re.M | re.S)


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def _account(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    env = fresh_env(home)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def _run(line: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run(line, env, cwd)


def test_the_walkthrough_runs_as_written_on_a_new_account(tmp_path: Path) -> None:
    env = _account(tmp_path)
    blocks = list(BLOCK.finditer(_section("A first campaign, step by step")))
    commands = 0
    for block in blocks:
        if block["name"]:
            (tmp_path / block["name"]).write_text(block["body"], encoding="utf-8")
            continue
        assert block["lang"] == "sh", block.group(0)
        for line in block["body"].splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            done = _run(line, env, tmp_path)
            assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
            assert "Traceback" not in done.stderr, line
            commands += 1
    assert commands >= 10
    for made in ("cards.pdf", "journal.pdf", "reference.pdf", "scenarios.pdf"):
        assert (tmp_path / made).read_bytes().startswith(b"%PDF-")
    campaign = tmp_path / "home" / ".local" / "share" / "rostermgr" / "campaign.sqlite3"
    assert campaign.is_file()
    listed = _run("rostermgr game list --json", env, tmp_path)
    assert json.loads(listed.stdout) == []  # the walkthrough ends by undoing its game


def test_every_json_block_of_the_readme_is_json() -> None:
    for block in BLOCK.finditer(README):
        if block["lang"] == "json":
            json.loads(block["body"])


def test_the_described_request_and_report_are_accepted_as_written(tmp_path: Path) -> None:
    env = _account(tmp_path)
    jsons = [b["body"] for b in BLOCK.finditer(_section("The command line")) if b["lang"] == "json"]
    request, report = jsons[0], jsons[1]
    assert json.loads(request)["name"] == "The Dalton Boys"
    walk = {b["name"]: b["body"] for b in BLOCK.finditer(README) if b["name"]}
    (tmp_path / "dalton.json").write_text(request, encoding="utf-8")
    (tmp_path / "lawmen.json").write_text(walk["lawmen.json"], encoding="utf-8")
    (tmp_path / "report.json").write_text(report, encoding="utf-8")
    for line in (
        "rostermgr posse new dalton.json",
        "rostermgr posse new lawmen.json",
        "rostermgr game record report.json",
    ):
        done = _run(line, env, tmp_path)
        assert done.returncode == 0, f"{line}\n{done.stderr}"


def test_the_other_shell_blocks_are_the_set_up_commands() -> None:
    """Outside the walkthrough, `sh` blocks are the Makefile's targets, which `make` runs."""
    walk = _section("A first campaign, step by step")
    targets = set(re.findall(r"^(\w[\w-]*):", (ROOT / "Makefile").read_text(), re.M))
    for block in BLOCK.finditer(README.replace(walk, "")):
        if block["lang"] != "sh":
            continue
        for line in block["body"].splitlines():
            words = line.split("#")[0].split()
            if words:
                assert words[0] == "make" and words[1] in targets, line


SERVER_URL = "postgresql://ike@club.example.org/lhf-club"


def test_the_server_example_runs_as_written_against_a_server(
    tmp_path: Path, postgres_url: str
) -> None:
    """The section on a PostgreSQL server, run line by line in one shell on an account that
    has a campaign: the club's URL stands for the test server's database, which the test
    made (so `createdb` is taken as done)."""
    env = _account(tmp_path)
    env.pop("PGPASSWORD", None)
    blocks = [b for b in BLOCK.finditer(_section("A campaign on a PostgreSQL server"))]
    assert len(blocks) == 1 and blocks[0]["lang"] == "text"
    lines = [line for line in blocks[0]["body"].splitlines() if line.strip()]
    assert lines[0] == "createdb lhf-club" and all(SERVER_URL in line for line in lines[1:4])
    jsons = [b["body"] for b in BLOCK.finditer(_section("The command line")) if b["lang"] == "json"]
    walk = {b["name"]: b["body"] for b in BLOCK.finditer(README) if b["name"]}
    (tmp_path / "dalton.json").write_text(jsons[0], encoding="utf-8")
    (tmp_path / "lawmen.json").write_text(walk["lawmen.json"], encoding="utf-8")
    (tmp_path / "report.json").write_text(jsons[1], encoding="utf-8")
    for line in ("rostermgr posse new dalton.json", "rostermgr posse new lawmen.json"):
        assert _run(line, env, tmp_path).returncode == 0, line
    script = ["set -e", "createdb() { :; }"]  # the test server's database is made already
    script += [line.replace(SERVER_URL, postgres_url) for line in lines]
    done = _run("\n".join(script), env, tmp_path)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    assert "The Dalton Boys" in done.stdout and "Recorded game" in done.stdout
    assert (tmp_path / "home" / "club-copy.sqlite3").is_file()


def test_the_club_example_runs_as_written_after_the_server_example(
    tmp_path: Path, postgres_url: str
) -> None:
    """The club section, run after the server section in one shell: the club's URL stands for
    the test server's database, as its arbitrator (the role that made it) and as ann."""
    env = _account(tmp_path)
    env.pop("PGPASSWORD", None)
    server = [b for b in BLOCK.finditer(_section("A campaign on a PostgreSQL server"))]
    club = [b for b in BLOCK.finditer(_section("A club campaign"))]
    assert len(club) == 1 and club[0]["lang"] == "text"
    jsons = [b["body"] for b in BLOCK.finditer(_section("The command line")) if b["lang"] == "json"]
    walk = {b["name"]: b["body"] for b in BLOCK.finditer(README) if b["name"]}
    (tmp_path / "dalton.json").write_text(jsons[0], encoding="utf-8")
    (tmp_path / "lawmen.json").write_text(walk["lawmen.json"], encoding="utf-8")
    (tmp_path / "report.json").write_text(jsons[1], encoding="utf-8")
    for line in ("rostermgr posse new dalton.json", "rostermgr posse new lawmen.json"):
        assert _run(line, env, tmp_path).returncode == 0, line
    ann = postgres_url.replace("postgres@", "ann@", 1)
    lines = [line for line in server[0]["body"].splitlines() if line.strip()]
    lines += [line for line in club[0]["body"].splitlines() if line.strip()]
    script = ["set -e", "createdb() { :; }"]
    script += [
        line.replace(SERVER_URL, postgres_url).replace(SERVER_URL.replace("ike@", "ann@"), ann)
        for line in lines
    ]
    done = _run("\n".join(script), env, tmp_path)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    assert "ann is a player of the club now" in done.stdout
    assert "your report was submitted for review as report 1" in done.stdout
    assert "Recorded game 2 from report 1." in done.stdout
