"""Colours that read on the system's palette, light or dark: nothing is drawn in a fixed ink.

Errors, the purse and the dead are coloured for the palette of the moment; a dark palette gets
lighter inks of the same hue, and a change of appearance styles every widget again.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

# (on a light palette, on a dark one)
ERROR_INK = ("#a11a1a", "#ff8a80")
PURSE_INK = ("#7a4a12", "#f0b45a")


def is_dark(palette: QPalette | None = None) -> bool:
    """A dark palette: the window colour is darker than mid-grey."""
    pal = palette if palette is not None else QApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def _ink(pair: tuple[str, str]) -> str:
    return pair[1] if is_dark() else pair[0]


def error_style() -> str:
    """A refusal's colour, readable on the palette."""
    return f"color: {_ink(ERROR_INK)};"


def purse_style(points: int) -> str:
    """The purse: large, bold, in a money colour readable on the palette."""
    return f"font-size: {points}pt; font-weight: bold; color: {purse_ink()};"


def purse_ink() -> str:
    """The purse's money colour, readable on the palette."""
    return _ink(PURSE_INK)


def dimmed() -> QColor:
    """Text that is there but not in use (the dead, what cannot be bought)."""
    return QApplication.palette().color(QPalette.ColorRole.PlaceholderText)


def restyle_all() -> None:
    """After a change of palette (View > Appearance), every widget drawn by a style sheet is
    styled again: Qt resolves a style sheet against the palette of the moment, so a heading
    kept the old palette's text (black on dark grey) and the inks stayed the old palette's."""
    dark = is_dark()
    for widget in QApplication.allWidgets():
        sheet = widget.styleSheet()
        if not sheet:
            continue
        for on_light, on_dark in (ERROR_INK, PURSE_INK):
            sheet = sheet.replace(on_light, on_dark) if dark else sheet.replace(on_dark, on_light)
        widget.setStyleSheet(sheet)
