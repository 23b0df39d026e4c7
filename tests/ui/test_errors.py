"""The unexpected-fault hook (ui.errors): logged, said, and shown only where someone can look."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QMessageBox

from ui import errors


@pytest.fixture
def hook(monkeypatch: pytest.MonkeyPatch, qapp) -> object:
    """The hook as the app installs it, with this test's own excepthook restored after."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(errors, "_shown", False)
    errors.install_exception_hook()
    return sys.excepthook


def _raise_into(hook: object) -> None:
    try:
        raise ValueError("the purse went negative")
    except ValueError as exc:
        hook(type(exc), exc, exc.__traceback__)  # type: ignore[operator]


def test_offscreen_the_fault_is_said_and_logged_with_no_box_waiting_for_ever(
    hook: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: boxes.append(a[2]))
    _raise_into(hook)
    assert boxes == []  # offscreen: nobody could click it, so the run would hang
    assert "internal error ValueError: the purse went negative" in capsys.readouterr().err


def test_on_a_screen_the_fault_is_shown_once_and_the_campaign_said_safe(
    hook: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxes: list[str] = []
    monkeypatch.setattr("ui.screen.can_ask", lambda: True)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: boxes.append(a[2]))
    _raise_into(hook)
    _raise_into(hook)
    assert len(boxes) == 1
    assert boxes[0].startswith("Something went wrong: the purse went negative.")
    assert "Your campaign is safe" in boxes[0]
