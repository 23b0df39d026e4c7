"""A posse as one PNG picture for a phone screen, drawn with Pillow and the bundled fonts.

Sizes are given for a 1080 px wide picture and scaled to the width asked for. The picture is
as tall as its members need; it is laid out once to measure, then drawn.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from printables.fonts import CONDENSED, DISPLAY, SANS, SANS_BOLD, font_file
from printables.text import runs, wrap_words
from rostermgr.errors import PrintRefused
from rostermgr.share import SharedMember, SharedPosse, flips_text, strikes_text

DEFAULT_WIDTH = 1080
MIN_WIDTH = 320  # narrower, the stat line's digits no longer read
MAX_WIDTH = 4096  # wider is no phone; the picture's memory grows with the square
BASE = 1080.0

GROUND = "#efe6d2"
BAND = "#7a2e1a"
CARD = "#f5ecd9"
INK = "#1d140b"
BROWN = "#4a2f17"
MUTED = "#5a3b1e"
RULE = "#b49a74"
DEAD_CARD = "#e2dccf"

# Logical fonts of printables.fonts: a character the face lacks falls back through the one
# list every output uses (printables.fonts.FALLBACKS), so no name prints as boxes.
FACES = {"display": DISPLAY, "bold": SANS_BOLD, "sans": SANS, "condensed": CONDENSED}


@lru_cache(maxsize=64)
def _pillow(name: str, size: int) -> ImageFont.FreeTypeFont:
    folder = resources.files("printables").joinpath("fonts")
    with resources.as_file(folder.joinpath(font_file(name))) as path:
        return ImageFont.truetype(str(path), size)


class Font:
    """A face at a size, measured and drawn run by run in the fonts that have the glyphs."""

    def __init__(self, name: str, size: int) -> None:
        self.name, self.size = name, size

    def runs(self, text: str) -> tuple[tuple[ImageFont.FreeTypeFont, str], ...]:
        return tuple((_pillow(f, self.size), run) for f, run in runs(text, self.name))

    def getlength(self, text: str) -> float:
        return sum(float(f.getlength(run)) for f, run in self.runs(text))


@lru_cache(maxsize=64)
def _font(kind: str, size: int) -> Font:
    return Font(FACES[kind], size)


def _wrap(text: str, font: Font, width: float) -> list[str]:
    """Greedy word wrap; a word wider than the line breaks at its hyphens, then between
    syllables with a hyphen (printables.text.break_word), never silently mid-word."""
    return wrap_words(text, font.getlength, width) or [""]


class _Painter:
    """Draws when given an ImageDraw; with none it only measures, so height is known first."""

    def __init__(self, width: int, draw: ImageDraw.ImageDraw | None) -> None:
        self.w, self.d = width, draw
        self.k = width / BASE

    def px(self, value: float) -> int:
        return round(value * self.k)

    def font(self, kind: str, size: float) -> Font:
        return _font(kind, max(8, self.px(size)))

    def text(self, xy: tuple[float, float], text: str, font: Font, fill: str) -> None:
        if self.d is None:
            return
        # Runs in different fonts share the face's baseline (each font has its own ascent).
        x, y = xy
        baseline = y + _pillow(font.name, font.size).getmetrics()[0]
        for face, run in font.runs(text):
            self.d.text((x, baseline), run, font=face, fill=fill, anchor="ls")
            x += face.getlength(run)

    def block(
        self, x: float, y: float, width: float, text: str, font: Font, fill: str, lead: float = 1.2
    ) -> float:
        """Wrapped lines from y down; returns the y below them."""
        step = font.size * lead
        for line in _wrap(text, font, width):
            self.text((x, y), line, font, fill)
            y += step
        return y

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: str,
        outline: str | None = None,
        radius: float = 0,
        width: int = 1,
    ) -> None:
        if self.d is not None:
            self.d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def _member(p: _Painter, m: SharedMember, posse: SharedPosse, top: float) -> float:
    """One member's card from `top`; returns the y below it."""
    margin, pad = p.px(36), p.px(28)
    left, right = margin, p.w - margin
    inner = right - left - 2 * pad
    name_font, role_font = p.font("bold", 50), p.font("sans", 34)
    y = top + pad
    # measure the card first by drawing nothing, then draw the ground and the text over it
    body_top = y
    role = f"{m.role} · dead" if m.dead else m.role
    y = p.block(left + pad, y, inner, m.name, name_font, INK)
    y = p.block(left + pad, y, inner, role, role_font, MUTED) + p.px(12)
    grid_top = y
    cols = len(posse.stat_heads)
    cell = inner / max(cols, 1)
    head_font, value_font = p.font("condensed", 30), p.font("bold", 56)
    grid_h = p.px(40) + p.px(70)
    y = grid_top + grid_h + p.px(18)
    small = p.font("sans", 34)
    line = f"{strikes_text(m)} · {flips_text(m)}"
    status_y = y
    y = p.block(left + pad, y, inner, line, small, INK) + p.px(6)
    gear_y = y
    gear = "Gear: " + (m.gear_text or "none")
    y = p.block(left + pad, y, inner, gear, small, INK)
    bottom = y + pad
    if p.d is None:
        return bottom
    p.rect((left, top, right, bottom), DEAD_CARD if m.dead else CARD, BROWN, p.px(22), p.px(4))
    y = p.block(left + pad, body_top, inner, m.name, name_font, INK)
    p.block(left + pad, y, inner, role, role_font, MUTED)
    for i, (head, value) in enumerate(zip(posse.stat_heads, m.stat_texts, strict=True)):
        x0 = left + pad + i * cell
        p.rect((x0, grid_top, x0 + cell, grid_top + grid_h), "#fbf6ea", RULE, 0, max(1, p.px(2)))
        _centred(p, x0 + cell / 2, grid_top + p.px(6), head, head_font, MUTED)
        _centred(p, x0 + cell / 2, grid_top + p.px(44), value, value_font, INK)
    p.block(left + pad, status_y, inner, line, small, INK)
    p.block(left + pad, gear_y, inner, gear, small, INK)
    return bottom


