"""services.faults.named: the fault under a failed rollback is the one named.

On a full disk SQLite rolls the transaction back itself; peewee's own ROLLBACK then fails with
"cannot rollback - no transaction is active", which hid the full disk: "internal error".
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import peewee
import pytest

from services.faults import named


def _rollback_after(cause: BaseException) -> BaseException:
    try:
        try:
            raise cause
        except BaseException:
            raise peewee.OperationalError("cannot rollback - no transaction is active") from None
    except peewee.OperationalError as exc:
        exc.__context__ = cause
        return exc


@pytest.mark.parametrize(
    ("cause", "said"),
    [
        (sqlite3.OperationalError("database or disk is full"), "is full"),
        (sqlite3.OperationalError("database is locked"), "Another program is writing"),
    ],
)
def test_a_failed_rollback_names_what_made_it_fail(
    tmp_path: Path, cause: BaseException, said: str
) -> None:
    fault = named(tmp_path / "campaign.sqlite3", _rollback_after(cause))
    assert fault is not None and said in str(fault)


def test_a_failed_rollback_alone_is_no_fault_of_the_user(tmp_path: Path) -> None:
    alone = peewee.OperationalError("cannot rollback - no transaction is active")
    assert named(tmp_path / "campaign.sqlite3", alone) is None


def test_ctrl_c_held_lets_the_block_finish_then_interrupts() -> None:
    import os
    import signal

    from services.faults import ctrl_c_held

    finished = []
    with pytest.raises(KeyboardInterrupt), ctrl_c_held():
        os.kill(os.getpid(), signal.SIGINT)
        finished.append(True)  # the commit this stands for is not cut short
    assert finished == [True]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_held_keeps_an_ignored_ctrl_c_ignored() -> None:
    import os
    import signal

    from services.faults import ctrl_c_held

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with ctrl_c_held():
            os.kill(os.getpid(), signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_what_was_written_is_listed_once_each_in_one_sentence() -> None:
    from services.faults import already_written, forget_written, interrupted, wrote

    forget_written()
    assert interrupted() == "Interrupted; nothing was written."
    for name in ("a.csv", "b.csv", "c.csv"):
        wrote(Path(name))
    wrote(Path("a.csv"))  # once only
    assert already_written() == (
        "a.csv, b.csv and c.csv were written in full: what the command did is done, so do not "
        "run it again"
    )
    forget_written()
