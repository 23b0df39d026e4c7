"""Parsed faces kept between runs (printables.font_cache): the same fonts, the same PDFs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printables.font_cache import _entry, load_font
from printables.fonts import _FILES, FONT_DIR

ROOT = Path(__file__).resolve().parents[2]
SANS = FONT_DIR / _FILES["Sans"]

# Draws a line in every bundled face (the CJK fallback included) into an invariant PDF.
DRAW = """
import sys
from reportlab.pdfgen.canvas import Canvas
from printables.fonts import FACES, CJK, register_fonts
register_fonts([*FACES, CJK])
c = Canvas(sys.argv[1], invariant=1)
for i, face in enumerate([*FACES, CJK]):
    c.setFont(face, 11)
    c.drawString(40, 800 - 20 * i, "Ike Dalton \u00e9\u00df \u2605 \u6797 " + face)
c.save()
"""


def _without_scale(font: TTFont) -> dict[str, object]:
    """A face's attributes but its unit conversion (a function, compared by its results)."""
    return {k: v for k, v in vars(font.face).items() if k != "_pdfScale"}


@pytest.mark.parametrize("name", sorted(_FILES))
def test_a_kept_face_is_the_face_reportlab_parses(name: str, tmp_path: Path) -> None:
    path = FONT_DIR / _FILES[name]
    parsed = TTFont(name, str(path))
    first = load_font(name, path, tmp_path)  # parses, and keeps the face
    assert _entry(path, tmp_path).exists()
    kept = load_font(name, path, tmp_path)  # from the cache
    assert set(vars(kept)) == set(vars(parsed))
    assert (kept.fontName, kept.shapable, kept._asciiReadable) == (
        parsed.fontName,
        parsed.shapable,
        parsed._asciiReadable,
    )
    assert _without_scale(kept) == _without_scale(parsed) == _without_scale(first)
    assert type(kept.face.name) is type(parsed.face.name)
    assert kept.face.name.ustr == parsed.face.name.ustr
    assert [kept.face._pdfScale(v) for v in (0, 7, 2048)] == [
        parsed.face._pdfScale(v) for v in (0, 7, 2048)
    ]
    assert kept.stringWidth("Ike Dalton", 9) == parsed.stringWidth("Ike Dalton", 9)


def _draw(out: Path, cache: Path) -> bytes:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", DRAW, str(out)], env=env, check=True, cwd=ROOT)
    return out.read_bytes()


def test_a_pdf_drawn_from_kept_faces_is_byte_for_byte_the_parsed_one(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    parsed = _draw(tmp_path / "parsed.pdf", cache)
    assert len(list((cache / "rostermgr" / "fonts").glob("*.marshal"))) == len(_FILES)
    assert _draw(tmp_path / "kept.pdf", cache) == parsed


@pytest.mark.parametrize(
    "damage",
    [b"", b"\x00garbage", b"\xe9" * 40, None],
    ids=["empty", "garbage", "not-marshal", "another-file's"],
)
def test_a_damaged_or_foreign_entry_is_parsed_afresh_and_rewritten(
    damage: bytes | None, tmp_path: Path
) -> None:
    entry = _entry(SANS, tmp_path)
    if damage is None:  # an entry made from another file of the same name
        other = tmp_path / "other" / SANS.name
        other.parent.mkdir()
        other.write_bytes(SANS.read_bytes())
        load_font("Sans", other, tmp_path)
    else:
        entry.write_bytes(damage)
    before = entry.read_bytes()
    font = load_font("Sans", SANS, tmp_path)
    assert _without_scale(font) == _without_scale(TTFont("Sans", str(SANS)))
    assert entry.read_bytes() != before  # rewritten for this file
    assert _without_scale(load_font("Sans", SANS, tmp_path)) == _without_scale(font)


def test_a_changed_font_file_is_parsed_again(tmp_path: Path) -> None:
    copy = tmp_path / SANS.name
    copy.write_bytes(SANS.read_bytes())
    load_font("Sans", copy, tmp_path / "cache")
    copy.write_bytes((FONT_DIR / _FILES["Sans-Bold"]).read_bytes())  # same name, new face
    font = load_font("Sans", copy, tmp_path / "cache")
    assert font.face.name.ustr == TTFont("B", str(FONT_DIR / _FILES["Sans-Bold"])).face.name.ustr


def test_a_cache_folder_that_cannot_be_written_only_costs_the_parse(tmp_path: Path) -> None:
    blocked = tmp_path / "fonts"
    blocked.write_text("a file where the folder would be")
    font = load_font("Sans", SANS, blocked)
    assert _without_scale(font) == _without_scale(TTFont("Sans", str(SANS)))
    assert blocked.read_text() == "a file where the folder would be"
    assert not list(tmp_path.glob(".*.tmp"))
