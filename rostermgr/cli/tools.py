"""`rostermgr rules`: the active ruleset."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import TextIO

from rostermgr.cli import EXIT_OK, print_json
from rostermgr.cli.context import ruleset


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rules", help="the active ruleset")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_rules)


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    rules = ruleset(args)
    if args.json:
        doc = _plain(rules)
        assert isinstance(doc, dict)
        doc.pop("source")
        print_json(doc, out)
        return EXIT_OK
    out.write(f"{rules.name} {rules.version} ({rules.source})\n")
    out.write(
        f"Starting purse ${rules.starting_purse}; items sell back for {rules.resale_percent}%.\n\n"
    )
    out.write("Factions:\n")
    for f in rules.factions.values():
        actions = ", ".join(a.name for a in f.leader_actions)
        out.write(f"  {f.name:<12} {f.suit:<9} leader: {actions}; rule: {f.rule_name}\n")
    out.write("\nRoles:\n")
    for r in rules.roles.values():
        stats = " ".join(f"{rules.stat_short[s]} {r.stats[s]}" for s in rules.stat_order)
        group = f" (group of {r.creation_group})" if r.creation_group > 1 else ""
        out.write(
            f"  {r.name:<12} ${r.creation_cost}{group}, replacement ${r.hire_cost}: {stats}\n"
        )
    out.write("\nItems:\n")
    for i in rules.items.values():
        out.write(f"  {i.id:<15} {i.name:<24} {i.kind:<10} ${i.price:>3}  {i.notes}\n")
    return EXIT_OK


def _plain(value: object) -> object:
    """Dataclasses, mappings and tuples as JSON objects and lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
