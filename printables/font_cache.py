"""Parsed TrueType faces kept between runs, so a print does not parse its fonts every time.

reportlab parses a TrueType file (its character map, widths and glyph offsets) each time a
process registers it: some 5 ms for each DejaVu face, about 20 ms for the four faces of a card
print, a fifth of what a print costs over plain drawing (issue 33). The parsed face is plain
data, so it is kept in the user's cache folder (marshal: the format Python keeps its own
bytecode cache in) and read back in well under a millisecond.

A cache entry is used only if it was made from the same font file (its size and modification
time) by the same reportlab and the same layout of a face; anything else, a damaged file
included, is parsed afresh and the entry rewritten. The cache is only ever a saving: a cache
folder that cannot be read or written leaves the print to parse as before, and says nothing.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import tempfile
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import (
    TTEncoding,
    TTFNameBytes,
    TTFont,
    TTFontFace,
    unShapedFontGlob,
)

# Bump when what is kept changes shape; reportlab's own version is in the key as well.
FORMAT = 1
# A face's names (TTFNameBytes: bytes with their text as .ustr) are kept as text, and its one
# function of unitsPerEm is made again on reading.
_SCALE = "_pdfScale"
_DATA = "_ttf_data"


def cache_folder() -> Path | None:
    """The folder parsed faces are kept in (the user's cache folder), or None if unknown."""
    from platformdirs import user_cache_dir

    try:
        return Path(user_cache_dir("rostermgr", appauthor=False)) / "fonts"
    except (OSError, RuntimeError, ValueError):  # no home folder to derive it from
        return None


def load_font(name: str, path: Path, folder: Path | None = None) -> TTFont:
    """The TrueType font at `path` under the logical `name`, its face from the cache if kept.

    The font is what `TTFont(name, str(path))` makes: the same attributes, the same PDF.
    """
    where = cache_folder() if folder is None else folder
    face = _kept_face(path, where) if where is not None else None
    if face is None:
        font = TTFont(name, str(path))
        if where is not None:
            _keep(font.face, path, where)
        return font
    return _font_of(name, face)


def _key(path: Path) -> tuple[Any, ...]:
    """What a kept face must have been made from: this file, this reportlab, this format."""
    stat = path.stat()
    return (FORMAT, reportlab.Version, marshal.version, str(path), stat.st_size, stat.st_mtime_ns)


def _entry(path: Path, folder: Path) -> Path:
    return folder / f"{path.stem}.marshal"


def _kept_face(path: Path, folder: Path) -> TTFontFace | None:
    """The face kept for `path`, or None (none kept, another file's, damaged, unreadable)."""
    try:
        kept = marshal.loads(_entry(path, folder).read_bytes())
        if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == _key(path)):
            return None
        state, names = kept[1], kept[2]
        if not isinstance(state, dict):
            return None
        face: TTFontFace = TTFontFace.__new__(TTFontFace)
        for attribute in names:
            state[attribute] = TTFNameBytes(state[attribute].encode("utf-8"))
        state[_SCALE] = _scale(state["unitsPerEm"])
        state[_DATA] = path.read_bytes()
        face.__dict__.update(state)
        return face
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _scale(units_per_em: int) -> Callable[[float], float]:
    """reportlab's own conversion from font units to PDF units (extractInfo's `scale`)."""
    if units_per_em == 1000:
        return lambda x: x
    per_unit = 1000 / units_per_em
    return lambda x: x * per_unit


def _keep(face: TTFontFace, path: Path, folder: Path) -> None:
    """Write the parsed face for the next run: to a temporary file, renamed into place."""
    state = {k: v for k, v in vars(face).items() if k not in (_SCALE, _DATA)}
    names = tuple(k for k, v in state.items() if isinstance(v, TTFNameBytes))
    for attribute in names:
        state[attribute] = state[attribute].ustr
    temporary = None
    try:
        data = marshal.dumps((_key(path), state, names))
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, _entry(path, folder))
        temporary = None
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass  # a saving only: the next run parses the file again
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _font_of(name: str, face: TTFontFace) -> TTFont:
    """A TTFont around a face read from the cache, as TTFont.__init__ makes one around a parse."""
    font: TTFont = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
    return font
