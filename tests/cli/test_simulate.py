"""`rostermgr simulate` (DESIGN 5, #21): text, JSON, CSV, --against, --from-campaign,
--calibrate, and refusals that leave the campaign as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from rostermgr.rules_load import default_ruleset
from tests.conftest import DALTON, LAWMEN, RYE, Cli
from tests.engines import on_server

SMALL = ("--campaigns", "8", "--games", "3")


def test_text_report_has_every_table_by_game_and_faction(cli: Cli) -> None:
    out = cli.ok("simulate", *SMALL).out
    for heading in (
        "Purse ($)",
        "Advances (upgrades taken)",
        "Strikes on living members",
        "Share of members dead",
        "Win rate:",
        "Games to the first death",
        "Spread of total stats at the end",
    ):
        assert heading in out
    assert "Sheriffs" in out and "Townsfolk" in out
    assert "Simulated 8 campaigns of 3 games (seed 1)" in out
    assert cli.untouched()  # the simulator of the shipped ruleset needs no campaign


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


def test_each_win_rate_has_its_own_interval_in_the_text_json_and_csv(
    cli: Cli, tmp_path: Path
) -> None:
    """One run gives every win rate the half-width of its 95% interval, the campaigns its
    clusters: "Sheriffs 36% ± 4.1" in the report, beside "win_rate" in --json, a row of its own
    in figures.csv; the document's other keys stay those of DESIGN 5."""
    import csv

    doc = cli.ok("simulate", *SMALL, "--json").json()
    assert set(doc) == {
        "campaigns",
        "games",
        "seed",
        "ruleset",
        "by_game",
        "posses",
        "win_rate",
        "win_rate_interval95",
        "draw_rate",
        "first_death",
        "no_death",
        "stat_spread",
        "take_outs_per_game",
        "model",
    }
    halves = doc["win_rate_interval95"]
    assert list(halves) == list(doc["win_rate"])
    assert all(isinstance(h, float) and 0 <= h < 0.5 for h in halves.values())
    text = cli.ok("simulate", *SMALL).out
    rules = default_ruleset()
    said = ", ".join(
        f"{rules.factions[f].name} {rate * 100:.0f}% ± {halves[f] * 100:.1f}"
        for f, rate in doc["win_rate"].items()
    )
    assert f"Win rate: {said} (draws: " in text
    assert "(± the 95% interval in points, each of the 8 campaigns one draw" in text
    cli.ok("simulate", *SMALL, "--csv", str(tmp_path / "out"))
    with (tmp_path / "out" / "figures.csv").open(encoding="utf-8") as f:
        got = {(r["figure"], r["faction"]): r["value"] for r in csv.DictReader(f)}
    for faction, half in halves.items():
        assert float(got[("win_rate_interval95", faction)]) == half
        assert float(got[("win_rate", faction)]) == doc["win_rate"][faction]


def test_one_campaign_gives_its_win_rates_without_an_interval(cli: Cli) -> None:
    doc = cli.ok("simulate", "--campaigns", "1", "--games", "3", "--json").json()
    assert set(doc["win_rate_interval95"].values()) == {None}
    text = cli.ok("simulate", "--campaigns", "1", "--games", "3").out
    assert " ± " not in text.split("Win rate: ")[1].splitlines()[0]
    assert "(No ± interval: a campaign's games share its posses" in text


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


def test_against_csv_has_b_minus_a_with_its_interval_as_the_json_has(
    cli: Cli, tmp_path: Path
) -> None:
    """figures.csv carries B - A and the half-width of its 95% interval, as --json does."""
    import csv

    text = default_ruleset().text.replace("damage = 1\nprice = 8", "damage = 3\nprice = 8")
    harder = tmp_path / "pistol.toml"
    harder.write_text(text.replace('version = "0.1-playtest"', 'version = "0.1-pistol"'))
    cli.ok("simulate", *SMALL, "--against", str(harder), "--csv", str(tmp_path / "out"))
    doc = cli.ok("simulate", *SMALL, "--against", str(harder), "--json").json()["difference"]
    with (tmp_path / "out" / "figures.csv").open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["ruleset"] == "B-A"]
    got = {(r["figure"], r["faction"]): r["value"] for r in rows}
    assert float(got[("take_outs_per_game", "")]) == doc["take_outs_per_game"]
    half = doc["interval95"]["take_outs_per_game"]
    assert float(got[("take_outs_per_game_interval95", "")]) == half
    for faction, diff in doc["win_rate"].items():
        assert float(got[("win_rate", faction)]) == diff
        assert (
            float(got[("win_rate_interval95", faction)]) == doc["interval95"]["win_rate"][faction]
        )


