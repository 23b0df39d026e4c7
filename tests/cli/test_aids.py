"""The table aids on the command line: resolve (R8-R10), initiative (R11), game-length (R12)."""

from __future__ import annotations

import io
import json

import pytest

from cli import main
from rostermgr.rules_load import DEFAULT_RULESET, default_ruleset

RULES = default_ruleset()

JSON_KEYS = {
    "attack_total",
    "defence_total",
    "outcome",
    "difference",
    "damage",
    "toughness",
    "wounds",
    "friendly_wounds",
    "healed",  # R1 Heart of the Town: wounds each side's leader regained
}


def words(text: str) -> list[str]:
    """A command line written as one string, split on spaces."""
    return text.split()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_json(*argv: str):
    code, out, err = run(*argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def shot(*extra: str, kind: str = "shot") -> list[str]:
    return [
        "resolve",
        kind,
        "--attacker",
        "sheriffs",
        "--attack",
        "3",
        "--attack-card",
        "JS",
        "--defender",
        "outlawmen",
        "--defence",
        "1",
        "--defence-card",
        "7D",
        *extra,
    ]


EXAMPLES = {
    "shot 1": (shot("--weapon", "pistol", "--toughness", "1"), (15, 8, 7, 3, 1, 2)),
    "combat 1": (
        shot("--weapon", "hunting-knife", "--toughness", "1", kind="combat"),
        (15, 8, 7, 3, 1, 2),
    ),
    "shot 2": (
        words(
            "resolve shot --attacker sheriffs --attack 2 --attack-card 6S --defender outlawmen "
            "--defence 2 --clothing 1 --defence-card 5C --weapon pistol --toughness 2"
        ),
        (9, 8, 1, 2, 2, 0),
    ),
    "combat 2": (
        words(
            "resolve combat --attacker sheriffs --attack 2 --attack-card 6S --defender outlawmen "
            "--defence 2 --clothing 1 --defence-card 5C --weapon hunting-knife --toughness 2"
        ),
        (9, 8, 1, 2, 2, 0),
    ),
    "shot 3": (
        words(
            "resolve shot --attacker townsfolk --attack 3 --attack-card AH --defender bootleggers "
            "--defence 1 --defence-card JC --weapon shotgun --toughness 1"
        ),
        (19, 13, 6, 6, 1, 5),
    ),
    "combat 3": (
        words(
            "resolve combat --attacker townsfolk --attack 3 --attack-card ah "
            "--defender bootleggers --defence 1 --defence-card jc --weapon hatchet --toughness 1"
        ),
        (19, 13, 6, 6, 1, 5),
    ),
}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_r10_resolve_json_gives_the_worked_examples(name):
    argv, (attack, defence, diff, damage, toughness, wounds) = EXAMPLES[name]
    doc = run_json(*argv)
    assert set(doc) == JSON_KEYS
    assert doc == {
        "attack_total": attack,
        "defence_total": defence,
        "outcome": "success",
        "difference": diff,
        "damage": damage,
        "toughness": toughness,
        "wounds": wounds,
        "friendly_wounds": 0,
        "healed": {"attacker": 0, "defender": 0},
    }


def test_r10_resolve_explains_each_step_without_json():
    code, out, err = run(*shot("--weapon", "pistol", "--toughness", "1"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "Attack total: Shot 3 + JS 11 + favoured Jack 1 = 15." in lines
    assert "Defence total: Defence 1 + 7D 7 = 8." in lines
    assert lines[-1] == "3 damage - 1 toughness = 2 wounds."


def test_r8_resolve_failed_shot_into_combat_reports_the_friendly_wound():
    doc = run_json(*shot("--into-combat", "--cover", "three-quarter", "--defence-card", "AD"))
    assert doc["outcome"] == "failure"
    assert (doc["damage"], doc["toughness"], doc["wounds"], doc["friendly_wounds"]) == (0, 0, 0, 1)
    assert doc["difference"] == doc["attack_total"] - doc["defence_total"]


def test_r8_resolve_score_draw_json():
    doc = run_json(
        *words(
            "resolve combat --attacker townsfolk --attack 2 --attack-card 5C "
            "--defender bootleggers --defence 2 --defence-card 5H"
        )
    )
    assert (doc["outcome"], doc["difference"], doc["damage"], doc["wounds"]) == (
        "score-draw",
        0,
        0,
        0,
    )


def test_r8_resolve_cover_counts_for_shots_only_on_the_command_line():
    shot_doc = run_json(*shot("--cover", "half", "--toughness", "1"))
    combat_doc = run_json(*shot("--cover", "half", "--toughness", "1", kind="combat"))
    assert shot_doc["defence_total"] == combat_doc["defence_total"] + 1


def test_r1_resolve_pair_flags():
    plain = run_json(*shot("--toughness", "1"))
    paired = run_json(*shot("--attacker-pair", "--defender-pair", "--toughness", "1"))
    assert paired["attack_total"] == plain["attack_total"] + 1
    assert paired["toughness"] == 1 + 1


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--attack-card", "ZZ"], "'ZZ' is not a card"),
        (["--attacker", "cowboys"], "no faction 'cowboys'"),
        (["--weapon", "bazooka"], "no item 'bazooka'"),
        (["--weapon", "whiskey"], "not a weapon"),
        (["--toughness", "-1"], "0 or more"),
    ],
)
def test_r8_resolve_refusals_exit_1_with_one_sentence(extra, words):
    code, out, err = run(*shot(*extra))
    assert code == 1
    assert out == ""
    assert words in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("kind", "weapon", "sentence"),
    [
        ("shot", "hatchet", "A hatchet is a melee weapon, used in combat, not in a shot (R4, R8)."),
        (
            "combat",
            "pistol",
            "A pistol is a ranged weapon, used in a shot, not in combat (R4, R8).",
        ),
        (
            "combat",
            "derringer",
            "A derringer in base-to-base combat is a shot-vs-defence test when the model has no "
            "melee weapon, so resolve it as a shot, not a combat (R4, R8).",
        ),
    ],
)
def test_r4_r8_resolve_refuses_a_weapon_of_the_wrong_kind(cli, dalton, kind, weapon, sentence):
    """R4, R8: a shot uses a ranged weapon and a combat a melee one; the campaign is untouched."""
    cli.new_posse(dalton)
    before = cli.state()
    result = cli(*shot("--weapon", weapon, "--toughness", "1", kind=kind))
    assert (result.code, result.out, result.err) == (1, "", sentence + "\n")
    assert cli.state() == before


