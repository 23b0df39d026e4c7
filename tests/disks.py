"""Small disks for the full-disk tests: a tmpfs mounted on a folder, and a file that fills it."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def mount_tmpfs(folder: Path, size: str) -> bool:
    """Mount a tmpfs of `size` ("64k", "1M") on `folder`; False where mounting is not allowed."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


@contextmanager
def tmpfs_disk(folder: Path, size: str) -> Iterator[Path]:
    """`folder` as a disk of `size` for the test (skipped where it cannot be mounted)."""
    if not mount_tmpfs(folder, size):
        pytest.skip("cannot mount a tmpfs here (not root, or no mount permission)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(path: Path) -> None:
    """Write `path` until its disk is full, to the last block."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                continue
    finally:
        os.close(fd)
