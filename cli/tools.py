"""`rostermgr rules`: the active ruleset; the campaign's rulesets (diff, adopt, history, undo)."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import TextIO

from cli import EXIT_OK, Commands, print_json
from cli.context import active_ruleset
from rostermgr.rules import Ruleset
from rostermgr.views import carried_by, item_effect, item_range, kind_limit, text_table

WIDTH = 100  # columns of the prose lines


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser(
        "rules",
        help="the campaign's current ruleset",
        description="The campaign's current ruleset (with --ruleset FILE, that file; with no "
        "campaign yet, the shipped one, which a new campaign starts with): money, factions, "
        "stat lines, hire costs and bounty rewards, items with range, effect, who may carry "
        "them and price, carry limits, damage, injuries, flips and the advancement table.",
    )
    shown = p.add_mutually_exclusive_group()
    shown.add_argument(
        "--json", action="store_true", help="print one JSON document: the whole ruleset by id"
    )
    # a designer's copy to edit: the shipped file sits inside the installed package or bundle
    shown.add_argument(
        "--toml",
        action="store_true",
        help="print the ruleset file itself, to save and edit: rostermgr rules --toml > house.toml",
    )
    p.set_defaults(handler=cmd_rules)
    from cli.rulesets import add_actions

    add_actions(p)


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    if getattr(args, "toml", False):
        out.write(rules.text if rules.text.endswith("\n") else rules.text + "\n")
        return EXIT_OK
    if args.json:
        doc = _plain(rules)
        assert isinstance(doc, dict)
        doc.pop("source")
        doc.pop("text")
        print_json(doc, out)
        return EXIT_OK
    out.write("".join(f"{line}\n" for line in rules_lines(rules)))
    return EXIT_OK


def rules_lines(rules: Ruleset) -> list[str]:
    """The ruleset as text, every number from the Ruleset object."""
    lines = [
        # the hash as `rules history` shows it: which text this is, not only its version
        f"{rules.name} {rules.version} ({rules.source}, hash {rules.hash[:12]})",
        *_wrap(
            f"Starting purse ${rules.starting_purse}; items sell back for "
            f"{rules.resale_percent}%; goods sell for {rules.goods_percent}% of market value "
            "(R16)."
        ),
        "",
        "Factions (R1), with their favoured suit:",
    ]
    for f in rules.factions.values():
        actions = ", ".join(a.name for a in f.leader_actions)
        lines += _wrap(f"  {f.name} ({f.suit}): leader {actions}; rule {f.rule_name}", 4)
    lines += ["", *_roles(rules), "", *_items(rules), "", *_tables(rules)]
    return lines


def _wrap(text: str, indent: int = 2) -> list[str]:
    """A long sentence over lines of at most WIDTH columns, later lines indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False)


def _indent(lines: list[str]) -> list[str]:
    return [f"  {line}" for line in lines]


def _roles(rules: Ruleset) -> list[str]:
    """Stat lines (R2), the posse (R3), creation and replacement costs (R6), bounties (R12)."""
    posse = ", ".join(
        f"{rules.roles[r].name if r in rules.roles else r} {n}"
        for r, n in rules.composition.items()
    )
    shorts = [rules.stat_short[s] for s in rules.stat_order]
    rows = [["Role", *shorts, "Cost", "Replacement", "Bounty reward"]]
    for r in rules.roles.values():
        group = f" for {r.creation_group}" if r.creation_group > 1 else ""
        rows.append(
            [
                r.name,
                *(str(r.stats[s]) for s in rules.stat_order),
                f"${r.creation_cost}{group}",
                f"${r.hire_cost}",
                f"${r.bounty_reward}",
            ]
        )
    stats = ", ".join(f"{rules.stat_short[s]} {rules.stat_names[s]}" for s in rules.stat_order)
    right = [False, *(True for _ in shorts), True, True, True]
    return [
        f"Roles (R2, R3, R6, R12); a new posse: {posse}.",
        *_indent(text_table(rows, right)),
        *_wrap(f"  {stats}."),
    ]


def _items(rules: Ruleset) -> list[str]:
    """Every item by kind (R4-R6): range, effect, who may carry it, price, notes."""
    rows = [["Item", "Name", "Range", "Effect", "Carried by", "Price"]]
    between: list[list[str]] = [[]]  # for each row: the lines printed after it
    for kind in rules.kinds.values():
        items = [i for i in rules.items.values() if i.kind == kind.id]
        if items:
            between[-1].append(f"  {kind.name} ({kind.id}): {kind_limit(kind)} per member")
        for i in items:
            effect = item_effect(i, rules)
            rows.append([i.id, i.name, item_range(i), effect, carried_by(i, rules), f"${i.price}"])
            between.append(_wrap(f"      {i.notes}", 6) if i.notes else [])
    lines = ["Items (R4-R6); ranges in card lengths; carry limits (R5):"]
    table = text_table(rows, [False, False, False, False, False, True])
    for line, after in zip(table, between, strict=True):
        lines += [f"    {line}", *after]
    return lines


def _tables(rules: Ruleset) -> list[str]:
    """Damage (R9), injuries (R13), flips (R14) and the advancement table (R15)."""
    bands = list(rules.damage_bands)
    damage = []
    for n, band in enumerate(bands):
        upper = f"-{bands[n + 1].start - 1}" if n + 1 < len(bands) else "+"
        damage.append(f"{band.start}{upper}: {band.damage}")
    rows = [["Cards", "Upgrade (+1)"]]
    for row in rules.advancement:
        rows.append([", ".join(row.cards), " or ".join(rules.stat_names[s] for s in row.stats)])
    wounds = rules.stat_names.get("wounds", "Wounds")
    return [
        f"Damage (R9), by the winning difference: {'; '.join(damage)}.",
        *_wrap(
            f"Injuries (R13): each time out of action, -{rules.wounds_lost} {wounds}; at "
            f"{rules.strikes_to_die} strikes the model is dead and its gear buried."
        ),
        *_wrap(
            f"Flips (R14): {rules.flips_per_take_out} for a take-out, "
            f"{rules.flips_per_killing_blow} for a killing blow; a re-flip burns "
            f"{rules.reflip_cost}."
        ),
        "Advancement (R15): a flip turns a card, and the player takes one of its upgrades:",
        *_indent(text_table(rows, [False, False])),
    ]


def _plain(value: object) -> object:
    """Dataclasses, mappings and tuples as JSON objects and lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
