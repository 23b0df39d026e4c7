"""`rostermgr game ...` and `rostermgr flip`: between games (R12-R17)."""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands, print_json, usage_check, write_lines
from cli.context import campaign, taken_back
from cli.game_reports import add_report_parsers, said_submitted
from rostermgr.jsonfile import read_json
from rostermgr.rules import Ruleset
from services import flips, games
from services.rulesets import game_rulesets


def add_parsers(sub: Commands) -> None:
    game = sub.add_parser("game", help="record, list and undo games")
    gs = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    p = gs.add_parser(
        "record",
        help="apply a post-game report in one transaction",
        description='Record a game from its post-game report: a JSON file with the "scenario", '
        'the "posses" that played and the "winner", and lists of what happened: '
        '"out_of_action" (each {"posse", "member", "by": {"posse", "member"}}), "bounties", '
        '"income", "goods_sold", "items_used", "items_stolen", and "notes". Only "scenario" '
        'and "posses" are needed, and without a "date" the game is of today; README, The '
        "command line, shows a whole report. Injuries, flips, bounty rewards and money follow "
        "from it and the ruleset; --dry-run shows them first.",
    )
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
    add_report_parsers(gs)

    p = sub.add_parser(
        "flip",
        help="spend an earned flip (R15)",
        description="Spend one earned flip (R15): --card CARD or --draw, with --choose STAT or "
        "later; settle a waiting flip with --choose STAT or --reflip [--card CARD].",
    )
    p.add_argument("name", help="the posse's name")
    p.add_argument("member", help="the member's name")
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--card",
        metavar="CARD",
        help="the card you turned over, like 7H, QS or JK (default: none; --draw turns the top "
        "card of the app's deck instead)",
    )
    how.add_argument("--draw", action="store_true", help="turn the top card of the app's deck")
    p.add_argument(
        "--choose",
        metavar="STAT",
        help="one of the two stats the card allows (default: none; the flip waits, pending, for a "
        "later --choose STAT or --reflip)",
    )
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
    doc = read_json(args.file, "The report")
    with campaign(args, editing=not args.dry_run) as c:
        report = games.parse(c, doc)
        if args.dry_run:
            game_id, plan = None, games.preview(c, report)
        else:
            done = games.record_or_submit(c, report)
            if isinstance(done, games.Submitted):
                return said_submitted(args, done, out)
            game_id, plan = done.id, done.plan
        rules = c.rules
    if args.json:
        print_json({"id": game_id, "changes": plan.lines()}, out)
        return EXIT_OK
    title = "Would record" if game_id is None else f"Recorded game {game_id}"
    out.write(
        f"{title}: {report.date}, {rules.scenarios[report.scenario].name}, "
        f"{' vs '.join(report.posses)}.\n"
    )
    write_lines([f"  {line}" for line in plan.lines()], out)
    return EXIT_OK


def _scenario(rules: Ruleset, scenario: str) -> str:
    return rules.scenarios[scenario].name if scenario in rules.scenarios else scenario


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        rows = games.listing(c)
        played = game_rulesets(c)
    if args.json:
        print_json([{**g.as_json(), "ruleset": played.get(g.id)} for g in rows], out)
        return EXIT_OK
    if not rows:
        out.write("No games recorded yet.\n")
    for g in rows:
        winner = f"won by {g.winner}" if g.winner else "no winner"
        scenario = _scenario(c.rules, g.scenario)
        out.write(f"{g.id:>3}  {g.date}  {scenario:<20} {' vs '.join(g.posses)}; {winner}\n")
    return EXIT_OK


def cmd_undo(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as c:
        undone = games.undo_last(c)
    game = undone.game
    out.write(
        f"Undid game {game.id} ({game.date}, {_scenario(c.rules, game.scenario)}: "
        f"{' vs '.join(game.posses)}){taken_back(undone.later, undone.backup)}"
    )
    return EXIT_OK


def cmd_flip(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args, editing=True) as c:
        done = flips.spend(
            c,
            args.name,
            args.member,
            card=args.card,
            draw=args.draw,
            choose=args.choose,
            reflip=args.reflip,
        )
    step, member = done.step, done.member
    if args.json:
        print_json(
            {
                "card": str(step.card) if step.card else None,
                "pending": str(step.pending) if step.pending else None,
                "upgrade": step.upgrade,
                "flips": member.flips,
                "stats": member.stats(c.rules),
            },
            out,
        )
    else:
        left = f"{member.flips} flip{'s' if member.flips != 1 else ''} left"
        out.write(f"{step.text} {member.name} has {left}.\n")
    return EXIT_OK
