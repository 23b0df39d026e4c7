"""Posses and their members as frozen values, with the stats derived from the ruleset (R2, R13)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from rostermgr.errors import Refused, did_you_mean, listed, quoted
from rostermgr.rules import Ruleset

ACTIVE = "active"
DEAD = "dead"
NAME_LIMIT = 60
# The stats Python reckons with by id (R4 a mount sets the move, R13 injuries take wounds, R8 and
# R9 a target's Defence and Toughness): a ruleset may add stats and rename these, but must keep
# their ids (rules_load checks).
MOVE, WOUNDS, DEFENCE, TOUGHNESS = "move", "wounds", "defence", "toughness"
NAMED_STATS = (MOVE, WOUNDS, DEFENCE, TOUGHNESS)
_ZWJ = "\u200d"
_EMOJI_STYLE = "\ufe0f"  # variation selector 16: the emoji form of the character before it
_VISIBLE = frozenset("LNPS")  # letters, numbers, punctuation, symbols: a mark alone is not a name


@dataclass(frozen=True)
class Member:
    name: str
    role: str
    items: tuple[str, ...] = ()
    status: str = ACTIVE
    injuries: int = 0
    flips: int = 0
    upgrades: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    pending_card: str | None = None  # a flip turned over but not yet settled (R15)
    id: int | None = None

    @property
    def alive(self) -> bool:
        return self.status == ACTIVE

    def stats(self, rules: Ruleset) -> dict[str, int]:
        """Current stats: base + upgrades - injuries (R2, R13, R15)."""
        base = rules.role(self.role).stats
        current = {s: base[s] + self.upgrades.get(s, 0) for s in rules.stat_order}
        current[WOUNDS] -= self.injuries * rules.wounds_lost
        return current

    def clothing_defence(self, rules: Ruleset) -> int:
        return sum(rules.item(i).defence for i in self.items)

    def move(self, rules: Ruleset) -> int:
        """Move in card lengths; a mount sets it (R4: a horse makes it 2)."""
        mounts = [rules.item(i).move for i in self.items if rules.item(i).move]
        return max(mounts) if mounts else self.stats(rules)[MOVE]


@dataclass(frozen=True)
class Posse:
    name: str
    faction: str
    members: tuple[Member, ...]
    purse: int
    ruleset_id: str
    ruleset_version: str
    id: int | None = None
    created: str = ""  # R12: the day it was founded, YYYY-MM-DD; "" when built in memory
    standing: str = "playing"  # rostermgr.standing: playing, retired or deleted
    owner: str | None = None  # its player's role in a club campaign (rostermgr.club)

    def suit(self, rules: Ruleset) -> str:
        return rules.faction(self.faction).suit

    @property
    def active(self) -> tuple[Member, ...]:
        # Member.alive, inline: asked of every posse many times a simulated game
        return tuple([m for m in self.members if m.status == ACTIVE])

    def member(self, name: str) -> Member:
        """The member with this name (compared as normal_name), living or dead, or a refusal."""
        for m in self.members:  # the name as stored: the common case, without normalising
            if m.name == name:
                return m
        wanted = normal_name(name)
        for m in self.members:
            if normal_name(m.name) == wanted:
                return m
        raise Refused(no_member(self.name, name, [m.name for m in self.members]))

    def living_member(self, name: str) -> Member:
        m = self.member(name)
        if not m.alive:
            raise Refused(f"{m.name} of {self.name} is dead.")
        return m


def no_member(posse: str, name: str, members: Sequence[str]) -> str:
    """The refusal of a member name the posse does not have: the member it most likely meant,
    else its members (a posse has a handful)."""
    said = f"{posse} has no member named {quoted(name)}"
    near = did_you_mean(name, members)
    if near or not members:
        return f"{said}{near or '.'}"
    return f"{said}; its members are {listed(members)}."


def _invisible(text: str, index: int) -> bool:
    """Whether the character at `index` changes how a name reads without being seen.

    Decision: a zero-width joiner stays when it joins two pictographs (an emoji sequence such as
    a family or a profession, U+1F469 U+200D U+1F692), because there it is part of one visible
    symbol; everywhere else it, like every other format (Cf) character, is dropped.
    """
    char = text[index]
    if char == _ZWJ and 0 < index < len(text) - 1:
        before, after = text[index - 1], text[index + 1]
        joins = unicodedata.category(before) in ("So", "Sk") or before == _EMOJI_STYLE
        return not (joins and unicodedata.category(after) == "So")
    return unicodedata.category(char) == "Cf"


def _character_name(char: str) -> str:
    """A control character's usual name (U+0000 has none in Unicode's table), else Unicode's."""
    known = {
        "\0": "NUL",
        "\t": "a tab",
        "\n": "a line break",
        "\r": "a carriage return",
        "\x85": "NEL, a line break",
        "\x1b": "ESC",
    }
    if char in known:
        return known[char]
    return unicodedata.name(char, "a control character").lower()


