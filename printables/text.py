"""User text for reportlab (DESIGN 6).

`para_text` is the one place user text is made safe for Paragraph markup. The rest measures,
wraps, shrinks and cuts plain strings for `drawString`, with the bundled fonts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import fallback_in_any_face, font_for

if TYPE_CHECKING:  # imported when a word is first broken: few prints break one (issue 33)
    import pyphen

# One pass, so "&" is never escaped twice. (xml.sax.saxutils.escape does the same, but importing
# it pulls in urllib.request, http.client and ssl: 9 ms of every print command.)
_MARKUP = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def para_text(text: str) -> str:
    """Escape user text for a Paragraph: `<`, `>`, `&` and quotes can never become markup.

    The paragraph's style picks the face later, so a character some face lacks (Chinese,
    Japanese, Korean; the star U+2605 DejaVu Serif lacks) is put in the first fallback font
    that draws it (printables.fonts.FALLBACKS), so it prints as itself in every style, never
    as a box.
    """
    # Control characters would make reportlab's parser fail; they never belong in a name.
    clean = "".join(c for c in text if c >= " " or c in "\n\t")
    out = []
    for font, run in _paragraph_runs(clean):
        escaped = run.translate(_MARKUP)
        out.append(f'<font name="{font}">{escaped}</font>' if font else escaped)
    return "".join(out)


@lru_cache(maxsize=8192)
def _paragraph_runs(text: str) -> tuple[tuple[str | None, str], ...]:
    """text cut into (fallback font or None for the style's own face, run) pieces."""
    out: list[tuple[str | None, str]] = []
    for ch in text:
        f = fallback_in_any_face(ch) if ch > "~" else None  # ASCII: every face has it
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return tuple(out)


@lru_cache(maxsize=8192)
def runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """text cut into (font, run) pieces: font where it has the glyphs, a fallback elsewhere."""
    out: list[tuple[str, str]] = []
    for ch in text:
        f = font_for(ch, font) if ch > "~" else font  # ASCII: every face has it
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return tuple(out)


def draw_string(
    c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left"
) -> None:
    """drawString with the fallback fonts; align "left", "right" or "centre" at x."""
    if align != "left":
        width = text_width(text, font, size)
        x -= width if align == "right" else width / 2
    t = c.beginText(x, y)
    for f, run in runs(text, font):
        t.setFont(f, size)
        t.textOut(run)
    c.drawText(t)


# Glyph extent of the bundled DejaVu fonts, as a share of the font size: accented capitals
# (Ł, Ž, Å) reach 0.93 above the baseline, descenders 0.24 below. Layouts that must keep text
# inside a box reserve this much, which also covers the 0.76 / 0.24 boxes PDF readers report.
ASCENT = 0.93
DESCENT = 0.24
ELLIPSIS = "\u2026"
_BREAKS = re.compile(r"[^\S\u00a0]+")  # whitespace other than the no-break space


def glyph_extent(size: float) -> tuple[float, float]:
    """(ascent, descent) in points that any glyph of the bundled fonts stays within."""
    return ASCENT * size, DESCENT * size


def text_width(text: str, font: str, size: float) -> float:
    # Widths scale with size: measure once per (text, font) at 1 pt. Cards repeat the same
    # labels and digits hundreds of times, and fitting measures each several times.
    return _unit_width(text, font) * size


@lru_cache(maxsize=8192)
def _unit_width(text: str, font: str) -> float:
    if text.isascii():  # every face has ASCII
        width: float = pdfmetrics.stringWidth(text, font, 1)
        return width
    return sum(float(pdfmetrics.stringWidth(run, f, 1)) for f, run in runs(text, font))


def fit_size(text: str, font: str, width: float, size: float, min_size: float) -> float:
    """The largest size from size down to min_size (in 0.25 pt steps) at which text fits width."""
    while size > min_size and text_width(text, font, size) > width:
        size = max(min_size, size - 0.25)
    return size


def ellipsize(text: str, font: str, size: float, width: float) -> str:
    """text, cut short with an ellipsis when it is wider than width."""
    if text_width(text, font, size) <= width:
        return text
    cut = len(text)
    while cut > 0 and text_width(text[:cut].rstrip() + ELLIPSIS, font, size) > width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS if cut else ""


def ellipsize_middle(text: str, font: str, size: float, width: float) -> str:
    """text, cut short in its middle when it is wider than width: its head and its ending kept
    ("Johnny\u2026Smith"), an ellipsis between them."""
    if text_width(text, font, size) <= width:
        return text
    for keep in range(len(text) - 1, 0, -1):
        head, tail = text[: (keep + 1) // 2].rstrip(), text[len(text) - keep // 2 :].lstrip()
        cut = head + ELLIPSIS + (tail if keep // 2 else "")
        if text_width(cut, font, size) <= width:
            return cut
    return ""


def distinct_labels(texts: list[str], font: str, sizes: list[float], width: float) -> list[str]:
    """Each text at its size cut to width, so that no label reads as another text: one cut at
    its end that another text also begins with ("Johnny Ri\u2026" for Johnny Ringo and Johnny
    Rivers) is cut in its middle instead, keeping its ending. A row's label must say whose it
    is (R18's shared cards)."""
    out = []
    for i, (text, size) in enumerate(zip(texts, sizes, strict=True)):
        others = [t for j, t in enumerate(texts) if j != i and t != text]
        label = ellipsize(text, font, size, width)
        if any(_reads_as(label, t) for t in others):
            label = ellipsize_middle(text, font, size, width)
        out.append(label)
    return out


def _reads_as(label: str, text: str) -> bool:
    """Whether label could be text cut short: text itself, or its head and ending either side
    of an ellipsis."""
    if ELLIPSIS not in label:
        return label == text
    head, tail = label.split(ELLIPSIS, 1)
    return text.startswith(head) and text.endswith(tail) and len(head) + len(tail) <= len(text)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap at whitespace, except that a no-break space holds its words together.

    A word wider than the line is broken as `break_word` says: at its own hyphens, then between
    syllables with a hyphen added, never silently mid-word. Newlines count as spaces.
    """
    return wrap_words(text, lambda t: text_width(t, font, size), width)


def wrap_words(text: str, measure: Callable[[str], float], width: float) -> list[str]:
    """wrap for any measure of a text's width (a PDF font's, or a picture's in pixels)."""
    lines: list[str] = []
    line = ""
    for word in _BREAKS.split(text):
        if not word:
            continue
        candidate = f"{line} {word}" if line else word
        if measure(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        while measure(word) > width and len(word) > 1:
            head, word = break_word(word, measure, width)
            lines.append(head)
        line = word
    if line:
        lines.append(line)
    return lines


HYPHEN = "-"
# Names here are mostly written in English; a name in another language still breaks between
# its syllables as English reads them, which a reader takes for a break, not a typo.
HYPHENATION_LANG = "en_GB"


@lru_cache(maxsize=1)
def _dictionary() -> pyphen.Pyphen:
    import pyphen  # with its dictionaries' folder reader (zipfile): 2 ms of every print

    return pyphen.Pyphen(lang=HYPHENATION_LANG)


def _syllable_breaks(word: str) -> list[int]:
    """Where pyphen would break word (indices into it), each part of a hyphenated word alone."""
    breaks: list[int] = []
    start = 0
    for part in re.split(r"(?<=-)", word):
        breaks += [start + i for i in _dictionary().positions(part)]
        start += len(part)
    return breaks


def break_word(word: str, measure: Callable[[str], float], width: float) -> tuple[str, str]:
    """(head, rest) of a word wider than width: head fits and shows that the word goes on.

    At the last of the word's own hyphens that fits ("Featherstonehaugh-" + "Montgomery"),
    else at the last syllable break that fits, with a hyphen ("Feath-" + "erstonehaugh"),
    else between characters with a hyphen (a word no syllable of which fits), except between
    Chinese, Japanese or Korean characters, which are written without one.
    """
    hyphens = [i + 1 for i, ch in enumerate(word[:-1]) if ch == HYPHEN]
    for cut in reversed(hyphens):
        if measure(word[:cut]) <= width:
            return word[:cut], word[cut:]
    for cut in reversed(_syllable_breaks(word)):
        if 0 < cut < len(word) and measure(word[:cut] + HYPHEN) <= width:
            return word[:cut] + HYPHEN, word[cut:]
    cut = len(word) - 1
    while cut > 1 and measure(_mid_word(word, cut)) > width:
        cut -= 1
    return _mid_word(word, cut), word[cut:]


def _mid_word(word: str, cut: int) -> str:
    """word[:cut] with the hyphen a break there needs (none between two CJK characters)."""
    wide = all(unicodedata.east_asian_width(c) in ("W", "F") for c in word[cut - 1 : cut + 1])
    return word[:cut] if wide or word[cut - 1] == HYPHEN else word[:cut] + HYPHEN


def fit_lines(
    text: str, font: str, width: float, size: float, min_size: float, max_lines: int
) -> tuple[float, list[str]]:
    """Shrink text to one line, else wrap it onto at most max_lines, else cut the last line short.

    Returns the size chosen and the lines; every line is at most width wide.
    """
    one = fit_size(text, font, width, size, min_size)
    if text_width(text, font, one) <= width or max_lines == 1:
        return one, [ellipsize(text, font, one, width)]
    wrap_size = size
    while True:
        lines = wrap(text, font, wrap_size, width)
        if len(lines) <= max_lines or wrap_size <= min_size:
            break
        wrap_size = max(min_size, wrap_size - 0.25)
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(rest, font, wrap_size, width)]
    return wrap_size, lines


def fit_block(
    text: str,
    font: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    lead: float = 1.1,
) -> tuple[float, list[str]]:
    """The largest size (down to min_size) at which text, wrapped to width, fits height.

    Lines are `lead` x size apart; the block is block_height(size, len(lines), lead) tall.
    At min_size the lines that do not fit are dropped and the last one ends in an ellipsis.
    """
    while True:
        lines = wrap(text, font, size, width) or [""]
        if block_height(size, len(lines), lead) <= height or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    keep = max(1, int((height - (ASCENT + DESCENT) * size) // (lead * size)) + 1)
    if len(lines) > keep:
        rest = " ".join(lines[keep - 1 :])
        lines = [*lines[: keep - 1], ellipsize(rest, font, size, width)]
    return size, lines


def block_height(size: float, lines: int = 1, lead: float = 1.1) -> float:
    """Height of lines of text at size, lead x size apart, from top of ascent to descent."""
    return (ASCENT + DESCENT) * size + max(0, lines - 1) * lead * size
