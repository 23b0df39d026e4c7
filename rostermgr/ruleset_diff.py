"""What changed between two rulesets (issue 18): prices, stat lines, items, kinds, tables, texts.

The comparison walks both rulesets as plain values (tables by id, lists whole), so every field
a ruleset has is compared without this module naming them; only the sentences give a few
paths their own words ("Pistol: price $8 -> $9").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import cast

from rostermgr.rules import Ruleset

# Fields that say where a ruleset came from, not what it says.
_NOT_RULES = ("source", "text", "hash")
# The heading each top-level field is grouped under, in the order they are printed.
SECTIONS: Mapping[str, tuple[str, ...]] = {
    "Ruleset": ("id", "name", "version"),
    "Money": ("starting_purse", "resale_percent", "goods_percent", "theft_limit"),
    "Stats": ("stat_order", "stat_names", "stat_short"),
    "Roles": ("roles", "composition"),
    "Factions": ("factions",),
    "Kinds": ("kinds", "test_kinds"),
    "Items": ("items",),
    "Scenarios": ("scenarios",),
    "Advancement": ("advancement",),
}
TABLES = "Tables"  # every other field: cards, cover, damage, injuries, flips, the game
_MONEY_FIELDS = ("price", "creation_cost", "hire_cost", "bounty_reward")
# Tables of things with an id and a name: an entry added or removed is told by its name.
_NAMED = ("roles", "factions", "kinds", "test_kinds", "items", "scenarios")


@dataclass(frozen=True)
class RuleChange:
    """One difference: where (a dotted path), the old and new values (None: absent), words."""

    path: str
    old: object
    new: object
    section: str
    sentence: str


def plain(value: object) -> object:
    """Dataclasses and mappings as dicts, tuples as lists: the JSON shape of a ruleset."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _section(top: str) -> str:
    return next((name for name, tops in SECTIONS.items() if top in tops), TABLES)


def _walk(
    path: tuple[str, ...], old: object, new: object
) -> list[tuple[tuple[str, ...], object, object]]:
    """Every differing leaf below `path`; a key only on one side is one change of the whole."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in [*new, *(k for k in old if k not in new)]:
            out += _walk((*path, key), old.get(key), new.get(key))
        return out
    return [(path, old, new)]


def diff_rulesets(old: Ruleset, new: Ruleset) -> list[RuleChange]:
    """Every difference from `old` to `new`, grouped by section in SECTIONS order (then Tables)."""
    before, after = plain(old), plain(new)
    assert isinstance(before, dict) and isinstance(after, dict)
    changes = []
    for f in fields(new):
        if f.name in _NOT_RULES:
            continue
        for path, was, now in _walk((f.name,), before.get(f.name), after.get(f.name)):
            changes.append(
                RuleChange(
                    ".".join(path), was, now, _section(f.name), _sentence(path, was, now, old, new)
                )
            )
    order = [*SECTIONS, TABLES]
    return sorted(changes, key=lambda c: order.index(c.section))


def _shown(value: object, money: bool = False) -> str:
    if money and isinstance(value, int):
        return f"${value}"
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "none"
    return json.dumps(value, ensure_ascii=False)


def _name(top: str, key: str, old: Ruleset, new: Ruleset) -> str:
    """The display name of an entry of a named table, from the new ruleset if it has it."""
    for rules in (new, old):
        entry = getattr(rules, top).get(key)
        if entry is not None:
            return str(getattr(entry, "name", key))
    return key


def _words(field_name: str) -> str:
    return field_name.replace("_", " ")


def _bands(value: object) -> str:
    """R9's damage bands as the rule says them: "1-5: 1, 6-10: 2, 11 or more: 3"."""
    if not isinstance(value, list):
        return _shown(value)
    starts = [int(b["start"]) for b in value]
    out = []
    for i, band in enumerate(value):
        reach = f"-{starts[i + 1] - 1}" if i + 1 < len(starts) else " or more"
        out.append(f"{band['start']}{reach}: {band['damage']}")
    return ", ".join(out)


def _rows(value: object, key: str, words: Callable[[dict[str, object]], str]) -> dict[object, str]:
    if not isinstance(value, list):
        return {}
    return {tuple(r[key]) if isinstance(r[key], list) else r[key]: words(r) for r in value}