def normal_name(name: str) -> str:
    """A name as it is stored and compared: NFC, without invisible characters, spaces single.

    Control characters that break a line (tab, newline, U+0085...) become a space, the rest of
    the control (Cc) and format (Cf) characters are dropped, and runs of white space become one
    space, so `Kid`, `Kid\u200b` and ` Kid ` are one name.
    """
    text = unicodedata.normalize("NFC", name)
    kept = []
    for i, char in enumerate(text):
        if unicodedata.category(char) == "Cc":
            kept.append(" " if char.isspace() else "")
        elif not _invisible(text, i):
            kept.append(char)
    # NFC last: dropping a character can bring a letter and its accent together
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


# Line and paragraph separators break a line as a newline does: never inside a name.
_LINE_BREAKS = frozenset({"Zl", "Zp"})


def hidden_character(name: str) -> str | None:
    """The first character a name may not hold: a control (Cc: NUL, tab, newline, U+0085...),
    a format character (Cf: the bidi controls such as U+202E, zero-width spaces, the BOM...),
    or a line or paragraph separator. A zero-width joiner inside an emoji sequence is part of
    one visible symbol and allowed (see _invisible); None when the name holds none of them.
    """
    text = unicodedata.normalize("NFC", name)
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if category == "Cc" or category in _LINE_BREAKS or _invisible(text, i):
            return char
    return None


def check_name(name: object, what: str, limit: int = NAME_LIMIT) -> str:
    """The one name validator (creation, hire, rename, import, reports): a usable name,
    normalised (NFC, spaces single and trimmed), with a visible character, not over-long
    (`limit` characters: a ruleset's names may run longer than a posse's, up to its texts').

    A control or format character is refused, never silently dropped: a name that reads one
    way and is stored another (U+202E turns "Kid" around on screen) would deceive the players.
    """
    if limit != NAME_LIMIT:
        return _check_name(name, what, limit)
    if isinstance(name, str):
        clean = _accepted.get(name)
        if clean is not None:
            return clean
    clean = _check_name(name, what)
    if len(_accepted) < _ACCEPTED_KEPT:
        _accepted[name] = clean  # type: ignore[index]  # a str: _check_name refuses the rest
    return clean


# Names check_name accepted, as it returned them: the answer depends on the name alone, and the
# simulator hires "Gang Member 2" thousands of times a run (a few thousand names are kept).
_accepted: dict[str, str] = {}
_ACCEPTED_KEPT = 4096


def _check_name(name: object, what: str, limit: int = NAME_LIMIT) -> str:
    if not isinstance(name, str):
        raise Refused(f"The {what} must be text.")
    if any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        raise Refused(f"The {what} {quoted(name)} contains a broken character (a lone surrogate).")
    hidden = hidden_character(name)
    if hidden is not None:
        raise Refused(
            f"The {what} {quoted(name)} holds the invisible character U+{ord(hidden):04X} "
            f"({_character_name(hidden)}); a name may hold only visible characters and spaces."
        )
    clean = normal_name(name)
    if not any(unicodedata.category(c)[0] in _VISIBLE for c in clean):
        if name.strip():
            raise Refused(f"The {what} {quoted(name)} has no visible character.")
        raise Refused(f"The {what} must not be empty.")
    if len(clean) > limit:
        raise Refused(f"The {what} {quoted(clean[:20] + '...')} is longer than {limit} characters.")
    return clean
