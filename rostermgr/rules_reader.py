"""The bounded TOML reader a ruleset file is read through (DESIGN 3).

A ruleset comes from a designer's file, so it is read within bounds (its size, depth, numbers
and texts), and every complaint names the file and the key (`Reader.fail`). The house tables
(rostermgr.volley, rostermgr.forlorn) are read through the same `Reader`.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

from rostermgr.errors import Refused, RulesetError, escaped
from rostermgr.roster import check_name, hidden_character

# A ruleset is a page of numbers and names: a file larger than this is not one, and reading it
# whole (a device such as /dev/zero never ends) would hang or exhaust memory.
MAX_BYTES = 1024 * 1024
# Every number in a ruleset is a price, a count or a modifier; a billion dollars is beyond any
# campaign, and the bound keeps every sum of them far inside SQLite's 64-bit integers.
MAX_NUMBER = 10**9
# A ruleset text is a name or a rule's paragraph; the bound keeps history sentences built from
# them within what a posse file may hold (rostermgr.exchange.TEXT_LIMIT).
MAX_TEXT = 1000
# Tables within tables: the shipped ruleset goes 4 deep; far deeper is a hostile file.
MAX_DEPTH = 20
# The texts that are paragraphs (a rule's text, an item's notes): a newline or a tab is theirs.
PARAGRAPH_KEYS = frozenset({"text", "notes"})
# R12, R12a: a length on the table (the board, a playing card) in millimetres; ten metres is
# far beyond any tabletop, and a sheet draws what it is given to scale.
MAX_MM = 10_000.0


# Whether the ruleset being read is held to the designer's checks added in 2026-12 (h-rules):
# face values, composition, hand size, weapon kinds, names and ids, the horse's shot, bounds of
# counts drawn one by one. A file is; a ruleset a campaign already stores is read as it was
# accepted, so that a campaign made under an older loader still opens (and can adopt a
# corrected file, which is held to them).
STRICT: ContextVar[bool] = ContextVar("ruleset_strict", default=True)


class Reader:
    """Typed access to one TOML table that names file and key in every complaint."""

    def __init__(self, source: str, table: Any, path: str = "") -> None:
        self.source, self.path = source, path
        if not isinstance(table, Mapping):
            parent, _, key = path.rpartition(".")
            raise Reader(source, {}, parent).fail(
                key or path, f"must be a table, not {_shown(table)}"
            )
        self.table: Mapping[str, Any] = table

    def fail(self, key: str, problem: str) -> RulesetError:
        """The refusal of this table's `key`: the file, the key's whole path and the problem."""
        where = f"{self.path}.{key}" if self.path else key
        # keys and values come from the file: never let a newline or escape reach the sentence
        return RulesetError(escaped(f"Ruleset {self.source}: key '{where}' {problem}."))

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        """The value of `key`, of `kind` and within the bounds of a number or a text; `default`
        when it is missing, else refused."""
        if key not in self.table:
            if default is ...:
                raise self.fail(key, "is missing")
            return default
        value = self.table[key]
        # bool is an int in Python; a ruleset number must not be true/false
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(key, f"must be {_kind_name(kind)}, not {_shown(value)}")
        if kind is int and isinstance(value, int) and abs(value) > MAX_NUMBER:
            raise self.fail(key, f"must be between -{MAX_NUMBER} and {MAX_NUMBER}")
        if kind is str and isinstance(value, str) and len(value) > MAX_TEXT:
            raise self.fail(key, f"must be at most {MAX_TEXT} characters long")
        return value

    def count(
        self,
        key: str,
        default: Any = ...,
        minimum: int = 0,
        maximum: int = MAX_NUMBER,
        bound: int | None = None,
    ) -> int:
        """A whole number from `minimum` to `maximum`; `bound`, a designer's bound (see
        STRICT), lowers the maximum for a ruleset read from a file."""
        if bound is not None and STRICT.get():
            maximum = min(maximum, bound)
        value: int = self.get(key, int, default)
        if value < minimum:
            raise self.fail(key, f"must be at least {minimum}, not {value}")
        if value > maximum:
            raise self.fail(key, f"must be at most {maximum}, not {value}")
        return value

    def length(self, key: str, default: Any = ..., minimum: float = 0.0) -> float:
        """A length in millimetres (R12a): a whole or decimal number, `minimum` to MAX_MM."""
        value = self.table.get(key, default)
        if value is ...:
            raise self.fail(key, "is missing")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"must be a number of millimetres, not {_shown(value)}")
        if not minimum <= value <= MAX_MM:  # NaN fails both comparisons
            raise self.fail(key, f"must be between {minimum:g} and {MAX_MM:g} mm, not {value}")
        return float(value)

    def text(self, key: str, default: Any = ...) -> str:
        """A text, at most MAX_TEXT characters long."""
        value: str = self.get(key, str, default)
        return value

    def name(self, key: str) -> str:
        """A name shown on cards, lists and pickers, kept as written: visible, without an
        invisible character (roster.check_name), within MAX_TEXT as every text of a ruleset."""
        value = self.text(key)
        if not STRICT.get():
            return value
        try:
            check_name(value, "name", MAX_TEXT)
        except Refused as exc:
            said = str(exc).rstrip(".")
            raise self.fail(key, f"is no name: {said[:1].lower()}{said[1:]}") from exc
        return value

    def sub(self, key: str) -> Reader:
        """The table under `key`, its complaints naming the whole path."""
        return Reader(self.source, self.get(key, dict), f"{self.path}.{key}".lstrip("."))

    def subs(self, key: str) -> dict[str, Reader]:
        """The tables under `key` by their ids (none is no table); an id is one visible word."""
        table = self.sub(key)
        if not table.table:
            raise self.fail(key, "must not be empty")
        for k in table.table if STRICT.get() else ():
            # an id is typed on the command line and in posse and report files (R17)
            if not k or any(c.isspace() for c in k) or hidden_character(k) is not None:
                raise table.fail(
                    k,
                    "is no id: an id is one word of visible characters, with no space or "
                    "invisible character, as it is typed on the command line",
                )
        return {k: table.sub(k) for k in table.table}

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        """A list of texts, each at most MAX_TEXT characters long."""
        values = self.get(key, list, default)
        if not all(isinstance(v, str) for v in values):
            raise self.fail(key, "must be a list of strings")
        if any(len(v) > MAX_TEXT for v in values):
            raise self.fail(key, f"must hold texts of at most {MAX_TEXT} characters")
        return tuple(values)

    def ints(self, key: str, allowed: tuple[str, ...] | None = None) -> Mapping[str, int]:
        """The table under `key` of whole numbers, its keys among `allowed` when given."""
        table = self.sub(key)
        out = {}
        for k in table.table:
            if allowed is not None and k not in allowed:
                raise table.fail(k, f"is not one of {', '.join(allowed)}")
            out[k] = table.get(k, int)
        return MappingProxyType(out)

    def only(self, *keys: str) -> None:
        """Refuse a key this table does not take (a misspelt key would be ignored)."""
        for k in self.table:
            if k not in keys:
                raise self.fail(k, "is not a key this table takes")


def read_document(data: bytes, source: str) -> tuple[str, dict[str, Any]]:
    """The text of a ruleset file and its TOML document, read within bounds: its size, its
    depth, and no control character in a key or a text. `source` names the file, escaped."""
    # A byte-order mark (Windows editors save one) says only "UTF-8": the text is the same
    # ruleset, with the same hash, as without it.
    data = data.removeprefix(b"\xef\xbb\xbf")
    if len(data) > MAX_BYTES:
        raise RulesetError(f"Ruleset {source} is larger than {MAX_BYTES // 1024} KiB; refused.")
    try:
        text = data.decode("utf-8")
        doc = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise RulesetError(f"Ruleset {source} is not UTF-8 text.") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(escaped(f"Ruleset {source} is not valid TOML: {exc}.")) from exc
    except RecursionError as exc:
        raise RulesetError(f"Ruleset {source} is nested too deeply to read.") from exc
    deep = _too_deep(doc)
    if deep is not None:
        raise Reader(source, {}).fail(deep, f"is nested deeper than {MAX_DEPTH} levels")
    control = _control(doc)
    if control is not None:
        where, char = control
        raise Reader(source, {}).fail(
            where, f"holds a control character ({escaped(char)}); names and texts may not"
        )
    return text, doc


def _shown(value: Any) -> str:
    """A value for a refusal: short, and never the repr of a hostile structure."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _too_deep(doc: Mapping[str, Any]) -> str | None:
    """The key path of the first value nested deeper than MAX_DEPTH, found without recursion."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}".lstrip("."), depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    return None


def _control(doc: Mapping[str, Any]) -> tuple[str, str] | None:
    """The key path and character of the first control character in a key or a text.

    Names and texts are printed on terminals, roster cards and in history sentences: an escape
    (ESC [31m) would reach the terminal as a command. Only the paragraphs (`text`, `notes`)
    may break a line or hold a tab. The deep check has run, so the walk is bounded.
    """
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                key_path = f"{path}.{k}".lstrip(".")
                bad = _first_control(k, "")
                if bad is not None:
                    return key_path, bad
                stack.append((v, key_path))
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        elif isinstance(value, str):
            last = path.rpartition(".")[2]
            bad = _first_control(value, "\n\t" if last in PARAGRAPH_KEYS else "")
            if bad is not None:
                return path, bad
    return None


def _first_control(text: str, allowed: str) -> str | None:
    return next((c for c in text if unicodedata.category(c) == "Cc" and c not in allowed), None)


def _kind_name(kind: type) -> str:
    return {
        int: "a whole number",
        str: "text",
        list: "a list",
        dict: "a table",
        bool: "true or false",
    }[kind]
