"""The command line (DESIGN 5): the composition root that wires domain, db and printables."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from rostermgr.errors import Refused

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2

Handler = Callable[[argparse.Namespace, TextIO], int]


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line on a malformed command line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n")


def print_json(doc: Any, out: TextIO) -> None:
    out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rostermgr", description="Campaign and roster manager for Last Hope Frontier."
    )
    parser.add_argument(
        "--db",
        metavar="FILE",
        help="campaign file (default: $ROSTERMGR_DB or the user data folder)",
    )
    parser.add_argument(
        "--ruleset", metavar="FILE", help="a ruleset TOML file to use instead of the shipped one"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    from rostermgr.cli import aids, game, odds, posse, printing, safety, tools

    tools.add_parsers(sub)
    posse.add_parsers(sub)
    game.add_parsers(sub)
    aids.add_parsers(sub)
    safety.add_parsers(sub)
    printing.add_parsers(sub)
    odds.add_parsers(sub)
    return parser


def campaign_path(args: argparse.Namespace) -> Path:
    """--db, then ROSTERMGR_DB, then the user data folder (DESIGN 4)."""
    if args.db:
        return Path(args.db)
    if os.environ.get("ROSTERMGR_DB"):
        return Path(os.environ["ROSTERMGR_DB"])
    from platformdirs import user_data_dir

    return Path(user_data_dir("rostermgr")) / "campaign.sqlite3"


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command is None:
        from ui.app import run_app

        return run_app(campaign_path(args), args.ruleset)
    handler: Handler = args.handler
    try:
        return handler(args, out)
    except Refused as exc:
        err.write(f"{exc}\n")
        return EXIT_REFUSED
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        err.write("Interrupted; nothing was written.\n")
        return EXIT_REFUSED
    except Exception as exc:  # every action is one transaction: a crash has written nothing
        from rostermgr.crashlog import sentence

        err.write(sentence(exc) + "\n")
        return EXIT_REFUSED


if __name__ == "__main__":
    raise SystemExit(main())
