"""`rostermgr posse ...`: create, list, show, shop, export and import posses (DESIGN 5)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from db import backup, exchange, posses
from rostermgr.cli import EXIT_OK, campaign_path, print_json
from rostermgr.cli.context import campaign, ruleset
from rostermgr.exchange import validate_posse_file
from rostermgr.jsonfile import read_json
from rostermgr.shop import Entry, money, plan_creation
from rostermgr.views import posse_text, posse_view


def add_parsers(sub: argparse._SubParsersAction) -> None:
    posse = sub.add_parser("posse", help="create, show and equip posses")
    ps = posse.add_subparsers(dest="posse_command", metavar="ACTION", required=True)

    p = ps.add_parser("new", help="create a posse from a creation request (JSON)")
    p.add_argument("file", help="the creation request, or - for standard input")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_new)

    p = ps.add_parser("list", help="every posse in the campaign")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_list)

    p = ps.add_parser("show", help="one posse's roster")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)

    for action, helptext in (
        ("buy", "pay the ruleset price from the purse"),
        ("sell", "refund the ruleset resale share"),
    ):
        p = ps.add_parser(action, help=helptext)
        p.add_argument("name")
        p.add_argument("member")
        p.add_argument("item")
        p.set_defaults(handler=cmd_buy if action == "buy" else cmd_sell)

    p = ps.add_parser("hire", help="hire a replacement member")
    p.add_argument("name")
    p.add_argument("role")
    p.add_argument("member")
    p.set_defaults(handler=cmd_hire)

    p = ps.add_parser("rename", help="give a posse a new name")
    p.add_argument("name")
    p.add_argument("new_name")
    p.set_defaults(handler=cmd_rename)

    p = ps.add_parser("rename-member", help="give a member a new name")
    p.add_argument("name")
    p.add_argument("member")
    p.add_argument("new_name")
    p.set_defaults(handler=cmd_rename_member)

    p = ps.add_parser("export", help="the whole posse with its history, as JSON")
    p.add_argument("name")
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output"
    )
    p.set_defaults(handler=cmd_export)

    p = ps.add_parser("import", help="restore an exported posse into this campaign")
    p.add_argument("file")
    p.add_argument("--as", dest="as_name", metavar="NAME", help="import under another name")
    p.set_defaults(handler=cmd_import)

    p = ps.add_parser("ledger", help="every money entry with its running balance")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_ledger)


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    rules = ruleset(args)
    plan = plan_creation(read_json(args.file, f"The creation request {args.file}"), rules)
    with campaign(args, editing=True):
        posses.create_posse(plan, rules)
        posse = posses.load_posse(plan.name)
    if args.json:
        print_json(posse_view(posse, rules), out)
    else:
        out.write(f"Created {plan.name}: {len(plan.members)} members, purse ${plan.purse}.\n")
    return EXIT_OK


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as rules:
        rows = posses.summaries()
    if args.json:
        print_json(rows, out)
    elif not rows:
        out.write("No posses yet. Create one with: rostermgr posse new FILE\n")
    else:
        width = max(len(r["name"]) for r in rows)
        for r in rows:
            faction = (
                rules.factions[r["faction"]].name
                if r["faction"] in rules.factions
                else r["faction"]
            )
            out.write(
                f"{r['name']:<{width}}  {faction:<12} {money(r['purse']):>6}  "
                f"{r['active']} active\n"
            )
    return EXIT_OK


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as rules:
        posse = posses.load_posse(args.name)
        if args.json:
            doc = posse_view(posse, rules)
            doc["ledger"] = posses.ledger(args.name)
            doc["history"] = posses.history(args.name)
            print_json(doc, out)
        else:
            out.write(posse_text(posse, rules) + "\n")
    return EXIT_OK


def _purse_change(args: argparse.Namespace, out: TextIO, action: Callable[..., Entry]) -> int:
    """Buy, sell or hire: one transaction, then the entry and the purse it leaves."""
    with campaign(args, editing=True) as rules:
        entry = action(rules)
        purse = posses.load_posse(args.name).purse
    out.write(f"{entry.reason}: {money(entry.amount)}. Purse: ${purse}.\n")
    return EXIT_OK


def cmd_buy(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda r: posses.buy(args.name, args.member, args.item, r))


def cmd_sell(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda r: posses.sell(args.name, args.member, args.item, r))


def cmd_hire(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda r: posses.hire(args.name, args.role, args.member, r))


def cmd_rename(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True):
        posses.rename_posse(args.name, args.new_name)
    out.write(f"Renamed {args.name} to {args.new_name}.\n")
    return EXIT_OK


def cmd_rename_member(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True):
        posses.rename_member(args.name, args.member, args.new_name)
    out.write(f"{args.member} of {args.name} is now called {args.new_name}.\n")
    return EXIT_OK


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args):
        doc = exchange.export_posse(args.name)
    if args.output:
        exchange.write_export(doc, args.output)
    else:
        print_json(doc, out)
    return EXIT_OK


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    rules = ruleset(args)
    doc = read_json(args.file, f"The posse file {args.file}")
    validate_posse_file(doc, rules, args.as_name)  # refuse before making a backup
    with campaign(args, editing=True):
        backup.make_backup(campaign_path(args), "before-import")
        name = exchange.import_posse(doc, rules, args.as_name)
    out.write(f"Imported {name}.\n")
    return EXIT_OK


def cmd_ledger(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args):
        rows = posses.ledger(args.name)
    if args.json:
        print_json(rows, out)
        return EXIT_OK
    width = max([len(r["reason"]) for r in rows] + [6])
    out.write(f"{'Date':<10}  {'Game':>4}  {'Reason':<{width}}  {'Amount':>7}  {'Balance':>7}\n")
    for r in rows:
        game = str(r["game"]) if r["game"] is not None else "-"
        out.write(
            f"{r['date']:<10}  {game:>4}  {r['reason']:<{width}}  "
            f"{money(r['amount']):>7}  {money(r['balance']):>7}\n"
        )
    return EXIT_OK
