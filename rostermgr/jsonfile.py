"""Strict JSON reading for files users hand us: requests, reports, posse exports (DESIGN 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rostermgr.errors import InvalidFile, quoted

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 20
STDIN = "on standard input"  # where '-' is read from, as a refusal names it


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {quoted(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _walk(doc: Any) -> int:
    """Depth of the document, refusing lone surrogates (which cannot be stored or printed).

    A loop, not recursion: a document just inside the parser's own limit must not overflow
    the stack of whoever reads it.
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                _check_text(k)
                stack.append((v, level + 1))
        elif isinstance(value, list):
            stack += [(v, level + 1) for v in value]
    return deepest


def _check_text(value: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError("it contains a broken character (a lone surrogate)") from exc


def parse_json(data: bytes, what: str) -> Any:
    """Parse bytes as strict JSON or refuse with a sentence naming `what`."""
    if len(data) > MAX_BYTES:
        raise InvalidFile(f"{what} is larger than {MAX_BYTES // (1024 * 1024)} MB; refused.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidFile(f"{what} is not UTF-8 text.") from exc
    if not text.strip():
        raise InvalidFile(f"{what} is empty.")
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
        depth = _walk(doc)
    except json.JSONDecodeError as exc:
        raise InvalidFile(
            f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg.lower()})."
        ) from exc
    except RecursionError as exc:
        raise InvalidFile(f"{what} is nested too deeply.") from exc
    except ValueError as exc:
        raise InvalidFile(f"{what} is refused: {exc}.") from exc
    if depth > MAX_DEPTH:
        raise InvalidFile(f"{what} is nested deeper than {MAX_DEPTH} levels.")
    return doc


def read_json(path: str | Path, what: str = "The file", named: str | None = None) -> Any:
    """Read a JSON file; '-' reads standard input.

    `what` names the document ("The creation request"); a refusal follows it with `named` (the
    file as the user knows it; default: `path`), or with "on standard input" for '-', which the
    user never typed as a name.
    """
    import sys

    label = f"{what} {STDIN}" if str(path) == "-" else f"{what} {named or path}"
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            p = Path(path)
            if p.is_dir():
                raise InvalidFile(f"{path} is a folder, not a file.")
            with p.open("rb") as f:
                data = f.read(MAX_BYTES + 1)
    except FileNotFoundError as exc:
        raise InvalidFile(f"There is no file {path}.") from exc
    except OSError as exc:
        raise InvalidFile(f"Cannot read {path}: {exc.strerror}.") from exc
    return parse_json(data, label)
