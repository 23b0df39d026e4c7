"""`rostermgr simulate`: how a ruleset plays out over many campaigns (the campaign simulator)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from cli import (
    EXIT_OK,
    Commands,
    campaign_path,
    campaign_server,
    print_json,
    usage_check,
    write_lines,
)
from rostermgr.errors import Refused
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.rules_load import given_or_shipped
from rostermgr.simulate.model import REFLIPS, SHOPPING, TARGETS, Model

SIMULATE_HELP = """\
Simulate N campaigns of G games among posses of the given factions, under the ruleset, and
report per game number the 10th/50th/90th percentile of purse, advances (upgrades taken),
strikes and the share of members dead, by faction; win rates by faction; games to the first
death; and the spread between the best and worst posse's total stats at the end.

The model plays the campaign layer, not the tabletop. Posses are founded with the ruleset's
composition and no gear, then shop (--shopping) with the starting purse. Each round pairs the
posses at random (one sits out when they are odd in number). A game's scenario is drawn from
--scenarios (default: every scenario of the ruleset alike) and its length from the exact odds
of the end-of-turn flips (R12). Each turn has --exchanges exchanges, the sides alternating, the
first at random: a random model of the acting side makes the test where its stat plus its
weapon's damage is highest (unarmed: the test it is best at, Shot of equals) against a target
picked by --target, and the wounds are drawn from the exact odds of the real resolver for both
models' current stats, gear and factions, with no cover and no leader pair. A model is out of
action once the wounds it took exceed its Wounds. A game ends early when a posse routs (where
the scenario counts rout) or a bounty is taken (Bounty: each side names a random opposing
model). The winner made the other rout, claimed the bounty, or took more models out; equal is
a draw.