def test_r4_resolve_a_thrown_hunting_knife_is_a_shot():
    """R4: the hunting knife can be thrown 1 card length: a shot, with the knife's damage."""
    code, out, err = run(*shot("--weapon", "hunting-knife", "--toughness", "1"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == "The hunting knife is thrown (up to 1 card length); it is lost once thrown."
    assert "Damage total: base 2 + hunting knife 1 = 3." in lines


def test_r9_resolve_needs_the_toughness_once_the_damage_step_is_reached():
    code, out, err = run(*shot("--weapon", "pistol"))
    assert (code, out) == (1, "")
    assert err == (
        "The shot succeeds, so the damage step needs the target's Toughness, which was not "
        "given (R9).\n"
    )


def test_r8_resolve_into_combat_only_for_a_shot():
    code, _, err = run(*shot("--into-combat", kind="combat"))
    assert code == 1
    assert "Only a shot" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "brawl"],
        ["resolve", "shot", "--attacker", "sheriffs"],
        shot("--attack", "three"),
        ["initiative"],
        ["initiative", "hands", "--first", "sheriffs"],
        ["game-length"],
        ["game-length", "--draw", "--cards", "4H"],
    ],
)
def test_malformed_aid_command_lines_exit_2(argv, capsys):
    code, out, _ = run(*argv)
    assert code == 2
    assert out == ""
    assert "rostermgr" in capsys.readouterr().err  # argparse's one line on the real stderr


