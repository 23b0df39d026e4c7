"""PySide6 tells the modules imported after it by name, not by reading their source."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest

import ui.main_window
from ui import qt_imports


def test_the_window_modules_use_pyside_and_no_other_does() -> None:
    assert qt_imports.uses_pyside(ui.main_window)
    assert qt_imports.uses_pyside(sys.modules["ui"])
    assert not qt_imports.uses_pyside(inspect)
    assert not qt_imports.uses_pyside(pytest)


def test_a_module_imported_after_the_skip_is_not_read_and_qt_still_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not hasattr(feature, "_mod_uses_pyside"):
        pytest.skip("this PySide6 has no source scan")
    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # restored after
    (tmp_path / "fresh_after_pyside.py").write_text(
        "from PySide6.QtCore import QSize\nSIZE = QSize(3, 4).width()\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    read: list[object] = []
    monkeypatch.setattr(inspect, "getsource", lambda obj: read.append(obj) or "")
    qt_imports.skip_source_scan()
    fresh = __import__("fresh_after_pyside")  # an import statement's way, which PySide6 wraps
    assert read == []
    assert fresh.SIZE == 3  # a Qt type used from it behaves as ever
    assert feature.pyside_feature_dict["fresh_after_pyside"] == -1  # the default switch
    monkeypatch.delitem(sys.modules, "fresh_after_pyside")
