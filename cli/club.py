"""`rostermgr club ...`: a club campaign's players and arbitrators (issue 29)."""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands, print_json, ruleset
from rostermgr.club import ARBITRATOR, PLAYER
from services import club

URL = "the club campaign: a postgresql:// URL or service=NAME"


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser(
        "club",
        help="a club campaign on a PostgreSQL server: its players and arbitrators",
        description="A club campaign is shared by its players, who each keep their own "
        "posses, and its arbitrators, who record games, adopt rulesets, undo games, restore "
        "and manage the club. The PostgreSQL server enforces who may change what.",
    )
    actions = p.add_subparsers(dest="club_action", metavar="ACTION", required=True)
    a = actions.add_parser(
        "init",
        help="make a server campaign a club campaign, with you as its first arbitrator",
        description="Make the campaign at URL a club campaign: its group roles, grants and "
        "row-level security, with the role you connect as as its first arbitrator. Needs a "
        "role that owns the campaign's tables and may create roles (CREATEROLE).",
    )
    a.add_argument("url", metavar="URL", help=URL)
    a.set_defaults(handler=cmd_init)
    for action, part in (("add-player", PLAYER), ("add-arbitrator", ARBITRATOR)):
        as_part = "a player" if part == PLAYER else "an arbitrator"
        a = actions.add_parser(
            action,
            help=f"put a role in the club as {as_part}",
            description=f"Put NAME in the club as {as_part}. A role the server does not "
            "have yet is made, able to log in, with a new password "
            "printed once: give it to them.",
        )
        a.add_argument("url", metavar="URL", help=URL)
        a.add_argument("name", metavar="NAME", help="their role on the server (e.g. ann)")
        a.set_defaults(handler=cmd_add, part=part)
    a = actions.add_parser(
        "remove-player",
        help="take a player or arbitrator out of the club (their posses stay)",
        description="Take NAME out of the club: they may read it no more. Their role stays on "
        "the server, and their posses stay in the campaign, theirs.",
    )
    a.add_argument("url", metavar="URL", help=URL)
    a.add_argument("name", metavar="NAME", help="their role on the server")
    a.set_defaults(handler=cmd_remove)
    a = actions.add_parser("players", help="the club's arbitrators and players")
    a.add_argument("url", metavar="URL", help=URL)
    a.add_argument("--json", action="store_true", help="as JSON: name, part, posses")
    a.set_defaults(handler=cmd_players)
    a = actions.add_parser(
        "give",
        help="make a player the keeper of a posse",
        description="Make PLAYER the player of POSSE (for a posse made before the campaign "
        "was a club, or one that changes hands). Arbitrators only.",
    )
    a.add_argument("url", metavar="URL", help=URL)
    a.add_argument("posse", metavar="POSSE", help="the posse's name")
    a.add_argument("player", metavar="PLAYER", help="the player's role")
    a.set_defaults(handler=cmd_give)


def cmd_init(args: argparse.Namespace, out: TextIO) -> int:
    me = club.init(args.url, ruleset(args))
    out.write(
        f"The campaign is a club campaign now, with {me} as its first arbitrator. Add players "
        f"with: rostermgr club add-player {args.url} NAME\n"
    )
    return EXIT_OK


def cmd_add(args: argparse.Namespace, out: TextIO) -> int:
    added = club.add(args.url, args.name, args.part, ruleset(args))
    part = "a player" if added.part == PLAYER else "an arbitrator"
    if added.password is None:
        out.write(f"{added.name} is {part} of the club now (with the password they have).\n")
    else:
        out.write(
            f"{added.name} is {part} of the club now. Their new role's password, shown only "
            f"now: {added.password}\n"
        )
    return EXIT_OK


def cmd_remove(args: argparse.Namespace, out: TextIO) -> int:
    club.remove(args.url, args.name, ruleset(args))
    out.write(f"{args.name} is out of the club; their posses stay.\n")
    return EXIT_OK


def cmd_players(args: argparse.Namespace, out: TextIO) -> int:
    listed = club.members(args.url, ruleset(args))
    if args.json:
        print_json([{"name": m.name, "part": m.part, "posses": m.posses} for m in listed], out)
        return EXIT_OK
    for m in listed:
        count = "1 posse" if m.posses == 1 else f"{m.posses} posses"
        out.write(f"{m.name}  {m.part}  {count}\n")
    return EXIT_OK


def cmd_give(args: argparse.Namespace, out: TextIO) -> int:
    name = club.give_posse(args.url, args.posse, args.player, ruleset(args))
    out.write(f"{name} is {args.player}'s posse now.\n")
    return EXIT_OK
