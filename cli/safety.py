"""`rostermgr check`, `backup` and `restore`: never lose a posse (DESIGN 4)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from cli import (
    EXIT_OK,
    EXIT_REFUSED,
    Commands,
    campaign_path,
    campaign_server,
    ruleset,
    write_lines,
)
from cli.context import campaign
from rostermgr.errors import Refused
from services import copy, safety
from services.lock import CampaignHeld


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser(
        "check",
        help="integrity and invariant check of the campaign file (exit 1 if it finds problems)",
    )
    p.set_defaults(handler=cmd_check)
    p = sub.add_parser("backup", help="make a checked backup copy of the campaign file now")
    p.add_argument("--list", action="store_true", help="list the backups instead")
    p.set_defaults(handler=cmd_backup)
    p = sub.add_parser(
        "restore",
        help="replace the campaign file with a backup (the current one is backed up first)",
    )
    p.add_argument("file", help="the backup file to restore (see backup --list)")
    p.add_argument(
        "--yes",
        action="store_true",
        help="for a campaign on a PostgreSQL server: replace it without asking (it is backed "
        "up to a campaign file first)",
    )
    p.set_defaults(handler=cmd_restore)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    path = campaign_path(args)
    if campaign_server(args) is None and not path.exists():
        raise Refused(f"There is no campaign file at {path}.")
    with campaign(args) as c:
        problems = safety.check(c)
        where = c.where
    if not problems:
        out.write(f"No problems found in {where}.\n")
        return EXIT_OK
    write_lines(problems, out)
    return EXIT_REFUSED


def _restore_server(args: argparse.Namespace, server: str, out: TextIO) -> int:
    """Restore a server campaign from a backup file, once the user agreed to what it replaces."""
    source = Path(args.file)
    seen = copy.restore_preview(server, source, ruleset(args))
    what = (
        f"Restoring {source} replaces the whole campaign on {seen.where} ({seen.current}) with "
        f"the backup's ({seen.backup})"
    )
    if not args.yes:
        if not sys.stdin or not sys.stdin.isatty():
            raise Refused(f"{what}; nothing was changed: add --yes to do it.")
        out.write(f"{what}. Replace it? [y/N] ")
        out.flush()
        if sys.stdin.readline().strip().lower() not in ("y", "yes"):
            out.write("Nothing was changed.\n")
            return EXIT_OK
    saved = copy.restore_server(server, source, ruleset(args))
    out.write(
        f"Restored the campaign on {seen.where} from {source}. What it replaced "
        f"({seen.current}) was backed up to {saved}.\n"
    )
    return EXIT_OK


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    server = campaign_server(args)
    path = campaign_path(args)
    if args.list:
        made_before = copy.server_backups(server) if server else safety.backups(path)
        write_lines(
            [f"{b.made:%Y-%m-%d %H:%M:%S}  {b.reason:<16} {b.path}" for b in made_before],
            out,
        )
        return EXIT_OK
    if server is not None:
        made = copy.server_backup_now(server, ruleset(args))
        out.write(f"Backed up {copy.where(server)} to {made}.\n")
        return EXIT_OK
    made = safety.backup_now(path)
    out.write(f"Backed up {path} to {made}.\n")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    server = campaign_server(args)
    if server is not None:
        return _restore_server(args, server, out)
    path = campaign_path(args)
    source = Path(args.file)
    try:
        done = safety.restore(path, source)
    except CampaignHeld as held:
        # Not the usual offer of --take-over: a restore replaces the file the app has open
        # and never takes the campaign from it, so that offer was refused again in the same
        # words.
        raise Refused(
            held.holder.sentence(held.campaign, ", then run this restore again")
        ) from held
    replaced = (
        f" The file it replaced was backed up to {done.saved}."
        if done.saved
        else f" The file it replaced was damaged: it is kept as {done.kept}."
        if done.kept
        else ""
    )
    out.write(f"Restored {path} from {source}.{replaced}\n")
    return EXIT_OK
