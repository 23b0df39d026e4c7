"""The print dialog's render worker: a refusal is said as it is, a fault while drawing is not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rostermgr.errors import PrintRefused
from ui.render_worker import RenderWorker


def _said(render: Callable[[Callable[[int, int], None]], None]) -> list[str]:
    worker = RenderWorker(render)
    said: list[str] = []
    worker.failed.connect(said.append)
    worker.run()  # on this thread: the signal is delivered at once
    return said


def test_a_printables_refusal_is_said_as_its_sentence(qapp: object) -> None:
    def refuses(progress: Callable[[int, int], None]) -> None:
        raise PrintRefused("There are no cards to print.")

    assert _said(refuses) == ["There are no cards to print."]


def test_a_value_error_while_drawing_is_an_internal_error_and_logged(qapp: object) -> None:
    def fails(progress: Callable[[int, int], None]) -> None:
        raise ValueError("bad value inside reportlab")

    said = _said(fails)
    assert len(said) == 1 and "internal error" in said[0]
    assert "bad value inside reportlab" not in said[0]  # not passed off as the user's doing
    log = Path(said[0].rsplit("the details are in ", 1)[1].rstrip(")."))
    assert "bad value inside reportlab" in log.read_text(encoding="utf-8")
