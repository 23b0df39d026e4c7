"""`rostermgr measure` (R12a): a measured length, and what it allows or costs."""

from __future__ import annotations

import io
import json
from importlib import resources

from cli import main
from rostermgr.rules_load import DEFAULT_RULESET


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_r12a_a_fall_is_answered_with_its_unsoakable_damage():
    code, out, err = run("measure", "fall", "210mm")
    assert (code, err) == (0, "")
    assert out == (
        "A fall or jump of 210 mm (2.36 card lengths) costs 2 unsoakable damage: 1 for each "
        "card length or part of one over 88.9 mm; toughness does not count.\n"
    )


def test_r12a_each_measure_says_whether_it_may_be_made():
    assert "is out of reach" in run("measure", "climb", "4in")[1]
    assert run("measure", "obstacle", "6cm")[1].endswith("may cross.\n")
    assert "does not reach" in run("measure", "move", "150")[1]
    assert " reaches " in run("measure", "move", "150", "--move", "2")[1]


def test_r12a_json_gives_the_numbers_and_the_sentence():
    code, out, _ = run("measure", "fall", "2cards", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["damage"] == 1 and doc["allowed"] is True
    assert doc["measure"] == "fall" and doc["limit_mm"] == 88.9
    assert doc["sentence"].startswith("A fall or jump of 177.8 mm")


def test_r12a_a_house_ruleset_s_card_is_the_one_measured_with(tmp_path):
    text = resources.files("rostermgr.rulesets").joinpath(DEFAULT_RULESET).read_text("utf-8")
    house = tmp_path / "house.toml"
    house.write_text(text.replace("fall_free = 1", "fall_free = 2", 1), encoding="utf-8")
    assert (
        json.loads(run("--ruleset", str(house), "measure", "fall", "150", "--json")[1])["damage"]
        == 0
    )


def test_a_length_that_is_none_is_one_sentence_and_exit_1():
    code, out, err = run("measure", "fall", "tall")
    assert (code, out) == (1, "")
    assert err == "'tall' is not a length: write it as 120mm, 12cm, 4.5in or 1.5 cards.\n"


def test_an_unknown_measure_is_a_usage_error_exit_2():
    assert run("measure", "swim", "3")[0] == 2
