"""Names that print: a character no bundled font draws is refused where the name is entered."""

from __future__ import annotations

from rostermgr.printable import check_printable


def check_printable_name(name: str, what: str = "The name") -> None:
    """Refuse (one sentence naming the character) a name with a character no bundled font
    draws, so it never prints as a box. Call it before a posse or member name is stored:
    create, rename, hire and import."""
    from printables.fonts import drawable_characters

    check_printable(name, drawable_characters(), what)
