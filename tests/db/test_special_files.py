"""A campaign path that names a FIFO or a device is refused before it is opened, by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.connection import check_campaign_file, open_campaign
from rostermgr.errors import InvalidFile
from tests.rostermgr.test_special_files import fifo, needs_fifo

__all__ = ["fifo"]  # the fixture, shared


@needs_fifo
@pytest.mark.parametrize("read_only", [False, True])
def test_a_fifo_campaign_is_refused_without_waiting(fifo: Path, read_only: bool) -> None:
    with pytest.raises(InvalidFile) as refused:
        open_campaign(fifo, read_only=read_only)
    assert str(refused.value) == (
        f"The campaign file {fifo} is not a regular file (a FIFO); it was not opened."
    )


@needs_fifo
def test_a_symlink_to_a_fifo_is_refused(fifo: Path, tmp_path: Path) -> None:
    link = tmp_path / "c.sqlite3"
    link.symlink_to(fifo)
    with pytest.raises(InvalidFile, match=r"is not a regular file \(a FIFO\)"):
        check_campaign_file(link)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_a_device_not_an_empty_campaign() -> None:
    """It used to be called "empty (0 bytes)": its size is 0, its contents endless."""
    with pytest.raises(InvalidFile) as refused:
        open_campaign(Path("/dev/zero"))
    assert str(refused.value) == (
        "The campaign file /dev/zero is not a regular file (a device); it was not opened."
    )


def test_a_missing_campaign_is_still_created(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    open_campaign(path).close()
    assert path.is_file()
