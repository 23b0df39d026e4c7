"""services.paths: a --db whose folder is missing, or is a file, is named as such."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from db.target import is_server
from rostermgr.errors import Refused
from services.paths import refuse_missing_folder, server_address_problem


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


@pytest.mark.parametrize(
    "typed", ["", "  ", "postgresql://you@club/campaign", "postgres://club/c", "service=club"]
)
def test_a_server_address_or_nothing_typed_has_nothing_to_say(typed: str) -> None:
    assert server_address_problem(typed) is None


@given(st.text(max_size=40))
def test_anything_else_typed_as_a_server_address_is_said_why_in_one_sentence(text: str) -> None:
    """What the Open server campaign dialog greys Open for is exactly what it says why for."""
    problem = server_address_problem(text)
    assert (problem is None) == (not text.strip() or is_server(text.strip()))
    if problem is not None:
        assert problem.endswith(".") and "\n" not in problem and problem[0].isupper()
