"""Names are normalised and compared after that; control and format characters are refused
(#27 item 9: NUL, the bidi controls, U+0085 and every other Cc or Cf character)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import Refused
from rostermgr.roster import check_name, normal_name
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation

INVISIBLE = [
    "\x00",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\x85",
    "\x07",
    "\x1b",
    "\t",
    "\n",
    "\u2028",
]
# Every bidi control: embeddings, overrides, isolates and the marks (#27 item 9).
BIDI = [
    *"\u061c\u200e\u200f",
    *(chr(c) for c in range(0x202A, 0x202F)),
    *"\u2066\u2067\u2068\u2069",
]


@pytest.mark.parametrize("char", INVISIBLE + BIDI)
@pytest.mark.parametrize("where", ["Kid{}", "{}Kid", "K{}id"])
def test_a_control_or_format_character_in_a_name_is_refused_naming_it(
    char: str, where: str
) -> None:
    with pytest.raises(Refused, match=f"invisible character U\\+{ord(char):04X}") as refused:
        check_name(where.format(char), "member's name")
    assert "\n" not in str(refused.value) and char not in str(refused.value)


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\ufeff", "\u202e\u202c", "\x85"])
def test_a_name_of_invisible_characters_only_is_refused(name: str) -> None:
    with pytest.raises(Refused, match="invisible character"):
        check_name(name, "posse name")


@pytest.mark.parametrize("name", ["\u0301", "   "])
def test_a_name_with_no_visible_character_is_refused(name: str) -> None:
    with pytest.raises(Refused, match=r"no visible character|must not be empty"):
        check_name(name, "posse name")


def test_spaces_are_single_and_trimmed() -> None:
    assert check_name("  Ike   Dalton ", "name") == "Ike Dalton"
    assert check_name("Ike\u00a0Dalton", "name") == "Ike Dalton"


def test_names_are_nfc() -> None:
    assert check_name("Jose\u0301", "name") == "Jos\u00e9"


def test_zwj_inside_an_emoji_sequence_stays() -> None:
    firefighter = "\U0001f469\u200d\U0001f692"
    rainbow_flag = "\U0001f3f3\ufe0f\u200d\U0001f308"
    assert check_name(f"Doc {firefighter}", "name") == f"Doc {firefighter}"
    assert check_name(rainbow_flag, "name") == rainbow_flag
    with pytest.raises(Refused, match="U\\+200D"):
        check_name("K\u200did", "name")  # a joiner between letters joins nothing visible


def test_r3_kid_and_kid_with_a_trailing_space_cannot_both_join() -> None:
    rules = default_ruleset()
    request = {
        "name": "The Dalton Boys",
        "faction": "outlawmen",
        "members": [
            {"name": "Ike", "role": "leader", "items": []},
            {"name": "Ma", "role": "deputy", "items": []},
            {"name": "Kid", "role": "ganger", "items": []},
            {"name": "Kid ", "role": "ganger", "items": []},
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


def _forbidden(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


FORBIDDEN = st.characters(categories=("Cc", "Cf", "Zl", "Zp"), exclude_characters="\u200d")


@given(st.text(max_size=20), FORBIDDEN, st.text(max_size=20))
def test_any_control_or_format_character_anywhere_is_refused(
    before: str, char: str, after: str
) -> None:
    with pytest.raises(Refused):
        check_name(before + char + after, "name")


@given(st.text(max_size=40))
def test_an_accepted_name_holds_no_control_or_format_character(text: str) -> None:
    try:
        name = check_name(text, "name")
    except Refused:
        return
    assert not any(_forbidden(c) for c in text if c != "\u200d")
    assert name == normal_name(name) == normal_name(text)
    assert not any(
        _forbidden(c) and not (c == "\u200d" and 0 < i < len(name) - 1) for i, c in enumerate(name)
    )
