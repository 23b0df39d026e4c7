"""`rostermgr odds ...` (R8, R9, R12, R21) and `rostermgr stats` (R12-R16) on the command line."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

import cli as cli_module
from rostermgr.cards import parse_card
from rostermgr.odds import Matchup, exact_odds
from rostermgr.rules_load import default_ruleset
from tests.conftest import Cli
from tests.db.test_stats import build_campaign

RULES = default_ruleset()
SHOT = ["--attacker", "sheriffs", "--attack", "3", "--defender", "outlawmen", "--defence", "1"]
MATCHUP = Matchup("shot", "sheriffs", 3, "outlawmen", 1, weapon="pistol", toughness=1)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_module.main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_json(*argv: str):
    code, out, err = run(*argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def test_r8_r9_odds_test_both_cards_random():
    doc = run_json("odds", "test", "shot", *SHOT, "--weapon", "pistol", "--toughness", "1")
    odds = exact_odds(MATCHUP, RULES)
    assert doc["pairs"] == 2916 and doc["counts"] == dict(odds.outcomes)
    assert doc["wound_counts"] == {str(w): n for w, n in odds.wounds.items()}
    assert doc["mean_wounds"] == pytest.approx(float(odds.mean_wounds))
    assert doc["success"] + doc["failure"] + doc["score_draw"] == pytest.approx(1)
    assert doc["matchup"]["weapon"] == "pistol" and doc["attack_card"] is None
    code, out, _ = run("odds", "test", "shot", *SHOT, "--weapon", "pistol", "--toughness", "1")
    assert code == 0
    assert "Both cards random: 2916 equally likely pairs" in out
    assert f"  success      {float(odds.success) * 100:.2f}%  (1779 of 2916)" in out
    assert odds.outcomes["success"] == 1779
    assert "Mean wounds: " in out


def test_r8_r9_odds_test_with_the_attackers_card_chosen():
    doc = run_json("odds", "test", "shot", *SHOT, "--attack-card", "js", "--cover", "half")
    assert doc["pairs"] == 54 and doc["attack_card"] == "JS"
    chosen = Matchup("shot", "sheriffs", 3, "outlawmen", 1, cover="half")
    assert doc["counts"] == dict(exact_odds(chosen, RULES, parse_card("JS")).outcomes)
    doc = run_json("odds", "test", "combat", *SHOT, "--defence-card", "JK")
    assert doc["pairs"] == 54 and doc["defence_card"] == "JK"


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        (["--attacker", "cowboys"], 1, "There is no faction 'cowboys'"),
        (["--weapon", "whiskey"], 1, "Whiskey is not a weapon"),
        (["--attack-card", "ZZ"], 1, "'ZZ' is not a card"),
        (["--attack-card", "JS", "--defence-card", "7D"], 2, ""),
    ],
)
def test_odds_test_refusals(extra, code, message):
    got, out, err = run("odds", "test", "shot", *SHOT, *extra)
    assert (got, out) == (code, "")
    if code == 1:  # one plain sentence; a malformed command line is argparse's to report
        assert message in err and len(err.splitlines()) == 1


def test_r8_odds_grid():
    doc = run_json("odds", "grid", "shot", "--weapon", "pistol", "--toughness", "1",
                   "--attack", "2-3", "--defence", "1,4", "--clothing", "0,2")  # fmt: skip
    cells = {(c["attack"], c["defence"], c["clothing"]): c for c in doc["cells"]}
    assert len(cells) == 2 * 2 * 2
    first = next(iter(RULES.factions))
    assert (doc["matchup"]["attacker"], doc["matchup"]["defender"]) == (first, first)
    cell = Matchup("shot", first, 3, first, 4, clothing=2, weapon="pistol", toughness=1)
    assert cells[(3, 4, 2)]["counts"] == dict(exact_odds(cell, RULES).outcomes)
    code, out, _ = run("odds", "grid", "combat", "--attack", "1-2", "--defence", "1-3",
                       "--clothing", "0", "--show", "success")  # fmt: skip
    assert code == 0 and "Clothing +0:" in out and "Combat / Defence" in out
    assert len([line for line in out.splitlines() if line[:1] in ("1", "2")]) == 2
    assert run("odds", "grid", "shot", "--attack", "one-five")[0] == 2


def test_r8_odds_grid_defaults_to_attack_1_5_defence_1_6_and_every_clothing_level():
    doc = run_json("odds", "grid", "shot", "--attack-card", "AS")
    assert {(c["attack"], c["defence"], c["clothing"]) for c in doc["cells"]} == {
        (a, d, c) for a in range(1, 6) for d in range(1, 7) for c in range(4)
    }
    assert {c["pairs"] for c in doc["cells"]} == {54}


def test_r8_r9_odds_favoured():
    doc = run_json("odds", "favoured", "shot", *SHOT, "--weapon", "pistol", "--side", "attacker")
    rows = {w["rank"]: w for w in doc["worth"]}
    assert list(rows) == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK"]
    assert rows["JK"]["favoured_card"] == "JK" and rows["JK"]["unfavoured_card"] == "AH"
    assert rows["7"]["success_change"] == pytest.approx(3 / 54)
    code, out, _ = run("odds", "favoured", "combat", "--attack", "2", "--defence", "2")
    assert code == 0 and "The attacker plays each card" in out
    assert "The defender plays each card" in out


def test_r12_odds_game_length():
    doc = run_json("odds", "game-length")
    exact = {row["turn"]: Fraction(row["exact"]) for row in doc["ends_after"]}
    assert exact == {
        5: Fraction(16, 54),
        6: Fraction(38, 54) * Fraction(36, 54),
        7: Fraction(38, 54) * Fraction(18, 54),
    }
    code, out, _ = run("odds", "game-length")
    assert code == 0 and "ends after turn 5:   29.63%  (exactly 8/27)" in out


def test_r21_odds_volley():
    doc = run_json("odds", "volley", "--attack", "2", "--bases", "4", "--save", "5",
                   "--courage", "3", "--wounds", "2", "--long-range", "--cover", "--flanked",
                   "--target-bases", "3")  # fmt: skip
    assert doc["requirement"] == 5 and doc["dice"] == 8
    assert doc["volley"]["modifiers"] == ["long-range", "cover", "flanked"]
    p = Fraction(2, 6) * Fraction(4, 6)  # hit on 5+, then not saved on 5+
    for k in range(9):
        assert doc["unsaved"][str(k)] == pytest.approx(
            float(comb(8, k) * p**k * (1 - p) ** (8 - k))
        )
    assert doc["destroyed"] == pytest.approx(doc["bases_removed"]["3"])
    code, out, _ = run("odds", "volley", "--attack", "1", "--bases", "2", "--save", "4",
                       "--courage", "1", "--wounds", "1", "--dash")  # fmt: skip
    assert code == 0 and "Hit requirement: 4 - dash 1 = 3+ (66.67% a die)." in out
    code, out, err = run("odds", "volley", "--attack", "1", "--bases", "2", "--save", "4",
                         "--courage", "1", "--wounds", "2", "--wound-pool", "2")  # fmt: skip
    assert (code, out) == (1, "") and "must be 0 to 1" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "test", "shot", *SHOT[:2], "--attack", "21", *SHOT[4:]],
        ["odds", "test", "shot", *SHOT, "--toughness", "1000"],
        ["odds", "favoured", "shot", "--attack", "1", "--defence", "99"],
        ["odds", "grid", "shot", "--attack", "1-100", "--defence", "1-100"],
        ["odds", "grid", "shot", "--defence", "1,2,300"],
    ],
)
def test_r8_odds_stats_far_beyond_any_model_are_a_usage_error_naming_the_cap(argv, capsys):
    code, out, _ = run(*argv)
    err = capsys.readouterr().err
    assert (code, out) == (2, "")
    assert "20" in err and err.count("\n") == 1


def test_r8_odds_grid_too_big_to_work_out_is_refused_naming_the_cap():
    code, out, err = run("odds", "grid", "shot", "--attack", "0-20", "--defence", "0-20")
    assert (code, out) == (1, "")
    assert "1764 cells" in err and "400" in err and err.count("\n") == 1
    code, out, err = run("odds", "grid", "shot", "--attack", "1-10", "--defence", "1-10",
                         "--clothing", "0", "--json")  # fmt: skip
    assert code == 0 and len(json.loads(out)["cells"]) == 100


def test_r21_odds_volley_attack_pool_beyond_the_cap_is_refused():
    code, out, err = run("odds", "volley", "--attack", "10", "--bases", "300", "--save", "4",
                         "--courage", "3", "--wounds", "2")  # fmt: skip
    assert (code, out) == (1, "")
    assert "3000 dice" in err and "300" in err and err.count("\n") == 1
    code, _, _ = run("odds", "volley", "--attack", "10", "--bases", "30", "--save", "4",
                     "--courage", "3", "--wounds", "2")  # fmt: skip
    assert code == 0


@pytest.fixture
def played(cli: Cli):
    return build_campaign(cli, games=4, seed=7)


def test_r12_r16_stats_json_and_text(cli: Cli, played):
    doc = cli.ok("stats", "--json").json()
    assert list(doc) == [
        "scenarios",
        "faction_wins",
        "scenario_wins",
        "games",
        "casualties",
        "flips",
        "advancement",
        "money",
        "purses",
        "items",
    ]
    assert sum(r["games"] for r in doc["scenarios"]) == 4
    assert [r["game"] for r in doc["games"]] == [1, 2, 3, 4]
    assert {r["game"] for r in doc["purses"]} == {1, 2, 3, 4}
    out = cli.ok("stats").out
    assert "Games by scenario:" in out and "Purse after each game (R16):" in out


def test_r12_r16_stats_csv_one_file_per_table(cli: Cli, played, tmp_path: Path):
    folder = tmp_path / "tables"
    result = cli.ok("stats", "--csv", str(folder))
    doc = cli.ok("stats", "--json").json()
    assert sorted(p.stem for p in folder.iterdir()) == sorted(doc)
    assert f"Wrote {len(doc)} CSV files" in result.out
    with (folder / "items.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["item"], int(r["bought"])) for r in rows] == [
        (r["item"], r["bought"]) for r in doc["items"]
    ]
    with (folder / "faction_wins.csv").open(encoding="utf-8", newline="") as f:
        wins = list(csv.DictReader(f))
    assert {w["faction"] for w in wins} == set(RULES.factions)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    result = cli("stats", "--csv", str(blocker))
    assert result.code == 1 and "is a file, not a folder" in result.err


def test_stats_of_an_empty_campaign(cli: Cli):
    doc = cli.ok("stats", "--json").json()
    assert doc["games"] == [] and all(r["games"] == 0 for r in doc["scenarios"])
    assert "(none yet)" in cli.ok("stats").out
