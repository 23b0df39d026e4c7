"""Issue 31, 12: a long print shows its progress on a terminal's standard error (nothing in a
pipe or a file), and Ctrl+C stops it leaving nothing half-written."""

from __future__ import annotations

import io
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.printing import TerminalProgress, terminal_progress
from services.progress import PrintProgress
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_shown_in_a_pipe_or_a_file() -> None:
    assert terminal_progress(io.StringIO()) is None
    assert isinstance(terminal_progress(Terminal()), TerminalProgress)


def test_a_quick_print_shows_nothing_and_a_slow_one_its_line() -> None:
    err = Terminal()
    shown = TerminalProgress(err)
    shown(PrintProgress(0, 500, "cards", 0.0, None))
    shown(PrintProgress(400, 500, "cards", 0.5, 0.1))
    shown(PrintProgress(500, 500, "cards", 0.6, None))
    assert err.getvalue() == ""  # done within a second: no line at all
    shown(PrintProgress(100, 500, "cards", 1.2, 4.8))
    shown(PrintProgress(500, 500, "cards", 6.0, None))
    assert err.getvalue() == (
        "\rPrinting: 100 of 500 cards, about 5 s left\x1b[K"
        "\rPrinted: 500 of 500 cards, in 6 s.\x1b[K\n"
    )


def test_a_stopped_print_ends_its_line_so_the_sentence_starts_its_own() -> None:
    err = Terminal()
    shown = TerminalProgress(err)
    shown(PrintProgress(100, 500, "cards", 1.5, 6.0))
    shown.close()
    assert err.getvalue().endswith("left\x1b[K\n")
    shown.close()  # once
    assert err.getvalue().count("\n") == 1


def test_a_print_to_a_pipe_says_no_progress(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    result = cli.ok("print", "cards", dalton["name"], "-o", str(tmp_path / "c.pdf"))
    assert "Printing" not in result.err and "Printed" not in result.err


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _posses(cli: Cli, dalton: dict, count: int) -> list[str]:
    names = []
    for i in range(count):
        doc = dict(dalton, name=f"{dalton['name']} {i + 1}")
        doc["members"] = [dict(m, name=f"{m['name']} {i + 1}") for m in dalton["members"]]
        cli.new_posse(doc)
        names.append(doc["name"])
    return names


def _read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:  # the terminal closed: the process ended
                break
    return seen


@pytest.mark.sqlite_only
def test_ctrl_c_on_a_terminal_stops_the_print_and_leaves_nothing(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    names = _posses(cli, dalton, 16)  # some 80 cards, 160 PNGs: several seconds
    out = tmp_path / "shop" / "cards"
    out.parent.mkdir()
    main, terminal = pty.openpty()
    command = ["print", "cards", *names, "--for", "mpc", "-o", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-c", "from cli import run; run()", "--db", str(cli.db), *command],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal,
        start_new_session=True,  # Ctrl+C goes to its process group: its workers hear it too
        # as in a terminal's foreground: a test run started in the background (a shell's `&`)
        # ignores SIGINT, and Python would keep ignoring it in the child
        preexec_fn=_default_sigint,
    )
    os.close(terminal)
    try:
        seen = _read_until(main, b"Printing: ", 60)
        assert b"Printing: " in seen and b" cards" in seen, seen
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl+C does
        code = process.wait(60)
        seen += _read_until(main, b"written.", 5)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    assert code == 1
    text = seen.decode(errors="replace")
    assert "\nInterrupted; nothing was written." in text and "Traceback" not in text
    assert list(out.parent.iterdir()) == []  # no folder, no temporary one, no PNG


@pytest.mark.sqlite_only
@pytest.mark.parametrize("stop", [KeyboardInterrupt, "cancel"])
def test_a_pdf_stopped_midway_is_not_written_nor_its_temporary_file(
    cli: Cli, dalton: dict, tmp_path: Path, stop: object
) -> None:
    from rostermgr.rules_load import default_ruleset
    from services import printing
    from services.opening import for_command
    from services.printing import CardOptions
    from services.progress import PrintStopped

    names = _posses(cli, dalton, 2)
    folder = tmp_path / "out"
    folder.mkdir()
    calls = {"n": 0}

    def stopping() -> bool:
        calls["n"] += 1
        if calls["n"] > 3 and stop is KeyboardInterrupt:
            raise KeyboardInterrupt
        return calls["n"] > 3

    with for_command(Path(cli.db), default_ruleset()) as c:
        job = printing.cards_job(c, names, CardOptions())
        with pytest.raises(KeyboardInterrupt if stop is KeyboardInterrupt else PrintStopped):
            printing.write(c.path, job, folder / "cards.pdf", printing.watched(job, None, stopping))
    assert list(folder.iterdir()) == []


@pytest.mark.sqlite_only
def test_printing_the_same_cards_again_writes_nothing(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    """Issue 33: only changed fingerprints are written, so a reprint logs nothing to undo."""
    cli.new_posse(dalton)
    cli.ok("print", "cards", dalton["name"], "-o", str(tmp_path / "a.pdf"))
    log = cli.sql("SELECT COUNT(*) FROM undo_log")
    printed = cli.sql("SELECT key, fingerprint FROM printed_card ORDER BY key")
    assert printed
    cli.ok("print", "cards", dalton["name"], "-o", str(tmp_path / "b.pdf"))
    assert cli.sql("SELECT COUNT(*) FROM undo_log") == log
    assert cli.sql("SELECT key, fingerprint FROM printed_card ORDER BY key") == printed
    changed = cli.ok("print", "cards", dalton["name"], "--changed", "-o", str(tmp_path / "c.pdf"))
    assert "No card has changed" in changed.out
