"""A ruleset path that names a FIFO, a device or a folder is refused before it is opened.

Opening a FIFO waits for a writer (forever, from the command line), and /dev/zero reads as
endless bytes: neither is a ruleset, and the refusal says what it is instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rostermgr.errors import RulesetError
from rostermgr.rules_load import load_ruleset, special_kind

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A FIFO; should the code under test open it, a writer comes after 3 s so the test fails
    (on what it read) instead of hanging."""
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)

    def rescue() -> None:
        with open(path, "wb"):
            pass

    timer = threading.Timer(3, rescue)
    timer.daemon = True
    timer.start()
    yield path
    timer.cancel()
    if timer.is_alive():  # the rescuer waits for a reader: give it one, so it ends
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        timer.join(5)


@needs_fifo
def test_a_fifo_ruleset_is_refused_without_waiting(fifo: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(fifo)
    assert str(refused.value) == f"The ruleset file {fifo} is not a regular file (a FIFO)."


@needs_fifo
def test_a_symlink_to_a_fifo_is_a_fifo(fifo: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(fifo)
    with pytest.raises(RulesetError, match=r"link\.toml is not a regular file \(a FIFO\)"):
        load_ruleset(link)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_ruleset_is_refused() -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset("/dev/zero")
    assert str(refused.value) == "The ruleset file /dev/zero is not a regular file (a device)."


def test_a_folder_ruleset_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"is not a regular file \(a folder\)"):
        load_ruleset(tmp_path)


def test_regular_and_missing_files_are_not_special(tmp_path: Path) -> None:
    regular = tmp_path / "r.toml"
    regular.write_text("", encoding="utf-8")
    assert special_kind(regular) is None
    assert special_kind(tmp_path / "missing.toml") is None
    with pytest.raises(RulesetError, match="Cannot read the ruleset file"):
        load_ruleset(tmp_path / "missing.toml")
