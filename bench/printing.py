"""Printing: roster cards for many posses, against a plain reportlab script of equal content.

The product runs as `rostermgr --db FILE print cards NAME... -o OUT` in a fresh process: what a
user waits for. The baseline, bench/print_baseline.py, is a fresh process too, drawing exactly
as many strings (with as many characters), rectangles, lines, forms, card sides and pages as
the real exporter draws for the same posses; those counts come from running the real exporter
once here with reportlab's canvas methods counted.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common import BENCH, PYTHON, Figure, bench_env, median, spawn

CLI = "from cli import run; run()"  # what the `rostermgr` script runs
STRINGS = ("drawString", "drawRightString", "drawCentredString")
SHAPES = {"rect": "rects", "roundRect": "rects", "line": "lines"}
# graphics state the baseline sets as often: fill and stroke colours, line widths
SETTINGS = {"setFillColor": "fills", "setStrokeColor": "strokes", "setLineWidth": "widths"}
MPC_TARGET_MS = 30_000  # issue 31, 11: 500 cards for MakePlayingCards in 30 s on 2 cores


@contextmanager
def counted_canvas() -> Iterator[dict[str, Any]]:
    """Count what reportlab's Canvas draws, in forms and on pages, while the block runs.

    A string is one drawString (or right, centred) or one line written into a text object
    (textOut, textLine): the baseline draws each with drawString. Also counted: fill colours
    (on the canvas and in text objects), stroke colours and line widths set, and clipping
    paths (a card side's trim; its rectangle is not counted among the QR's module runs).
    """
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject
    from reportlab.pdfgen.textobject import PDFTextObject

    counts: dict[str, Any] = {
        "in_forms": Counter(),
        "on_pages": Counter(),
        "forms": 0,
        "pages": 0,
        "fonts": set(),
    }
    state = {"form": False, "depth": 0}
    saved_text = {name: getattr(PDFTextObject, name) for name in ("textOut", "textLine", "setFont")}
    saved = {
        name: getattr(Canvas, name)
        for name in (
            *STRINGS,
            *SHAPES,
            "beginForm",
            "endForm",
            "showPage",
            "setFont",
            "drawPath",
            "addLiteral",
            "clipPath",
            *SETTINGS,
        )
    }
    saved_text_fill = PDFTextObject.setFillColor
    saved_path_rect = PDFPathObject.rect

    def where() -> Counter[str]:
        return counts["in_forms" if state["form"] else "on_pages"]

    def wrap_string(name: str) -> Callable[..., Any]:
        def method(self: Canvas, x: float, y: float, text: str, *a: Any, **k: Any) -> Any:
            if state["depth"] == 0:  # drawRightString may call drawString: count it once
                where()["strings"] += 1
                where()["chars"] += len(text)
            state["depth"] += 1
            try:
                return saved[name](self, x, y, text, *a, **k)
            finally:
                state["depth"] -= 1

        return method

    def wrap_text_line(name: str) -> Callable[..., Any]:
        def method(self: PDFTextObject, text: str = "", *a: Any, **k: Any) -> Any:
            if state["depth"] == 0:  # else drawString's own text object: counted there
                where()["strings"] += 1
                where()["chars"] += len(text)
            return saved_text[name](self, text, *a, **k)

        return method

    def text_font(self: PDFTextObject, name: str, *a: Any, **k: Any) -> Any:
        counts["fonts"].add(name)
        return saved_text["setFont"](self, name, *a, **k)

    def wrap_shape(name: str) -> Callable[..., Any]:
        def method(self: Canvas, *a: Any, **k: Any) -> Any:
            where()[SHAPES[name]] += 1
            return saved[name](self, *a, **k)

        return method

    def path_rect(self: PDFPathObject, *a: Any, **k: Any) -> Any:
        where()["path_rects"] += 1  # a QR code's runs of dark modules (issue 34)
        return saved_path_rect(self, *a, **k)

    def wrap_setting(name: str) -> Callable[..., Any]:
        def method(self: Canvas, *a: Any, **k: Any) -> Any:
            where()[SETTINGS[name]] += 1
            return saved[name](self, *a, **k)

        return method

    def text_fill(self: PDFTextObject, *a: Any, **k: Any) -> Any:
        where()["fills"] += 1  # a colour set inside a text object (cards/pen.py)
        return saved_text_fill(self, *a, **k)

    def clip_path(self: Canvas, path: PDFPathObject, *a: Any, **k: Any) -> Any:
        # each card side is clipped to its trim (writer._place): its rectangle is a clip,
        # not one of the QR's module runs
        where()["clips"] += 1
        where()["path_rects"] -= str(path.getCode()).count(" re")
        return saved["clipPath"](self, path, *a, **k)

    def add_literal(self: Canvas, text: str, *a: Any, **k: Any) -> Any:
        # a QR code's modules, written as one literal path of rectangles (printables/qr.py)
        where()["path_rects"] += str(text).count(" re")
        where()["paths"] += str(text).rstrip().endswith("f")
        return saved["addLiteral"](self, text, *a, **k)

    def draw_path(self: Canvas, *a: Any, **k: Any) -> Any:
        where()["paths"] += 1
        return saved["drawPath"](self, *a, **k)

    def begin_form(self: Canvas, *a: Any, **k: Any) -> Any:
        state["form"] = True
        counts["forms"] += 1
        return saved["beginForm"](self, *a, **k)

    def end_form(self: Canvas, *a: Any, **k: Any) -> Any:
        state["form"] = False
        return saved["endForm"](self, *a, **k)

    def show_page(self: Canvas, *a: Any, **k: Any) -> Any:
        counts["pages"] += 1
        return saved["showPage"](self, *a, **k)

    def set_font(self: Canvas, name: str, *a: Any, **k: Any) -> Any:
        counts["fonts"].add(name)
        return saved["setFont"](self, name, *a, **k)

    patches: dict[str, Any] = {name: wrap_string(name) for name in STRINGS}
    patches.update({name: wrap_shape(name) for name in SHAPES})
    patches.update(beginForm=begin_form, endForm=end_form, showPage=show_page, setFont=set_font)
    patches["drawPath"] = draw_path
    patches["addLiteral"] = add_literal
    patches["clipPath"] = clip_path
    patches.update({name: wrap_setting(name) for name in SETTINGS})
    PDFTextObject.setFillColor = text_fill  # type: ignore[method-assign]
    PDFPathObject.rect = path_rect  # type: ignore[method-assign]
    for name, method in patches.items():
        setattr(Canvas, name, method)
    text_patches = {"textOut": wrap_text_line("textOut"), "textLine": wrap_text_line("textLine")}
    text_patches["setFont"] = text_font
    for name, method in text_patches.items():
        setattr(PDFTextObject, name, method)
    try:
        yield counts
    finally:
        for name, method in saved.items():
            setattr(Canvas, name, method)
        for name, method in saved_text.items():
            setattr(PDFTextObject, name, method)
        PDFPathObject.rect = saved_path_rect  # type: ignore[method-assign]
        PDFTextObject.setFillColor = saved_text_fill  # type: ignore[method-assign]


def card_spec(campaign: Path, names: Sequence[str]) -> dict[str, Any]:
    """Run the real exporter once, in memory, and count what it draws."""
    from reportlab.pdfbase import pdfmetrics

    from db import posses
    from db.connection import open_campaign
    from printables.cards import card_faces, write_cards

    db = open_campaign(campaign)
    try:
        from db.undo import undo_mark
        from rostermgr.rules_load import default_ruleset

        rules = default_ruleset()
        # with the change counter, as `print cards` does: each back carries its state code
        faces = card_faces([posses.load_posse(n) for n in names], rules, counter=undo_mark(db))
    finally:
        db.close()
    with counted_canvas() as counts:
        write_cards(faces, rules, io.BytesIO())
    files = sorted({Path(pdfmetrics.getFont(f).face.filename).name for f in counts["fonts"]})
    return {
        "faces": len(faces),
        "sides": 2 * len(faces),
        "pages": counts["pages"],
        "forms": counts["forms"],
        "in_forms": dict(counts["in_forms"]),
        "on_pages": dict(counts["on_pages"]),
        "font_files": files,
    }


def measure(tmp: Path, campaign: Path, names: Sequence[str], runs: int) -> list[Figure]:
    env = bench_env(tmp)
    figures: list[Figure] = []
    for chosen, target in ((names, 1.15), (names[:1], None)):  # issue 33: at most 1.15
        label = f"{len(chosen)} posse{'s' if len(chosen) > 1 else ''}"
        spec_file = tmp / f"spec-{len(chosen)}.json"
        out, out0 = tmp / f"cards-{len(chosen)}.pdf", tmp / f"baseline-{len(chosen)}.pdf"
        product = [
            PYTHON,
            "-c",
            CLI,
            "--db",
            str(campaign),
            "print",
            "cards",
            *chosen,
            "-o",
            str(out),
        ]
        baseline = [PYTHON, str(BENCH / "print_baseline.py"), str(spec_file), str(out0)]
        spawn(product, env)  # warm-up
        # Counted after the warm-up: its first print records the cards' fingerprints, which
        # moves the change counter every back's state code carries; the measured runs print
        # the codes of that state, and the count has the same QR codes.
        spec = card_spec(campaign, chosen)
        spec_file.write_text(json.dumps(spec))
        spawn(baseline, env)
        times: list[float] = []
        times0: list[float] = []
        for _ in range(runs):
            times0.append(spawn(baseline, env).wall_ms)
            times.append(spawn(product, env).wall_ms)
        what = f"{spec['faces']} cards, {spec['pages']} pages"
        counted = (
            f"per run: {spec['on_pages'].get('strings', 0)} strings, "
            f"{spec['on_pages'].get('rects', 0)} boxes, {spec['on_pages'].get('lines', 0)} lines, "
            f"{spec['on_pages'].get('path_rects', 0)} QR module runs in "
            f"{spec['on_pages'].get('paths', 0)} paths on pages; "
            f"{spec['forms']} forms with {spec['in_forms'].get('strings', 0)} strings"
        )
        figures.append(
            Figure(
                "print",
                f"print cards, {label}: {what}",
                "ms",
                median(times),
                median(times0),
                "plain reportlab script, same content",
                target_ratio=target,
                runs=times,
                baseline_runs=times0,
                note=counted,
            )
        )
        figures.append(
            Figure(
                "print",
                f"PDF size, {label}",
                "KiB",
                out.stat().st_size / 1024,
                out0.stat().st_size / 1024,
                "plain reportlab script, same content",
            )
        )
        if len(chosen) > 1:
            figures.append(_shop_figure(tmp, campaign, chosen, env, runs, median(times), spec))
    return figures


def _shop_figure(
    tmp: Path,
    campaign: Path,
    names: Sequence[str],
    env: dict[str, str],
    runs: int,
    sheets_ms: float,
    spec: dict[str, Any],
) -> Figure:
    """`print cards --for mpc`: every card's front and back as a 300 dpi PNG (pdfium renders
    the PDF drawn for the shop, after its preflight), into a new folder each run. Against the
    home-printed sheets of the same cards, measured just before. At most 3 runs: it is long."""
    import shutil

    times: list[float] = []
    files = 0
    for i in range(min(runs, 3)):
        folder = tmp / f"mpc-{i}"
        product = [PYTHON, "-c", CLI, "--db", str(campaign), "print", "cards", *names]
        times.append(spawn([*product, "--for", "mpc", "-o", str(folder)], env).wall_ms)
        files = len(list(folder.glob("*.png")))
        shutil.rmtree(folder, ignore_errors=True)
    return Figure(
        "print",
        f"print cards --for mpc, {len(names)} posses: {spec['faces']} cards, {files} PNGs",
        "ms",
        median(times),
        sheets_ms,
        "the same cards as duplex-long sheets (print cards, above)",
        target_max=MPC_TARGET_MS if len(names) >= 100 else None,
        runs=times,
        note="822 x 1122 px PNGs at 300 dpi, pypdfium2, checked and rendered on a worker "
        "process per core, a fresh process",
    )
