"""Refusals quote user text with its control and format characters escaped (issue 15, item 19)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import Refused, did_you_mean, in_sentence, nearest, quoted
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


NAMES = ["The Dalton Boys", "Last Hope Lawmen", "Los Hermanos Peña"]


def test_a_name_in_another_case_or_without_accents_is_the_one_meant() -> None:
    assert nearest("last hope lawmen", NAMES) == "Last Hope Lawmen"
    assert nearest("LOS HERMANOS PENA", NAMES) == "Los Hermanos Peña"
    assert nearest("  the  dalton boys ", NAMES) == "The Dalton Boys"


def test_a_misspelt_or_partial_name_is_the_one_meant() -> None:
    assert nearest("Last Hope Lawman", NAMES) == "Last Hope Lawmen"
    assert nearest("Dalton", NAMES) == "The Dalton Boys"
    assert nearest("Doc", ["Doc H", "Wyatt"]) == "Doc H"


def test_nothing_is_suggested_when_no_name_stands_out() -> None:
    assert nearest("Nobody", NAMES) is None
    assert nearest("Doc", ["Doc H", "Doc Holliday"]) is None  # two hold it: neither is said
    assert nearest("kid", ["Kid", "KID"]) is None  # two differ from it by case alone
    assert nearest("", NAMES) is None
    assert did_you_mean("Nobody", NAMES) == ""


def test_an_item_may_be_typed_as_its_name() -> None:
    items = {"hunting-knife": "hunting-knife", "Hunting knife": "hunting-knife"}
    assert nearest("hunting knife", items) == "hunting-knife"
    assert did_you_mean("Hunting Knife", items) == "; did you mean 'hunting-knife'?"


@given(st.text(), st.lists(st.text(), max_size=6, unique=True))
def test_what_is_suggested_is_always_one_of_the_names(typed: str, names: list[str]) -> None:
    assert nearest(typed, names) in [*names, None]


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ", min_size=1)


@given(st.lists(WORDS, min_size=1, max_size=6), st.data())
def test_a_name_typed_in_another_case_is_found_when_it_alone_reads_so(
    names: list[str], data: st.DataObject
) -> None:
    name = data.draw(st.sampled_from(names))
    typed = f" {name.swapcase()} "
    alike = {
        n for n in names if " ".join(n.casefold().split()) == " ".join(name.casefold().split())
    }
    if len(alike) == 1 and name.strip():
        assert nearest(typed, names) == name


def test_a_refusal_of_an_unknown_member_names_the_members_or_the_one_meant() -> None:
    posse = Posse(
        "Daltons", "outlawmen", (Member("Kid", "ganger"), Member("Doc", "ganger")), 0, "x", "1"
    )
    for typed, said in [
        ("kid", "; did you mean 'Kid'?"),
        ("Zed", "; its members are 'Kid' and 'Doc'."),
    ]:
        try:
            posse.member(typed)
        except Refused as exc:
            assert str(exc) == f"Daltons has no member named '{typed}'{said}"
        else:
            raise AssertionError("no refusal")


def test_a_title_inside_a_sentence_loses_only_a_sentence_capital() -> None:
    assert in_sentence("Unit ranged combat (seed 003)") == "unit ranged combat (seed 003)"
    assert in_sentence("FH orders") == "FH orders"  # an acronym keeps its capitals
    assert in_sentence("McKee's rules") == "McKee's rules"
    assert in_sentence("Forlorn") == "forlorn"
    assert in_sentence("") == "" and in_sentence("A volley") == "A volley"


@given(st.text(max_size=30))
def test_a_title_inside_a_sentence_changes_at_most_its_first_letter(title: str) -> None:
    shown = in_sentence(title)
    assert shown[1:] == title[1:] and shown[:1] in (title[:1], title[:1].lower())
