"""Issue 31 item 11: a print shop's PNGs rendered once per distinct page, on worker processes,
exactly the shop's size, and none left when the rendering is refused or stopped."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from printables.cards import card_faces, printed_faces
from printables.cards.raster import Target, render_pages
from printables.cards.shop import SAFE_IN, SPECS, draw_shop_pdf
from tests.printables.test_cards_support import dalton, rules

MPC = SPECS["mpc"]


def _pdf(tmp_path: Path) -> tuple[Path, int]:
    faces = printed_faces(card_faces([dalton()], rules()))
    out = io.BytesIO()
    pages = draw_shop_pdf(faces, rules(), out, MPC)
    path = tmp_path / "cards.pdf"
    path.write_bytes(out.getvalue())
    return path, len(pages)


def _render(tmp_path: Path, name: str, keys: list[object], workers: int, **kw: object):
    pdf, _count = _pdf(tmp_path)
    folder = tmp_path / name
    folder.mkdir()
    pages = [(key, folder / f"{i:03d}.png") for i, key in enumerate(keys)]
    seen: list[tuple[int, int]] = []
    target = Target(MPC.bleed, float(kw.get("safe_in", SAFE_IN)), MPC.pixels)
    problems = render_pages(pdf, pages, target, lambda d, t: seen.append((d, t)), workers)
    return folder, problems, seen


def test_worker_processes_render_the_same_pngs_as_one_process(tmp_path: Path):
    _pdf_path, count = _pdf(tmp_path)
    keys: list[object] = list(range(count))
    here, problems, _ = _render(tmp_path, "here", keys, workers=1)
    there, problems2, seen = _render(tmp_path, "there", keys, workers=2)
    assert problems == problems2 == []
    names = sorted(p.name for p in here.iterdir())
    assert names == sorted(p.name for p in there.iterdir()) and len(names) == count
    for name in names:
        with Image.open(here / name) as a, Image.open(there / name) as b:
            assert a.size == b.size == MPC.pixels  # exactly the shop's size, never resampled
            assert a.tobytes() == b.tobytes()
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1] == (count, count)


def test_a_page_met_again_is_copied_not_rendered(tmp_path: Path, monkeypatch):
    import printables.cards.raster as raster

    rendered: list[int] = []
    real = raster.render_chunk

    def counting(pdf, tasks, target):
        rendered.extend(i for i, _ in tasks)
        return real(pdf, tasks, target)

    monkeypatch.setattr(raster, "render_chunk", counting)
    folder, problems, _ = _render(tmp_path, "same", ["a", "b", "a", "b"], workers=1)
    assert problems == [] and sorted(rendered) == [0, 1]
    files = sorted(folder.iterdir())
    assert files[0].read_bytes() == files[2].read_bytes()
    assert files[1].read_bytes() == files[3].read_bytes()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_refused_page_leaves_no_png(tmp_path: Path, workers: int):
    _pdf_path, count = _pdf(tmp_path)
    folder, problems, _ = _render(
        tmp_path, "refused", list(range(count)), workers=workers, safe_in=0.5
    )
    assert problems and "outside the 0.5 in safe zone" in problems[0]
    assert list(folder.iterdir()) == []


def test_a_stopped_render_leaves_no_png(tmp_path: Path):
    pdf, count = _pdf(tmp_path)
    folder = tmp_path / "stopped"
    folder.mkdir()
    pages = [(i, folder / f"{i:03d}.png") for i in range(count)]

    def stop(done: int, _total: int) -> None:
        if done:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        render_pages(pdf, pages, Target(MPC.bleed, SAFE_IN, MPC.pixels), stop, workers=2)
    assert list(folder.iterdir()) == []


def test_without_multiprocessing_the_pages_are_rendered_here(monkeypatch) -> None:
    import builtins

    import printables.cards.raster as raster

    real = builtins.__import__

    def no_multiprocessing(name, *args, **kwargs):
        if name.startswith(("multiprocessing", "concurrent.futures.process")):
            raise ImportError(name)  # as in the bundle, which leaves it out
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_multiprocessing)
    assert raster._workers(10 * raster.IN_PROCESS) == 1
