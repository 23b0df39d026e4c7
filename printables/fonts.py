"""The bundled DejaVu fonts (Latin, Greek, Cyrillic), registered with reportlab once."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# Logical names used by every exporter; the files ship in printables/fonts with their licence.
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
CONDENSED = "Condensed"
CONDENSED_BOLD = "Condensed-Bold"
SERIF = "Serif"
SERIF_BOLD = "Serif-Bold"
SERIF_ITALIC = "Serif-Italic"
DISPLAY = "Display"  # condensed bold serif: the posters of the town

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: "DejaVuSerif-Italic.ttf",
    DISPLAY: "DejaVuSerifCondensed-Bold.ttf",
}

_registered: set[str] = set()
_families = False


def register_fonts(names: Iterable[str] | None = None) -> None:
    """Register bundled fonts under their logical names: the ones named, or all (idempotent).

    Each TrueType file takes several milliseconds to parse, so an exporter registers only the
    fonts it draws with.
    """
    global _families
    folder = resources.files("printables").joinpath("fonts")
    for name in _FILES if names is None else names:
        if name in _registered:
            continue
        with resources.as_file(folder.joinpath(_FILES[name])) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        _registered.add(name)
    if not _families:
        pdfmetrics.registerFontFamily(
            SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD
        )
        pdfmetrics.registerFontFamily(
            SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF_ITALIC, boldItalic=SERIF_BOLD
        )
        _families = True
