"""`rostermgr resolve volley`: a seed 003 volley step by step (issue 32 item 9)."""

from __future__ import annotations

import io
import json

import pytest

from cli import main

VOLLEY = ["resolve", "volley", "--attack", "2", "--bases", "3", "--save", "5", "--courage", "3",
          "--wounds", "2"]  # fmt: skip


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_typed_dice_are_settled_step_by_step() -> None:
    code, out, err = run(*VOLLEY, "--cover", "--dice", "6", "5", "5", "4", "2", "1",
                         "--saves", "6", "2", "3", "--target-bases", "3")  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == [
        "Attack pool: Ranged Attack 2 x 3 bases = 6 dice.",
        "Hit requirement: 4 + cover 1 = 5+.",
        "Dice: 6 5 5 4 2 1; 3 at 5 or more: 3 hits.",
    ]
    assert "1 base removed, 0 left in the pool." in out


def test_without_saves_it_says_how_many_to_roll() -> None:
    code, out, _ = run(*VOLLEY, "--dice", "6", "5", "5", "4", "2", "1")
    assert code == 0
    assert out.splitlines()[-1] == "Saves: roll 4 dice, one a hit, needing 5+."


def test_a_drawn_volley_repeats_with_its_seed_and_adds_up() -> None:
    code, out, _ = run(*VOLLEY, "--draw", "--seed", "7", "--json")
    assert code == 0
    doc = json.loads(out)
    assert run(*VOLLEY, "--draw", "--seed", "7", "--json")[1] == out
    assert len(doc["dice"]) == 6 and len(doc["saves"]) == doc["hits"]
    assert doc["hits"] == sum(d >= doc["requirement"] for d in doc["dice"])
    assert doc["unsaved"] == doc["hits"] - sum(d >= 5 for d in doc["saves"])
    assert doc["bases_removed"] == doc["unsaved"] // 2


@pytest.mark.parametrize(
    ("extra", "sentence"),
    [
        (["--dice", "6", "5"], "The volley rolls 6 attack dice, but 2 were given.\n"),
        (["--dice", "1", "1", "1", "1", "1", "9"], "A die shows 1 to 6; the attack dice hold 9.\n"),
        (["--dice", "6", "1", "1", "1", "1", "1", "--saves"],
         "The volley rolls 1 save die, but 0 were given.\n"),
    ],
)  # fmt: skip
def test_wrong_dice_are_one_sentence_and_exit_1(extra: list[str], sentence: str) -> None:
    assert run(*VOLLEY, *extra) == (1, "", sentence)


@pytest.mark.parametrize(
    "extra", [[], ["--draw", "--dice", "1"], ["--draw", "--saves", "1"], ["--seed", "1"]]
)
def test_dice_or_draw_is_a_usage_error(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*VOLLEY, *extra)[:2] == (2, "")
    assert "resolve volley:" in capsys.readouterr().err
