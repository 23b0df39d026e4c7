"""SQLite URIs for campaign and backup files, with every character of the path escaped.

A path pasted into `file:{path}` unescaped is read by SQLite as a URI: `#` starts a fragment,
`?` the query and `%41` is the letter A, so such a campaign opened the wrong file (an empty new
database, or none at all). Every URI in this project is made here.
"""

from __future__ import annotations

from pathlib import Path

MODES = ("ro", "rw", "rwc", "memory")


def sqlite_uri(path: Path | str, mode: str = "ro") -> str:
    """The `file:` URI of `path` (made absolute) opened in SQLite's `mode` (ro, rw, rwc).

    `Path.as_uri()` percent-escapes the UTF-8 bytes of the name (`#` as %23, `?` as %3F, `%` as
    %25, a space as %20), which is what SQLite decodes.
    """
    if mode not in MODES:
        raise ValueError(f"unknown SQLite open mode {mode!r}")
    return f"{Path(path).resolve().as_uri()}?mode={mode}"
