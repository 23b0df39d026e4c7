"""Which roster cards a set of posses needs, what each card shows, and its fingerprint (R18).

Pure: no reportlab here. Everything a card prints is resolved into a `CardFace` of plain
strings and numbers, so the fingerprint covers exactly what the card shows and the renderer
draws nothing that is not in the face.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from typing import Any

from printables.layout import check_choice
from rostermgr.cardcode import card_code, encode_card
from rostermgr.presentation import present
from rostermgr.roster import Member, Posse
from rostermgr.rules import Faction, Item, Ruleset
from rostermgr.rules_tables import RANKS

GANGERS = ("grouped", "separate")
# A shared card has a wound track on its front and a strike track on its back for each model:
# three fit beside the tables, so a larger group of identical models takes several cards.
MAX_SHARED = 3
# Part of every fingerprint: bump it when the card design changes what a printed card shows.
CARD_DESIGN = "roster-card/3"  # 3: the state code on the back (issue 34)
DASH = "\u2013"
NAME_JOIN = "\u00a0\u00b7 "  # "Kid · Slim · Doc"; the no-break space keeps the dot on its name


@dataclass(frozen=True)
class StatCell:
    stat: str  # stat id, e.g. "defence"
    name: str  # "Defence"
    short: str  # "Df"
    value: int
    bonus: int = 0  # shown beside the value (clothing on Defence)


@dataclass(frozen=True)
class WeaponLine:
    name: str
    range: str  # card lengths, "0-1" (en dash); "base" for base-to-base weapons
    damage: str  # "+1"
    reload: int  # boxes to tick; 0 for none


@dataclass(frozen=True)
class BackTables:
    """The static half of a back: the same for every card of one faction and role kind."""

    faction: str
    suit: str
    leader: bool
    favoured: tuple[tuple[str, int, int], ...]  # (rank label, test bonus, damage bonus)
    tie_break: int
    damage: tuple[tuple[str, int], ...]  # (difference "1-5", base damage)
    actions: tuple[tuple[str, str], ...]  # leader's eighth-card actions (name, text)
    rule: tuple[str, str] | None  # faction rule (name, text) when the ruleset has text
    strikes: int  # injury boxes; the last one is death
    wounds_lost: int  # Wounds lost for each strike
    wounds_short: str  # "W"
    advancement: tuple[tuple[str, tuple[str, ...]], ...]  # (cards "JK, 2-5", stat names)
    ruleset: str  # "Last Hope Frontier 0.1-playtest"
    # Each row's stats' short names, for names too long for the row. Not fingerprinted: the
    # stat line's cells carry the same short names, and the fingerprints stay as they were.
    advancement_short: tuple[tuple[str, ...], ...] = field(
        default=(), metadata={"fingerprint": False}
    )


@dataclass(frozen=True)
class CardFace:
    """One roster card (front and back) for one member, or for identical gang members."""

    key: str  # stable across prints: the posse and the names the card stands for
    fingerprint: str  # sha256 of everything the card shows
    posse: str
    names: tuple[str, ...]
    role_id: str
    role: str
    faction_id: str
    faction: str
    suit: str
    stats: tuple[StatCell, ...]
    wounds: int  # boxes in the wound track: the current Wounds stat
    weapons: tuple[WeaponLine, ...]
    clothing: tuple[str, ...]
    items: tuple[str, ...]
    injuries: int
    upgrades: tuple[tuple[str, int], ...]  # (stat name, +count) in stat order
    back: BackTables
    # A member whose gear does not fit one card gets continuation cards (see fit.py): part
    # 2 of 3 holds the gear that part 1 could not. Not part of the fingerprint: it is layout.
    part: int = 1
    parts: int = 1
    # The card's state code (rostermgr.cardcode), printed on its back; "" prints none. Not part
    # of the fingerprint: it carries the campaign's change counter, which moves on every change.
    code: str = ""

    @property
    def title(self) -> str:
        return NAME_JOIN.join(self.names)


def card_faces(
    posses: Sequence[Posse], rules: Ruleset, gangers: str = "grouped", counter: int | None = None
) -> list[CardFace]:
    """The cards for the living members of posses, in roster order; with counter (the
    campaign's change counter now), each card carries its state code.

    Members of a role bought as a group (gang members) share one card while they are identical
    in stats, items, injuries and upgrades, unless gangers is "separate"; at most MAX_SHARED
    of them to a card, which has a wound and a strike track for each.
    """
    check_choice(gangers, GANGERS, "gangers option")
    faces: list[CardFace] = []
    # One static back per faction and leadership, with its JSON for the fingerprints.
    backs: dict[tuple[str, bool], tuple[BackTables, str]] = {}
    # What a card shows besides its posse and names, with its JSON, by the content it comes
    # from: most cards of a print are alike (issue 33: worked out once per distinct content).
    shown: dict[tuple[object, ...], _Content] = {}
    for posse in posses:
        groups: dict[object, list[Member]] = {}
        for i, member in enumerate(posse.active):
            shared = gangers == "grouped" and rules.role(member.role).creation_group > 1
            groups.setdefault(_likeness(member, rules) if shared else i, []).append(member)
        for group in groups.values():
            for start in range(0, len(group), MAX_SHARED):
                members = tuple(group[start : start + MAX_SHARED])
                code = (
                    ""
                    if counter is None
                    else encode_card(card_code(posse, members, rules, counter), rules)
                )
                faces.append(_face(posse, members, rules, backs, shown, code))
    return faces


def changed_faces(faces: Sequence[CardFace], printed: Mapping[str, str]) -> list[CardFace]:
    """The faces whose key was never printed or whose fingerprint differs from printed[key]."""
    return [f for f in faces if printed.get(f.key) != f.fingerprint]


def _likeness(member: Member, rules: Ruleset) -> tuple[object, ...]:
    upgrades = tuple(sorted((s, n) for s, n in member.upgrades.items() if n))
    return (
        "shared",
        member.role,
        tuple(sorted(member.stats(rules).items())),
        tuple(sorted(member.items)),
        member.injuries,
        upgrades,
    )


@dataclass(frozen=True)
class _Content:
    """A card's fields but its posse and names, and the fingerprint's JSON either side of them
    (the fields are written in sorted order: "names" and "posse" fall between the two)."""

    fields: dict[str, Any]  # CardFace's fields but key, fingerprint, posse and names
    before: str  # '"back": ..., ..., "items": ...'
    after: str  # '"role": ..., ..., "wounds": ...'


def _face(
    posse: Posse,
    members: tuple[Member, ...],
    rules: Ruleset,
    backs: dict[tuple[str, bool], tuple[BackTables, str]],
    shown: dict[tuple[object, ...], _Content],
    code: str = "",
) -> CardFace:
    m = members[0]
    # everything the content reads of a member, and the faction it fights for
    like = (posse.faction, m.role, m.items, m.injuries, tuple(sorted(m.upgrades.items())))
    content = shown.get(like)
    if content is None:
        content = shown[like] = _content(posse, m, rules, backs)
    names = tuple(x.name for x in members)
    key = json.dumps([posse.name, list(names)], ensure_ascii=False)
    own = f'"names": {_shown(names)}, "posse": {_shown(posse.name)}'
    text = f"[{_DESIGN_JSON}, {{{content.before}, {own}, {content.after}}}]"
    fingerprint = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return CardFace(
        key=key,
        fingerprint=fingerprint,
        posse=posse.name,
        names=names,
        code=code,
        **content.fields,
    )


def _content(
    posse: Posse,
    m: Member,
    rules: Ruleset,
    backs: dict[tuple[str, bool], tuple[BackTables, str]],
) -> _Content:
    faction = rules.faction(posse.faction)
    leads = bool(faction.leader_actions) and _leads(m)
    if (faction.id, leads) not in backs:
        back = back_tables(faction, rules, leader=leads)
        backs[(faction.id, leads)] = (back, _shown(_plain(back)))
    back, back_json = backs[(faction.id, leads)]
    order = {item_id: i for i, item_id in enumerate(rules.items)}
    items = sorted((rules.item(i) for i in m.items), key=lambda it: order[it.id])
    fields: dict[str, Any] = {
        "role_id": m.role,
        "role": rules.role(m.role).name,
        "faction_id": faction.id,
        "faction": faction.name,
        "suit": faction.suit,
        "stats": _stats(m, rules),
        "wounds": m.stats(rules)["wounds"],
        "weapons": _weapons([it for it in items if rules.is_weapon(it)]),  # R4: kinds' data
        "clothing": tuple(_clothing(it, rules) for it in items if it.defence),
        "items": _others([it for it in items if not rules.is_weapon(it) and not it.defence], rules),
        "injuries": m.injuries,
        "upgrades": tuple(
            (rules.stat_names[s], m.upgrades[s]) for s in rules.stat_order if m.upgrades.get(s)
        ),
        "back": back,
    }
    # The fingerprint hashes _shown([CARD_DESIGN, fields]) with sort_keys; the back's JSON is
    # written once per back, and each field's once per value (_shown_value).
    written = {k: f'"{k}": {_shown_value(v)}' for k, v in fields.items() if k != "back"}
    written["back"] = f'"back": {back_json}'
    keys = sorted(written)
    return _Content(
        fields,
        ", ".join(written[k] for k in keys if k < "names"),
        ", ".join(written[k] for k in keys if k > "posse"),
    )


def _shown(value: object) -> str:
    """The JSON that fingerprints hash: sorted keys, characters as themselves."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=_card_part_fields)


_DESIGN_JSON = json.dumps(CARD_DESIGN)


@lru_cache(maxsize=4096, typed=True)
def _shown_value(value: object) -> str:
    # The fields are strings, ints and tuples of those and of StatCell / WeaponLine (of
    # strings and ints), so values that compare equal have the same JSON.
    return _shown(value)


def _leads(member: Member) -> bool:
    return member.role == "leader"  # DESIGN 3: the role id of the posse's leader


def _card_part_fields(value: object) -> dict[str, object]:
    """json.dumps's hook for a StatCell or WeaponLine: its fields (the encoder does the rest)."""
    if isinstance(value, StatCell | WeaponLine):
        # a frozen dataclass's __dict__ is its fields; the encoder only reads it
        return vars(value)
    raise TypeError(f"{type(value).__name__} is not part of a card")


def _plain(value: object) -> object:
    if isinstance(value, BackTables | StatCell | WeaponLine):
        # field by field: dataclasses.asdict deep-copies, which costs more than the hashing
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclass_fields(value)
            if f.metadata.get("fingerprint", True)
        }
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _stats(m: Member, rules: Ruleset) -> tuple[StatCell, ...]:
    """The stat line of the one presentation every output shares (rostermgr.presentation)."""
    return tuple(
        StatCell(s.stat, s.name, s.short, s.value, s.bonus) for s in present(m, rules).stats
    )