def test_ruleset_after_the_command_is_simulated_not_adopted(cli: Cli, tmp_path: Path) -> None:
    cli.new_posse(DALTON)
    before = cli.state()
    other = tmp_path / "o.toml"
    other.write_text(default_ruleset().text.replace('version = "0.1-playtest"', 'version = "9"'))
    doc = cli.ok("simulate", *SMALL, "--json", "--ruleset", str(other)).json()
    assert doc["ruleset"]["version"] == "9"
    assert cli.state() == before


def test_csv_writes_two_files(cli: Cli, tmp_path: Path) -> None:
    cli.ok("simulate", *SMALL, "--csv", str(tmp_path / "out"))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["by_game.csv", "figures.csv"]


def test_from_campaign_starts_from_its_posses_and_changes_nothing(cli: Cli) -> None:
    for doc in (DALTON, LAWMEN, RYE):
        cli.new_posse(doc)
    before = cli.state()
    doc = cli.ok("simulate", *SMALL, "--from-campaign", "--json").json()
    assert set(doc["win_rate"]) == {"outlawmen", "sheriffs", "bootleggers"}
    assert cli.state() == before


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
    before = cli.state()
    doc = cli.ok("simulate", *SMALL, "--calibrate", "--json").json()
    fit = doc["calibration"]
    assert fit["recorded_games"] == 1 and fit["recorded_take_outs_per_game"] == 1
    assert abs(fit["simulated_take_outs_per_game"] - 1) < 0.3
    assert "Calibrated:" in cli.ok("simulate", *SMALL, "--calibrate").out
    assert cli.state() == before


def test_refusals_are_one_sentence(cli: Cli, tmp_path: Path) -> None:
    # A new campaign file does not exist yet; a fresh server database is already an empty
    # campaign (tests/conftest.py), so there it is the empty campaign that is refused.
    server = on_server(cli.db)
    for args, says in (
        (("--factions", "sheriffs,pinkertons"), "no faction 'pinkertons'"),
        (("--campaigns", "0"), "Campaigns must be from 1"),
        (("--from-campaign",), "0 posses playing" if server else "There is no campaign at"),
        (("--calibrate",), "no recorded games" if server else "There is no campaign at"),
        (("--against", str(tmp_path / "missing.toml")), "Cannot read the ruleset file"),
    ):
        result = cli("simulate", *SMALL, *args)
        assert result.code in (1, 2), args
        assert says in result.err, (args, result.err)
        assert result.err.count("\n") == 1
    assert cli.untouched()
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


@pytest.mark.sqlite_only
def test_from_campaign_writes_nothing_to_or_beside_the_file(cli: Cli, tmp_path: Path) -> None:
    """#21: it only reads: no journal mode changed, no -wal or -shm left, no migration."""
    import sqlite3

    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    con = sqlite3.connect(cli.db)
    con.execute("PRAGMA journal_mode=delete")
    con.close()
    before = cli.state()
    cli.ok("simulate", *SMALL, "--from-campaign", "--json")
    assert cli.state() == before
    assert not Path(f"{cli.db}-wal").exists() and not Path(f"{cli.db}-shm").exists()
    old = tmp_path / "old.sqlite3"
    con = sqlite3.connect(old)
    con.executescript((Path(__file__).parents[2] / "db" / "schema_v1.sql").read_text())
    con.close()
    before = old.read_bytes()
    result = cli("--db", str(old), "simulate", *SMALL, "--calibrate")
    assert result.code == 1 and "schema 5" in result.err and result.err.count("\n") == 1
    assert old.read_bytes() == before


