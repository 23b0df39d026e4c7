"""The state code printed on every roster card (issue 34): what the card says, in a few bytes.

A card's code holds its members (by their ids in the campaign) and each one's unspent flips,
the posse's faction, the role, the stat line, the strikes taken, the upgrades, the gear (by
the item's place in the ruleset), the first 24 bits of the ruleset's hash, the campaign's
change counter when printed (the undo log's newest number) and the posse's id, closed by a
16-bit CRC (CRC-CCITT) over all of it. Names are not in it: they are on the card and in the
campaign.

The bytes are written in base32 (RFC 4648, without padding): its 32 characters are all in a
QR code's alphanumeric mode, so the QR stays small, and none of them is a 0, 1 or 8 that could
be read as an O, I or B (those are read back as the letters). A CRC-16 finds every error
that touches at most 16 consecutive bits, so any one character changed (5 bits) is refused.

Item, role and stat ids become their place in the ruleset's own order: a code is read only
with the ruleset whose hash it names (`decode_card` refuses another one in a sentence).
"""

from __future__ import annotations

import base64
import binascii
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from rostermgr.errors import Refused
from rostermgr.presentation import shown_stats
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset

FORMAT = 1
CARD = 1  # kinds, in the low half of the first byte
CARD_WIDE = 2  # a card whose stats do not all fit a nibble (0-15): one varint each
POSSE = 3  # the journal cover's code: the posse's name, purse and members' names
RULESET_HEX = 6  # the ruleset's hash prefix: 24 bits
GROUP = 4  # characters to a group when the code is written for typing
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648 base32
_TYPED = str.maketrans({"0": "O", "1": "I", "8": "B"})


@dataclass(frozen=True)
class CardCode:
    """What one printed card says about its members, in the ruleset's terms."""

    ruleset: str  # the first RULESET_HEX hex digits of the ruleset's hash
    counter: int  # the campaign's change counter (undo log number) when it was printed
    posse_id: int
    role: str  # role id
    stats: tuple[int, ...]  # the stats as the card shows them, in the ruleset's stat order
    injuries: int  # strikes taken
    upgrades: tuple[tuple[str, int], ...]  # (stat id, +n) in stat order, n > 0
    items: tuple[str, ...]  # item ids, in the ruleset's item order, repeated when carried twice
    members: tuple[tuple[int, int], ...]  # (member id, flips unspent) for each model of the card
    faction: str  # the posse's faction id


class OtherRuleset(Refused):
    """A code made under another ruleset than the one it is read with."""

    def __init__(self, prefix: str) -> None:
        super().__init__(
            f"The code was printed under another ruleset (hash {prefix}...), not this "
            "campaign's current one."
        )
        self.prefix = prefix


def ruleset_prefix(rules: Ruleset) -> str:
    """The part of the ruleset's hash a code carries."""
    return rules.hash[:RULESET_HEX].lower()


def encode_card(code: CardCode, rules: Ruleset) -> str:
    """The code as base32 text without grouping (what the QR holds)."""
    roles, items, stats = list(rules.roles), list(rules.items), list(rules.stat_order)
    wide = any(not 0 <= v <= 15 for v in code.stats) or len(code.stats) != len(stats)
    out = bytearray([FORMAT << 4 | (CARD_WIDE if wide else CARD)])
    out += bytes.fromhex(code.ruleset[:RULESET_HEX])
    factions = list(rules.factions)
    for value in (
        code.counter,
        code.posse_id,
        factions.index(code.faction),
        roles.index(code.role),
    ):
        _put(out, value)
    if wide:
        _put(out, len(code.stats))
        for v in code.stats:
            _put(out, _zigzag(v))
    else:  # two stats to a byte: the usual line of seven takes four (the last nibble spare)
        padded = (*code.stats, 0)
        for i in range(0, len(code.stats), 2):
            out.append(padded[i] << 4 | padded[i + 1])
    _put(out, code.injuries)
    _put(out, len(code.upgrades))
    for stat, n in code.upgrades:
        _put(out, stats.index(stat))
        _put(out, n)
    _put(out, len(code.items))
    for item in code.items:
        _put(out, items.index(item))
    _put(out, len(code.members))
    for member_id, flips in code.members:
        _put(out, member_id)
        _put(out, flips)
    out += binascii.crc_hqx(bytes(out), 0).to_bytes(2, "big")
    return base64.b32encode(bytes(out)).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class PosseCode:
    """What the journal's cover says of its posse: what the cards do not."""

    ruleset: str
    counter: int
    posse_id: int
    faction: str
    name: str
    purse: int
    members: tuple[tuple[int, str, int], ...]  # (member id, name, member_check) of the living


def member_check(posse: Posse, member: Member, rules: Ruleset) -> int:
    """The check value of a member's state alone: its card's code as if it had a card of its
    own, printed at counter 0. Cards and cover printed at other times still agree by it."""
    return check_value(encode_card(card_code(posse, (member,), rules, 0), rules))


