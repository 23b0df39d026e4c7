"""What a simulator worker process runs, and how the processes are started.

A worker needs only the domain (`rostermgr.simulate.run.run_chunk`) and the standard library:
this module imports nothing else, so that a spawned worker does not load the campaign store
(peewee), the printables (reportlab) or Qt, which `services.simulate` would bring with it.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from typing import TYPE_CHECKING

from rostermgr.simulate.run import prime

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from rostermgr.rules import Ruleset
    from rostermgr.simulate.run import Job


def quiet() -> None:
    """A worker leaves Ctrl+C to the command: it stops the run and says so, once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def started() -> None:
    """What a worker does first: `quiet`, and it runs without the cyclic garbage collector.

    A campaign's values are frozen dataclasses and tuples that refer to older ones, never back:
    300 campaigns leave some 70 objects in reference cycles, while the collector, run every 700
    allocations, walks the young objects thousands of times a run (2.6% of a campaign's
    instructions). Reference counting frees the rest as before; the process ends with the pool.
    """
    quiet()
    gc.disable()


def forks() -> bool:
    """Whether workers may be forked from this process rather than spawned: on Linux, from a
    process with one thread, its own (the app's process has Qt's threads, which a fork would
    copy half-alive; the kernel's list counts them, where Python's counts only its own).

    A forked worker starts at once, with the modules, the ruleset and the odds table of this
    process; a spawned one starts a fresh interpreter and imports them."""
    if not sys.platform.startswith("linux") or threading.active_count() != 1:
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:  # no /proc: threads cannot be counted, so none is assumed away
        return False


def context(job: Job, rules: Ruleset) -> BaseContext:
    """The start method for this run's workers; a forked worker finds the job's ruleset ready."""
    import multiprocessing

    if forks():
        prime(job, rules)
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")
