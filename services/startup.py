"""The app's start-up, step by step: when each step between launch and editable ended.

`mark` notes the time (CLOCK_MONOTONIC, system-wide) at which a step of the app's start ended,
under a short name. Nothing is printed or written: bench/ reads `MARKS` from the finished
process (bench/_first_paint.py) and reports each step's share of the wait, so a slower step
is seen by name. A list append per step costs nothing a user could notice, so it is always on.

`collector_paused` keeps Python's cyclic garbage collector off while the app starts.

Standard library only: it is imported before the first paint.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

MARKS: list[tuple[str, float]] = []


def mark(step: str) -> None:
    """Note that `step` of the app's start-up has just ended."""
    MARKS.append((step, time.monotonic()))


@contextmanager
def collector_paused() -> Iterator[Callable[[], None]]:
    """Python's cyclic garbage collector off until the given `resume` is called, or at the end.

    The app's start makes some 56,000 objects the collector tracks (modules, classes, functions,
    Qt's enums, the campaign's values), nearly all living as long as the app: it would go through
    them again and again before the campaign is editable, some 5% of the start's work, for almost
    no garbage (issue 33). A collector that was off already stays off.
    """
    was_on = gc.isenabled()
    gc.disable()

    def resume() -> None:
        if was_on:
            gc.enable()

    try:
        yield resume
    finally:
        resume()
