"""`rostermgr game ...` and `rostermgr flip`: between games (R12-R17)."""

from __future__ import annotations

import argparse
from typing import TextIO

from db import backup, flips, games
from cli import EXIT_OK, campaign_path, print_json, usage_check
from cli.context import campaign, ruleset
from rostermgr.jsonfile import read_json
from rostermgr.report import parse_report


def add_parsers(sub: argparse._SubParsersAction) -> None:
    game = sub.add_parser("game", help="record, list and undo games")
    gs = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    p = gs.add_parser("record", help="apply a post-game report in one transaction")
    p.add_argument("file", help="the post-game report (JSON), or - for standard input")
    p.add_argument("--dry-run", action="store_true", help="show what would change; write nothing")
    p.add_argument("--json", action="store_true", help="print one JSON document: id and changes")
    p.set_defaults(handler=cmd_record)
    p = gs.add_parser("list", help="every recorded game, oldest first")
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: [{id, date, scenario, posses, winner}]",
    )
    p.set_defaults(handler=cmd_list)
    p = gs.add_parser("undo", help="undo the most recently recorded game and all done since")
    p.set_defaults(handler=cmd_undo)

    p = sub.add_parser(
        "flip",
        help="spend an earned flip (R15)",
        description="Spend one earned flip (R15): --card CARD or --draw, with --choose STAT or "
        "later; settle a waiting flip with --choose STAT or --reflip [--card CARD].",
    )
    p.add_argument("name", help="the posse's name")
    p.add_argument("member", help="the member's name")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--card", metavar="CARD", help="the card you turned over, like 7H, QS or JK")
    how.add_argument("--draw", action="store_true", help="turn the top card of the app's deck")
    p.add_argument("--choose", metavar="STAT", help="one of the two stats the card allows")
    p.add_argument(
        "--reflip",
        action="store_true",
        help="burn another flip and turn again (draws unless --card is given)",
    )
    p.add_argument(
        "--json", action="store_true", help="print one JSON document: the card, flips and stats"
    )
    p.set_defaults(handler=cmd_flip)
    usage_check(p, _flip_usage)


def _flip_usage(args: argparse.Namespace) -> str | None:
    """DESIGN 5: a flip names its card (--card or --draw), a choice, or a re-flip."""
    if args.card is None and not args.draw and args.choose is None and not args.reflip:
        return "one of the arguments --card --draw --choose --reflip is required"
    return None


def cmd_record(args: argparse.Namespace, out: TextIO) -> int:
    rules = ruleset(args)
    report = parse_report(read_json(args.file, f"The report {args.file}"), rules)
    with campaign(args, editing=not args.dry_run):
        plan = games.preview_game(report, rules)  # refuse before making a backup
        game_id = None
        if not args.dry_run:
            backup.make_backup(campaign_path(args), "before-game")
            game_id, plan = games.record_game(report, rules)
    if args.json:
        print_json({"id": game_id, "changes": plan.lines()}, out)
        return EXIT_OK
    title = "Would record" if game_id is None else f"Recorded game {game_id}"
    out.write(
        f"{title}: {report.date}, {rules.scenarios[report.scenario].name}, "
        f"{' vs '.join(report.posses)}.\n"
    )
    for line in plan.lines():
        out.write(f"  {line}\n")
    return EXIT_OK


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as rules:
        rows = games.list_games()
    if args.json:
        print_json([g.as_json() for g in rows], out)
    elif not rows:
        out.write("No games recorded yet.\n")
    for g in [] if args.json else rows:
        scenario = rules.scenarios[g.scenario].name if g.scenario in rules.scenarios else g.scenario
        winner = f"won by {g.winner}" if g.winner else "no winner"
        out.write(f"{g.id:>3}  {g.date}  {scenario:<20} {' vs '.join(g.posses)}; {winner}\n")
    return EXIT_OK


def cmd_undo(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as rules:
        game, later = games.undo_last_game()
    scenario = (
        rules.scenarios[game.scenario].name if game.scenario in rules.scenarios else game.scenario
    )
    since = f", and {later} change{'s' if later != 1 else ''} made since" if later else ""
    out.write(
        f"Undid game {game.id} ({game.date}, {scenario}: {' vs '.join(game.posses)}){since}.\n"
    )
    return EXIT_OK


def cmd_flip(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as rules:
        step = flips.spend_flip(
            args.name,
            args.member,
            rules,
            card=args.card,
            draw=args.draw,
            choose=args.choose,
            reflip=args.reflip,
        )
        member = next(m for m in flips.load_posse(args.name).members if m.name == args.member)
    if args.json:
        print_json(
            {
                "card": str(step.card) if step.card else None,
                "pending": str(step.pending) if step.pending else None,
                "upgrade": step.upgrade,
                "flips": member.flips,
                "stats": member.stats(rules),
            },
            out,
        )
    else:
        left = f"{member.flips} flip{'s' if member.flips != 1 else ''} left"
        out.write(f"{step.text} {member.name} has {left}.\n")
    return EXIT_OK
