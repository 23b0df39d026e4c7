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