def posse_code(posse: Posse, rules: Ruleset, counter: int) -> PosseCode:
    """The journal cover's code of posse."""
    return PosseCode(
        ruleset_prefix(rules),
        counter,
        posse.id or 0,
        posse.faction,
        posse.name,
        posse.purse,
        tuple((m.id or 0, m.name, member_check(posse, m, rules)) for m in posse.active),
    )


def encode_posse(code: PosseCode, rules: Ruleset) -> str:
    """The journal's code as base32 text without grouping."""
    out = bytearray([FORMAT << 4 | POSSE])
    out += bytes.fromhex(code.ruleset[:RULESET_HEX])
    _put(out, code.counter)
    _put(out, code.posse_id)
    _put(out, list(rules.factions).index(code.faction))
    _put(out, _zigzag(code.purse))
    _text(out, code.name)
    _put(out, len(code.members))
    for member_id, name, check in code.members:
        _put(out, member_id)
        _text(out, name)
        out += check.to_bytes(2, "big")
    out += binascii.crc_hqx(bytes(out), 0).to_bytes(2, "big")
    return base64.b32encode(bytes(out)).decode("ascii").rstrip("=")


def decode_any(text: str, rules: Ruleset) -> CardCode | PosseCode:
    """A card's code or a journal cover's, read with rules (refusals as decode_card's)."""
    data = code_bytes(text)
    if data[0] != FORMAT << 4 | POSSE:
        return decode_card(text, rules)
    prefix = data[1:4].hex()
    if prefix != ruleset_prefix(rules):
        raise OtherRuleset(prefix)
    try:
        r = _Reader(data[4:-2])
        counter, posse_id = r.take(), r.take()
        faction, purse, name = list(rules.factions)[r.take()], _unzigzag(r.take()), r.text()
        members = tuple((r.take(), r.text(), int.from_bytes(r.bytes(2), "big"))
                        for _ in range(r.take()))  # fmt: skip
        if not r.done():
            raise ValueError("trailing bytes")
    except (IndexError, ValueError, UnicodeDecodeError) as exc:
        raise Refused(f"{shown(text)} is not the code of a posse journal.") from exc
    return PosseCode(prefix, counter, posse_id, faction, name, purse, members)


def decode_card(text: str, rules: Ruleset) -> CardCode:
    """The card a code describes, read with rules; Refused (one sentence) when the text is no
    card code, its check value does not match, or it names another ruleset (OtherRuleset)."""
    data = code_bytes(text)
    kind = data[0] & 0x0F
    if data[0] >> 4 != FORMAT or kind not in (CARD, CARD_WIDE):
        raise Refused(f"{shown(text)} is not the code of a roster card.")
    prefix = data[1:4].hex()
    if prefix != ruleset_prefix(rules):
        raise OtherRuleset(prefix)
    try:
        return _read_card(_Reader(data[4:-2]), prefix, kind == CARD_WIDE, rules)
    except (IndexError, ValueError) as exc:  # a check value matched by chance on nonsense
        raise Refused(f"{shown(text)} is not the code of a roster card.") from exc


