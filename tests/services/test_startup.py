"""The app's start-up helpers (services.startup): its marks, and the collector paused."""

from __future__ import annotations

import gc

import pytest

from services import startup


def test_marks_are_kept_in_order_with_their_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(startup, "MARKS", [])
    startup.mark("first")
    startup.mark("second")
    assert [name for name, _ in startup.MARKS] == ["first", "second"]
    assert startup.MARKS[0][1] <= startup.MARKS[1][1]


def test_the_collector_is_off_until_resumed_then_on_again() -> None:
    assert gc.isenabled()
    with startup.collector_paused() as resume:
        assert not gc.isenabled()
        resume()
        assert gc.isenabled()
    assert gc.isenabled()


def test_the_collector_is_on_again_after_a_fault() -> None:
    with pytest.raises(RuntimeError), startup.collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a refusal")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with startup.collector_paused() as resume:
            resume()
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
