"""Playtest statistics of the campaign (R12-R16)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from db.stats import read_campaign
from rostermgr.stats import Table, campaign_stats
from services.campaign import Campaign
from services.outputs import atomic_output, check_output_folder


def tables(c: Campaign) -> tuple[Table, ...]:
    """Every statistics table of the campaign, under its ruleset."""
    return campaign_stats(read_campaign(), c.rules)


def tables_by_ruleset(c: Campaign) -> tuple[Table, ...]:
    """Every statistics table split by the ruleset its games were played under (issue 18)."""
    from db import rulesets as stored
    from rostermgr.rules_load import parse_ruleset_text
    from rostermgr.stats_split import RulesetPart, stats_by_ruleset

    lines = stored.history()
    if not lines:  # a read-only file of before schema 3 cannot be: it is refused on opening
        return tables(c)
    ids = {line.id for line in lines}
    parts, seen = [], set()
    for line in lines:
        if line.hash in seen:
            continue
        seen.add(line.hash)
        rules = c.rules if line.hash == c.rules.hash else parse_ruleset_text(line.text, line.id)
        label = line.version if len(ids) == 1 else f"{line.id} {line.version}"
        parts.append(RulesetPart(label, line.hash, rules))
    games = {g: line.hash for g, line in stored.game_rulesets().items()}
    current = stored.current()
    return stats_by_ruleset(
        read_campaign(),
        games,
        stored.upgrade_hashes(),
        stored.row_marks(),
        parts,
        current.hash if current else c.rules.hash,
    )


def write_csv(c: Campaign, tables: tuple[Table, ...], folder: str | Path) -> list[str]:
    """One CSV file per table, NAME.csv with a header row, each written whole; the names."""
    path = check_output_folder(folder, c.path)
    names = []
    for table in tables:
        out = io.StringIO(newline="")
        writer = csv.writer(out)
        writer.writerow(table.columns)
        writer.writerows(["" if v is None else v for v in row] for row in table.rows)
        target = path / f"{table.name}.csv"
        with atomic_output(target) as temp:
            temp.write_bytes(out.getvalue().encode("utf-8"))
        names.append(target.name)
    return names
