"""`posse export` then `posse import` shows the posse exactly, games included (#27 item 8)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import DALTON, LAWMEN, Cli
from tests.engines import Target

D, L = DALTON["name"], LAWMEN["name"]


def _played(cli: Cli) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    kid_by_wyatt = {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}
    report = {
        "date": "2025-12-01",
        "scenario": "bloodbath",
        "posses": [D, L],
        "winner": D,
        "out_of_action": [kid_by_wyatt],
        "income": [{"posse": D, "amount": 10, "reason": "stagecoach"}],
    }
    cli.ok("game", "record", cli.file(report))
    cli.ok("posse", "buy", D, "Slim", "pistol")
    cli.ok("posse", "sell", D, "Doc", "whiskey")
    cli.ok("flip", L, "Wyatt", "--card", "7H", "--choose", "toughness")


def test_a_reimport_after_delete_and_as_new_shows_the_posse_exactly(
    cli: Cli, tmp_path: Path
) -> None:
    _played(cli)
    for name in (D, L):
        before = cli.ok("posse", "show", name, "--json").json()
        assert any(e["game"] == 1 for e in before["history"])
        path = tmp_path / f"{name}.json"
        cli.ok("posse", "export", name, "-o", str(path))
        cli.ok("posse", "import", str(path), "--as", "Copy")
        assert cli.ok("posse", "show", "Copy", "--json").json() == {**before, "name": "Copy"}
        cli.ok("posse", "delete", "Copy")
        cli.ok("posse", "delete", name)
        cli.ok("posse", "import", str(path))
        assert cli.ok("posse", "show", name, "--json").json() == before
    assert cli.ok("check").code == 0


def test_into_another_campaign_a_game_is_kept_as_its_date_and_scenario(
    cli: Cli, tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    _played(cli)
    before = cli.ok("posse", "show", D, "--json").json()
    path = tmp_path / "dalton.json"
    cli.ok("posse", "export", D, "-o", str(path))
    other = Cli(new_campaign(tmp_path / "other.sqlite3"), tmp_path)
    other.ok("posse", "import", str(path))
    after = other.ok("posse", "show", D, "--json").json()
    for was, now in zip(
        before["ledger"] + before["history"], after["ledger"] + after["history"], strict=True
    ):
        if was["game"] is None:
            assert now == was
        else:
            assert now == {**was, "game": None, "game_label": "2025-12-01 bloodbath"}
    assert {k: v for k, v in after.items() if k not in ("ledger", "history")} == {
        k: v for k, v in before.items() if k not in ("ledger", "history")
    }
