"""services.paths: a --db whose folder is missing, or is a file, is named as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from rostermgr.errors import Refused
from services.paths import refuse_missing_folder


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(Refused, match="does not exist"):
        refuse_missing_folder(tmp_path / "no" / "campaign.sqlite3")


def test_a_file_in_place_of_the_folder_is_named_a_file(tmp_path: Path) -> None:
    """`--db campaign.sqlite3/x` said the folder campaign.sqlite3 "does not exist"."""
    (tmp_path / "campaign.sqlite3").write_bytes(b"")
    with pytest.raises(Refused) as refused:
        refuse_missing_folder(tmp_path / "campaign.sqlite3" / "x")
    assert str(refused.value) == (
        f"{tmp_path / 'campaign.sqlite3'} is a file, not a folder, so there is no campaign "
        f"{tmp_path / 'campaign.sqlite3' / 'x'}."
    )
