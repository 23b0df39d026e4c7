"""Forlorn Hope's orders of battle (issue 32 item 6): the seed's forces as unit rosters.

Every unit of `[[forces]]` in forlorn-hope.toml becomes a roster of rows, one for each thing
that takes chips: a group of men, an officer, a gun and its crew. Each row says its figures
and how many chips it takes a turn (`[orders]`), for the sheet to print as circles to tick.

Rulings where the seed is silent (the TOML holds the numbers either way):

- A unit's men are split into groups of their side's size ([[groups]] with a `side`), in the
  order the figure lines give them; lines that share a `pool` are grouped together (a
  company's NCOs with its men). What is left over is a last, smaller group, which fires with
  men short; a group of one fires as a single soldier.
- Each officer is a row of his own ("each officer may move twice a turn").
- Each gun is a row of its own; the force's crew figures are shared out among its guns, the
  first guns taking any extra.
- The seed leaves the reinforcements to the players ("pull out the figures that will
  reinforce"): every row has a box to mark it a reinforcement and the turn it arrives.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rostermgr.errors import RulesetError
from rostermgr.forlorn import Figure, Force, ForlornRules


@dataclass(frozen=True)
class Row:
    """One line of a roster: what it holds, its figures, its chips a turn, men short."""

    kind: str  # "group", "officer" or "gun"
    label: str
    figures: int  # figures on the row; a gun row counts its crew (the gun itself is not one)
    chips: int
    short: int = 0  # men short of a full group


@dataclass(frozen=True)
class Unit:
    side: str
    title: str
    note: str
    rows: tuple[Row, ...]

    @property
    def figures(self) -> int:
        """The figures of the unit: every row's, and one for each gun."""
        return sum(r.figures for r in self.rows) + sum(1 for r in self.rows if r.kind == "gun")


def _groups(lines: list[Figure], size: int, chips: int, start: int) -> list[Row]:
    """Lines of men (one pool) in groups of `size`, the remainder last; numbered from start."""
    names = [f.name for f in lines for _ in range(f.count)]
    rows: list[Row] = []
    for at in range(0, len(names), size):
        chunk = Counter(names[at : at + size])
        n = sum(chunk.values())
        what = ", ".join(name if k == n else f"{name} {k}" for name, k in chunk.items())
        number = start + len(rows)
        label = f"Group {number} ({n}): {what}"
        if n == 1 and size > 1:  # fires as a single soldier, never "men short"
            rows.append(Row("group", label + ", single soldier", n, chips))
            continue
        rows.append(Row("group", label, n, chips, size - n))
    return rows


def _unit_rows(force: Force, rules: ForlornRules) -> list[Row]:
    orders = rules.orders
    size = rules.group_size.get(force.side)
    if size is None:
        raise RulesetError(
            f"Ruleset {rules.source}: no [[groups]] entry gives the side '{force.side}' the size "
            "of its groups, which its forces need."
        )
    rows: list[Row] = []
    officers = [f for f in force.figures if f.kind == "officer"]
    for f in officers:
        for i in range(f.count):
            label = f.name if f.count == 1 else f"{f.name.rstrip('s')} {i + 1}"
            rows.append(Row("officer", label, 1, orders.officer_moves))
    pools: dict[str, list[Figure]] = {}
    for i, f in enumerate(force.figures):
        if f.kind == "men":
            pools.setdefault(f.pool or f"#{i}", []).append(f)
    guns = [f for f in force.figures if f.kind == "gun"]
    crew = [f for f in force.figures if f.kind == "crew"]
    if crew and not guns:
        pools.setdefault("#crew", []).extend(crew)  # crew with no gun fight as men
    for lines in pools.values():
        rows += _groups(lines, size, orders.group_moves, 1 + sum(r.kind == "group" for r in rows))
    if guns:
        total = sum(f.count for f in crew)
        count = sum(f.count for f in guns)
        each, extra = divmod(total, count)
        crew_name = crew[0].name if crew else "crew"
        n = 0
        for f in guns:
            for i in range(f.count):
                men = each + (1 if n < extra else 0)
                number = f" {i + 1}" if f.count > 1 else ""
                label = f"{f.name}{number}: gun and {men} {crew_name.lower()}"
                short = max(0, rules.crew - men)
                rows.append(Row("gun", label, men, orders.gun_moves, short))
                n += 1
    return rows


def orders_of_battle(rules: ForlornRules) -> tuple[Unit, ...]:
    """Every unit of the forces, in the data's order, a force of several units numbered."""
    units = []
    for force in rules.forces:
        rows = tuple(_unit_rows(force, rules))
        for i in range(force.count):
            title = force.name if force.count == 1 else f"{force.name} {i + 1} of {force.count}"
            units.append(Unit(force.side, title, force.note, rows))
    return tuple(units)
