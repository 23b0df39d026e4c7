"""Whether a name can be printed: every character in it must be one a bundled font draws.

The domain knows no fonts: the printables give it the set of drawable code points as data
(`printables.fonts.drawable_characters()`), and the use cases check a name with it before
they store it, so that no name is ever printed as boxes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Set

from rostermgr.errors import Refused, quoted


def undrawable(text: str, drawable: Set[int]) -> str | None:
    """The first character of text that is not in drawable (code points), or None."""
    return next((ch for ch in text if ord(ch) not in drawable), None)


def check_printable(text: str, drawable: Set[int], what: str = "The name") -> None:
    """Refuse, in one sentence naming the character, a text some character of which no bundled
    font can draw."""
    ch = undrawable(text, drawable)
    if ch is None:
        return
    name = unicodedata.name(ch, "")
    described = f"U+{ord(ch):04X}" + (f" {name}" if name else "")
    raise Refused(
        f"{what} {quoted(text)} has the character {quoted(ch)} ({described}), which no font "
        "of the printed cards can draw; leave it out or spell the name another way."
    )
