"""Rulesets that parse as TOML but say nonsense are refused, naming the key and the problem.

A stat below 0 (R2), a last turn before the game's turns are out (R12), and a name or text
holding a control character (an escape reaches the terminal as a command when printed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import RulesetError
from rostermgr.rules_load import parse_ruleset_text

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
TEXT = SHIPPED.read_text(encoding="utf-8")
LEADER_STATS = (
    "stats = { move = 1, shot = 3, combat = 3, strength = 2, toughness = 2, defence = 2, "
    "wounds = 8 }"
)
# Every control character (C0, DEL, C1): none may be in a name, an id or a list of names.
CONTROLS = st.characters(categories=["Cc"])


def refusal(old: str, new: str) -> str:
    assert old in TEXT, old
    with pytest.raises(RulesetError) as refused:
        parse_ruleset_text(TEXT.replace(old, new, 1), "bad.toml")
    return str(refused.value)


def toml_string(text: str) -> str:
    """A TOML basic string holding `text`, every character outside ASCII print escaped."""
    return json.dumps(text)  # JSON's escapes (\\u001b, \\n) are TOML's too


def test_the_shipped_ruleset_loads() -> None:
    rules = parse_ruleset_text(TEXT, "shipped")
    assert rules.last_turn >= rules.turns


@pytest.mark.parametrize("stat", ["wounds", "move", "shot", "defence"])
def test_r2_a_stat_below_0_is_refused(stat: str) -> None:
    bad = re.sub(rf"\b{stat} = \d+", f"{stat} = -5", LEADER_STATS)
    assert refusal(LEADER_STATS, bad) == (
        f"Ruleset bad.toml: key 'roles.leader.stats.{stat}' must be at least 0, not -5."
    )


def test_r2_a_stat_of_0_loads() -> None:
    rules = parse_ruleset_text(TEXT.replace("move = 1, shot = 3", "move = 1, shot = 0", 1), "x")
    assert rules.roles["leader"].stats["shot"] == 0


def test_r12_last_turn_before_turns_is_refused() -> None:
    assert refusal("last_turn = 7", "last_turn = 3") == (
        "Ruleset bad.toml: key 'game.last_turn' must be at least 5, not 3."
    )


def test_r12_last_turn_equal_to_turns_loads() -> None:
    assert parse_ruleset_text(TEXT.replace("last_turn = 7", "last_turn = 5", 1), "x").last_turn == 5


def test_an_escape_in_a_faction_name_is_refused_and_not_echoed() -> None:
    message = refusal('name = "Sheriffs"', 'name = "\\u001b[31mSheriffs"')
    assert message == (
        "Ruleset bad.toml: key 'factions.sheriffs.name' holds a control character (\\x1b); "
        "names and texts may not."
    )
    assert "\x1b" not in message


@given(char=CONTROLS, where=st.sampled_from(["name", "rule", "key", "list"]))
def test_any_control_character_in_a_name_or_key_is_refused(char: str, where: str) -> None:
    """For every control character, wherever a name, an id or a list of names holds it."""
    olds = {
        "name": ('name = "Sheriffs"', f"name = {toml_string('Sher' + char + 'iffs')}"),
        "rule": ('rule = { name = "Badge of Honour"', f"rule = {{ name = {toml_string(char)}"),
        "key": ("[factions.sheriffs]", f"[factions.{toml_string('sheriffs' + char)}]"),
        "list": ('ends_on = ["2", "3"', f'ends_on = ["2", {toml_string("3" + char)}'),
    }
    old, new = olds[where]
    message = refusal(old, new)
    assert "holds a control character" in message
    assert char not in message  # escaped, as every refusal writes it


@pytest.mark.parametrize("char", ["\n", "\t"])
def test_a_rules_paragraph_may_break_lines(char: str) -> None:
    text = TEXT.replace(
        'rule = { name = "Badge of Honour", text = ""',
        f'rule = {{ name = "Badge of Honour", text = {toml_string("One." + char + "Two.")}',
        1,
    )
    rules = parse_ruleset_text(text, "x")
    assert rules.factions["sheriffs"].rule_text == f"One.{char}Two."
