"""How far a print has got, worked out in one place for every front end (issue 31, 12).

A printable reports its own steps, `progress(done, total)` (card sides, pages rendered...).
`tracked` turns those into `PrintProgress` values a front end only shows: the things done of
all (cards, markers, or a percentage), the time taken and the time left. The command line
shows them on a terminal once a print has taken a second; the print dialog in its progress bar
with a Cancel. Either stop asks the tracker to stop: it raises `PrintStopped` (or Ctrl+C's
KeyboardInterrupt passes through it), and the output, written beside its name, is removed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rostermgr.errors import Refused

Progress = Callable[[int, int], None]
Show = Callable[["PrintProgress"], None]
Stop = Callable[[], bool]

SHOW_AFTER_S = 1.0  # a print quicker than this is not worth a progress line on a terminal
EVERY_S = 0.1  # at most this often to a front end: a terminal line or a bar need no more
# The time left is guessed only once this much of the work is done and this long has passed.
GUESS_AFTER = 0.03
GUESS_AFTER_S = 0.3
STOPPED = "The print was stopped; nothing was written."


class PrintStopped(Refused):
    """The user stopped a print (Cancel); nothing of it was written."""


@dataclass(frozen=True)
class PrintProgress:
    """How far a print has got, as a front end shows it."""

    done: int  # things done: cards, markers; percent when unit is ""
    total: int
    unit: str  # "cards", "markers", or "" for a percentage
    elapsed: float  # seconds since the print began
    left: float | None  # seconds still to go, when there is enough to reckon from
    preview: bool = False  # drawn to be looked at (the print dialog's preview), not printed

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def slow(self) -> bool:
        """Whether the print has taken long enough to show its progress on a terminal."""
        return self.elapsed >= SHOW_AFTER_S

    @property
    def text(self) -> str:
        """'Printing: 120 of 500 cards, about 14 s left' (or 'Printing: 40%, ...'); a preview
        is 'Drawing: ...', and 'Drawn: 3 of 3 cards, in 0 s.' once done."""
        what = f"{self.done:,} of {self.total:,} {self.unit}" if self.unit else f"{self.done}%"
        doing, done = ("Drawing", "Drawn") if self.preview else ("Printing", "Printed")
        if self.finished:
            return f"{done}: {what}, in {_duration(self.elapsed)}."
        if self.left is None:
            left = ""
        elif self.left < 1:
            left = ", almost done"
        else:
            left = f", about {_duration(self.left)} left"
        return f"{doing}: {what}{left}"


def _duration(seconds: float) -> str:
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60} min {whole % 60:02d} s"


def tracked(
    count: int,
    unit: str,
    show: Show | None,
    stop: Stop | None = None,
    clock: Callable[[], float] = time.monotonic,
    preview: bool = False,
) -> Progress:
    """A printable's progress(done, total) callback that shows `PrintProgress` values.

    count things of unit are printed ("" for a percentage); show gets the first report, the
    last, and at most one each EVERY_S between. stop is asked at every step: when it says so,
    the callback raises PrintStopped, which stops the print where it is. A preview's progress
    says it is drawn, not printed.
    """
    start = clock()
    shown_at: float | None = None
    of = count if unit else 100

    def report(done: int, total: int) -> None:
        nonlocal shown_at
        if stop is not None and stop():
            raise PrintStopped(STOPPED)
        if show is None:
            return
        now = clock()
        fraction = min(1.0, done / total) if total > 0 else 1.0
        finished = fraction >= 1.0
        if not finished and shown_at is not None and now - shown_at < EVERY_S:
            return
        shown_at = now
        elapsed = now - start
        left = None
        if not finished and fraction >= GUESS_AFTER and elapsed >= GUESS_AFTER_S:
            left = elapsed * (1 - fraction) / fraction
        things = of if finished else min(of - 1, int(of * fraction)) if of else 0
        show(PrintProgress(things, of, unit, elapsed, left, preview))

    return report
