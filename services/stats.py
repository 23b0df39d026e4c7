"""Playtest statistics of the campaign (R12-R16)."""

from __future__ import annotations

from pathlib import Path

from db.stats import read_campaign
from rostermgr.stats import Table, campaign_stats
from services.campaign import Campaign, in_campaign
from services.outputs import CsvFile, write_csv_files


@in_campaign
def tables(c: Campaign) -> tuple[Table, ...]:
    """Every statistics table of the campaign, under its ruleset."""
    return campaign_stats(read_campaign(), c.rules)


@in_campaign
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
        rules = (
            c.rules
            if line.hash == c.rules.hash
            else parse_ruleset_text(line.text, line.id, strict=False)
        )
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


@in_campaign
def write_csv(c: Campaign, tables: tuple[Table, ...], folder: str | Path) -> list[str]:
    """One CSV file per table, NAME.csv with a header row, all written or none; the names."""
    files = [CsvFile(f"{t.name}.csv", t.columns, t.rows) for t in tables]
    return [p.name for p in write_csv_files(folder, files, c.path)]