The report then goes through the same rules as a recorded game (R13-R17: injuries, deaths,
buried gear, flips, bounty rewards, income, goods at the ruleset's share). Each member turns
its flips on a shuffled deck and takes the stat --prefer names first (default: its own test's
stat), re-flipping by --reflip; dead members are replaced while the purse allows (R3), and the
posse shops again. Deterministic for a seed: campaign i of a seed is always the same campaign.

--against FILE runs the same seeds under a second ruleset B and reports both and B - A.
--from-campaign starts from the campaign's posses; --calibrate first fits --exchanges so that
the simulated models out of action per game match the campaign's recorded games.
"""


def _ids(what: str) -> Callable[[str], tuple[str, ...]]:
    """A comma-separated list of ids, at least one, none empty."""

    def parse(text: str) -> tuple[str, ...]:
        ids = tuple(f.strip() for f in text.split(","))
        if not any(ids) or not all(ids):
            raise argparse.ArgumentTypeError(f"{text!r}: give {what}, separated by commas")
        return ids

    return parse


def _path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give a path, not an empty value")
    return text


def _usage(args: argparse.Namespace) -> str | None:
    """Options that would be ignored together are a usage error, not a silent choice."""
    if args.from_campaign and args.factions:
        return "--factions and --from-campaign cannot be combined: the campaign's posses play"
    if args.calibrate and args.exchanges is not None:
        return "--exchanges and --calibrate cannot be combined: --calibrate fits the exchanges"
    return None


def _scenarios(text: str) -> tuple[tuple[str, float], ...]:
    out = []
    parts = [p.strip() for p in text.split(",")]
    if not all(parts):
        raise argparse.ArgumentTypeError(f"{text!r}: give scenario=weight, separated by commas")
    for part in parts:
        name, _, weight = part.partition("=")
        try:
            out.append((name.strip(), float(weight) if weight else 1.0))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{part!r}: give scenario=weight, like bounty=2"
            ) from None
    return tuple(out)


def _dollars(group: argparse._ArgumentGroup, flag: str, default: int, text: str) -> None:
    """A whole-dollar parameter of the model, its default said in its help."""
    group.add_argument(
        flag, type=int, default=default, metavar="$", help=f"{text} (default {default})"
    )


def add_parsers(sub: Commands) -> None:
    d = Model()
    s = sub.add_parser(
        "simulate",
        help="simulate many campaigns under a ruleset (the campaign simulator)",
        description=SIMULATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    s.add_argument("--campaigns", type=int, default=1000, metavar="N", help="default 1000")
    s.add_argument("--games", type=int, default=10, metavar="G", help="games each (default 10)")
    s.add_argument(
        "--factions",
        type=_ids("faction ids"),
        default=(),
        metavar="F,F,...",
        help="faction ids, one posse each (default: one of each faction, two of an only one); a "
        "faction may repeat",
    )
    s.add_argument("--seed", type=int, default=1, metavar="S", help="default 1")
    s.add_argument(
        "--ruleset",
        metavar="FILE",
        type=_path,
        default=argparse.SUPPRESS,
        help="the ruleset to simulate (default: the shipped one; with --from-campaign or "
        "--calibrate, the campaign's current one)",
    )
    s.add_argument(
        "--against",
        metavar="FILE",
        type=_path,
        help="compare with this ruleset, same seeds (default: no comparison)",
    )
    s.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes to run on (default: one per core when the run is big enough to gain)",
    )
    s.add_argument("--json", action="store_true", help="print one JSON document")
    s.add_argument(
        "--csv",
        metavar="DIR",
        type=_path,
        help="write by_game.csv and figures.csv into DIR (default: none written)",
    )
    s.add_argument("--from-campaign", action="store_true", help="start from the campaign's posses")
    s.add_argument(
        "--calibrate",
        action="store_true",
        help="fit --exchanges to the take-outs per game of the campaign's recorded games",
    )
    m = s.add_argument_group("the model")
    m.add_argument(
        "--exchanges",
        type=float,
        default=None,
        metavar="X",
        help=f"exchanges per turn (default {d.exchanges_per_turn:g}; a fraction is a chance "
        "of one more)",
    )
    m.add_argument("--target", choices=TARGETS, default=d.target, help="default %(default)s")
    m.add_argument(
        "--scenarios",
        type=_scenarios,
        default=(),
        metavar="ID=W,...",
        help="scenario ids with weights (default: every scenario of the ruleset alike)",
    )
    _dollars(m, "--income", d.income, "each posse, each game")
    _dollars(m, "--win-bonus", d.win_bonus, "the winner's extra")
    _dollars(
        m, "--goods", d.goods, "market value of the goods each posse carries off in a Supply Drop"
    )
    m.add_argument("--shopping", choices=SHOPPING, default=d.shopping, help="default %(default)s")
    _dollars(m, "--reserve", d.reserve, "kept back when shopping")
    m.add_argument(
        "--prefer",
        type=_ids("stat ids"),
        default=(),
        metavar="STAT,...",
        help="stat ids a flip raises, best first (default: the member's own test stat first)",
    )
    m.add_argument(
        "--reflip",
        choices=REFLIPS,
        default=d.reflip,
        help="re-flip a card that does not allow the first choice (default %(default)s)",
    )
    s.set_defaults(handler=cmd_simulate)
    usage_check(s, _usage)


def _model(args: argparse.Namespace) -> Model:
    exchanges = Model().exchanges_per_turn if args.exchanges is None else args.exchanges
    return Model(
        exchanges_per_turn=exchanges,
        target=args.target,
        scenarios=args.scenarios,
        income=args.income,
        win_bonus=args.win_bonus,
        goods=args.goods,
        shopping=args.shopping,
        reserve=args.reserve,
        prefer=args.prefer,
        reflip=args.reflip,
    )


def _rules_and_campaign(args: argparse.Namespace) -> tuple[Ruleset, list[Posse], list[int]]:
    """The ruleset to simulate, the campaign's posses (--from-campaign), its take-outs."""
    given = getattr(args, "ruleset", None)
    if not (args.from_campaign or args.calibrate):
        return given_or_shipped(given), [], []
    from rostermgr.rules_load import default_ruleset
    from services import simulate
    from services.opening import for_reading, for_server, load_rules

    server = campaign_server(args)
    if server is not None:  # read only: nothing made, migrated or recorded, as for a file
        opened = for_server(server, default_ruleset())
    else:
        path = campaign_path(args)
        if not path.exists():
            flag = "--from-campaign" if args.from_campaign else "--calibrate"
            raise Refused(f"There is no campaign at {path}; {flag} needs one (--db FILE).")
        opened = for_reading(path, default_ruleset())
    with opened as c:
        posses = simulate.campaign_posses(c) if args.from_campaign else []
        take_outs = simulate.recorded_take_outs(c) if args.calibrate else []
        rules = load_rules(given) if given else c.rules
    if args.from_campaign and len(posses) < 2:
        raise Refused(
            f"The campaign has {len(posses)} posse{'s' if len(posses) != 1 else ''} playing; "
            "a simulated campaign needs at least 2."
        )
    return rules, posses, take_outs


def _progress() -> Callable[[int, int], None] | None:
    """Campaigns done so far, on a terminal's standard error (never in a pipe or a file)."""
    err = sys.stderr
    if not err.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done >= total else ""
        err.write(f"\rSimulated {done:,} of {total:,} campaigns{end}")
        err.flush()

    return show


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from dataclasses import replace

    from rostermgr.simulate.text import (
        comparison_json,
        comparison_lines,
        model_json,
        summary_json,
        summary_lines,
    )
    from services import simulate

    rules, posses, take_outs = _rules_and_campaign(args)
    against = given_or_shipped(args.against) if args.against else None
    job = simulate.job(
        rules, args.campaigns, args.games, args.factions or None, args.seed, _model(args), posses
    )
    fitted = None
    if args.calibrate:
        fitted = simulate.calibrate(job, take_outs)
        job = replace(job, model=replace(job.model, exchanges_per_turn=fitted.exchanges_per_turn))
    if args.csv:
        simulate.check_csv(args.csv, campaign_path(args))  # refused before the run, not after
    outcome = simulate.run(job, against, progress=_progress(), workers=args.workers)
    if args.csv:
        simulate.write_csv(outcome, args.csv, campaign_path(args))
    if outcome.against is not None and outcome.against_rules is not None:
        doc = comparison_json(
            outcome.summary, rules, outcome.against, outcome.against_rules, job.seed
        )
        lines = comparison_lines(
            outcome.summary, rules, outcome.against, outcome.against_rules, job.seed, job.model
        )
    else:
        doc = summary_json(outcome.summary, rules, job.seed)
        lines = summary_lines(outcome.summary, rules, job.seed, job.model)
    doc["model"] = model_json(job.model)
    if fitted is not None:
        doc["calibration"] = {
            "exchanges_per_turn": fitted.exchanges_per_turn,
            "recorded_take_outs_per_game": round(fitted.recorded, 4),
            "simulated_take_outs_per_game": round(fitted.simulated, 4),
            "recorded_games": fitted.games,
            "reached": fitted.reached,
        }
        games = f"{fitted.games} recorded game{'s' if fitted.games != 1 else ''}"
        said = (
            f"Calibrated: {fitted.exchanges_per_turn:g} exchanges per turn give "
            f"{fitted.simulated:.2f} models out of action per game; the campaign's {games} "
            f"had {fitted.recorded:.2f}."
            if fitted.reached
            else f"Not calibrated: the campaign's {games} had {fitted.recorded:.2f} models out "
            f"of action per game, and the model comes no closer than {fitted.simulated:.2f} "
            f"(at {fitted.exchanges_per_turn:g} exchanges per turn, which this run uses)."
        )
        lines = [said, *lines]
    if args.json:
        print_json(doc, out)
    else:
        write_lines(lines, out)
    return EXIT_OK
