"""`rostermgr posse ...` as users script it (DESIGN 5): R3, R5, R6, R16 end to end."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tests.conftest import Cli

D = "The Dalton Boys"


def test_r16_new_posse_has_purse_7_and_r2_stat_lines(cli: Cli, dalton: dict) -> None:
    assert "purse $7" in cli.new_posse(dalton).out
    doc = cli.ok("posse", "show", D, "--json").json()
    assert doc["name"] == D and doc["faction"] == "outlawmen" and doc["suit"] == "diamonds"
    assert doc["purse"] == 7 and doc["ruleset"]["id"] == "last-hope-frontier"
    by_name = {m["name"]: m for m in doc["members"]}
    assert by_name["Ike Dalton"]["stats"] == {
        "move": 1,
        "shot": 3,
        "combat": 3,
        "strength": 2,
        "toughness": 2,
        "defence": 2,
        "wounds": 8,
    }
    assert by_name["Ma Dalton"]["stats"]["wounds"] == 7
    assert by_name["Kid"]["stats"] == {
        "move": 1,
        "shot": 2,
        "combat": 2,
        "strength": 2,
        "toughness": 1,
        "defence": 1,
        "wounds": 6,
    }
    assert by_name["Ike Dalton"]["items"] == ["revolver", "medium-leather"]
    assert by_name["Doc"]["items"] == ["hunting-knife", "whiskey"]
    assert all(
        m["status"] == "active" and m["injuries"] == 0 and m["flips"] == 0 for m in doc["members"]
    )


def test_list_json(cli: Cli, dalton: dict, lawmen: dict) -> None:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    rows = cli.ok("posse", "list", "--json").json()
    assert rows == [
        {
            "name": "Last Hope Lawmen",
            "faction": "sheriffs",
            "purse": 200 - 145 - 8 - 5 - 8 - 2 - 2,
            "active": 5,
        },
        {"name": D, "faction": "outlawmen", "purse": 7, "active": 5},
    ]


def _mutate(doc: dict, how: str) -> object:
    members = doc["members"]
    if how == "overspend":
        members[2]["items"] = ["scope-rifle"]
    elif how == "second leader":
        members[1]["role"] = "leader"
    elif how == "four gang members":
        members.append({"name": "Pete", "role": "ganger", "items": []})
    elif how == "horse on a gang member":
        members[3]["items"] = ["horse"]
    elif how == "rabbit's foot on the deputy":
        members[1]["items"] = ["rabbits-foot"]
    elif how == "two clothing items":
        members[3]["items"] = ["light-leather", "light-leather"]
    elif how == "unknown item":
        members[3]["items"] = ["gatling-gun"]
    elif how == "unknown role":
        members[3]["role"] = "cook"
    elif how == "unknown faction":
        doc["faction"] = "cowboys"
    return doc


REFUSALS = [
    ("overspend", "short"),
    ("second leader", "exactly 1 leader"),
    ("four gang members", "exactly 3 gang members"),
    ("horse on a gang member", "only a leader or deputy"),
    ("rabbit's foot on the deputy", "only a leader"),
    ("two clothing items", "only 1"),
    ("unknown item", "no item 'gatling-gun'"),
    ("unknown role", "no role 'cook'"),
    ("unknown faction", "no faction 'cowboys'"),
]


@pytest.mark.parametrize(("how", "sentence"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused_creation_leaves_the_file_byte_for_byte(
    cli: Cli, lawmen: dict, dalton: dict, how: str, sentence: str
) -> None:
    cli.new_posse(lawmen)
    before = cli.state()
    result = cli("posse", "new", cli.file(_mutate(dalton, how)))
    assert result.code == 1 and result.out == ""
    assert sentence in result.err and result.err.count("\n") == 1
    assert cli.state() == before


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ('{"name": "X", "faction": ', "not valid JSON"),
        ("", "is empty"),
        ("[1, 2", "not valid JSON"),
        ('{"name": "A", "name": "B"}', "appears twice"),
    ],
)
def test_malformed_or_truncated_json_is_refused(
    cli: Cli, lawmen: dict, text: str, sentence: str
) -> None:
    cli.new_posse(lawmen)
    before = cli.state()
    result = cli("posse", "new", cli.file(text))
    assert result.code == 1 and sentence in result.err
    assert cli.state() == before


@pytest.mark.parametrize(
    ("command", "what"),
    [
        (("posse", "new"), "The creation request"),
        (("posse", "import"), "The posse file"),
        (("game", "record"), "The report"),
    ],
    ids=["posse new", "posse import", "game record"],
)
def test_a_document_read_from_standard_input_is_named_so(
    cli: Cli, command: tuple[str, ...], what: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-` is how the user asks for standard input, not a file's name: a refusal says where."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{")))
    result = cli(*command, "-")
    assert result.code == 1 and result.err.count("\n") == 1
    assert result.err.startswith(f"{what} on standard input is not valid JSON (line 1, column 2")


def test_a_name_already_in_the_campaign_is_refused(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    before = cli.state()
    result = cli("posse", "new", cli.file(dalton))
    assert result.code == 1 and "already has a posse named 'The Dalton Boys'" in result.err
    assert cli.state() == before


def test_r16_buy_and_sell_move_the_purse(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    cli.ok("posse", "sell", D, "Ma Dalton", "shotgun")  # $15 -> $7 back
    assert cli.ok("posse", "show", D, "--json").json()["purse"] == 14
    cli.ok("posse", "buy", D, "Slim", "machete")
    doc = cli.ok("posse", "show", D, "--json").json()
    assert doc["purse"] == 6
    assert next(m for m in doc["members"] if m["name"] == "Slim")["items"] == ["machete"]
    cli.ok("posse", "sell", D, "Doc", "hunting-knife")  # $3 -> $1, rounded down
    assert cli.ok("posse", "show", D, "--json").json()["purse"] == 7
    before = cli.state()
    result = cli("posse", "buy", D, "Slim", "carbine-rifle")
    assert result.code == 1 and "$7" in result.err and cli.state() == before
    ledger = cli.ok("posse", "ledger", D, "--json").json()
    assert ledger[-1]["balance"] == 7 == sum(e["amount"] for e in ledger)
    assert set(ledger[0]) == {"date", "game", "game_label", "reason", "amount", "balance", "by"}


@pytest.mark.parametrize(
    "args",
    [
        ("posse", "buy", "Nobody", "Kid", "pistol"),
        ("posse", "buy", D, "Nobody", "pistol"),
        ("posse", "buy", D, "Kid", "cannon"),
        ("posse", "sell", D, "Slim", "pistol"),
        ("posse", "hire", D, "ganger", "Pete"),
        ("posse", "show", "Nobody"),
    ],
)
def test_refused_shop_requests_change_nothing(
    cli: Cli, dalton: dict, args: tuple[str, ...]
) -> None:
    cli.new_posse(dalton)
    before = cli.state()
    result = cli(*args)
    assert result.code == 1 and result.err.strip() and "Traceback" not in result.err
    assert cli.state() == before


def test_malformed_command_line_exits_2(cli: Cli) -> None:
    assert cli("posse", "buy", "only-one-arg").code == 2
    assert cli("frobnicate").code == 2


HOSTILE = 'Kid <Nitro> & "O\'Brien"'
NAMES = ["Łukasz Ωmega Жуков", "José Ñúñez", "Αλέξης", "<b>Bold</b>", "R&D 'Sam'"]


def test_names_round_trip_exactly_through_show_and_export_import(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    dalton["name"] = HOSTILE
    for member, name in zip(dalton["members"], NAMES, strict=True):
        member["name"] = name
    cli.new_posse(dalton)
    shown = cli.ok("posse", "show", HOSTILE, "--json").json()
    assert shown["name"] == HOSTILE and [m["name"] for m in shown["members"]] == NAMES
    assert HOSTILE in cli.ok("posse", "list").out
    exported = tmp_path / "posse.json"
    cli.ok("posse", "export", HOSTILE, "-o", str(exported))
    cli.ok("posse", "import", str(exported), "--as", "Copy")
    copy = cli.ok("posse", "show", "Copy", "--json").json()
    assert [m["name"] for m in copy["members"]] == NAMES
    again = json.loads(cli.ok("posse", "export", "Copy").out)
    original = json.loads(exported.read_text(encoding="utf-8"))
    original["posse"]["name"] = "Copy"
    assert again == original  # the same posse back, history included


def test_import_under_a_taken_name_is_refused(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    path = tmp_path / "p.json"
    cli.ok("posse", "export", D, "-o", str(path))
    before = cli.state()
    backups = sorted(cli.tmp.rglob("*before-import*"))
    result = cli("posse", "import", str(path))
    assert result.code == 1 and "--as" in result.err and cli.state() == before
    assert sorted(cli.tmp.rglob("*before-import*")) == backups  # no backup for a refusal


def test_db_option_and_environment(
    tmp_path: Path, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from cli import main

    request = tmp_path / "d.json"
    request.write_text(json.dumps(dalton))
    env_db = tmp_path / "env.sqlite3"
    monkeypatch.setenv("ROSTERMGR_DB", str(env_db))
    assert main(["posse", "new", str(request)], out=io.StringIO(), err=io.StringIO()) == 0
    assert env_db.exists()
    other = tmp_path / "other.sqlite3"
    out = io.StringIO()
    assert main(["--db", str(other), "posse", "list", "--json"], out=out, err=io.StringIO()) == 0
    assert json.loads(out.getvalue()) == []


def test_default_campaign_file_is_in_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from platformdirs import user_data_dir

    from cli import campaign_path

    monkeypatch.delenv("ROSTERMGR_DB", raising=False)
    path = campaign_path(argparse.Namespace(db=None))
    assert path == Path(user_data_dir("rostermgr")) / "campaign.sqlite3"


def test_rules_json(cli: Cli) -> None:
    doc = cli.ok("rules", "--json").json()
    assert doc["id"] == "last-hope-frontier" and doc["items"]["horse"]["price"] == 30


def test_rename_a_member(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    cli.ok("posse", "rename-member", D, "Kid", "The Kid")
    names = [m["name"] for m in cli.ok("posse", "show", D, "--json").json()["members"]]
    assert names[2] == "The Kid"
    taken = cli("posse", "rename-member", D, "Slim", "The Kid")
    assert taken.code == 1 and "already has a member named" in taken.err


def test_a_db_in_a_missing_folder_is_refused_not_created(tmp_path: Path) -> None:
    import io

    from cli import main

    missing = tmp_path / "no" / "such" / "campaign.sqlite3"
    err = io.StringIO()
    assert main(["--db", str(missing), "posse", "list"], out=io.StringIO(), err=err) == 1
    assert "does not exist" in err.getvalue()
    assert not (tmp_path / "no").exists()
