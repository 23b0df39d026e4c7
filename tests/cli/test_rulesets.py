"""Issue 18 on the command line: the campaign is read with its own ruleset; diff, adopt, undo."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rostermgr.rules_load import default_ruleset
from services import posses, rulesets
from tests.cli.test_game import D, L, report
from tests.conftest import Cli
from tests.engines import Target, opened

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"


def edited(tmp: Path, name: str, *changes: tuple[str, str, str]) -> str:
    """A copy of the shipped ruleset with `old` replaced by `new` after the line `after`."""
    text = SHIPPED.read_text(encoding="utf-8")
    for after, old, new in changes:
        start = text.index(after)
        at = text.index(old, start)
        text = text[:at] + new + text[at + len(old) :]
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def playtest(tmp: Path, version: str = "0.2-playtest", name: str = "playtest.toml") -> str:
    """The designer's edit: the pistol costs $9, a gang member has Wounds 5, a new version."""
    return edited(
        tmp,
        name,
        ("[ruleset]", 'version = "0.1-playtest"', f'version = "{version}"'),
        ("[items.pistol]", "price = 8", "price = 9"),
        ("[roles.ganger]", "wounds = 6", "wounds = 5"),
    )


@pytest.fixture
def two(cli: Cli, dalton: dict, lawmen: dict) -> Cli:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    return cli


def kid(cli: Cli, *ruleset: str) -> dict:
    doc = cli.ok(*ruleset, "posse", "show", D, "--json").json()
    return next(m for m in doc["members"] if m["name"] == "Kid")


def test_opening_with_a_different_ruleset_is_refused_and_changes_no_posse(
    two: Cli, tmp_path: Path
) -> None:
    cli = two
    before, shown = cli.state(), kid(cli)
    other = playtest(tmp_path)
    for command in (("posse", "show", D, "--json"), ("posse", "buy", D, "Slim", "pistol")):
        result = cli("--ruleset", other, *command)
        assert result.code == 1 and result.out == ""
        # the campaign it names, given again: copied as written, it adopts into this one
        assert f" rules adopt {other}" in result.err and "run: rostermgr --db " in result.err
        assert f"--db {cli.db}" in result.err or f"--db '{cli.db}'" in result.err
        assert "0.1-playtest" in result.err and "0.2-playtest" in result.err
    assert cli.state() == before
    assert kid(cli) == shown


def test_opening_with_the_campaigns_own_ruleset_file_is_fine(two: Cli) -> None:
    assert kid(two, "--ruleset", str(SHIPPED)) == kid(two)


def test_rules_json_gains_the_hash_of_the_text(cli: Cli) -> None:
    doc = cli.ok("rules", "--json").json()
    assert doc["hash"] == default_ruleset().hash and len(doc["hash"]) == 64
    assert "text" not in doc and "source" not in doc


def test_diff_of_a_price_a_stat_line_and_an_item_removed(cli: Cli, tmp_path: Path) -> None:
    new = edited(
        tmp_path,
        "new.toml",
        ("[items.pistol]", "price = 8", "price = 9"),
        ("[roles.ganger]", "wounds = 6", "wounds = 5"),
        ("[items.town-map]", "[items.town-map]", "[items.old-town-map]"),
    )
    text = cli.ok("rules", "diff", str(SHIPPED), new).out
    assert text.splitlines() == [
        "Roles:",
        "  Gang member: Wounds 6 -> 5",
        "Items:",
        "  Pistol: price $8 -> $9",
        "  Item added: Town map (old-town-map, $8)",
        "  Item removed: Town map (town-map)",
    ]
    doc = cli.ok("rules", "diff", new, "--json").json()  # OLD left out: the campaign's current
    assert doc[:2] == [
        {"path": "roles.ganger.stats.wounds", "old": 6, "new": 5},
        {"path": "items.pistol.price", "old": 8, "new": 9},
    ]
    assert doc[2]["path"] == "items.old-town-map" and doc[2]["old"] is None
    assert doc[3]["path"] == "items.town-map" and doc[3]["new"] is None
    assert cli.ok("rules", "diff", str(SHIPPED), str(SHIPPED)).out == (
        "The two rulesets say the same.\n"
    )


