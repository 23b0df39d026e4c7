"""Errors the user sees as one plain sentence, and the one way to quote user text in them."""

from __future__ import annotations

import unicodedata

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