@pytest.mark.sqlite_only
def test_csv_never_overwrites_a_campaign_and_writes_both_files_or_neither(
    cli: Cli, tmp_path: Path
) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    trap = tmp_path / "trap"
    trap.mkdir()
    campaign = trap / "by_game.csv"
    campaign.write_bytes(cli.db.read_bytes())
    for db in (campaign, cli.db):  # the campaign itself, or another database in the folder
        result = cli("--db", str(db), "simulate", *SMALL, "--from-campaign", "--csv", str(trap))
        assert result.code == 1 and "by_game.csv" in result.err, result.err
    assert campaign.read_bytes() == cli.db.read_bytes()
    half = tmp_path / "half"
    (half / "figures.csv").mkdir(parents=True)
    result = cli("simulate", *SMALL, "--csv", str(half))
    assert result.code == 1 and "figures.csv" in result.err
    assert sorted(p.name for p in half.iterdir()) == ["figures.csv"]  # no by_game.csv


def test_csv_cells_that_look_like_formulas_are_text(cli: Cli, tmp_path: Path) -> None:
    rules = tmp_path / "f.toml"
    rules.write_text(default_ruleset().text.replace('version = "0.1-playtest"', 'version = "=1+2"'))
    cli.ok("simulate", *SMALL, "--ruleset", str(rules), "--csv", str(tmp_path / "out"))
    text = (tmp_path / "out" / "by_game.csv").read_text(encoding="utf-8")
    assert "A,'=1+2," in text and "A,=1+2," not in text


def test_options_that_would_be_ignored_are_usage_errors(
    cli: Cli, capsys: pytest.CaptureFixture
) -> None:
    for args, says in (
        (("--from-campaign", "--factions", "sheriffs,outlawmen"), "cannot be combined"),
        (("--calibrate", "--exchanges", "3"), "cannot be combined"),
        (("--factions", ""), "give faction ids"),
        (("--factions", ",,"), "give faction ids"),
        (("--csv", ""), "not an empty value"),
        (("--against", ""), "not an empty value"),
        (("--scenarios", ""), "give scenario=weight"),
    ):
        assert cli("simulate", *SMALL, *args).code == 2, args
        assert says in capsys.readouterr().err, args


def test_weights_and_preferences_are_checked(cli: Cli) -> None:
    for args, says in (
        (("--scenarios", "bounty=inf"), "must be a number from 0"),
        (("--scenarios", "bounty=nan,bloodbath=1"), "must be a number from 0"),
        (("--scenarios", "bounty=1e308,bloodbath=1e308"), "must be a number from 0"),
        (("--scenarios", "bounty=1,bounty=2"), "given twice"),
        (("--prefer", "shot,shot"), "preferred twice"),
    ):
        result = cli("simulate", *SMALL, *args)
        assert result.code == 1 and says in result.err and result.err.count("\n") == 1, args


def test_against_refusals_name_the_second_ruleset(cli: Cli, tmp_path: Path) -> None:
    poor = tmp_path / "poor.toml"
    # a ruleset that loads but has no Townsfolk, whom the simulation of the first one founds
    poor.write_text(default_ruleset().text.replace("[factions.townsfolk]", "[factions.towns]"))
    result = cli("simulate", *SMALL, "--against", str(poor))
    assert result.code == 1 and "Under the ruleset to compare with" in result.err
    assert "poor.toml" in result.err


def test_posse_counts_model_and_unplayed_factions_are_reported(cli: Cli) -> None:
    doc = cli.ok(
        "simulate",
        "--campaigns",
        "1",
        "--games",
        "1",
        "--json",
        "--factions",
        "sheriffs,sheriffs,outlawmen",
    ).json()
    assert doc["posses"] == {"sheriffs": 2, "outlawmen": 1}
    assert doc["model"]["exchanges_per_turn"] == 6.0 and doc["model"]["shopping"] == "gear"
    text = cli.ok(
        "simulate",
        "--campaigns",
        "1",
        "--games",
        "1",
        "--factions",
        "sheriffs,outlawmen,bootleggers",
    ).out
    assert "no games played" in text  # one of three sat the only round out


def test_a_long_faction_name_still_names_the_posses(cli: Cli, tmp_path: Path) -> None:
    long = tmp_path / "long.toml"
    long.write_text(
        default_ruleset().text.replace('name = "Sheriffs"', f'name = "Sheriffs {"x" * 70}"')
    )
    cli.ok("simulate", *SMALL, "--ruleset", str(long), "--factions", "sheriffs,sheriffs")
