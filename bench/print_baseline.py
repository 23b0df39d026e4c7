"""Baseline for printing: a plain reportlab script drawing as much as the real cards draw.

    python bench/print_baseline.py SPEC.json OUT.pdf

SPEC (written by bench/printing.py from a counted run of the real exporter) gives the number
of card sides, pages, forms, and how many strings (and characters), rectangles and lines the
real PDF draws on its pages and in its forms. This script draws exactly that many, in the same
fonts (the DejaVu TTFs the product bundles), colours changed as often, 3 x 3 cards on A4, one
form per distinct card frame, with reportlab's plain canvas calls and no layout work at all.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent.parent / "printables" / "fonts"
TEXT = (
    "Ike Dalton\u00a0\u00b7 Ma Dalton \u00d72 Outlawmen \u2666 Revolver 0\u20133 +1 Wounds "
    "\u2212 \u2020 dead Favoured suit Damage, toughness Medium leather clothing Whiskey "
)
COLOURS = [Color(0.1 * i, 0.3, 1 - 0.1 * i) for i in range(6)]
CARD_W, CARD_H = 180.0, 252.0
PAGE = (595.28, 841.89)
QR = tuple[int, int, int]  # the first path a side draws, paths in all, module runs in all
QR_SHARED = 64  # module runs alike in every code (see draw_ops)
KINDS = ("strings", "chars", "rects", "lines", "paths", "clips", "fills", "strokes", "widths")


def share(total: int, parts: int, i: int) -> int:
    """The i-th of parts near-equal shares of total."""
    return total // parts + (1 if i < total % parts else 0)


def text_of(length: int, i: int) -> str:
    start = (i * 7) % len(TEXT)
    return (TEXT[start:] + TEXT * (1 + length // len(TEXT)))[:length]


def draw_ops(c: Canvas, fonts: list[str], n: dict[str, int], seed: int, qr: QR = (0, 0, 0)) -> None:
    """What one card side (or form) draws, n counting each kind: its clipping paths, strings
    totalling n["chars"] characters, rectangles, lines, and filled paths of module runs (a
    QR code's, drawn at qr[0] of qr[1] paths with qr[2] runs in all); with as many fill and
    stroke colours and line widths set, spread evenly over what they paint (at most one
    setting of each kind an item: the real cards never set more than what they paint)."""
    strings, rects, lines, paths = n["strings"], n["rects"], n["lines"], n["paths"]
    fills, strokes, widths = n["fills"], n["strokes"], n["widths"]
    filled, stroked = strings + rects + paths, rects + lines
    for _ in range(n["clips"]):  # the trim: a card side draws nothing outside it
        clip = c.beginPath()
        clip.rect(0, 0, CARD_W, CARD_H)
        c.clipPath(clip, stroke=0, fill=0)
    for i in range(strings):
        c.setFont(fonts[(seed + i) % len(fonts)], 6.0 + (i % 5))
        if i * fills % filled < fills:  # fills of filled items set a colour, spread evenly
            c.setFillColor(COLOURS[(seed + i) % len(COLOURS)])
        c.drawString(10.0, 240.0 - (i % 40) * 5.8, text_of(share(n["chars"], strings, i), seed + i))
    for i in range(rects):
        if (strings + i) * fills % filled < fills:
            c.setFillColor(COLOURS[i % len(COLOURS)])
        if i * strokes % stroked < strokes:
            c.setStrokeColor(COLOURS[(i + 1) % len(COLOURS)])
        if i * widths % stroked < widths:
            c.setLineWidth(0.5)
        c.rect(12.0 + (i % 9) * 17, 100.0 - (i % 7) * 11, 10.0, 10.0, stroke=1, fill=i % 2)
    for i in range(lines):
        if (rects + i) * strokes % stroked < strokes:
            c.setStrokeColor(COLOURS[i % len(COLOURS)])
        if (rects + i) * widths % stroked < widths:
            c.setLineWidth(0.4)
        c.line(11.0, 20.0 + i % 50, 169.0, 20.0 + i % 50)
    first, all_paths, runs = qr
    for k in range(paths):
        c.saveState()
        if (strings + rects + k) * fills % filled < fills:
            c.setFillColor(COLOURS[k % len(COLOURS)])
        # In module units, as the cards write a code (printables/qr.py): each run of dark
        # modules one rectangle, along a row from its left, then the next row down; runs and
        # gaps of 1 to 3 modules, scattered as in a real code, whose compression takes time.
        # The first QR_SHARED runs are the same in every code, as a real code's finder and
        # timing patterns are: then the runs compress about as well as the cards' own.
        c.transform(1.134, 0, 0, 1.134, 120.0, 50.0)
        path = c.beginPath()
        h, x, row = 0, 0, 0
        for i in range(share(runs, all_paths, first + k)):
            if i == QR_SHARED:
                h += first + k + 1  # this code's own runs from here
            h = (h * 1103515245 + 12345) & 0x7FFFFFFF
            x += 1 + (h >> 8) % 3
            width = 1 + (h >> 16) % 3
            if x + width > 33:
                x, row = (h >> 20) % 3, (row + 1) % 33
            path.rect(x, -row - 1, width, 1)
            x += width
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()


def main() -> int:
    spec = json.loads(Path(sys.argv[1]).read_text())
    fonts = []
    for i, filename in enumerate(spec["font_files"]):
        pdfmetrics.registerFont(TTFont(f"F{i}", str(FONT_DIR / filename)))
        fonts.append(f"F{i}")
    c = Canvas(
        sys.argv[2],
        pagesize=PAGE,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts[0],
        initialFontSize=10,
    )
    c.setTitle("baseline")
    forms, sides, pages = spec["forms"], spec["sides"], spec["pages"]
    f = spec["in_forms"]
    for n in range(forms):
        c.beginForm(f"Form{n}", 0, 0, CARD_W, CARD_H)
        draw_ops(c, fonts, {k: share(f.get(k, 0), forms, n) for k in KINDS}, n)
        c.endForm()
    p = spec["on_pages"]
    qr = (0, p.get("paths", 0), p.get("path_rects", 0))
    side = 0
    for page in range(pages):
        c.setPageSize(PAGE)
        per_page = share(sides, pages, page)
        for slot in range(per_page):
            col, row = slot % 3, slot // 3
            c.saveState()
            c.translate(27.64 + col * CARD_W, 42.94 + row * CARD_H)
            c.doForm(f"Form{side % forms}")
            mine = {k: share(p.get(k, 0), sides, side) for k in KINDS}
            draw_ops(c, fonts, mine, side, qr)
            qr = (qr[0] + mine["paths"], qr[1], qr[2])
            c.restoreState()
            side += 1
        c.showPage()
    c.save()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