def test_diff_with_three_files_is_a_usage_error(cli: Cli) -> None:
    assert cli("rules", "diff", str(SHIPPED), str(SHIPPED), str(SHIPPED)).code == 2


def test_adopt_dry_run_previews_and_writes_nothing(two: Cli, tmp_path: Path) -> None:
    cli = two
    before = cli.state()
    out = cli.ok("rules", "adopt", playtest(tmp_path), "--dry-run").out
    assert "  Items:\n    Pistol: price $8 -> $9\n" in out
    assert "The Dalton Boys:\n  Kid (Gang member): Wounds 6 -> 5\n" in out
    assert "  Gang member: the stat line changed (Wounds 6 -> 5).\n" in out
    assert out.endswith("Dry run: nothing was changed; adopt it without --dry-run.\n")
    assert cli.state() == before


def test_adopt_commits_one_step_and_the_campaign_reads_with_it(two: Cli, tmp_path: Path) -> None:
    cli = two
    new = playtest(tmp_path)
    ledger = cli.ok("posse", "show", L, "--json").json()["ledger"]
    out = cli.ok("rules", "adopt", new).out
    assert "Adopted last-hope-frontier 0.2-playtest" in out
    assert kid(cli)["stats"]["wounds"] == 5  # no --ruleset: the campaign's own
    assert kid(cli, "--ruleset", new)["stats"]["wounds"] == 5  # the same file is fine
    refused = cli("--ruleset", str(SHIPPED), "posse", "show", D)
    assert refused.code == 1 and "rules adopt" in refused.err
    history = cli.ok("rules", "history", "--json").json()
    assert [(h["version"], h["current"]) for h in history] == [
        ("0.1-playtest", False),
        ("0.2-playtest", True),
    ]
    assert history[1]["hash"] == cli.ok("--ruleset", new, "rules", "--json").json()["hash"]
    assert cli.ok("posse", "show", L, "--json").json()["ledger"] == ledger  # not rewritten
    cli.ok("posse", "buy", L, "Doc H", "pistol")
    assert cli.ok("posse", "show", L, "--json").json()["ledger"][-1]["amount"] == -9


def test_adopt_is_refused_whole_when_a_member_carries_an_item_removed(
    two: Cli, tmp_path: Path
) -> None:
    cli = two
    gone = edited(
        tmp_path,
        "gone.toml",
        ("[ruleset]", 'version = "0.1-playtest"', 'version = "0.3"'),
        ("[items.shotgun]", "[items.shotgun]", "[items.scattergun]"),
    )
    before = cli.state()
    result = cli("rules", "adopt", gone)
    assert result.code == 1 and result.out == ""
    assert "Ma Dalton of The Dalton Boys carries 'shotgun'" in result.err
    assert "nothing was changed" in result.err and "\n" not in result.err.rstrip("\n")
    assert cli.state() == before
    preview = cli("rules", "adopt", gone, "--dry-run")
    assert "Refused: Ma Dalton of The Dalton Boys carries 'shotgun'" in preview.out
    # DESIGN 5: a refusal is exit 1, a dry run's as a report's; one sentence on stderr
    assert preview.code == 1 and preview.err.count("\n") == 1
    assert preview.err.startswith("The ruleset last-hope-frontier 0.3 would not be adopted (dry")
    assert cli.state() == before


def test_r3_r5_adopt_is_refused_when_a_posse_would_break_the_carry_rules(
    two: Cli, tmp_path: Path
) -> None:
    cli = two
    strict = edited(
        tmp_path,
        "strict.toml",
        ("[ruleset]", 'version = "0.1-playtest"', 'version = "0.4"'),
        ("[items.pistol]", "price = 8", 'price = 8\nroles = ["leader"]'),
    )
    result = cli("rules", "adopt", strict)
    assert result.code == 1
    assert "Kid carries a pistol, which only a leader may (R5)." in result.err
    assert cli.ok("rules", "history", "--json").json()[-1]["version"] == "0.1-playtest"