def test_r10_resolve_uses_a_ruleset_given_with_ruleset(tmp_path):
    from importlib import resources

    text = resources.files("rostermgr.rulesets").joinpath(DEFAULT_RULESET).read_text("utf-8")
    custom = tmp_path / "custom.toml"
    custom.write_text(text.replace("half = 1", "half = 5"), encoding="utf-8")
    default = run_json(*shot("--cover", "half", "--toughness", "1"))
    changed = run_json("--ruleset", str(custom), *shot("--cover", "half", "--toughness", "1"))
    assert changed["defence_total"] == default["defence_total"] + 4


# initiative

HANDS = [
    "initiative",
    "hands",
    "--first",
    "sheriffs",
    "--first-cards",
    "2S",
    "2H",
    "5D",
    "9C",
    "JD",
    "QS",
    "3H",
    "--second",
    "outlawmen",
    "--second-cards",
    "AS,KH,9D,7C,5S,3D,4H",
]


def test_r11_initiative_hands_pair_of_2s_beats_ace_high():
    code, out, err = run(*HANDS)
    assert (code, err) == (0, "")
    assert "best five 2S 2H QS JD 9C, a pair of 2s" in out
    assert out.splitlines()[-1] == (
        "The first player (Sheriffs) has priority: a pair of 2s beats ace high."
    )


def test_r11_initiative_hands_json():
    doc = run_json(*HANDS)
    assert doc["priority"] == "first"
    assert doc["decided_by"] == "hand"
    assert doc["first"]["hand"] == "pair"
    assert doc["first"]["best"] == ["2S", "2H", "QS", "JD", "9C"]
    assert doc["second"]["name"] == "ace high"
    assert len(doc["second"]["played"]) == 7


def test_r11_initiative_hands_with_a_wild_joker_json():
    argv = [*HANDS]
    argv[argv.index("3H")] = "JK"
    doc = run_json(*argv)
    assert doc["first"]["hand"] == "three-of-a-kind"
    assert "JK" in doc["first"]["best"]
    assert "JK" not in doc["first"]["counted"]


def test_r11_initiative_hands_equal_the_holder_keeps_priority():
    same = "9C 9H KD 7C 4H 2D 3H"
    argv = ["initiative", "hands", "--first", "sheriffs", "--first-cards", same]
    argv += ["--second", "sheriffs", "--second-cards", same, "--holder", "second"]
    doc = run_json(*argv)
    assert (doc["priority"], doc["decided_by"]) == ("second", "holder")


def test_r11_initiative_hands_refuses_a_duplicate_card():
    argv = [*HANDS]
    argv[argv.index("3H")] = "2S"
    code, out, err = run(*argv)
    assert (code, out) == (1, "")
    assert "2S appears twice" in err


DRAW = ["initiative", "draw", "--first", "sheriffs", "--first-card", "9S", "--first-feet", "1"]


def test_r11_initiative_draw_rabbits_foot_and_favoured_suit():
    code, out, err = run(*DRAW, "--second", "outlawmen", "--second-card", "10C")
    assert (code, err) == (0, "")
    assert "9S + 1 rabbit's foot = 10" in out
    assert "the first player (Sheriffs)" in out.splitlines()[-1]


def test_r11_initiative_draw_json_joker_and_redraw():
    doc = run_json(*DRAW, "--second", "bootleggers", "--second-card", "JK")
    assert (doc["winner"], doc["draw_again"]) == ("second", False)
    doc = run_json(*DRAW, "--second", "outlawmen", "--second-card", "10D")
    assert (doc["winner"], doc["draw_again"]) == (None, True)
    assert doc["first"] == {
        "faction": "sheriffs",
        "card": "9S",
        "feet": 1,
        "total": 10,
        "favoured": True,
    }


# game-length


def test_r12_game_length_with_given_cards():
    code, out, err = run("game-length", "--cards", "4H")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "The game ends after turn 5."
    assert run_json("game-length", "--cards", "8S,QD")["ends_after"] == 7
    assert run_json("game-length", "--cards", "8S", "10D")["ends_after"] == 6


def test_r12_game_length_json_when_a_flip_is_still_to_come():
    doc = run_json("game-length", "--cards", "8S")
    assert doc == {
        "flips": [{"after_turn": 5, "card": "8S", "ends": False}],
        "ends_after": None,
        "next_flip_after": 6,
    }


