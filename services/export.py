"""Export the campaign for spreadsheets (issue 20): one CSV file a table, a header row, ids kept.

Every file is written beside its name and all are renamed into place once all are whole; the
tables are read in one transaction, so the files agree with each other.
"""

from __future__ import annotations

from pathlib import Path

from db.tables import campaign_tables
from services.campaign import Campaign, in_campaign
from services.outputs import CsvFile, write_csv_files


@in_campaign
def export_csv(c: Campaign, folder: str | Path) -> list[Path]:
    """Write posses, members, items, upgrades, ledger, games and history as CSV into `folder`.

    The folder is made if it is missing; returns the files written, in that order.
    """
    tables = campaign_tables()
    files = [CsvFile(f"{t.name}.csv", t.columns, t.rows) for t in tables]
    return write_csv_files(folder, files, c.path)
