"""The state code of a roster card (issue 34): round trips, the check value, the ruleset."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.cardcode import (
    CardCode,
    OtherRuleset,
    PosseCode,
    changes,
    check_value,
    decode_any,
    decode_card,
    encode_card,
    encode_posse,
    grouped,
    member_check,
    posse_code,
    ruleset_prefix,
)
from rostermgr.errors import Refused
from rostermgr.roster import DEAD, Member, Posse
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


@st.composite
def codes(draw: st.DrawFn) -> CardCode:
    stats = tuple(draw(st.integers(-3, 20)) for _ in RULES.stat_order)
    ups = draw(st.dictionaries(st.sampled_from(RULES.stat_order), st.integers(1, 6), max_size=4))
    items = draw(st.lists(st.sampled_from(list(RULES.items)), max_size=8))
    members = draw(
        st.lists(st.tuples(st.integers(1, 10**6), st.integers(0, 12)), min_size=1, max_size=3)
    )
    order = list(RULES.items)
    return CardCode(
        ruleset=ruleset_prefix(RULES),
        counter=draw(st.integers(0, 2**40)),
        posse_id=draw(st.integers(1, 10**5)),
        role=draw(st.sampled_from(list(RULES.roles))),
        stats=stats,
        injuries=draw(st.integers(0, 5)),
        upgrades=tuple((s, ups[s]) for s in RULES.stat_order if s in ups),
        items=tuple(sorted(items, key=order.index)),
        members=tuple(members),
        faction=draw(st.sampled_from(list(RULES.factions))),
    )


@settings(max_examples=300, deadline=None)
@given(codes())
def test_every_card_code_reads_back_exactly(code: CardCode) -> None:
    text = encode_card(code, RULES)
    assert set(text) <= set(ALPHABET)  # all in the QR's alphanumeric mode
    assert decode_card(text, RULES) == code
    typed = grouped(text).lower().replace("o", "0").replace("i", "1")
    assert decode_card(typed, RULES) == code


@settings(max_examples=60, deadline=None)
@given(codes(), st.data())
def test_one_character_changed_is_refused_by_its_check_value(
    code: CardCode, data: st.DataObject
) -> None:
    text = encode_card(code, RULES)
    at = data.draw(st.integers(0, len(text) - 1))
    other = data.draw(st.sampled_from([c for c in ALPHABET if c != text[at]]))
    tampered = text[:at] + other + text[at + 1 :]
    with pytest.raises(Refused, match=r"check value|is not a card code|cut short"):
        decode_card(tampered, RULES)


def test_every_single_character_change_of_one_code_is_refused() -> None:
    code = CardCode(ruleset_prefix(RULES), 1234, 2, "ganger", (1, 2, 2, 2, 1, 1, 6), 1,
                    (("shot", 1),), ("pistol",), ((7, 2), (8, 0)), "sheriffs")  # fmt: skip
    text = encode_card(code, RULES)
    for at in range(len(text)):
        for other in ALPHABET.replace(text[at], ""):
            with pytest.raises(Refused):
                decode_card(text[:at] + other + text[at + 1 :], RULES)
    assert check_value(text) == int.from_bytes(
        __import__("base64").b32decode(text + "=" * (-len(text) % 8))[-2:], "big"
    )


def test_a_usual_card_is_short() -> None:
    code = CardCode(ruleset_prefix(RULES), 20_000, 3, "leader", (1, 3, 3, 2, 2, 2, 8), 0, (),
                    ("revolver", "medium-leather"), ((1, 0),), "outlawmen")  # fmt: skip
    assert len(encode_card(code, RULES)) <= 61  # a version 3 QR at M holds 61 such characters


def test_another_ruleset_is_said_so() -> None:
    code = CardCode("abcdef", 1, 1, "ganger", (1,) * 7, 0, (), (), ((1, 0),), "outlawmen")
    with pytest.raises(OtherRuleset, match="another ruleset"):
        decode_card(encode_card(code, RULES), RULES)


@pytest.mark.parametrize("text", ["", "hello world", "ABCD", "AAAAAAAAAAAAAAAA"])
def test_no_code_is_refused_in_a_sentence(text: str) -> None:
    with pytest.raises(Refused):
        decode_card(text, RULES)


def test_changes_since_printed_are_said_per_member() -> None:
    code = CardCode(ruleset_prefix(RULES), 5, 1, "ganger", (1, 2, 2, 2, 1, 1, 6), 0, (),
                    ("pistol",), ((3, 0), (4, 0)), "outlawmen")  # fmt: skip
    kid = Member("Kid", "ganger", (), injuries=1, flips=2, id=3)
    slim = Member("Slim", "ganger", ("pistol",), id=4)
    assert changes(code, {3: kid, 4: slim}, RULES) == [
        "Kid: 1 strike since; Pistol gone; 2 flips unspent (was 0)"
    ]
    up = replace(slim, upgrades=MappingProxyType({"shot": 1}), status=DEAD)
    assert changes(code, {3: kid, 4: up}, RULES)[1] == "Slim: dead since"
    assert changes(code, {4: slim}, RULES)[0] == "member 3: no longer in the posse"


@settings(max_examples=150, deadline=None)
@given(
    st.text(min_size=1, max_size=60),
    st.integers(-500, 10**6),
    st.lists(
        st.tuples(st.integers(1, 10**6), st.text(min_size=1, max_size=60), st.integers(0, 65535)),
        max_size=15,
    ),
    st.sampled_from(list(RULES.factions)),
)
def test_every_journal_code_reads_back_exactly(name, purse, members, faction) -> None:
    code = PosseCode(ruleset_prefix(RULES), 77, 4, faction, name, purse, tuple(members))
    text = encode_posse(code, RULES)
    assert set(text) <= set(ALPHABET)
    assert decode_any(text, RULES) == code
    with pytest.raises(Refused, match="not the code of a roster card"):
        decode_card(text, RULES)


def test_a_member_check_does_not_depend_on_the_counter_or_the_card_it_is_on() -> None:
    kid = Member("Kid", "ganger", ("pistol",), id=3)
    slim = Member("Slim", "ganger", ("pistol",), id=4)
    posse = Posse("P", "outlawmen", (kid, slim), 10, RULES.id, RULES.version, id=1)
    assert member_check(posse, kid, RULES) == member_check(posse, replace(kid, name="Other"), RULES)
    assert member_check(posse, kid, RULES) != member_check(posse, replace(kid, flips=1), RULES)
    code = posse_code(posse, RULES, 12)
    assert [m[:2] for m in code.members] == [(3, "Kid"), (4, "Slim")]