def _centred(p: _Painter, cx: float, y: float, text: str, font: Font, fill: str) -> None:
    p.text((cx - font.getlength(text) / 2, y), text, font, fill)


def _paint(p: _Painter, posse: SharedPosse) -> float:
    margin = p.px(36)
    title_font, sub_font = p.font("display", 76), p.font("sans", 36)
    y = float(p.px(34))
    # the band lies under the title: measure the title first, then draw band and title
    title_end = p.block(margin, y, p.w - 2 * margin, posse.name, title_font, "#ffffff", 1.12)
    sub_end = p.block(
        margin, title_end + p.px(6), p.w - 2 * margin, posse.summary, sub_font, "#ffffff"
    )
    header_h = sub_end + p.px(28)
    if p.d is not None:
        p.rect((0, 0, p.w, header_h), BAND)
        p.block(margin, y, p.w - 2 * margin, posse.name, title_font, "#ffffff", 1.12)
        p.block(margin, title_end + p.px(6), p.w - 2 * margin, posse.summary, sub_font, "#ffffff")
    y = header_h + p.px(30)
    for m in posse.members:
        y = _member(p, m, posse, y) + p.px(26)
    foot = p.font("condensed", 30)
    y = p.block(margin, y, p.w - 2 * margin, f"{posse.ruleset} · rostermgr", foot, MUTED)
    return y + p.px(30)


def posse_png(posse: SharedPosse, width: int = DEFAULT_WIDTH) -> bytes:
    """The posse as PNG bytes, `width` pixels wide and as tall as it needs.

    A width outside MIN_WIDTH..MAX_WIDTH is refused with a sentence (PrintRefused).
    """
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise PrintRefused(
            f"The image width {width} px is not usable; give {MIN_WIDTH} to {MAX_WIDTH} px."
        )
    height = round(_paint(_Painter(width, None), posse))
    image = Image.new("RGB", (width, height), GROUND)
    _paint(_Painter(width, ImageDraw.Draw(image)), posse)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
