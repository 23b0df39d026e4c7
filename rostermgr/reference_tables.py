"""The quick-reference sheet's tables (issue 20): every figure read from the ruleset."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rostermgr.cards import JOKER, RANKS
from rostermgr.rules import Item, Ruleset
from rostermgr.views import carried_by, item_effect, item_range

_ORDER = (JOKER, *RANKS)  # the advancement table counts a joker with the low cards


@dataclass(frozen=True)
class Table:
    title: str
    rule: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[int, ...] = ()  # columns aligned right


def rank_word(rank: str) -> str:
    return "Joker" if rank == JOKER else rank


def rank_span(ranks: Iterable[str]) -> str:
    """Cards as runs: ("JK", "2", "3", "4", "5") -> "Joker, 2-5"; ("J", "Q", "K", "A") -> "J-A"."""
    idx = sorted(_ORDER.index(r) for r in ranks if r in _ORDER)
    runs: list[list[int]] = []
    for i in idx:
        if runs and i == runs[-1][-1] + 1 and _ORDER[runs[-1][-1]] != JOKER:
            runs[-1].append(i)
        else:
            runs.append([i])
    words = []
    for run in runs:
        first, last = rank_word(_ORDER[run[0]]), rank_word(_ORDER[run[-1]])
        words.append(first if len(run) == 1 else f"{first}-{last}")
    return ", ".join(words)


def bonus_text(bonuses: Mapping[str, int]) -> str:
    """Favoured-card bonuses as "J +1, K +1, A +2, Joker +2", in card order."""
    ranks = sorted(bonuses, key=lambda r: _ORDER.index(r) if r != JOKER else len(_ORDER))
    return ", ".join(f"{rank_word(r)} {bonuses[r]:+d}" for r in ranks)


def band_spans(rules: Ruleset) -> list[tuple[str, int]]:
    """R9: ("1-5", 1), ("6-10", 2), ("11+", 3) from the ruleset's bands."""
    bands = sorted(rules.damage_bands, key=lambda b: b.start)
    out = []
    for i, band in enumerate(bands):
        if i + 1 < len(bands):
            end = bands[i + 1].start - 1
            span = str(band.start) if end == band.start else f"{band.start}-{end}"
        else:
            span = f"{band.start}+"
        out.append((span, band.damage))
    return out


def _stat(rules: Ruleset, stat: str) -> str:
    return rules.stat_names.get(stat, stat)


def _effect(item: Item, rules: Ruleset) -> str:
    """What an item does: its numbers, else the ruleset's note on it."""
    effect = item_effect(item, rules, "")
    return effect or item.notes.rstrip(".") or "-"


def _card_rows(rules: Ruleset) -> list[tuple[str, str, str, str]]:
    """R7 and R8-R9: each card's value beside its favoured bonuses; the ranks the ruleset does
    not value count at face value, and a lone joker is named for what it stands for."""
    faces = [r for r in RANKS if r not in rules.card_values]
    test, damage = rules.favoured_test, rules.favoured_damage

    def row(label: str, value: str, rank: str) -> tuple[str, str, str, str]:
        return (label, value, f"{test.get(rank, 0):+d}", f"{damage.get(rank, 0):+d}")

    rows = [row(rank_span(faces), "face value", faces[0])] if faces else []
    rows += [row(r, str(v), r) for r, v in rules.card_values.items() if r != JOKER]
    if JOKER in rules.card_values:
        value = rules.card_values[JOKER]
        ace = (value, test.get(JOKER), damage.get(JOKER)) == (
            rules.card_values.get("A"),
            test.get("A"),
            damage.get("A"),
        )
        rows.append(
            row(f"Joker alone ({'favoured ace' if ace else 'favoured'})", str(value), JOKER)
        )
    return rows


def reference_tables(rules: Ruleset) -> list[Table]:
    """The quick reference's tables from the ruleset; a table the ruleset gives no row for (a
    ruleset without clothing) is left out rather than drawn as an empty frame."""
    names = rules.stat_names
    short = [rules.stat_short.get(s, s) for s in rules.stat_order]
    favoured = Table(
        "Card values and bonuses (R7-R9)",
        "R7",
        ("Card", "Value", "Favoured test", "Damage, toughness"),
        (*_card_rows(rules), ("Tie", "-", f"{rules.tie_break:+d}", "-")),
        (2, 3),
    )
    bands = Table(
        "Damage bands (R9)",
        "R9",
        ("Difference", "Base damage"),
        tuple((s, str(d)) for s, d in band_spans(rules)),
        (1,),
    )
    roles = Table(
        "Stat lines (R2)",
        "R2",
        ("Role", *short),
        tuple(
            (r.name, *(str(r.stats.get(s, 0)) for s in rules.stat_order))
            for r in rules.roles.values()
        ),
        tuple(range(1, len(short) + 1)),
    )
    weapons = [i for i in rules.items.values() if i.is_weapon]
    weapon_table = Table(
        "Weapons (R4)",
        "R4",
        ("Weapon", "Range", "Damage", "Reload", "$"),
        tuple(
            (
                i.name,
                item_range(i),
                f"+{i.damage}",
                f"{i.reload}" if i.reload else "-",
                str(i.price),
            )
            for i in weapons
        ),
        (2, 3, 4),
    )
    clothing = [i for i in rules.items.values() if not i.is_weapon and i.defence]
    clothing_table = Table(
        "Clothing (R4, R5)",
        "R4",
        ("Clothing", names.get("defence", "Defence"), "$"),
        tuple((i.name, f"+{i.defence}", str(i.price)) for i in clothing),
        (1, 2),
    )
    others = [i for i in rules.items.values() if not i.is_weapon and not i.defence]
    other_table = Table(
        "Other items (R4, R5)",
        "R4",
        ("Item", "Effect", "Who", "$"),
        tuple((i.name, _effect(i, rules), carried_by(i, rules), str(i.price)) for i in others),
        (3,),
    )
    advancement = Table(
        "Advancement flips (R15)",
        "R15",
        ("Card", "Choose +1 to"),
        tuple(
            (rank_span(a.cards), " or ".join(_stat(rules, s) for s in a.stats))
            for a in rules.advancement
        ),
    )
    bounty = Table(
        "Bounty rewards (R12)",
        "R12",
        ("Bounty", "Reward", "Hire"),
        tuple((r.name, f"${r.bounty_reward}", f"${r.hire_cost}") for r in rules.roles.values()),
        (1, 2),
    )
    leaders = Table(
        "Leader actions by faction (R1)",
        "R1",
        ("Faction", "Suit", "Eighth-card action"),
        tuple(
            (
                f.name,
                f.suit,
                " / ".join(
                    f"{a.name}: {a.text.rstrip('.')}" if a.text else a.name
                    for a in f.leader_actions
                ),
            )
            for f in rules.factions.values()
        ),
    )
    tables = [
        favoured,
        bands,
        roles,
        weapon_table,
        clothing_table,
        other_table,
        advancement,
        bounty,
        leaders,
    ]
    return [t for t in tables if t.rows]
