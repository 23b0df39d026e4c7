"""Errors the user sees as one plain sentence, and the one way to quote user text in them."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

# Characters that would break a one-line sentence or reach the terminal as a command: control
# characters (newline, escape, U+0085...), format characters (bidi overrides, zero-width
# characters, BOM), line/paragraph separators, surrogates, private-use and unassigned points.
_UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


class Refused(Exception):
    """A request the rules or the data refuse; the message is the sentence the user reads."""


class RuleBroken(Refused):
    """A request that breaks a rule of the game (R1-R17)."""


class InvalidFile(Refused):
    """A file (ruleset, creation request, report, posse export) that cannot be read as it is."""


class DamagedFile(InvalidFile):
    """A campaign file whose pages SQLite finds damaged: a backup may bring it back."""


class RulesetError(InvalidFile):
    """A ruleset file that fails validation; the message names the file, the key and the problem."""


class PrintRefused(Refused):
    """A printable the options or the contents cannot make (an unknown paper, a block too tall
    for a page, a file a print shop would refuse). Only this is a refusal: any other error while
    drawing (a ValueError inside reportlab or Pillow, say) is a fault of ours, not the user's."""


def escaped(text: object) -> str:
    """User text with every character that is not plain visible text written as an escape."""
    out = []
    for char in str(text):
        if char in _SHORT:
            out.append(_SHORT[char])
        elif unicodedata.category(char) in _UNSAFE:
            code = ord(char)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
        else:
            out.append(char)
    return "".join(out)


def quoted(text: object) -> str:
    """User text for a refusal: in single quotes, its control and format characters escaped.

    `quoted("Kid\\n")` is `'Kid\\\\n'`: the sentence stays on one line and no escape sequence
    reaches the terminal. Backslashes and quotes are left as typed, so a name reads as the user
    wrote it.
    """
    return f"'{escaped(text)}'"


def _looks(name: str) -> str:
    """A name as a typist might mistake it: case, accents, hyphens and spaces aside."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("-", " ").replace("_", " ").split())


def nearest(typed: str, names: Mapping[str, str] | Iterable[str]) -> str | None:
    """The one name `typed` most likely meant, or None when none stands out.

    `names` may map what a user might type (an item's id, its name) to the name to suggest.
    First a name that differs only in case, accents, hyphens or spaces, then the one name that
    holds what was typed as whole words ("Dalton" for "The Dalton Boys"), then the closest
    spelling (difflib, as Python's own "did you mean" does).
    """
    import difflib

    wanted = _looks(typed)
    pairs = names.items() if isinstance(names, Mapping) else [(n, n) for n in names]
    looks: dict[str, set[str]] = {}
    for said, meant in pairs:
        looks.setdefault(_looks(said), set()).add(meant)
    same = looks.get(wanted, set())
    if len(same) == 1:
        return next(iter(same))
    if same or not wanted:
        return None
    holding = {m for k, ms in looks.items() if f" {wanted} " in f" {k} " for m in ms}
    if holding:  # several: none stands out, and a closer spelling of one would mislead
        return next(iter(holding)) if len(holding) == 1 else None
    close = difflib.get_close_matches(wanted, list(looks), n=1, cutoff=0.75)
    meant = looks[close[0]] if close else set()
    return next(iter(meant)) if len(meant) == 1 else None


def listed(names: Iterable[str]) -> str:
    """Names for a sentence, each quoted: 'A', 'B' and 'C'."""
    shown = [quoted(n) for n in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def in_sentence(title: str) -> str:
    """A title as it reads inside a sentence: "Unit ranged combat (seed 003)" after "Wrote the"
    is "unit ranged combat (seed 003)". Only a first word that is capitalised as a sentence's
    first word is lowered: an acronym ("FH") or a name with capitals inside ("McKee") keeps its
    own."""
    first = title.split(" ", 1)[0]
    if len(first) < 2 or not first[0].isupper() or not first[1:].islower():
        return title
    if len(first[0].lower()) != 1:  # a capital whose small letter is two (İ): left alone
        return title
    return title[0].lower() + title[1:]


def did_you_mean(typed: str, names: Mapping[str, str] | Iterable[str]) -> str:
    """ "; did you mean 'Kid'?" to end a refusal that names what was not found, or "" when no
    name stands out (then the refusal ends as it would have)."""
    meant = nearest(typed, names)
    return "" if meant is None else f"; did you mean {quoted(meant)}?"
