"""The app's start-up, step by step: when each step between launch and editable ended.

`mark` notes the time (CLOCK_MONOTONIC, system-wide) at which a step of the app's start ended,
under a short name. Nothing is printed or written: bench/ reads `MARKS` from the finished
process (bench/_first_paint.py) and reports each step's share of the wait, so a slower step
is seen by name. A list append per step costs nothing a user could notice, so it is always on.

Standard library only: it is imported before the first paint.
"""

from __future__ import annotations

import time

MARKS: list[tuple[str, float]] = []


def mark(step: str) -> None:
    """Note that `step` of the app's start-up has just ended."""
    MARKS.append((step, time.monotonic()))