def test_a_same_version_edit_is_refused_asking_for_a_new_version(cli: Cli, tmp_path: Path) -> None:
    cli.ok("rules", "history")
    same = edited(tmp_path, "same.toml", ("[items.pistol]", "price = 8", "price = 10"))
    result = cli("rules", "adopt", same)
    assert result.code == 1
    assert "new version string" in result.err and "0.1-playtest" in result.err


def test_undo_of_an_adoption(two: Cli, tmp_path: Path) -> None:
    cli = two
    cli.ok("rules", "adopt", playtest(tmp_path))
    out = cli.ok("rules", "undo").out
    assert "Took back the adoption of last-hope-frontier 0.2-playtest" in out
    assert "0.1-playtest again" in out
    assert kid(cli)["stats"]["wounds"] == 6
    assert [h["version"] for h in cli.ok("rules", "history", "--json").json()] == ["0.1-playtest"]
    refused = cli("rules", "undo")
    assert refused.code == 1 and "no adopted ruleset to undo" in refused.err


def test_undo_of_an_adoption_after_a_game_backs_up_first(two: Cli, tmp_path: Path) -> None:
    cli = two
    cli.ok("rules", "adopt", playtest(tmp_path))
    cli.ok("game", "record", cli.file(report(1)))
    out = cli.ok("rules", "undo").out
    assert "It also took back everything done since (backed up first to" in out
    assert cli.ok("game", "list", "--json").json() == []
    assert L in cli.ok("posse", "list").out


def test_stats_split_by_version_over_games_on_two_versions(two: Cli, tmp_path: Path) -> None:
    cli = two
    taken_out = [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}]
    cli.ok("game", "record", cli.file(report(1, out_of_action=taken_out)))
    cli.ok("rules", "adopt", playtest(tmp_path))
    cli.ok("posse", "buy", L, "Doc H", "pistol")  # between games: under the new ruleset
    cli.ok("game", "record", cli.file(report(2, winner=D)))
    doc = cli.ok("stats", "--by-ruleset", "--json").json()
    pistols = {
        r["ruleset"]: (r["bought"], r["net_spent"]) for r in doc["items"] if r["item"] == "pistol"
    }
    assert pistols == {"0.1-playtest": (3, 24), "0.2-playtest": (1, 9)}
    whole = cli.ok("stats", "--json").json()["purses"]
    split = doc["purses"]
    unlabelled = [{k: v for k, v in r.items() if k != "ruleset"} for r in split]
    assert sorted(unlabelled, key=str) == sorted(whole, key=str)  # the whole purse each time
    assert [(r["ruleset"], r["game"]) for r in split if r["posse"] == L] == [
        ("0.1-playtest", 1),
        ("0.2-playtest", 2),
    ]
    per_game = [(r["ruleset"], r["game"], r["out_of_action"]) for r in doc["games"]]
    assert per_game == [("0.1-playtest", 1, 1), ("0.2-playtest", 2, 0)]
    wins = {
        (r["ruleset"], r["faction"]): r["won"]
        for r in doc["faction_wins"]
        if r["faction"] in ("sheriffs", "outlawmen")
    }
    assert wins == {
        ("0.1-playtest", "sheriffs"): 1,
        ("0.1-playtest", "outlawmen"): 0,
        ("0.2-playtest", "sheriffs"): 0,
        ("0.2-playtest", "outlawmen"): 1,
    }
    flips = {(r["ruleset"], r["measure"]): r["count"] for r in doc["flips"]}
    assert flips[("0.1-playtest", "earned")] == 1 and flips[("0.2-playtest", "earned")] == 0
    assert set(doc) == set(cli.ok("stats", "--json").json())  # every table, split
    text = cli.ok("stats", "--by-ruleset").out
    assert "Ruleset       Game  Date" in text
    folder = tmp_path / "csv"
    cli.ok("stats", "--by-ruleset", "--csv", str(folder))
    assert (folder / "games.csv").read_text().startswith("ruleset,game,")


def test_game_list_json_names_the_ruleset_each_game_was_played_under(
    two: Cli, tmp_path: Path
) -> None:
    cli = two
    cli.ok("game", "record", cli.file(report(1)))
    new = playtest(tmp_path)
    cli.ok("rules", "adopt", new)
    cli.ok("game", "record", cli.file(report(2)))
    played = [g["ruleset"] for g in cli.ok("game", "list", "--json").json()]
    shipped = default_ruleset()
    assert played == [
        {"id": shipped.id, "version": shipped.version, "hash": shipped.hash},
        {
            "id": shipped.id,
            "version": "0.2-playtest",
            "hash": cli.ok("--ruleset", new, "rules", "--json").json()["hash"],
        },
    ]


