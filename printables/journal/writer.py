"""write_journal: the posse journal as an A5 PDF, or as an A4 booklet to fold (R19)."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import BinaryIO

from printables.journal.booklet import ImposingCanvas, booklet_sides, padded
from printables.journal.pages import JournalDoc
from printables.journal.story import build_story, cover_lines
from rostermgr.journal import JournalData
from rostermgr.rules import Ruleset

Progress = Callable[[int, int], None]


def write_journal(
    data: JournalData,
    rules: Ruleset,
    out: str | Path | BinaryIO,
    *,
    booklet: bool = False,
    progress: Progress | None = None,
) -> int:
    """Write the posse journal to out (a path or a binary file object); return its PDF pages.

    A5 pages by default; booklet=True imposes them two to a side of A4 landscape, padded with
    blank pages to a multiple of 4, to print double-sided (short-edge flip) and fold.
    progress(done, total) is called once the pages are counted (done = 0), then after each A5
    page and, for a booklet, after each A4 side; the last call has done == total.
    """
    title = f"Posse journal: {data.posse.name}"
    subject = f"{data.ruleset} posse journal for {data.posse.name} ({data.faction})"
    if booklet:
        subject += ", A5 booklet imposed on A4"

    def doc(target: str | Path | BinaryIO, after_page: Callable[[int], None] | None) -> JournalDoc:
        return JournalDoc(
            target,
            posse=data.posse.name,
            title=title,
            subject=subject,
            after_page=after_page,
            cover_lines=cover_lines(booklet=booklet),
        )

    # First pass, to memory: count the pages so that progress can report a total.
    counted: list[int] = [0]
    doc(io.BytesIO(), lambda n: counted.__setitem__(0, n)).build(build_story(data, rules))
    pages = counted[0]
    sides = len(booklet_sides(padded(pages))) if booklet else 0
    total = pages + sides

    def report(done: int) -> None:
        if progress is not None:
            progress(done, total)

    report(0)
    final = doc(out, report)
    story = build_story(data, rules)
    if booklet:
        imposer = partial(ImposingCanvas, on_side=lambda side, _sides: report(pages + side))
        final.build(story, canvasmaker=imposer)
        return sides
    final.build(story)
    return pages