def test_r12_game_length_draw_with_seed_repeats():
    first = run_json("game-length", "--draw", "--seed", "11")
    assert first == run_json("game-length", "--draw", "--seed", "11")
    assert first["ends_after"] in (5, 6, 7)


def test_r12_game_length_refusals():
    code, out, err = run("game-length", "--cards", "4H,8S")
    assert (code, out) == (1, "")
    assert "ends after turn 5" in err
    code, _, err = run("game-length", "--cards", "4H", "--seed", "3")
    assert code == 2  # a usage error (DESIGN 5): --seed goes with --draw (tests/cli/test_usage.py)


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "shot", "--help"],
        ["resolve", "volley", "--help"],
        ["initiative", "hands", "--help"],
        ["game-length", "--help"],
    ],
)
def test_aid_help_documents_the_options(argv, capsys):
    code, _, _ = run(*argv)
    assert code == 0
    assert "--json" in capsys.readouterr().out


# The 2026-12 rulings on the command line (issue 17): exit status, one sentence, file untouched.


def test_r8_resolve_refuses_a_joker_in_a_leaders_pair_and_asks_for_the_partner(cli, dalton):
    """R8 step 4 ruling: in a pair the joker stands for its partner; the test card is natural."""
    cli.new_posse(dalton)
    before = cli.state()
    result = cli(*shot("--attack-card", "JK", "--attacker-pair", "--toughness", "1"))
    assert (result.code, result.out) == (1, "")
    assert result.err == (
        "In the attacker's leader's pair the joker stands for its partner card, so the test "
        "card is the partner: give that natural card as the attacker's card, not the joker "
        "(R8).\n"
    )
    assert cli.state() == before
    defended = cli(*shot("--defence-card", "JK", "--defender-pair", "--toughness", "1"))
    assert defended.code == 1 and "defender's card, not the joker (R8)" in defended.err


def test_r8_resolve_a_joker_played_alone_still_counts_as_the_favoured_ace():
    alone = run_json(*shot("--attack-card", "JK", "--toughness", "1"))
    ace = run_json(*shot("--attack-card", "AS", "--toughness", "1"))
    assert alone == ace


def test_r1_resolve_uses_each_leader_action_by_side_and_names_it():
    """R1 ruling: Dead Eyed Aim attacking, Dead Eyed Spirit defending; Dirt / Whiskey likewise."""
    code, out, _ = run(*shot("--attacker-pair", "--toughness", "1"))
    assert code == 0
    assert "The attacker's leader plays a pair for Dead Eyed Aim: +1 to the attack total." in out
    reverse = words(
        "resolve shot --attacker outlawmen --attack 3 --attack-card 9H --defender sheriffs "
        "--defence 1 --defence-card 2C --toughness 1 --attacker-pair --defender-pair"
    )
    code, out, _ = run(*reverse)
    assert code == 0
    assert "for Dead Eyed Spirit: +1 to the defence total." in out
    assert "for Dirt In the Wound: +1 damage" in out
    assert "Defence total: Defence 1 + 2C 2 + Dead Eyed Spirit 1 = 4." in out
    assert "Damage total: base 2 + Dirt In the Wound 1 = 3." in out
    outlaw_defends = run(*shot("--defender-pair", "--toughness", "1"))[1]
    assert "Toughness total: Toughness 1 + Whiskey in the Wound 1 = 2." in outlaw_defends


@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_r1_resolve_heart_of_the_town_heals_before_damage_on_either_side(cli, dalton, side):
    """R1: the Townsfolk leader's pair regains 2 wounds, never above maximum (wounds taken)."""
    cli.new_posse(dalton)
    before = cli.state()
    argv = words(
        "resolve shot --attacker townsfolk --attack 3 --attack-card 9C --defender townsfolk "
        f"--defence 1 --defence-card 2D --toughness 1 --{side}-pair"
    )
    result = cli(*argv, f"--{side}-wounds-taken", "3", "--json")
    assert result.code == 0
    other = "defender" if side == "attacker" else "attacker"
    assert json.loads(result.out)["healed"] == {side: 2, other: 0}
    text = cli(*argv, f"--{side}-wounds-taken", "1").out
    assert (
        f"The {side}'s leader plays a pair for Heart of the Town: regains 1 wound before "
        "damage (never above maximum); 0 wounds taken now."
    ) in text
    assert json.loads(cli(*argv, "--json").out)["healed"] == {side: 0, other: 0}
    assert cli.state() == before