def _weapons(items: list[Item]) -> tuple[WeaponLine, ...]:
    """One line per kind of weapon carried: two pistols print as one line, "Pistol" times 2.

    A weapon that reloads gets a line, and reload boxes, of its own (R18): two shotguns each
    reload after their own three shots."""
    counts: dict[str, int] = {}
    for it in items:
        counts[it.id] = counts.get(it.id, 0) + 1
    first = {it.id: it for it in reversed(items)}
    lines: list[WeaponLine] = []
    for i, n in counts.items():
        if first[i].reload:
            lines.extend(_weapon(first[i]) for _ in range(n))
        else:
            lines.append(_weapon(first[i], n))
    return tuple(lines)


def _weapon(item: Item, count: int = 1) -> WeaponLine:
    if item.range is None:
        reach = "base"
    elif item.range[0] == item.range[1]:
        reach = str(item.range[0])
    else:
        reach = f"{item.range[0]}{DASH}{item.range[1]}"
    name = item.name + (f" \u00d7{count}" if count > 1 else "")
    return WeaponLine(name, reach, f"+{item.damage}", item.reload)


def _clothing(item: Item, rules: Ruleset) -> str:
    return f"{item.name} ({item.defence:+d} {rules.stat_short['defence']})"


def _others(items: list[Item], rules: Ruleset) -> tuple[str, ...]:
    counts: dict[str, int] = {}
    for it in items:
        counts[it.id] = counts.get(it.id, 0) + 1
    out = []
    for item_id, n in counts.items():
        it = rules.item(item_id)
        effects = []
        if it.move:
            effects.append(f"{rules.stat_short['move']} {it.move}")
        if it.shot:
            effects.append(f"{rules.stat_short['shot']} {it.shot:+d}".replace("-", "\u2212"))
        if it.heals:
            effects.append(f"heals {it.heals}")
        if it.initiative:
            effects.append(f"+{it.initiative} initiative")
        text = it.name + (f" \u00d7{n}" if n > 1 else "")
        out.append(f"{text} ({', '.join(effects)})" if effects else text)
    return tuple(out)


