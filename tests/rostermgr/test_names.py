"""Names are normalised, cleaned of invisible characters and compared after that (item 10)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import Refused
from rostermgr.roster import check_name, normal_name
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u202e", "\u2066", "\ufeff", "\x85", "\x07", "\x1b"]


@pytest.mark.parametrize("char", INVISIBLE)
def test_an_invisible_character_does_not_make_a_new_name(char: str) -> None:
    assert check_name(f"Kid{char}", "name") == "Kid"
    assert check_name(f"{char}Kid", "name") == "Kid"


def test_a_right_to_left_override_is_dropped() -> None:
    assert check_name("Ike \u202eDalton\u202c", "name") == "Ike Dalton"


def test_u0085_and_tabs_are_spaces() -> None:
    assert check_name("Ike\x85Dalton", "name") == "Ike Dalton"
    assert check_name("Ike\t\tDalton", "name") == "Ike Dalton"


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\ufeff", "\u202e\u202c", "\x85", "\u0301"])
def test_a_name_with_no_visible_character_is_refused(name: str) -> None:
    with pytest.raises(Refused, match=r"no visible character|must not be empty"):
        check_name(name, "posse name")


def test_names_are_nfc() -> None:
    assert check_name("Jose\u0301", "name") == "Jos\u00e9"
    assert check_name("Jose\u200b\u0301", "name") == "Jos\u00e9"


def test_zwj_inside_an_emoji_sequence_stays() -> None:
    firefighter = "\U0001f469\u200d\U0001f692"
    rainbow_flag = "\U0001f3f3\ufe0f\u200d\U0001f308"
    assert check_name(f"Doc {firefighter}", "name") == f"Doc {firefighter}"
    assert check_name(rainbow_flag, "name") == rainbow_flag
    assert check_name("K\u200did", "name") == "Kid"


def test_r3_kid_and_kid_with_a_zero_width_space_cannot_both_join() -> None:
    rules = default_ruleset()
    request = {
        "name": "The Dalton Boys",
        "faction": "outlawmen",
        "members": [
            {"name": "Ike", "role": "leader", "items": []},
            {"name": "Ma", "role": "deputy", "items": []},
            {"name": "Kid", "role": "ganger", "items": []},
            {"name": "Kid\u200b", "role": "ganger", "items": []},
        ],
    }
    with pytest.raises(Refused, match="Two members are named 'Kid'"):
        plan_creation(request, rules)


@given(st.text(max_size=80))
def test_normal_names_are_stable_and_free_of_invisible_characters(text: str) -> None:
    once = normal_name(text)
    assert normal_name(once) == once
    assert unicodedata.is_normalized("NFC", once)
    for i, char in enumerate(once):
        category = unicodedata.category(char)
        assert category != "Cc"
        assert category != "Cf" or (char == "\u200d" and 0 < i < len(once) - 1)
    assert once == once.strip() and "  " not in once
