"""`rostermgr campaign copy SRC DEST`: a whole campaign between a file and a server (issue 28)."""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands, ruleset
from services import copy


def add_parsers(sub: Commands) -> None:
    campaign = sub.add_parser(
        "campaign",
        help="copy a whole campaign between a file and a PostgreSQL server",
        description="Work on a whole campaign.",
    )
    actions = campaign.add_subparsers(dest="campaign_action", metavar="ACTION", required=True)
    p = actions.add_parser(
        "copy",
        help="copy a campaign, history and undo included, into an empty file or database",
        description="Copy the campaign SRC into DEST, each a campaign file or a PostgreSQL "
        "server (a postgresql:// URL or service=NAME): every posse, game, history line, ledger "
        "entry and stored ruleset, and the undo log, so `game undo` reaches as far back in the "
        "copy. DEST must be a new file or an empty database; SRC is not changed.",
    )
    p.add_argument("source", metavar="SRC", help="the campaign to copy: a file or a server URL")
    p.add_argument("dest", metavar="DEST", help="where to: a new file, or an empty database")
    p.set_defaults(handler=cmd_copy)


def cmd_copy(args: argparse.Namespace, out: TextIO) -> int:
    done = copy.copy(args.source, args.dest, ruleset(args))
    out.write(
        f"Copied {done.source} to {done.dest}: {done.rows} rows and {done.undo_entries} undo "
        "log entries.\n"
    )
    return EXIT_OK
