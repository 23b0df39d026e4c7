"""The bundled fonts, registered with reportlab once: DejaVu (Latin, Greek, Cyrillic and more)
and Droid Sans Fallback (Chinese, Japanese, Korean), a TrueType font reportlab subsets and embeds.

Every output (the cards, the journal, the reference, the shared picture) falls back through
the one list FALLBACKS: a character a face lacks is drawn in the first fallback that has it
(`font_for`), DejaVu Sans (which has the star U+2605 DejaVu Serif lacks), then Droid Sans
Fallback. `drawable_characters` is every character those fallbacks draw, so every output can
print it whatever face it uses; names are checked against it when they are stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from printables.font_cache import load_font

# Logical names used by every exporter; the files ship in printables/fonts with their licence.
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
CONDENSED = "Condensed"
CONDENSED_BOLD = "Condensed-Bold"
SERIF = "Serif"
SERIF_BOLD = "Serif-Bold"
SERIF_ITALIC = "Serif-Italic"
DISPLAY = "Display"  # condensed bold serif: the posters of the town
CJK = "CJK"  # Droid Sans Fallback: Han, kana and Hangul, for names typed in them
FALLBACKS = ("Sans", "CJK")  # tried in this order for a character a face lacks
# The faces the outputs draw text in (CJK only ever as a fallback).
FACES = (SANS, SANS_BOLD, CONDENSED, CONDENSED_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, DISPLAY)

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: "DejaVuSerif-Italic.ttf",
    DISPLAY: "DejaVuSerifCondensed-Bold.ttf",
    CJK: "DroidSansFallback.ttf",  # Apache 2.0, LICENSE-DroidSansFallback.txt
}
# Beside this module, as the bundle keeps them too (packaging/rostermgr.spec): importlib.resources
# would cost every print its folder readers (zipfile among them) for one path (issue 33).
FONT_DIR = Path(__file__).with_name("fonts")
# Registered only when a text needs it: parsing it takes about 0.1 s.
_ON_DEMAND = frozenset({CJK})

_registered: set[str] = set()
_families = False


def register_fonts(names: Iterable[str] | None = None) -> None:
    """Register bundled fonts under their logical names: the ones named, or all (idempotent).

    Each TrueType file takes several milliseconds to parse (read from the user's cache folder
    after the first time, printables.font_cache), so an exporter registers only the fonts it
    draws with.
    """
    global _families
    for name in [n for n in _FILES if n not in _ON_DEMAND] if names is None else names:
        if name in _registered:
            continue
        pdfmetrics.registerFont(load_font(name, FONT_DIR / _FILES[name]))
        _registered.add(name)
    if not _families:
        pdfmetrics.registerFontFamily(
            SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD
        )
        pdfmetrics.registerFontFamily(
            SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF_ITALIC, boldItalic=SERIF_BOLD
        )
        _families = True


@lru_cache(maxsize=32)
def _cmap(name: str) -> frozenset[int]:
    register_fonts([name])
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def font_for(ch: str, font: str) -> str:
    """The font that draws ch: font itself when it has the glyph, else the first fallback
    that has it, else font (a character no bundled font has; names are checked for those)."""
    if ord(ch) in _cmap(font):
        return font
    return next((f for f in FALLBACKS if ord(ch) in _cmap(f)), font)


def font_file(name: str) -> str:
    """The file name of a logical font, in printables/fonts (for Pillow, which has no registry)."""
    return _FILES[name]


def fallback_in_any_face(ch: str) -> str | None:
    """For text whose face is not known when it is marked up (a Paragraph's style picks it):
    None when every face draws ch, else the first fallback that has it (else None)."""
    if ord(ch) in _in_every_face():
        return None
    return next((f for f in FALLBACKS if ord(ch) in _cmap(f)), None)


@lru_cache(maxsize=1)
def _in_every_face() -> frozenset[int]:
    return frozenset.intersection(*(_cmap(f) for f in FACES))


@lru_cache(maxsize=1)
def drawable_characters() -> frozenset[int]:
    """The code points some bundled font can draw (through the fallbacks, in any face)."""
    return frozenset().union(*(_cmap(f) for f in FALLBACKS))