def test_r1_resolve_negative_wounds_taken_is_refused():
    code, out, err = run(*shot("--attacker-wounds-taken", "-1", "--toughness", "1"))
    assert (code, out) == (1, "")
    assert err == "The attacker's wounds taken value must be 0 or more, not -1.\n"


DYNAMITE = words(
    "resolve dynamite --attacker sheriffs --attack 2 --attack-card 9H --defender outlawmen "
    "--defence 1 --defence-card 3C --toughness 1 --toughness 2 --toughness 4"
)


def test_r4_r9_resolve_dynamite_wounds_every_model_within_reach(cli, dalton):
    """R4 ruling: Strength vs Defence; base damage + 2 minus each model's own Toughness."""
    cli.new_posse(dalton)
    before = cli.state()
    result = cli(*DYNAMITE, "--json")
    assert result.code == 0
    doc = json.loads(result.out)
    blast = RULES.test_kinds["dynamite"].blast
    assert (doc["attack_total"], doc["defence_total"], doc["outcome"]) == (11, 4, "success")
    assert doc["damage"] == 2 + blast and (doc["toughness"], doc["wounds"]) == (1, 3)
    assert doc["models"] == [
        {"toughness": 1, "damage": 4, "wounds": 3},
        {"toughness": 2, "damage": 4, "wounds": 2},
        {"toughness": 4, "damage": 4, "wounds": 0},
    ]
    lines = cli(*DYNAMITE).out.splitlines()
    assert lines[0].startswith("Dynamite: the Sheriffs model (Strength 2) throws dynamite at")
    assert lines[-3:] == [
        "The target: 4 damage - Toughness 1 = 3 wounds.",
        "Model 2: 4 damage - Toughness 2 = 2 wounds.",
        "Model 3: 4 damage - Toughness 4 = 0 wounds: winged.",
    ]
    assert cli.state() == before


def test_r4_resolve_dynamite_has_no_favoured_bonus_but_a_favoured_card_breaks_a_tie():
    """R4 ruling: an Ace of spades adds no +2 for a Sheriff, yet wins the tie."""
    tie = words(
        "resolve dynamite --attacker sheriffs --attack 2 --attack-card AS --defender outlawmen "
        "--defence 2 --defence-card AC --toughness 2"
    )
    doc = run_json(*tie)
    assert (doc["attack_total"], doc["defence_total"], doc["outcome"]) == (17, 16, "success")
    assert doc["damage"] == 1 + 2 and doc["models"] == [{"toughness": 2, "damage": 3, "wounds": 1}]


def test_r4_resolve_dynamite_refuses_a_pair_and_one_toughness_per_model_is_for_dynamite_only():
    code, _, err = run(*DYNAMITE, "--attacker-pair")
    assert code == 1 and "changes no number in dynamite" in err and err.count("\n") == 1
    code, _, err = run(*DYNAMITE, "--into-combat")
    assert (code, err) == (1, "Only a shot can go into a combat; dynamite is not one.\n")
    code, _, err = run(*shot("--toughness", "1", "--toughness", "2"))
    assert code == 1
    assert err == (
        "Only dynamite reaches more than one model; a shot takes the target's Toughness alone.\n"
    )


def test_r8_step_7_resolve_a_score_draw_into_combat_wounds_the_friend(cli, dalton):
    """R8 step 7 ruling: a score draw is not a success, so the friend takes its wound."""
    cli.new_posse(dalton)
    before = cli.state()
    draw = words(
        "resolve shot --attacker sheriffs --attack 2 --attack-card 5H --defender outlawmen "
        "--defence 2 --defence-card 5C --into-combat"
    )
    result = cli(*draw, "--json")
    assert result.code == 0
    doc = json.loads(result.out)
    assert (doc["outcome"], doc["wounds"], doc["friendly_wounds"]) == ("score-draw", 0, 1)
    assert (
        "The shot went into a combat and was a score draw, which is not a success: the friendly "
        "model in that combat takes 1 unsoakable wound (R8)."
    ) in cli(*draw).out
    assert cli.state() == before