def back_tables(faction: Faction, rules: Ruleset, *, leader: bool) -> BackTables:
    """The static back of a card for faction: its bonus tables, actions and rule."""
    ranks = [r for r in RANKS if r in rules.favoured_test or r in rules.favoured_damage]
    favoured = tuple(
        (_rank_label(r), rules.favoured_test.get(r, 0), rules.favoured_damage.get(r, 0))
        for r in ranks
    )
    bands = [b.start for b in rules.damage_bands]
    ends = [nxt - 1 for nxt in bands[1:]]
    damage = tuple(
        (_span(b.start, ends[i] if i < len(ends) else None), b.damage)
        for i, b in enumerate(rules.damage_bands)
    )
    return BackTables(
        faction=faction.name,
        suit=faction.suit,
        leader=leader,
        favoured=favoured,
        tie_break=rules.tie_break,
        damage=damage,
        actions=_one_action(faction) if leader else (),
        rule=(faction.rule_name, faction.rule_text) if faction.rule_text.strip() else None,
        strikes=rules.strikes_to_die,
        wounds_lost=rules.wounds_lost,
        wounds_short=rules.stat_short["wounds"],
        advancement=tuple(
            (_rank_runs(row.cards), tuple(rules.stat_names[s] for s in row.stats))
            for row in rules.advancement
        ),
        ruleset=f"{rules.name} {rules.version}",
        advancement_short=tuple(
            tuple(rules.stat_short[s] for s in row.stats) for row in rules.advancement
        ),
    )


