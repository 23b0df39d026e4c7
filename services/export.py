"""Export the campaign for spreadsheets (issue 20): one CSV file a table, a header row, ids kept.

Every file is written beside its name and all are renamed into place once all are whole; the
tables are read in one transaction, so the files agree with each other.
"""

from __future__ import annotations

import csv
from contextlib import ExitStack
from pathlib import Path

from db.tables import Cell, campaign_tables
from services.campaign import Campaign
from services.outputs import atomic_output, check_output, check_output_folder

# A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"): a
# name typed as "=HYPERLINK(...)" would become a link. A leading apostrophe makes the cell
# text again, and spreadsheets hide it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Cell) -> str | int:
    """A value as the CSV file holds it: numbers as they are, formula-like text made text."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def export_csv(c: Campaign, folder: str | Path) -> list[Path]:
    """Write posses, members, items, upgrades, ledger, games and history as CSV into `folder`.

    The folder is made if it is missing; returns the files written, in that order.
    """
    out = check_output_folder(folder, c.path)
    tables = campaign_tables()
    paths = [check_output(out / f"{t.name}.csv", c.path) for t in tables]
    # every file is whole beside its name before the first is renamed: a failure writes none
    with ExitStack() as stack:
        for table, path in zip(tables, paths, strict=True):
            temp = stack.enter_context(atomic_output(path))
            with temp.open("w", encoding="utf-8", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(table.columns)
                writer.writerows([cell(v) for v in row] for row in table.rows)
    return paths
