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


def share(total: int, parts: int, i: int) -> int:
    """The i-th of parts near-equal shares of total."""
    return total // parts + (1 if i < total % parts else 0)


def text_of(length: int, i: int) -> str:
    start = (i * 7) % len(TEXT)
    return (TEXT[start:] + TEXT * (1 + length // len(TEXT)))[:length]


def draw_ops(
    c: Canvas,
    fonts: list[str],
    strings: int,
    chars: int,
    rects: int,
    lines: int,
    seed: int,
    paths: int = 0,
    path_rects: int = 0,
) -> None:
    """strings strings totalling chars characters, rects rectangles, lines lines, and paths
    filled paths of path_rects rectangles in all (a QR code's runs of dark modules)."""
    for i in range(strings):
        c.setFont(fonts[(seed + i) % len(fonts)], 6.0 + (i % 5))
        c.setFillColor(COLOURS[(seed + i) % len(COLOURS)])
        c.drawString(10.0, 240.0 - (i % 40) * 5.8, text_of(share(chars, strings, i), seed + i))
    for i in range(rects):
        c.setFillColor(COLOURS[i % len(COLOURS)])
        c.setStrokeColor(COLOURS[(i + 1) % len(COLOURS)])
        c.setLineWidth(0.5)
        c.rect(12.0 + (i % 9) * 17, 100.0 - (i % 7) * 11, 10.0, 10.0, stroke=1, fill=i % 2)
    for i in range(lines):
        c.setStrokeColor(COLOURS[i % len(COLOURS)])
        c.setLineWidth(0.4)
        c.line(11.0, 20.0 + i % 50, 169.0, 20.0 + i % 50)
    for n in range(paths):
        c.saveState()
        c.setFillColor(COLOURS[n % len(COLOURS)])
        path = c.beginPath()
        for i in range(share(path_rects, paths, n)):
            path.rect(
                120.0 + (i % 29) * 1.134, 10.0 + (i // 29 % 29) * 1.134, 1.134 * (1 + i % 3), 1.134
            )
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
        draw_ops(
            c,
            fonts,
            share(f["strings"], forms, n),
            share(f["chars"], forms, n),
            share(f["rects"], forms, n),
            share(f["lines"], forms, n),
            n,
        )
        c.endForm()
    p = spec["on_pages"]
    side = 0
    for page in range(pages):
        c.setPageSize(PAGE)
        per_page = share(sides, pages, page)
        for slot in range(per_page):
            col, row = slot % 3, slot // 3
            c.saveState()
            c.translate(27.64 + col * CARD_W, 42.94 + row * CARD_H)
            c.doForm(f"Form{side % forms}")
            draw_ops(
                c,
                fonts,
                share(p["strings"], sides, side),
                share(p["chars"], sides, side),
                share(p["rects"], sides, side),
                share(p["lines"], sides, side),
                side,
                share(p.get("paths", 0), sides, side),
                share(p.get("path_rects", 0), sides, side),
            )
            c.restoreState()
            side += 1
        c.showPage()
    c.save()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