def _read_card(r: _Reader, prefix: str, wide: bool, rules: Ruleset) -> CardCode:
    roles, items, stat_ids = list(rules.roles), list(rules.items), list(rules.stat_order)
    counter, posse_id = r.take(), r.take()
    faction, role = list(rules.factions)[r.take()], roles[r.take()]
    if wide:
        stats = tuple(_unzigzag(r.take()) for _ in range(r.take()))
    else:
        nibbles = [v for _ in range((len(stat_ids) + 1) // 2) for v in divmod(r.byte(), 16)]
        stats = tuple(nibbles[: len(stat_ids)])
    injuries = r.take()
    upgrades = tuple((stat_ids[r.take()], r.take()) for _ in range(r.take()))
    gear = tuple(items[r.take()] for _ in range(r.take()))
    members = tuple((r.take(), r.take()) for _ in range(r.take()))
    if not r.done() or not members:
        raise ValueError("trailing bytes")
    return CardCode(
        prefix, counter, posse_id, role, stats, injuries, upgrades, gear, members, faction
    )


def code_bytes(text: str) -> bytes:
    """The bytes of a code typed or scanned (spaces, dashes and case ignored), its check value
    verified; Refused in a sentence when it is no code or a character is wrong."""
    raw = normal_code(text)
    if len(raw) < 8 or any(ch not in ALPHABET for ch in raw):
        raise Refused(f"{shown(text)} is not a card code: it has letters A-Z and digits 2-7 only.")
    try:
        data = base64.b32decode(raw + "=" * (-len(raw) % 8))
    except binascii.Error as exc:
        raise Refused(f"{shown(text)} is not a card code: it is cut short.") from exc
    # Only one spelling of the bytes is a code: a changed character in the last one's unused
    # bits would otherwise read as the same card.
    if base64.b32encode(data).decode("ascii").rstrip("=") != raw or len(data) < 6:
        raise Refused(f"{shown(text)} is not a card code: it is cut short.")
    if binascii.crc_hqx(data[:-2], 0) != int.from_bytes(data[-2:], "big"):
        raise Refused(
            f"The code {shown(text)} does not match its check value: a character is wrong."
        )
    return data


def check_value(text: str) -> int:
    """The check value (CRC-16) a code ends with."""
    return int.from_bytes(code_bytes(text)[-2:], "big")


def normal_code(text: str) -> str:
    """A code as the QR holds it: capitals, no spaces or dashes, 0 1 8 read as O I B."""
    return "".join(text.split()).replace("-", "").upper().translate(_TYPED)


def grouped(code: str) -> str:
    """The code in groups of GROUP characters, for typing."""
    raw = normal_code(code)
    return " ".join(raw[i : i + GROUP] for i in range(0, len(raw), GROUP))


def shown(text: str) -> str:
    """A code as a sentence names it: its first groups when it is long."""
    raw = grouped(text)
    return f"'{raw[:24]}...'" if len(raw) > 27 else f"'{raw}'"


def _text(out: bytearray, text: str) -> None:
    raw = text.encode("utf-8")
    _put(out, len(raw))
    out += raw


def _zigzag(v: int) -> int:
    return v * 2 if v >= 0 else -v * 2 - 1


def _unzigzag(v: int) -> int:
    return v // 2 if v % 2 == 0 else -(v + 1) // 2


def _put(out: bytearray, value: int) -> None:
    """An unsigned number as a varint: 7 bits a byte, the high bit set on all but the last."""
    if value < 0:
        raise ValueError("a code holds no negative number here")
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        b = self.data[self.at]
        self.at += 1
        return b

    def take(self) -> int:
        value, shift = 0, 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if b < 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ValueError("an over-long number")

    def bytes(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise IndexError("cut short")
        self.at += n
        return self.data[self.at - n : self.at]

    def text(self) -> str:
        return self.bytes(self.take()).decode("utf-8")

    def done(self) -> bool:
        return self.at == len(self.data)


def card_code(posse: Posse, members: tuple[Member, ...], rules: Ruleset, counter: int) -> CardCode:
    """The code of the card that shows members (alike but for their flips) of posse."""
    m = members[0]
    order = list(rules.items)
    return CardCode(
        ruleset=ruleset_prefix(rules),
        counter=counter,
        posse_id=posse.id or 0,
        role=m.role,
        stats=tuple(map(shown_stats(m, rules).__getitem__, rules.stat_order)),  # a horse's Move
        injuries=m.injuries,
        upgrades=tuple((s, m.upgrades[s]) for s in rules.stat_order if m.upgrades.get(s)),
        items=tuple(sorted(m.items, key=order.index)),
        members=tuple((x.id or 0, x.flips) for x in members),
        faction=posse.faction,
    )


def changes(code: CardCode, now: Mapping[int, Member], rules: Ruleset) -> list[str]:
    """What changed for each of the card's members since the code was printed, one phrase per
    member that changed ("Kid: 1 strike since; Pistol gone"); empty when the card is current.

    now maps member ids to the members as they are (a member missing from it is gone).
    """
    said = []
    for member_id, flips in code.members:
        m = now.get(member_id)
        if m is None:
            said.append(f"member {member_id}: no longer in the posse")
            continue
        said += (
            [f"{m.name}: {'; '.join(p)}"] if (p := _member_changes(code, flips, m, rules)) else []
        )
    return said


def _member_changes(code: CardCode, flips: int, m: Member, rules: Ruleset) -> list[str]:
    if not m.alive:
        return ["dead since"]
    parts = []
    strikes = m.injuries - code.injuries
    if strikes:
        parts.append(f"{_count(abs(strikes), 'strike')} {'since' if strikes > 0 else 'fewer'}")
    was = dict(code.upgrades)
    for stat in rules.stat_order:
        gained = m.upgrades.get(stat, 0) - was.get(stat, 0)
        if gained:
            parts.append(f"{rules.stat_names[stat]} {gained:+d}")
    before, after = Counter(code.items), Counter(m.items)
    for item in rules.items:
        name = rules.item(item).name
        if before[item] > after[item]:
            parts.append(f"{name} gone" + _times(before[item] - after[item]))
        elif after[item] > before[item]:
            parts.append(f"{name} new" + _times(after[item] - before[item]))
    if m.flips != flips:
        parts.append(f"{_count(m.flips, 'flip')} unspent (was {flips})")
    if m.role != code.role:
        parts.append(f"now a {rules.role(m.role).name}")
    return parts


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _times(n: int) -> str:
    return f" \u00d7{n}" if n > 1 else ""
