"""`rostermgr simulate` (DESIGN 5, #21): text, JSON, CSV, --against, --from-campaign,
--calibrate, and refusals that leave the campaign as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from rostermgr.rules_load import default_ruleset
from tests.conftest import DALTON, LAWMEN, RYE, Cli

SMALL = ("--campaigns", "8", "--games", "3")


def test_text_report_has_every_table_by_game_and_faction(cli: Cli) -> None:
    out = cli.ok("simulate", *SMALL).out
    for heading in (
        "Purse ($)",
        "Advances (upgrades taken)",
        "Strikes on living members",
        "Share of members dead",
        "Win rate:",
        "Games to the first death:",
        "Spread of total stats at the end",
    ):
        assert heading in out
    assert "Sheriffs" in out and "Townsfolk" in out
    assert "Simulated 8 campaigns of 3 games (seed 1)" in out
    assert not cli.db.exists()  # the simulator of the shipped ruleset needs no campaign


def test_json_document_has_the_keys_of_design_5(cli: Cli) -> None:
    doc = cli.ok("simulate", *SMALL, "--json", "--factions", "sheriffs,outlawmen,sheriffs").json()
    assert {"campaigns", "games", "seed", "ruleset", "by_game", "win_rate", "first_death"} <= set(
        doc
    )
    rules = default_ruleset()
    assert doc["ruleset"] == {"id": rules.id, "version": rules.version, "hash": rules.hash}
    assert (doc["campaigns"], doc["games"], doc["seed"]) == (8, 3, 1)
    assert len(doc["by_game"]) == 3 * 2
    row = doc["by_game"][0]
    assert set(row) == {"game", "faction", "purse", "advances", "strikes", "dead_share"}
    assert set(row["purse"]) == {"p10", "p50", "p90"}
    assert set(doc["win_rate"]) == {"sheriffs", "outlawmen"}


def test_same_seed_same_document_other_seed_other(cli: Cli) -> None:
    a = cli.ok("simulate", *SMALL, "--json").out
    assert cli.ok("simulate", *SMALL, "--json").out == a
    assert cli.ok("simulate", *SMALL, "--json", "--seed", "2").out != a


def test_against_reports_both_and_the_difference(cli: Cli, tmp_path: Path) -> None:
    text = default_ruleset().text.replace("starting_purse = 200", "starting_purse = 400")
    richer = tmp_path / "rich.toml"
    richer.write_text(text.replace('version = "0.1-playtest"', 'version = "0.1-rich"'))
    out = cli.ok("simulate", *SMALL, "--against", str(richer)).out
    assert "Ruleset A: Last Hope Frontier 0.1-playtest" in out
    assert "Ruleset B: Last Hope Frontier 0.1-rich" in out
    assert " -> " in out and "(+" in out
    doc = cli.ok("simulate", *SMALL, "--against", str(richer), "--json").json()
    assert doc["against"]["ruleset"]["version"] == "0.1-rich"
    assert all(r["purse"]["p50"] > 0 for r in doc["difference"]["by_game"])


def test_ruleset_after_the_command_is_simulated_not_adopted(cli: Cli, tmp_path: Path) -> None:
    cli.new_posse(DALTON)
    before = cli.db.read_bytes()
    other = tmp_path / "o.toml"
    other.write_text(default_ruleset().text.replace('version = "0.1-playtest"', 'version = "9"'))
    doc = cli.ok("simulate", *SMALL, "--json", "--ruleset", str(other)).json()
    assert doc["ruleset"]["version"] == "9"
    assert cli.db.read_bytes() == before


def test_csv_writes_two_files(cli: Cli, tmp_path: Path) -> None:
    cli.ok("simulate", *SMALL, "--csv", str(tmp_path / "out"))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["by_game.csv", "figures.csv"]


def test_from_campaign_starts_from_its_posses_and_changes_nothing(cli: Cli) -> None:
    for doc in (DALTON, LAWMEN, RYE):
        cli.new_posse(doc)
    before = cli.db.read_bytes()
    doc = cli.ok("simulate", *SMALL, "--from-campaign", "--json").json()
    assert set(doc["win_rate"]) == {"outlawmen", "sheriffs", "bootleggers"}
    assert cli.db.read_bytes() == before


def test_calibrate_fits_to_the_recorded_games(cli: Cli) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    report = {
        "date": "2026-11-30",
        "scenario": "bloodbath",
        "posses": [DALTON["name"], LAWMEN["name"]],
        "winner": DALTON["name"],
        "out_of_action": [
            {
                "posse": LAWMEN["name"],
                "member": "Morgan",
                "by": {"posse": DALTON["name"], "member": "Kid"},
            },
        ],
    }
    report_file = cli.file(report)
    result = cli("game", "record", report_file)
    assert result.code == 0, result.err
    before = cli.db.read_bytes()
    doc = cli.ok("simulate", *SMALL, "--calibrate", "--json").json()
    fit = doc["calibration"]
    assert fit["recorded_games"] == 1 and fit["recorded_take_outs_per_game"] == 1
    assert abs(fit["simulated_take_outs_per_game"] - 1) < 0.3
    assert "Calibrated:" in cli.ok("simulate", *SMALL, "--calibrate").out
    assert cli.db.read_bytes() == before


def test_refusals_are_one_sentence(cli: Cli, tmp_path: Path) -> None:
    for args, says in (
        (("--factions", "sheriffs,pinkertons"), "no faction 'pinkertons'"),
        (("--campaigns", "0"), "Campaigns must be from 1"),
        (("--from-campaign",), "There is no campaign at"),
        (("--calibrate",), "There is no campaign at"),
        (("--against", str(tmp_path / "missing.toml")), "Cannot read the ruleset file"),
    ):
        result = cli("simulate", *SMALL, *args)
        assert result.code in (1, 2), args
        assert says in result.err, (args, result.err)
        assert result.err.count("\n") == 1
    assert not cli.db.exists()
    cli.new_posse(DALTON)
    result = cli("simulate", *SMALL, "--calibrate")
    assert result.code == 1 and "no recorded games" in result.err
    result = cli("simulate", *SMALL, "--from-campaign")
    assert result.code == 1 and "1 posse playing" in result.err


def test_a_malformed_option_is_a_usage_error(cli: Cli, capsys: pytest.CaptureFixture) -> None:
    assert cli("simulate", *SMALL, "--scenarios", "bloodbath=x").code == 2
    assert "give scenario=weight" in capsys.readouterr().err


def test_help_states_the_model(cli: Cli, capsys: pytest.CaptureFixture) -> None:
    result = cli("simulate", "--help")
    text = result.out + capsys.readouterr().out
    for words in (
        "exact odds of the real resolver",
        "exceed its",
        "--exchanges",
        "--shopping",
        "--reflip",
        "--income",
        "--scenarios",
        "Deterministic for a seed",
    ):
        assert words in text
