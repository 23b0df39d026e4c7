"""Refusals quote user text with its control and format characters escaped (issue 15, item 19)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import Refused, quoted
from rostermgr.roster import Member, Posse


def test_quoted_escapes_a_newline() -> None:
    assert quoted("Kid\n") == "'Kid\\n'"


def test_quoted_escapes_terminal_escapes_and_bidi_overrides() -> None:
    assert quoted("\x1b[31mKid\u202e\x85") == "'\\x1b[31mKid\\u202e\\x85'"


@given(st.text())
def test_quoted_text_is_one_line_of_visible_characters(text: str) -> None:
    out = quoted(text)
    assert out.startswith("'") and out.endswith("'")
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs") for c in out)


def test_a_refusal_naming_an_unknown_member_stays_on_one_line() -> None:
    posse = Posse("Daltons", "outlawmen", (Member("Kid", "ganger"),), 0, "x", "1")
    try:
        posse.member("Nobody\nrm -rf /")
    except Refused as exc:
        assert "\n" not in str(exc) and "Nobody\\nrm" in str(exc)
    else:
        raise AssertionError("no refusal")
