"""`rostermgr game reports|apply|send-back`: players' reports in a club campaign (issue 29)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from cli import EXIT_OK, print_json, write_lines
from cli.context import campaign
from services import games


def add_report_parsers(gs: Any) -> None:
    """The report actions of `rostermgr game`."""
    p = gs.add_parser(
        "reports",
        help="the post-game reports players submitted in a club campaign",
        description="Every report a club's players submitted for an arbitrator: waiting, "
        "applied (and the game it became), or sent back (and why). A player's `game record` "
        "submits one.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document: the reports")
    p.set_defaults(handler=cmd_reports)
    p = gs.add_parser(
        "apply",
        help="record a player's submitted report as a game (arbitrators)",
        description="Record the waiting report N as a game, after the same checks and backup "
        "as `game record`; --dry-run shows what it would change.",
    )
    p.add_argument("number", metavar="N", type=int, help="the report's number (game reports)")
    p.add_argument("--dry-run", action="store_true", help="show what would change; write nothing")
    p.set_defaults(handler=cmd_apply)
    p = gs.add_parser(
        "send-back",
        help="return a player's submitted report with a reason (arbitrators)",
        description="Return the waiting report N to its player, saying why; they submit a "
        "corrected one with `game record`.",
    )
    p.add_argument("number", metavar="N", type=int, help="the report's number (game reports)")
    p.add_argument("reason", metavar="REASON", help="why, for the player")
    p.set_defaults(handler=cmd_send_back)


def said_submitted(args: argparse.Namespace, done: games.Submitted, out: TextIO) -> int:
    """What `game record` says when a club's player submitted the report instead."""
    if args.json:
        print_json({"id": None, "submitted": done.number, "changes": done.plan.lines()}, out)
        return EXIT_OK
    out.write(
        "Only an arbitrator records games in a club campaign, so your report was submitted for "
        f"review as report {done.number}; an arbitrator applies it with: rostermgr game apply "
        f"{done.number}\n"
    )
    write_lines([f"  {line}" for line in done.plan.lines()], out)
    return EXIT_OK


def cmd_reports(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        listed = games.submitted(c)
    if args.json:
        print_json([r.as_json() for r in listed], out)
        return EXIT_OK
    if not listed:
        out.write("No reports submitted.\n")
    for r in listed:
        if r.game is not None:
            what = f"applied as game {r.game}"
        elif r.reason is not None:
            what = f"sent back: {r.reason}"
        else:
            what = "waiting"
        by = f" by {r.by}" if r.by else ""
        out.write(f"{r.id:>3}  {r.date}  {' vs '.join(r.posses)}  (submitted{by}; {what})\n")
    return EXIT_OK


def cmd_apply(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=not args.dry_run) as c:
        done = games.apply_report(c, args.number, dry_run=args.dry_run)
    title = "Would record" if args.dry_run else f"Recorded game {done.id}"
    out.write(f"{title} from report {args.number}.\n")
    write_lines([f"  {line}" for line in done.plan.lines()], out)
    return EXIT_OK


def cmd_send_back(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as c:
        sent = games.send_back(c, args.number, args.reason)
    out.write(f"Sent report {sent.id} back to {sent.by or 'its player'}: {sent.reason}\n")
    return EXIT_OK
