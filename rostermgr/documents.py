"""The JSON documents a user hands rostermgr, told apart: a file given to the wrong command is
refused as the other kind of document it is, not by the first key the command does not take."""

from __future__ import annotations

from typing import Any

from rostermgr.errors import InvalidFile

# Each kind with the command it is for.
CREATION_REQUEST = "a creation request (for `posse new`)"
POSSE_FILE = "a posse file written by `posse export` (for `posse import`)"
REPORT = "a post-game report (for `game record`)"


def document_kind(doc: Any) -> str | None:
    """Which of the user's documents `doc` looks like, by the keys only it has; None when none
    (then its own checks say what is wrong)."""
    if not isinstance(doc, dict):
        return None
    if doc.get("format") == "rostermgr-posse":
        return POSSE_FILE
    if "posses" in doc and "scenario" in doc:
        return REPORT
    if "members" in doc and "faction" in doc and "format" not in doc:
        return CREATION_REQUEST
    return None


def refuse_other_kind(doc: Any, expected: str, what: str) -> None:
    """Refuse `doc` when it is another kind of document than `expected` (a kind above)."""
    kind = document_kind(doc)
    if kind is not None and kind != expected:
        raise InvalidFile(f"{what} is refused: this is {kind}, not {expected.split(' (')[0]}.")
