"""Imports after PySide6's: without its scan of every module's source.

PySide6 wraps `__import__` for its `__feature__` switches (snake_case, true_property): each
module imported after PySide6 is looked up in a table, and a module not yet in it has its whole
source read (`inspect.getsource`) to see whether it names PySide6. For the app's start that is
every module between the first paint and the campaign being editable, some 12 ms of the wait
(issue 33). This program selects no feature anywhere, so every module's switch is the default
whatever the scan finds; `skip_source_scan` tells PySide6 so by name instead: the ui package
uses PySide6 (the default switch, 0), every other module is "ignored" (-1), which resolves to
that same default. Where PySide6 has no such scan (another version), nothing is changed.
"""

from __future__ import annotations

import sys
from types import ModuleType

UI = "ui"


def uses_pyside(module: ModuleType) -> bool:
    """Whether `module` is one of the window's own, which use PySide6: by its name alone."""
    name = getattr(module, "__name__", "")
    return name == UI or name.startswith(UI + ".")


def skip_source_scan() -> None:
    """Have PySide6 tell the modules imported from now on by name, not by reading each one."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
