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


@given(st.sampled_from(["postgresql", "postgres"]), st.data())
def test_a_server_url_s_scheme_is_read_in_any_case(scheme: str, data: st.DataObject) -> None:
    """A URL's scheme is case-insensitive (RFC 3986, 3.1): PostgreSQL:// and POSTGRES:// name a
    server as postgresql:// does, and libpq, which knows the lower case only, is given that."""
    from db.target import conninfo, shown

    cased = "".join(
        c.upper() if up else c
        for c, up in zip(
            scheme,
            data.draw(st.lists(st.booleans(), min_size=len(scheme), max_size=len(scheme))),
            strict=True,
        )
    )
    rest = "ike:dalton1857@club.example.org:5433/Last_Hope?sslmode=require"
    given_ = f"{cased}://{rest}"
    assert is_server(given_)
    assert server_address_problem(given_) is None
    assert conninfo(given_) == f"postgresql://{rest}"  # only the scheme changes, not its case
    assert shown(given_) == "postgresql://ike@club.example.org:5433/Last_Hope?sslmode=require"


@pytest.mark.parametrize("given_", ["postgresqlx://club/c", "my://postgresql://c", "Postgre://c"])
def test_a_scheme_that_only_looks_like_the_server_s_is_not_it(given_: str) -> None:
    assert not is_server(given_)
    assert server_address_problem(given_) is not None


def test_a_server_password_is_scrubbed_whatever_the_scheme_s_case() -> None:
    from services.crashlog import scrub

    for scheme in ("postgresql", "PostgreSQL", "POSTGRES"):
        said = scrub(f"failed on {scheme}://ike:dalton1857@club.example.org/lhf")
        assert said == f"failed on {scheme}://ike@club.example.org/lhf"
