"""The command lines the hostile tester found hanging on a FIFO, or misnaming /dev/zero."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cli import main
from tests.conftest import Cli
from tests.rostermgr.test_special_files import fifo, needs_fifo

__all__ = ["fifo"]  # the fixture, shared


@needs_fifo
@pytest.mark.parametrize(
    "argv",
    [
        ["--ruleset", "{fifo}", "rules"],
        ["simulate", "--ruleset", "{fifo}", "--campaigns", "1", "--games", "1"],
        ["simulate", "--against", "{fifo}", "--campaigns", "1", "--games", "1"],
    ],
    ids=["rules", "simulate --ruleset", "simulate --against"],
)
def test_a_fifo_ruleset_is_one_sentence(cli: Cli, fifo: Path, argv: list[str]) -> None:
    result = cli(*(word.format(fifo=fifo) for word in argv))
    assert (result.code, result.err) == (
        1,
        f"The ruleset file {fifo} is not a regular file (a FIFO).\n",
    )


@needs_fifo
@pytest.mark.parametrize(
    "argv", [["posse", "list"], ["simulate", "--calibrate", "--campaigns", "1", "--games", "1"]]
)
def test_a_fifo_campaign_is_one_sentence(fifo: Path, argv: list[str]) -> None:
    err = io.StringIO()
    assert main(["--db", str(fifo), *argv], out=io.StringIO(), err=err) == 1
    assert err.getvalue() == (
        f"The campaign file {fifo} is not a regular file (a FIFO); it was not opened.\n"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_named_a_device() -> None:
    err = io.StringIO()
    assert main(["--db", "/dev/zero", "posse", "list"], out=io.StringIO(), err=err) == 1
    assert "/dev/zero is not a regular file (a device)" in err.getvalue()


@needs_fifo
def test_restore_from_a_fifo_is_named_not_missing(cli: Cli, fifo: Path) -> None:
    result = cli("restore", str(fifo))
    assert (result.code, result.err) == (
        1,
        f"{fifo} is not a regular file (a FIFO), so it is not a backup.\n",
    )