def _row_changes(top: str, was: object, now: object, new: Ruleset) -> str | None:
    """A table of rows (R15's advancement, R12's end flips, R9's damage bands) told row by
    row in the rule's own words, not as the whole list dumped twice."""
    if top == "damage_bands":
        return f"Damage bands (difference: base damage): {_bands(was)} -> {_bands(now)}"

    def stats(row: dict[str, object]) -> str:
        names = [new.stat_names.get(str(s), str(s)) for s in cast(list[object], row["stats"])]
        return " or ".join(names) or "none"

    def ends(row: dict[str, object]) -> str:
        return "ends on " + ", ".join(str(c) for c in cast(list[object], row["ends_on"]))

    if top == "advancement":
        key, label, words = "cards", "Advancement", stats
    elif top == "end_flips":
        key, label, words = "after_turn", "End flip after turn", ends
    else:
        return None
    before, after = _rows(was, key, words), _rows(now, key, words)
    parts = []
    for row in dict.fromkeys([*before, *after]):
        if before.get(row) != after.get(row):
            name = ", ".join(map(str, row)) if isinstance(row, tuple) else str(row)
            parts.append(f"{label} {name}: {before.get(row, 'none')} -> {after.get(row, 'none')}")
    return "; ".join(parts) or None


def _action_changes(faction: str, was: object, now: object) -> str:
    """R1: a faction's leader actions told action by action, each changed field in words
    ("text", "effect", "heals"), not the whole list dumped twice as JSON."""

    def by_name(value: object) -> dict[str, dict[str, object]]:
        rows = cast(list[dict[str, object]], value) if isinstance(value, list) else []
        return {str(row["name"]): row for row in rows}

    before, after = by_name(was), by_name(now)
    parts = []
    for name in dict.fromkeys([*before, *after]):
        a, b = before.get(name), after.get(name)
        if a is None or b is None:
            parts.append(f"{name} {'added' if a is None else 'removed'}")
            continue
        for key in dict.fromkeys([*a, *b]):
            if a.get(key) != b.get(key):
                parts.append(f"{name}: {_words(key)} {_shown(a.get(key))} -> {_shown(b.get(key))}")
    return f"{faction}: " + "; ".join(parts)


def _sentence(path: tuple[str, ...], was: object, now: object, old: Ruleset, new: Ruleset) -> str:
    top = path[0]
    rows = _row_changes(top, was, now, new) if len(path) == 1 else None
    if rows is not None:
        return rows
    if top == "factions" and path[2:] == ("leader_actions",):
        return _action_changes(_name(top, path[1], old, new), was, now)
    if top in _NAMED and len(path) >= 2:
        name = _name(top, path[1], old, new)
        what = _words(top.removesuffix("s")).replace("test kind", "test").capitalize()
        if len(path) == 2:
            if was is None:
                price = f", ${now['price']}" if isinstance(now, dict) and "price" in now else ""
                return f"{what} added: {name} ({path[1]}{price})"
            if now is None:
                return f"{what} removed: {name} ({path[1]})"
        if top == "roles" and len(path) == 4 and path[2] == "stats":
            stat = new.stat_names.get(path[3]) or old.stat_names.get(path[3]) or path[3]
            return f"{name}: {stat} {_shown(was)} -> {_shown(now)}"
        field_name = ".".join(_words(p) for p in path[2:])
        money = path[-1] in _MONEY_FIELDS
        return f"{name}: {field_name} {_shown(was, money)} -> {_shown(now, money)}"
    label = " ".join(_words(p) for p in path)
    money = top in SECTIONS["Money"] and top.endswith(("purse", "limit"))
    return f"{label[:1].upper()}{label[1:]}: {_shown(was, money)} -> {_shown(now, money)}"


def diff_lines(changes: list[RuleChange]) -> list[str]:
    """The changes as text: a heading per section, a sentence a line; a line when none."""
    if not changes:
        return ["The two rulesets say the same."]
    lines: list[str] = []
    for change in changes:
        heading = f"{change.section}:"
        if heading not in lines:
            lines.append(heading)
        lines.append(f"  {change.sentence}")
    return lines


def diff_json(changes: list[RuleChange]) -> list[dict[str, object]]:
    """The changes as `rules diff --json` prints them: {path, old, new}."""
    return [{"path": c.path, "old": c.old, "new": c.new} for c in changes]
