"""`rostermgr stats`: playtest statistics of the campaign (R12-R16)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any, TextIO

from cli import Commands, print_json
from rostermgr.rules import Ruleset
from rostermgr.stats import Table
from rostermgr.views import text_table

STATS_HELP = """\
Playtest statistics of the campaign: games by scenario, wins by faction and scenario,
casualties and flips per game, the stats chosen for each card band, money in and out and the
purse after each game, and what gets bought. --csv DIR writes one CSV file per table.
The text names factions, scenarios, stats and items as the ruleset does; --json and the CSV
files keep their ids.
"""

# Columns whose values are the statistics' own keys ('out_of_action'): shown as headings are.
WORDS = ("measure",)


def add_parsers(sub: Commands) -> None:
    s = sub.add_parser(
        "stats",
        help="playtest statistics of the campaign",
        description=STATS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    s.add_argument(
        "--json", action="store_true", help="print one JSON document: each table's rows by id"
    )
    s.add_argument(
        "--csv", metavar="DIR", help="write one CSV file per table into DIR (default: none written)"
    )
    s.add_argument(
        "--by-ruleset",
        action="store_true",
        help="split every table by the ruleset the games were played under (`rules history`)",
    )
    s.set_defaults(handler=_stats)


def heading(column: str) -> str:
    """'win_rate' -> 'Win rate'."""
    return column.replace("_", " ").capitalize()


def _labels(rules: Ruleset) -> dict[str, Mapping[str, str]]:
    """Display names for the id columns, from the ruleset."""
    return {
        "faction": {k: f.name for k, f in rules.factions.items()},
        "scenario": {k: s.name for k, s in rules.scenarios.items()},
        "stat": dict(rules.stat_names),
        "item": {k: i.name for k, i in rules.items.items()},
    }


def _cell(column: str, value: Any, labels: Mapping[str, Mapping[str, str]]) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, str):
        if column in WORDS:
            return heading(value)
        return labels.get(column, {}).get(value, value)
    return str(value)


def table_lines(table: Table, rules: Ruleset) -> list[str]:
    """The title, then the columns under their headings, names for ids, numbers to the right."""
    labels = _labels(rules)
    rows = [
        [_cell(c, v, labels) for c, v in zip(table.columns, row, strict=True)] for row in table.rows
    ]
    right = [
        all(v is None or isinstance(v, int | float) for v in (row[i] for row in table.rows))
        for i in range(len(table.columns))
    ]
    lines = [f"{table.title}:", *text_table([[heading(c) for c in table.columns], *rows], right)]
    if not table.rows:
        lines.append("(none yet)")
    return lines


def _stats(args: argparse.Namespace, out: TextIO) -> int:
    from cli.context import campaign
    from services.stats import tables as campaign_tables
    from services.stats import tables_by_ruleset, write_csv

    with campaign(args) as c:
        tables = tables_by_ruleset(c) if args.by_ruleset else campaign_tables(c)
        rules = c.rules
        written = write_csv(c, tables, args.csv) if args.csv else []
    if args.json:
        print_json({t.name: t.records() for t in tables}, out)
        return 0
    if written:
        lines = [f"Wrote {len(written)} CSV files to {args.csv}:", *written]
    else:
        lines = []
        for table in tables:
            lines += [*table_lines(table, rules), ""]
        lines = lines[:-1]
    out.write("".join(f"{line}\n" for line in lines))
    return 0
