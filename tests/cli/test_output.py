"""What the command line writes: export targets, tables that line up, the rules and stats text."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from rostermgr.rules_load import default_ruleset
from tests.conftest import Cli

D = "The Dalton Boys"
RULES = default_ruleset()


def columns(text: str) -> int:
    """Terminal columns of text, counted here on purpose without the code under test."""
    return sum(
        0
        if unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in text
    )


def starts(line: str, cell: str) -> int:
    """The terminal column where `cell` starts in `line`."""
    return columns(line[: line.index(cell)])


# posse export -o


def test_export_to_a_missing_folder_is_refused_with_a_sentence(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    target = tmp_path / "no" / "such" / "x.json"
    result = cli("posse", "export", D, "-o", str(target))
    assert result.code == 1 and result.out == ""
    assert result.err == f"Cannot write {target}: the folder {target.parent} does not exist.\n"
    assert not (tmp_path / "no").exists()


def test_export_onto_a_folder_is_refused_with_a_sentence(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    folder = tmp_path / "exports"
    folder.mkdir()
    result = cli("posse", "export", D, "-o", str(folder))
    assert result.code == 1 and result.out == ""
    assert "is a folder" in result.err and result.err.count("\n") == 1
    assert "internal error" not in result.err
    assert list(folder.iterdir()) == [] and not list(tmp_path.glob(".*.tmp"))


def test_export_dash_writes_standard_output(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch
) -> None:
    cli.new_posse(dalton)
    monkeypatch.chdir(tmp_path)
    dashed = cli.ok("posse", "export", D, "-o", "-")
    assert json.loads(dashed.out) == json.loads(cli.ok("posse", "export", D).out)
    assert json.loads(dashed.out)["posse"]["name"] == D
    assert not (tmp_path / "-").exists()


# posse show, list and ledger


def roster_with_dead_pending_and_wide_names(cli: Cli, dalton: dict, tmp_path: Path) -> str:
    """A posse with a dead member (R13), a flip waiting for a choice (R15) and CJK/emoji names,
    brought in as a posse file (R17 import)."""
    dalton["members"][2]["name"] = "牛仔"
    dalton["members"][3]["name"] = "Slim 李"
    cli.new_posse(dalton)
    path = tmp_path / "export.json"
    cli.ok("posse", "export", D, "-o", str(path))
    doc = json.loads(path.read_text(encoding="utf-8"))
    kid = next(m for m in doc["members"] if m["name"] == "牛仔")
    kid.update(status="dead", injuries=RULES.strikes_to_die, items=[])
    slim = next(m for m in doc["members"] if m["name"] == "Slim 李")
    slim.update(flips=2, pending_card="7H")
    # the history tells those flips (import checks it, R15): 3 earned, 1 spent turning 7H
    row = {"date": "2026-01-01", "member": "Slim 李", "game": None}
    doc["history"] += [
        {**row, "kind": "flips", "text": "Slim earns 3 flips.", "data": {"count": 3}},
        {**row, "kind": "flip", "text": "Slim turns 7H.", "data": {"card": "7H", "spent": 1}},
    ]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    cli.ok("posse", "import", str(path), "--as", "Copy")
    return "Copy"


def test_r13_r15_show_columns_line_up_for_dead_pending_and_wide_names(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    name = roster_with_dead_pending_and_wide_names(cli, dalton, tmp_path)
    lines = cli.ok("posse", "show", name).out.splitlines()
    head = next(line for line in lines if line.startswith("Member"))
    rows = lines[lines.index(head) + 1 :]
    assert len(rows) == 5
    kid = next(r for r in rows if r.startswith("牛仔"))
    slim = next(r for r in rows if r.startswith("Slim 李"))
    assert "dead" in kid and "7H pending" in slim
    for heading, cell in (("Role", "Gang member"), ("Status", "dead"), ("Items", "-")):
        assert starts(kid, cell) == starts(head, heading)
    assert starts(slim, "active") == starts(head, "Status") == starts(kid, "dead")
    # stats, injuries and flips are right-aligned: every row's fixed part ends where "Flips" does
    flips_end = starts(head, "Flips") + columns("Flips")
    for row in rows:
        fixed = row[: row.index("dead" if row is kid else "active")].rstrip()
        assert fixed[-1].isdigit() and columns(fixed) == flips_end


def test_ledger_and_list_columns_line_up_with_wide_names(cli: Cli, dalton: dict) -> None:
    dalton["name"] = "牛仔 Boys"
    for member, name in zip(dalton["members"], ["頭目", "Ma", "小子", "Slim", "Doc"], strict=True):
        member["name"] = name
    cli.new_posse(dalton)
    lines = cli.ok("posse", "ledger", dalton["name"]).out.splitlines()
    ends = {columns(line) for line in lines}  # Balance is the last column, aligned right
    assert len(ends) == 1
    amounts_end = {columns(line.rstrip().rsplit(None, 1)[0]) for line in lines}
    assert len(amounts_end) == 1  # Amount is aligned right too, past the wide reasons
    assert any("小子" in line for line in lines)
    listed = cli.ok("posse", "list").out.splitlines()
    assert starts(listed[0], "Outlawmen") == columns("牛仔 Boys  ")


# rules, stats, restore


def test_r4_r5_r12_r15_rules_text_shows_items_limits_bounties_and_advancement(cli: Cli) -> None:
    text = cli.ok("rules").out
    lines = text.splitlines()
    # DESIGN 5: the campaign's current ruleset, with its hash (as `rules history` shortens it)
    assert lines[0] == f"{RULES.name} {RULES.version} ({RULES.source}, hash {RULES.hash[:12]})"
    shotgun = next(line for line in lines if line.strip().startswith("shotgun "))
    low, high = RULES.items["shotgun"].range
    for part in (f"{low}-{high}", f"+{RULES.items['shotgun'].damage} damage", "Anyone"):
        assert part in shotgun
    assert f"reload after {RULES.items['shotgun'].reload} shots" in shotgun
    assert shotgun.endswith(f"${RULES.items['shotgun'].price}")
    horse = next(line for line in lines if line.strip().startswith("horse "))
    assert "Leader or deputy" in horse
    leather = next(line for line in lines if line.strip().startswith("light-leather "))
    assert f"+{RULES.items['light-leather'].defence} defence" in leather
    whiskey = next(line for line in lines if line.strip().startswith("whiskey "))
    assert f"heals {RULES.items['whiskey'].heals} wound" in whiskey
    clothing = RULES.kinds["clothing"]
    assert f"{clothing.name} (clothing): at most {clothing.limit} per member" in text
    assert "Bounty reward" in text
    for role in RULES.roles.values():
        row = next(line for line in lines if line.strip().startswith(role.name + " "))
        assert row.endswith(f"${role.bounty_reward}")
    for band in RULES.advancement:
        stats = " or ".join(RULES.stat_names[s] for s in band.stats)
        assert any(", ".join(band.cards) in line and stats in line for line in lines)
    assert cli.ok("rules", "--json").json()["items"]["shotgun"]["reload"] == 3


def test_stats_text_uses_headings_and_names_not_ids(cli: Cli) -> None:
    text = cli.ok("stats").out
    assert "Win rate" in text and "win_rate" not in text
    assert "Out of action" in text and "out_of_action" not in text
    for faction in RULES.factions.values():
        assert faction.name in text
    for scenario in RULES.scenarios.values():
        assert scenario.name in text
    doc = cli.ok("stats", "--json").json()  # the JSON keeps its ids
    assert "win_rate" in doc["faction_wins"][0]


def test_restore_from_a_folder_says_it_is_a_folder(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    before = cli.state()
    result = cli("restore", str(tmp_path))
    assert result.code == 1 and result.err.count("\n") == 1
    assert f"{tmp_path} is a folder" in result.err and "no backup file" not in result.err
    assert cli.state() == before