def test_r4_odds_test_dynamite_uses_strength_and_the_blast():
    code, out, _ = run(
        *words(
            "odds test dynamite --attacker sheriffs --attack 2 --defender outlawmen --defence 1 "
            "--toughness 1 --json"
        )
    )
    assert code == 0
    assert json.loads(out)["pairs"] == 2916


def test_r11_initiative_hands_with_a_leader_s_pair_keeps_the_better_card():
    argv = ["initiative", "hands", "--first", "sheriffs", "--first-cards", "7S", "7D", "2D"]
    argv += ["3D", "5D", "9D", "KC", "QH", "--first-pair", "7S", "7D"]
    argv += ["--second", "outlawmen", "--second-cards", "AS", "KH", "9D", "7C", "5S", "3D", "4H"]
    code, out, err = run(*argv)
    assert (code, err) == (0, "")
    assert "(7S of the leader's pair discarded: the other makes the better hand)" in out
    assert out.splitlines()[-1].startswith("The first player (Sheriffs) has priority: a flush")
    doc = run_json(*argv)
    assert doc["first"]["discarded"] == "7S" and doc["second"]["discarded"] is None


# The campaign's own ruleset


def test_r1_r8_r12_the_aids_and_odds_play_the_campaign_s_adopted_ruleset(cli, dalton, tmp_path):
    """`rules` shows the campaign's ruleset and the window's aids play it; the command line's
    aids played the shipped one in a campaign that adopted a house ruleset (+1 for a pair
    where the campaign plays +3)."""
    from importlib import resources

    text = resources.files("rostermgr.rulesets").joinpath(DEFAULT_RULESET).read_text("utf-8")
    house = tmp_path / "house.toml"
    text = text.replace('version = "0.1-playtest"', 'version = "house"', 1)
    text = text.replace("leader_pair = 1", "leader_pair = 3", 1)
    text = text.replace("half = 1", "half = 5", 1)
    text = text.replace(
        'after_turn = 5, ends_on = ["2", "3", "4", "5"]', 'after_turn = 5, ends_on = ["2"]'
    )
    house.write_text(text, encoding="utf-8")
    cli.new_posse(dalton)
    shipped_shot = json.loads(cli.ok(*shot("--attacker-pair", "--toughness", "1"), "--json").out)
    shipped_odds = cli.ok("odds", "test", "shot", *ODDS, "--json").out
    cli.ok("rules", "adopt", str(house))
    pair = json.loads(cli.ok(*shot("--attacker-pair", "--toughness", "1"), "--json").out)
    assert pair["attack_total"] == shipped_shot["attack_total"] + 2
    assert "+3 to the attack total" in cli.ok(*shot("--attacker-pair", "--toughness", "1")).out
    assert cli.ok("odds", "test", "shot", *ODDS, "--json").out != shipped_odds
    length = json.loads(cli.ok("game-length", "--cards", "4H", "--json").out)
    assert length["ends_after"] is None  # a 4 no longer ends the game after turn 5
    # a ruleset given with --ruleset is still the one played
    shipped = tmp_path / "shipped.toml"
    shipped.write_text(
        resources.files("rostermgr.rulesets").joinpath(DEFAULT_RULESET).read_text("utf-8"),
        encoding="utf-8",
    )
    again = cli.ok(
        "--ruleset", str(shipped), *shot("--attacker-pair", "--toughness", "1"), "--json"
    )
    assert json.loads(again.out)["attack_total"] == shipped_shot["attack_total"]


ODDS = (
    "--attacker",
    "sheriffs",
    "--attack",
    "3",
    "--defender",
    "outlawmen",
    "--defence",
    "3",
    "--cover",
    "half",
)
