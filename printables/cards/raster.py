"""A print shop's PDF checked and turned into PNG files, page by page, on every core (issue 31).

Each distinct page is checked (`page_problems`) and rendered once, at exactly the shop's pixel
size (no resampling), in worker processes when there are enough pages to be worth starting
them; a card whose face is drawn twice (the same member printed twice) is copied. The PDF is
read from a file beside the PNGs, which the caller's temporary folder holds.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printables.cards.colours import srgb_profile
from printables.cards.style import CARD_H, CARD_W

Progress = Callable[[int, int], None]
DPI = 300
TOL_PT = 0.01
PNG_LEVEL = 1  # zlib's fastest: 3% larger files than level 3, in half the time
CHUNK = 8  # pages a worker takes at a time: progress moves, and no worker waits long
IN_PROCESS = 48  # fewer pages than this are rendered here: starting workers costs more


Task = tuple[int, str]  # one page's work: its index in the PDF, its PNG's path


@dataclass(frozen=True)
class Target:
    """What every page is checked against and rendered to."""

    bleed: float  # points
    safe_in: float  # inches inside the trim that text keeps to
    size: tuple[int, int]  # pixels


def page_problems(page: Any, where: str, bleed: float, safe_in: float) -> list[str]:
    """What a shop would refuse on one page (pdfium's): its size, its TrimBox and BleedBox
    off by more than 0.01 pt, or a character outside the safe zone safe_in inside the trim."""
    w, h = CARD_W + 2 * bleed, CARD_H + 2 * bleed
    b, safe = bleed, safe_in * 72
    trim = (b, b, b + CARD_W, b + CARD_H)
    problems: list[str] = []
    if any(abs(a - e) > TOL_PT for a, e in zip(page.get_size(), (w, h), strict=True)):
        problems.append(f"{where} is not {w / 72:g} x {h / 72:g} in")
    boxes = (
        (page.get_trimbox(), trim, "TrimBox"),
        (page.get_bleedbox(), (0, 0, w, h), "BleedBox"),
    )
    for got, want, name in boxes:
        if any(abs(a - e) > TOL_PT for a, e in zip(got, want, strict=True)):
            problems.append(f"the {name} of {where} is not where the card is")
    text = page.get_textpage()
    try:
        chars = text.get_text_range()
        for k, ch in enumerate(chars):
            if not ch.strip():
                continue
            left, bottom, right, top = text.get_charbox(k)
            inside = (
                left >= trim[0] + safe - TOL_PT
                and bottom >= trim[1] + safe - TOL_PT
                and right <= trim[2] - safe + TOL_PT
                and top <= trim[3] - safe + TOL_PT
            )
            if not inside:
                zone = "1/8" if safe_in == 0.125 else f"{safe_in:g}"
                problems.append(f"'{ch}' on {where} is outside the {zone} in safe zone")
                break
    finally:
        text.close()
    return problems


def render_chunk(pdf_path: str, tasks: Sequence[Task], target: Target) -> list[str]:
    """Check and render the pages of tasks; the problems found (nothing is saved once one is)."""
    import pypdfium2 as pdfium

    px_w, px_h = target.size
    problems: list[str] = []
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        for index, png in tasks:
            page = pdf[index]
            try:
                problems += page_problems(page, f"page {index + 1}", target.bleed, target.safe_in)
                if problems:
                    continue
                w, h = page.get_size()
                # pdfium rounds the bitmap up: a hair under the exact scale gives the exact size
                scale = min(px_w / w, px_h / h) * (1 - 1e-7)
                bitmap = page.render(scale=scale, draw_annots=False, rev_byteorder=True)
                image = bitmap.to_pil()
                if image.size != (px_w, px_h):  # a pixel of rounding: resampled, never padded
                    image = image.resize((px_w, px_h))
                # pdfium renders sRGB: the file says so (a shop's RIP reads the profile)
                image.save(
                    png, dpi=(DPI, DPI), compress_level=PNG_LEVEL, icc_profile=srgb_profile()
                )
            finally:
                page.close()
    finally:
        pdf.close()
    return problems


def render_pages(
    pdf_path: Path,
    pages: Sequence[tuple[object, Path]],
    target: Target,
    progress: Progress | None = None,
    workers: int | None = None,
) -> list[str]:
    """Check and render each page (the i-th of pages is page i of the PDF) to its PNG path.

    pages pairs each page's content key with its path: a key met before is copied from the
    first page that had it, not rendered again. progress(done, total) counts pages. Returns
    the problems found (empty when every page passed and was written); when there are any,
    or the rendering is stopped (Ctrl+C, an exception from progress), no PNG is left.
    """
    first: dict[object, Path] = {}
    tasks: list[Task] = []
    copies: list[tuple[Path, Path]] = []
    for index, (key, path) in enumerate(pages):
        if key in first:
            copies.append((first[key], path))
        else:
            first[key] = path
            tasks.append((index, str(path)))
    total = len(pages)
    chunks = [tasks[i : i + CHUNK] for i in range(0, len(tasks), CHUNK)]
    count = workers if workers is not None else _workers(len(tasks))
    try:
        problems = _render(str(pdf_path), chunks, target, count, total, progress)
        if not problems:
            for source, copy in copies:
                shutil.copyfile(source, copy)
    except BaseException:
        _remove(path for _key, path in pages)
        raise
    if problems:
        _remove(path for _key, path in pages)
    elif progress is not None:
        progress(total, total)
    return problems


def _render(
    pdf_path: str,
    chunks: list[list[Task]],
    target: Target,
    workers: int,
    total: int,
    progress: Progress | None,
) -> list[str]:
    done = 0
    with closing(_run(pdf_path, chunks, target, workers)) as finished:
        for rendered, found in finished:
            if found:
                return found
            done += rendered
            if progress is not None:
                progress(min(done, total), total)
    return []


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)


def _workers(tasks: int) -> int:
    """A process per core for enough pages; one where processes cannot run (the bundle leaves
    multiprocessing out: packaging/rostermgr.spec)."""
    if tasks < IN_PROCESS:
        return 1
    try:
        import concurrent.futures.process  # noqa: F401
        import multiprocessing  # noqa: F401
    except ImportError:
        return 1
    return max(1, min(os.cpu_count() or 1, -(-tasks // CHUNK)))


def _run(
    pdf_path: str, chunks: list[list[Task]], target: Target, workers: int
) -> Generator[tuple[int, list[str]], None, None]:
    """(pages rendered, problems) of each chunk as it finishes: here, or on worker processes."""
    if workers > 1:
        from concurrent.futures.process import BrokenProcessPool

        try:
            yield from _on_workers(pdf_path, chunks, target, workers)
            return
        except BrokenProcessPool:
            pass  # a worker could not start or died: go on here (PNGs are simply rendered again)
    for chunk in chunks:
        yield len(chunk), render_chunk(pdf_path, chunk, target)


def _on_workers(
    pdf_path: str, chunks: list[list[Task]], target: Target, workers: int
) -> Generator[tuple[int, list[str]], None, None]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    # spawn, not fork: the app's process has Qt's threads, which a fork would copy half-alive
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_quiet)
    finished = False
    try:
        with _workers_deaf():  # the workers start at the first submissions
            sizes: dict[Future[list[str]], int] = {
                pool.submit(render_chunk, pdf_path, chunk, target): len(chunk) for chunk in chunks
            }
        pending = set(sizes)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield sizes[future], future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # stopped (Ctrl+C, Cancel, a refusal): the rest is not wanted
            _abandon(pool)


def _quiet() -> None:
    """A worker leaves Ctrl+C to the command, which stops the print and says so once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _workers_deaf() -> Iterator[None]:
    """Workers started in this block ignore Ctrl+C from their start (they inherit it), so none
    prints a traceback before its initializer runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _abandon(pool: Any) -> None:
    """Stop the workers where they are: nothing they would finish is wanted any more."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=True, cancel_futures=True)