def exported(cli: Cli, name: str) -> dict:
    return json.loads(cli.ok("posse", "export", name).out)


def test_export_files_carry_the_ruleset_hash(two: Cli) -> None:
    made = exported(two, D)["posse"]["ruleset"]
    shipped = default_ruleset()
    assert made == {"id": shipped.id, "version": shipped.version, "hash": shipped.hash}


def test_import_of_a_posse_made_under_another_ruleset_names_the_difference(
    two: Cli, tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    doc = exported(two, D)
    other = Cli(new_campaign(tmp_path / "other.sqlite3"), tmp_path)
    with opened(other.db, default_ruleset(), editing=True) as c:
        assert posses.import_notice(c, doc) == []  # made under the campaign's own ruleset
        rulesets.adopt(c, rulesets.load_file(playtest(tmp_path)))
        notice = posses.import_notice(c, doc)
        assert notice[0] == (
            "The Dalton Boys was made under last-hope-frontier 0.1-playtest; this campaign is "
            "played under last-hope-frontier 0.2-playtest. What changed since:"
        )
        assert "    Pistol: price $8 -> $9" in notice
        unknown = json.loads(json.dumps(doc))
        unknown["posse"]["ruleset"].update(version="0.9", hash="ab" * 32)
        assert posses.import_notice(c, unknown) == [
            "The Dalton Boys was made under last-hope-frontier 0.9 (hash abababababab), a "
            "ruleset this campaign does not have; it is played here under last-hope-frontier "
            "0.2-playtest, its numbers from now on. Compare the two with: rostermgr rules diff "
            "THEIR_FILE"
        ]
    other.ok("posse", "import", other.file(doc))
    assert kid(other)["stats"]["wounds"] == 5


def test_import_is_refused_when_the_posse_breaks_the_campaigns_current_ruleset(
    two: Cli, tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    doc = exported(two, D)
    other = Cli(new_campaign(tmp_path / "other.sqlite3"), tmp_path)
    gone = edited(
        tmp_path,
        "gone.toml",
        ("[ruleset]", 'version = "0.1-playtest"', 'version = "0.3"'),
        ("[items.shotgun]", "[items.shotgun]", "[items.scattergun]"),
    )
    other.ok("rules", "adopt", gone)
    before = other.state()
    result = other("posse", "import", other.file(doc))
    assert result.code == 1 and "shotgun" in result.err
    assert other.state() == before


def test_a_posse_founded_after_an_adoption_pays_the_campaigns_prices(
    cli: Cli, tmp_path: Path, dalton: dict
) -> None:
    cli.ok("rules", "adopt", playtest(tmp_path))
    cli.new_posse(dalton)  # planned by the command before the campaign is open
    ledger = cli.ok("posse", "show", D, "--json").json()["ledger"]
    pistol = [e for e in ledger if "Pistol" in e["reason"] or "pistol" in e["reason"]]
    assert [e["amount"] for e in pistol] == [-9]


def test_rules_shows_the_campaigns_current_ruleset(
    two: Cli, tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    """DESIGN 5: `rules` is the campaign's current ruleset, with its hash."""
    shipped = two.ok("rules", "--json").json()
    two.ok("rules", "adopt", playtest(tmp_path))
    adopted = two.ok("rules", "--json").json()
    assert (shipped["version"], adopted["version"]) == ("0.1-playtest", "0.2-playtest")
    assert adopted["items"]["pistol"]["price"] == 9 and adopted["hash"] != shipped["hash"]
    assert two.ok("rules").out.startswith("Last Hope Frontier 0.2-playtest (")
    fresh = Cli(new_campaign(tmp_path / "none.sqlite3"), tmp_path)
    assert fresh.ok("rules", "--json").json()["version"] == "0.1-playtest"  # a new campaign's
    assert fresh.untouched()
