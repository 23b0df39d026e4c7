"""Forlorn Hope casualty markers (RULES R20): fallen soldiers to print on card and cut out."""

from printables.casualties.inks import INKS, UNITS
from printables.casualties.sheet import (
    MARKER_MAX_MM,
    MARKER_MIN_MM,
    MARKER_MM,
    MAX_MARKERS,
    PAPERS,
    casualty_mix,
    write_casualty_sheets,
)

__all__ = [
    "INKS",
    "MARKER_MAX_MM",
    "MARKER_MIN_MM",
    "MARKER_MM",
    "MAX_MARKERS",
    "PAPERS",
    "UNITS",
    "casualty_mix",
    "write_casualty_sheets",
]
