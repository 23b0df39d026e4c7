"""Strict JSON reading for files users hand us: requests, reports, posse exports (DESIGN 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rostermgr.errors import InvalidFile, quoted

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 20


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {quoted(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def _check_text(value: Any) -> None:
    """Refuse lone surrogates, which cannot be stored or printed."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("it contains a broken character (a lone surrogate)") from exc
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_text(k)
            _check_text(v)
    elif isinstance(value, list):
        for v in value:
            _check_text(v)


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
        _check_text(doc)
    except json.JSONDecodeError as exc:
        raise InvalidFile(
            f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg.lower()})."
        ) from exc
    except RecursionError as exc:
        raise InvalidFile(f"{what} is nested too deeply.") from exc
    except ValueError as exc:
        raise InvalidFile(f"{what} is refused: {exc}.") from exc
    if _depth(doc) > MAX_DEPTH:
        raise InvalidFile(f"{what} is nested deeper than {MAX_DEPTH} levels.")
    return doc


def read_json(path: str | Path, what: str = "") -> Any:
    """Read a JSON file; '-' reads standard input."""
    import sys

    label = what or f"The file {path}"
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
