"""`rostermgr posse ...`: create, list, show, shop, export and import posses (DESIGN 5)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from cli import EXIT_OK, Commands, lazy_help, print_json, ruleset, write_lines
from cli.context import campaign
from rostermgr.errors import Refused
from rostermgr.jsonfile import read_json
from rostermgr.plans import money
from rostermgr.views import posse_text, posse_view, text_table
from services import posses, share
from services.posses import PurseChange

POSSE = "the posse's name (quote it if it has spaces)"
MEMBER = "the member's name"
JSON = "print one JSON document"


def add_parsers(sub: Commands) -> None:
    posse = sub.add_parser("posse", help="create, show and equip posses")
    ps = posse.add_subparsers(dest="posse_command", metavar="ACTION", required=True)

    p = ps.add_parser(
        "new",
        help="create a posse from a creation request (JSON)",
        # what the file holds, for a newcomer who reads --help and not the README
        description="Create a posse from a creation request: a JSON file naming the posse, its "
        "faction and its members, each with a role and the items bought for it from the "
        'starting purse, such as {"name": "The Dalton Boys", "faction": "outlawmen", '
        '"members": [{"name": "Ike Dalton", "role": "leader", "items": ["revolver"]}, '
        '{"name": "Ma Dalton", "role": "deputy", "items": []}, {"name": "Kid", "role": '
        '"ganger", "items": ["pistol"]}, ...]}. `rostermgr rules` shows the roles a posse '
        "starts with and the items' ids, `rostermgr rules --json` every id (the shipped "
        "ruleset's roles: leader, deputy, ganger); README, A first campaign, has whole ones.",
    )
    p.add_argument("file", help="the creation request, or - for standard input")
    p.add_argument(
        "--for",
        dest="for_player",
        metavar="PLAYER",
        help="in a club campaign: the player whose posse it is, an arbitrator's choice "
        "(default: yours, the role you connect as)",
    )
    p.add_argument("--json", action="store_true", help=f"{JSON}: the new posse as show gives it")
    p.set_defaults(handler=cmd_new)

    p = ps.add_parser("list", help="every posse in the campaign")
    p.add_argument("--json", action="store_true", help=f"{JSON}: name, faction, purse, active")
    p.set_defaults(handler=cmd_list)

    p = ps.add_parser("show", help="one posse's roster")
    p.add_argument("name", help=POSSE)
    p.add_argument("--json", action="store_true", help=f"{JSON}, with the ledger and history")
    p.set_defaults(handler=cmd_show)

    for action, helptext in (
        ("buy", "pay the ruleset price from the purse"),
        ("sell", "refund the ruleset resale share"),
    ):
        p = ps.add_parser(action, help=helptext)
        p.add_argument("name", help=POSSE)
        p.add_argument("member", help=MEMBER)
        p.add_argument("item", help="an item id, as `rostermgr rules` lists them")
        p.set_defaults(handler=cmd_buy if action == "buy" else cmd_sell)

    p = ps.add_parser("hire", help="hire a replacement member")
    p.add_argument("name", help=POSSE)
    p.add_argument("role", help="the role id")
    lazy_help(p, "role", _roles_help)
    p.add_argument("member", help="the new member's name")
    p.set_defaults(handler=cmd_hire)

    p = ps.add_parser("rename", help="give a posse a new name")
    p.add_argument("name", help=POSSE)
    p.add_argument("new_name", help="the posse's new name")
    p.set_defaults(handler=cmd_rename)

    p = ps.add_parser("rename-member", help="give a member a new name")
    p.add_argument("name", help=POSSE)
    p.add_argument("member", help=MEMBER)
    p.add_argument("new_name", help="the member's new name")
    p.set_defaults(handler=cmd_rename_member)

    for action, helptext in (
        (
            "retire",
            "retire a posse: kept with its history, it plays no game and trades nothing "
            "until brought back",
        ),
        ("return", "bring a retired posse back to play"),
        ("delete", "delete a posse: it leaves the lists, its games and history stay"),
    ):
        p = ps.add_parser(action, help=helptext)
        p.add_argument("name", help=POSSE)
        p.set_defaults(handler=cmd_standing, standing=action)

    p = ps.add_parser("export", help="the whole posse with its history, as JSON")
    p.add_argument("name", help=POSSE)
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of standard output (- is standard output; default: standard "
        "output)",
    )
    p.set_defaults(handler=cmd_export)

    p = ps.add_parser("import", help="restore an exported posse into this campaign")
    p.add_argument("file", help="a file written by posse export, or - for standard input")
    p.add_argument(
        "--as",
        dest="as_name",
        metavar="NAME",
        help="import under another name (default: the exported posse's own name)",
    )
    p.set_defaults(handler=cmd_import)

    p = ps.add_parser(
        "rebuild",
        help="a posse back from its printed cards (their codes, or images of their backs)",
    )
    p.add_argument(
        "codes", nargs="+", metavar="CODE|IMAGE", help="the cards' codes, or images of their backs"
    )
    p.add_argument("--as", dest="as_name", required=True, metavar="NAME", help="the posse's name")
    p.set_defaults(handler=cmd_rebuild)

    p = ps.add_parser("ledger", help="every money entry with its running balance")
    p.add_argument("name", help=POSSE)
    p.add_argument("--json", action="store_true", help=f"{JSON}: the entries, oldest first")
    p.set_defaults(handler=cmd_ledger)

    p = ps.add_parser("image", help="the roster as one picture to share, sized for a phone")
    p.add_argument("name", help=POSSE)
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the PNG file to write")
    p.add_argument(
        "--width",
        type=int,
        default=share.DEFAULT_WIDTH,
        metavar="PX",
        help=f"the picture's width in pixels (default {share.DEFAULT_WIDTH})",
    )
    p.set_defaults(handler=cmd_image)

    p = ps.add_parser("html", help="the roster as one web page, for a phone or to print")
    p.add_argument("name", help=POSSE)
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file to write")
    p.set_defaults(handler=cmd_html)


def _roles_help() -> str:
    """The roles of the shipped ruleset, read only when --help is shown."""
    try:
        roles = ruleset(argparse.Namespace()).roles
    except Refused:
        return "the role id (see `rostermgr rules`)"
    names = ", ".join(f"{r.id} ({r.name})" for r in roles.values())
    return f"the role id: {names} in the shipped ruleset (see `rostermgr rules`)"


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    doc = read_json(args.file, "The creation request")
    with campaign(args, editing=True) as c:
        plan = posses.plan_request(c, doc)  # the campaign's own ruleset's prices
        posse = posses.create(c, plan, args.for_player)
        rules = c.rules
    if args.json:
        print_json(posse_view(posse, rules), out)
    else:
        out.write(f"Created {plan.name}: {len(plan.members)} members, purse ${plan.purse}.\n")
    return EXIT_OK


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        rows = posses.summaries(c)
        rules = c.rules
    if args.json:
        print_json([r.as_json() for r in rows], out)
    elif not rows:
        out.write("No posses yet. Create one with: rostermgr posse new FILE\n")
    else:
        table = [
            [
                r.name,
                rules.factions[r.faction].name if r.faction in rules.factions else r.faction,
                money(r.purse),
                f"{r.active} active" + ("" if r.standing == "playing" else f", {r.standing}"),
            ]
            for r in rows
        ]
        write_lines(text_table(table, [False, False, True, False]), out)
    return EXIT_OK


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        posse = posses.load(c, args.name)
        if args.json:
            doc = posse_view(posse, c.rules)
            doc["ledger"] = [e.as_json() for e in posses.ledger(c, args.name)]
            doc["history"] = [h.as_json() for h in posses.history(c, args.name)]
            print_json(doc, out)
        else:
            out.write(posse_text(posse, c.rules) + "\n")
    return EXIT_OK


def _purse_change(args: argparse.Namespace, out: TextIO, action: Callable[..., PurseChange]) -> int:
    """Buy, sell or hire: one transaction, then the entry and the purse it leaves."""
    with campaign(args, editing=True) as c:
        change = action(c)
    out.write(f"{change.entry.reason}: {money(change.entry.amount)}. Purse: ${change.purse}.\n")
    return EXIT_OK


def cmd_buy(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda c: posses.buy(c, args.name, args.member, args.item))


def cmd_sell(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda c: posses.sell(c, args.name, args.member, args.item))


def cmd_hire(args: argparse.Namespace, out: TextIO) -> int:
    return _purse_change(args, out, lambda c: posses.hire(c, args.name, args.role, args.member))


def cmd_rename(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as c:
        new = posses.rename(c, args.name, args.new_name)
    out.write(f"Renamed {args.name} to {new}.\n")
    return EXIT_OK


def cmd_rename_member(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as c:
        new = posses.rename_member(c, args.name, args.member, args.new_name)
    out.write(f"{args.member} of {args.name} is now called {new}.\n")
    return EXIT_OK


def cmd_standing(args: argparse.Namespace, out: TextIO) -> int:
    use = {"retire": posses.retire, "return": posses.bring_back, "delete": posses.delete}
    with campaign(args, editing=True) as c:
        kept = use[args.standing](c, args.name)
    said = {
        "retire": f"Retired {args.name}; `rostermgr posse return` brings it back to play.",
        "return": f"{args.name} is back in play.",
        "delete": f"Deleted {args.name}; its games list it as {kept}.",
    }
    out.write(said[args.standing] + "\n")
    return EXIT_OK


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        if args.output in (None, "-"):
            out.write(posses.export_text(c, args.name))
        else:
            posses.export_to(c, args.name, args.output)
    return EXIT_OK


def cmd_import(args: argparse.Namespace, out: TextIO) -> int:
    doc = read_json(args.file, "The posse file")
    with campaign(args, editing=True) as c:
        notice = posses.import_notice(c, doc)
        name = posses.import_posse(c, doc, args.as_name)
    write_lines(notice, out)
    out.write(f"Imported {name}.\n")
    return EXIT_OK


def cmd_rebuild(args: argparse.Namespace, out: TextIO) -> int:
    from services import cards

    codes = cards.codes_from(args.codes)  # images are read before the campaign is opened
    with campaign(args, editing=True) as c:
        done = cards.rebuild_posse(c, codes, args.as_name)
    out.write(
        f"Rebuilt {done.name} from its cards: {done.members} members; its history before "
        "today is lost.\n"
    )
    if done.named_by_role:
        out.write(
            "The cards carry no names and no purse: the members are named by their roles "
            "and the purse is $0 (rename them with `posse rename-member`).\n"
        )
    return EXIT_OK


def cmd_ledger(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        rows = posses.ledger(c, args.name)
    if args.json:
        print_json([r.as_json() for r in rows], out)
        return EXIT_OK
    table = [["Date", "Game", "Reason", "Amount", "Balance"]]
    for r in rows:
        game = str(r.game) if r.game is not None else "-"
        table.append([r.date, game, r.reason, money(r.amount), money(r.balance)])
    write_lines(text_table(table, [False, True, False, True, True]), out)
    return EXIT_OK


def cmd_image(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        path = share.write_image(c, args.name, args.output, args.width)
    out.write(f"Wrote the roster of {args.name} as a picture to {path}.\n")
    return EXIT_OK


def cmd_html(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        path = share.write_page(c, args.name, args.output)
    out.write(f"Wrote the roster of {args.name} as a web page to {path}.\n")
    return EXIT_OK
