"""Standard output that cannot be written, as the `rostermgr` script meets it in a fresh process.

Closed before start (`>&-`, Python then has sys.stdout None), a full disk (/dev/full), a reader
that has gone (`| head`): each is told in one sentence, or deliberately not at all for the
pipe, and never as an internal error with a traceback.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cli

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "from cli import run; run()"
CLOSED = "Cannot write the output: standard output is closed.\n"
FULL = "Cannot write the output (No space left on device); what was printed is incomplete.\n"
COMMANDS = [
    ["rules"],
    ["--version"],
    ["--help"],
    ["posse", "--help"],
    ["simulate", "--help"],
    ["simulate", "--campaigns", "5", "--games", "2"],
]
needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")


def rostermgr(
    tmp_path: Path, args: list[str], before: Callable[[], None] | None = None, **kw: Any
) -> subprocess.CompletedProcess[str]:
    """The script in a fresh process whose user folders (and so its error log) are tmp_path's."""
    env = {k: v for k, v in os.environ.items() if k != "ROSTERMGR_DB"}
    env |= {"HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        cwd=ROOT,
        env=env,
        text=True,
        timeout=120,
        preexec_fn=before,
        check=False,
        **kw,
    )


def no_error_log(tmp_path: Path) -> bool:
    return not list(tmp_path.rglob("errors.log"))


def close_stdout() -> None:
    os.close(1)


def close_stdout_and_stderr() -> None:
    os.close(1)
    os.close(2)


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_closed_stdout_is_one_sentence_and_exit_1(tmp_path: Path, args: list[str]) -> None:
    done = rostermgr(tmp_path, args, close_stdout)
    assert (done.returncode, done.stderr) == (1, CLOSED)
    assert no_error_log(tmp_path)


@pytest.mark.parametrize("args", [["rules"], ["--help"], ["--version"]], ids=" ".join)
def test_closed_stdout_and_stderr_exit_1_quietly(tmp_path: Path, args: list[str]) -> None:
    done = rostermgr(tmp_path, args, close_stdout_and_stderr, stderr=None)
    assert done.returncode == 1
    assert no_error_log(tmp_path)  # not an internal error told to nobody


@needs_dev_full
@pytest.mark.parametrize("args", COMMANDS[:5], ids=" ".join)
def test_help_version_and_output_to_a_full_disk_are_said(tmp_path: Path, args: list[str]) -> None:
    """argparse's help is buffered: run()'s _exit used to lose it, and its error, with exit 0."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = rostermgr(tmp_path, args, stdout=full)
    assert (done.returncode, done.stderr) == (1, FULL)


@pytest.mark.parametrize("args", [["--help"], ["simulate", "--help"]], ids=" ".join)
def test_help_to_a_reader_that_has_gone_stays_exit_0(tmp_path: Path, args: list[str]) -> None:
    """`rostermgr --help | head -1`, made certain: the pipe is closed before a write."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = rostermgr(tmp_path, args, stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")


def test_the_app_starts_without_a_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A GUI launched without a console has sys.stdout and sys.stderr None: no refusal then."""
    import ui.app

    started: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(
        ui.app, "run_app", lambda path, rules=None, qt_options=(): started.append((path, rules))
    )
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    db = tmp_path / "c.sqlite3"
    cli.main(["--db", str(db)])
    cli.main([])
    assert len(started) == 2
    assert started[0][0] == db


@pytest.mark.parametrize(
    "argv",
    [["--ruleset", "", "rules"], ["--db", "", "posse", "list"], ["--db="], ["--ruleset", ""]],
    ids=" ".join,
)
def test_an_empty_global_file_option_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--db ""` used to open the default campaign, `--ruleset ""` the shipped ruleset."""
    import ui.app

    monkeypatch.setattr(ui.app, "run_app", lambda *_: pytest.fail("the app was started"))
    assert cli.main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    option = argv[0].rstrip("=")
    assert err == f"rostermgr: argument {option}: expected a file name, not an empty value\n"


@pytest.mark.parametrize("args", [["rules"], ["--help"], ["posse", "show", "Nobody"]], ids=" ".join)
def test_main_with_no_stdout_nor_stderr_returns_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """In process: nothing to say it on is no crash (it used to raise AttributeError)."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert cli.main(["--db", str(tmp_path / "c.sqlite3"), *args]) == 1


def test_a_name_the_output_cannot_print_is_said_not_called_closed(tmp_path: Path) -> None:
    """An ASCII output (a C locale without UTF-8, a Windows file redirect) and a posse named
    Peña: the encoding error is a ValueError, and was told as "standard output is closed"."""
    from tests.conftest import DALTON

    request = tmp_path / "pena.json"
    request.write_text(json.dumps({**DALTON, "name": "Los Peña"}), encoding="utf-8")
    db = str(tmp_path / "c.sqlite3")
    env = {k: v for k, v in os.environ.items() if k != "ROSTERMGR_DB"}
    env |= {"HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    made = subprocess.run(
        [sys.executable, "-c", SCRIPT, "--db", db, "posse", "new", str(request)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    for args in (["posse", "list"], ["posse", "list", "--json"]):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, "--db", db, *args],
            cwd=ROOT,
            env=env | {"PYTHONIOENCODING": "ascii"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 1
        assert done.stderr.count("\n") == 1 and "closed" not in done.stderr
        assert "U+00F1 (latin small letter n with tilde)" in done.stderr
        assert "PYTHONIOENCODING=utf-8" in done.stderr
