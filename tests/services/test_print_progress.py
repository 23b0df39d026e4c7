"""Issue 31, 12: a print's progress, worked out once in the use-case layer (services.progress)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.progress import EVERY_S, PrintProgress, PrintStopped, tracked


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_steps_become_cards_done_of_all_with_the_time_left() -> None:
    clock, seen = Clock(), []
    report = tracked(500, "cards", seen.append, clock=clock)
    report(0, 1001)  # a printable's own steps: here card sides, and the file written
    clock.now += 2.0
    report(250, 1001)
    clock.now += 2.0
    report(1001, 1001)
    first, middle, last = seen
    assert (first.done, first.total, first.left) == (0, 500, None)
    assert middle.done == 124 and middle.total == 500 and middle.unit == "cards"
    assert middle.left == pytest.approx(2.0 * (1 - 250 / 1001) / (250 / 1001))
    assert middle.text == f"Printing: 124 of 500 cards, about {round(middle.left)} s left"
    assert last.finished and last.done == 500 and last.text == "Printed: 500 of 500 cards, in 4 s."


def test_a_preview_is_said_drawn_not_printed() -> None:
    """The print dialog's preview said "Printed: 3 of 3 cards, in 0 s.": nothing was printed."""
    clock, seen = Clock(), []
    report = tracked(3, "cards", seen.append, clock=clock, preview=True)
    report(0, 6)
    clock.now += 0.5
    report(3, 6)
    report(6, 6)
    assert all(p.preview for p in seen)
    assert seen[-1].text == "Drawn: 3 of 3 cards, in 0 s."
    assert PrintProgress(1, 3, "cards", 9.0, 20.0, preview=True).text == (
        "Drawing: 1 of 3 cards, about 20 s left"
    )
    assert PrintProgress(40, 100, "", 1.0, None, preview=True).text == "Drawing: 40%"


def test_a_print_without_things_to_count_says_a_percentage() -> None:
    clock, seen = Clock(), []
    report = tracked(1, "", seen.append, clock=clock)
    clock.now += 1.0
    report(2, 5)
    assert seen[-1].text.startswith("Printing: 40%, about ")


def test_reports_come_at_most_every_tenth_of_a_second_but_the_last_always() -> None:
    clock, seen = Clock(), []
    report = tracked(100, "cards", seen.append, clock=clock)
    for step in range(100):
        clock.now += EVERY_S / 10
        report(step, 100)
    assert 9 <= len(seen) <= 11
    report(100, 100)
    assert seen[-1].finished


def test_only_a_print_over_a_second_is_slow() -> None:
    assert not PrintProgress(1, 10, "cards", 0.99, None).slow
    assert PrintProgress(1, 10, "cards", 1.0, None).slow


def test_a_stop_raises_print_stopped_with_one_sentence() -> None:
    stop = {"now": False}
    report = tracked(10, "cards", None, lambda: stop["now"])
    report(1, 10)
    stop["now"] = True
    with pytest.raises(PrintStopped, match=r"^The print was stopped; nothing was written\.$"):
        report(2, 10)


def test_under_a_second_left_is_almost_done() -> None:
    assert PrintProgress(59, 60, "cards", 9.0, 0.2).text == "Printing: 59 of 60 cards, almost done"


@given(
    done=st.integers(0, 10**6),
    total=st.integers(1, 10**6),
    unit=st.sampled_from(["", "cards", "markers"]),
    elapsed=st.floats(0, 10**5),
    left=st.none() | st.floats(0, 10**5),
    preview=st.booleans(),
)
def test_the_text_holds_none_of_a_qt_progress_bars_placeholders(
    done: int, total: int, unit: str, elapsed: float, left: float | None, preview: bool
) -> None:
    """The print dialog's bar shows the text as its format, where Qt would replace %p, %v
    and %m (and has no escape for a percent sign)."""
    text = PrintProgress(done, total, unit, elapsed, left, preview).text
    assert not any(code in text for code in ("%p", "%v", "%m"))