def _one_action(faction: Faction) -> tuple[tuple[str, str], ...]:
    """The leader's eighth-card action as one entry (R1 ruling: an action with two names is one
    action, the first name its use when the leader attacks, the second when it defends)."""
    acts = faction.leader_actions
    if not acts:
        return ()
    if len(acts) == 1:
        return ((acts[0].name, acts[0].text),)
    uses = ("attacking", "defending")
    name = " / ".join(
        f"{a.name} ({uses[i]})" if i < len(uses) else a.name for i, a in enumerate(acts)
    )
    return ((name, " ".join(a.text for a in acts if a.text.strip())),)


def _span(start: int, end: int | None) -> str:
    if end is None:
        return f"{start}+"
    return str(start) if end == start else f"{start}{DASH}{end}"


def _rank_label(rank: str) -> str:
    return "Joker" if rank == "JK" else rank


def _rank_runs(cards: Sequence[str]) -> str:
    """'JK, 2-5' (en dash) for JK 2 3 4 5: runs of consecutive ranks joined with a dash."""
    order = [r for r in RANKS if r != "JK"]
    parts: list[str] = ["JK"] if "JK" in cards else []
    run: list[str] = []
    for rank in [*order, ""]:
        if rank in cards:
            run.append(rank)
            continue
        if run:
            parts.append(run[0] if len(run) == 1 else f"{run[0]}{DASH}{run[-1]}")
        run = []
    return ", ".join(parts)
