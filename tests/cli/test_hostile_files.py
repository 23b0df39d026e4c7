"""Posse files from strangers: every hostile kind refused with a sentence, nothing written."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rostermgr.exchange import TEXT_LIMIT
from tests.conftest import Cli

D = "The Dalton Boys"


@pytest.fixture
def exported(cli: Cli, dalton: dict, lawmen: dict, tmp_path: Path) -> dict:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    path = tmp_path / "good.json"
    cli.ok("posse", "export", D, "-o", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


def edit(fn: Callable[[dict], None]) -> Callable[[dict], str]:
    def make(doc: dict) -> str:
        doc = copy.deepcopy(doc)
        fn(doc)
        return json.dumps(doc, ensure_ascii=False)

    return make


def raw(text: str | bytes) -> Callable[[dict], str | bytes]:
    return lambda _doc: text


def text(fn: Callable[[str], str]) -> Callable[[dict], str]:
    return lambda doc: fn(json.dumps(doc, ensure_ascii=False))


def nest(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = {"x": value}
    return value


M0 = lambda d: d["members"][0]  # noqa: E731
FLIP_ROW = {
    "date": "2026-01-01",
    "kind": "flip",
    "member": "Ike Dalton",
    "text": "Ike Dalton turns 7H.",
    "data": {"card": "7H", "drawn": False, "spent": 0, "upgrade": None},
    "game": None,
}
GAME_ROW = {"date": "2026-01-01", "kind": "game", "text": "Played.", "game": None}

HOSTILE: dict[str, Callable[[dict], str | bytes]] = {
    "not json": raw("posse: Daltons"),
    "empty": raw(""),
    "truncated": text(lambda s: s[: len(s) // 2]),
    "top-level list": raw("[]"),
    "NaN": text(lambda s: s.replace('"injuries": 0', '"injuries": NaN', 1)),
    "Infinity": text(lambda s: s.replace('"flips": 0', '"flips": Infinity', 1)),
    "-Infinity": text(lambda s: s.replace('"amount": 200', '"amount": -Infinity', 1)),
    "duplicate keys": text(lambda s: s.replace('"format":', '"format": "x", "format":', 1)),
    "lone surrogate": text(lambda s: s.replace('"Kid"', '"Ki\\ud800d"', 1)),
    "over-long name": edit(lambda d: M0(d).update(name="A" * 61)),
    "over-long text": edit(lambda d: d["history"][0].update(text="x" * (TEXT_LIMIT + 1))),
    "deep nesting": edit(lambda d: d["history"][0].update(data=nest(60))),
    "too large": edit(
        lambda d: d["history"].extend([{**d["history"][0], "text": "x" * 400}] * 15000)
    ),
    "unknown top key": edit(lambda d: d.update(extra=1)),
    "unknown member key": edit(lambda d: M0(d).update(hp=99)),
    "an id to trust": edit(lambda d: M0(d).update(id=1)),
    "wrong format": edit(lambda d: d.update(format="gang-manager")),
    "wrong version": edit(lambda d: d.update(version=99)),
    "unknown faction": edit(lambda d: d["posse"].update(faction="pirates")),
    "unknown role": edit(lambda d: M0(d).update(role="captain")),
    "unknown item": edit(lambda d: M0(d)["items"].append("gatling-gun")),
    "dead with items": edit(lambda d: M0(d).update(status="dead", injuries=3)),
    "strikes over the limit": edit(lambda d: M0(d).update(injuries=9)),
    "negative flips": edit(lambda d: M0(d).update(flips=-2)),
    "twin members": edit(lambda d: d["members"].append(copy.deepcopy(M0(d)))),
    "purse below zero": edit(
        lambda d: d["ledger"].append({"date": "d", "amount": -999, "reason": "x", "kind": "buy"})
    ),
    "bool amount": edit(lambda d: d["ledger"][0].update(amount=True)),
    "float amount": edit(lambda d: d["ledger"][0].update(amount=200.5)),
    "string amount": edit(lambda d: d["ledger"][0].update(amount="200")),
    "huge amount": edit(lambda d: d["ledger"][0].update(amount=10**30)),
    "history names a stranger": edit(lambda d: d["history"][1].update(member="Mystery Man")),
    "members not a list": edit(lambda d: d.update(members={"a": 1})),
    "control character": edit(lambda d: M0(d).update(name="Kid\u0007")),
    "not utf-8": raw('{"format": "rostermgr-posse", "x": "\xe9"}'.encode("latin-1")),
    "bad pending card": edit(lambda d: M0(d).update(pending_card="ZZ")),
    "unknown upgrade stat": edit(
        lambda d: M0(d)["upgrades"].append({"stat": "luck", "card": "2H"})
    ),
    "empty name": edit(lambda d: M0(d).update(name="   ")),
    "html in format": edit(lambda d: d.update(format="<script>")),
    "null posse": edit(lambda d: d.update(posse=None)),
    "history data not an object": edit(lambda d: d["history"][0].update(data=[1, 2])),
    "nested 100,000 deep": raw("[" * 100_000 + "]" * 100_000),
    "active with 3 strikes (R13)": edit(lambda d: d["members"][3].update(injuries=3)),
    "dead with 0 strikes (R13)": edit(lambda d: d["members"][3].update(status="dead")),
    "1,000 flips never earned (R15)": edit(lambda d: M0(d).update(flips=1000)),
    "an upgrade no flip told (R15)": edit(
        lambda d: M0(d)["upgrades"].append({"stat": "strength", "card": "7H"})
    ),
    "an upgrade the card does not allow (R15)": edit(
        lambda d: (
            M0(d)["upgrades"].append({"stat": "shot", "card": "7H"}),
            d["history"].append(FLIP_ROW | {"data": FLIP_ROW["data"] | {"upgrade": "shot"}}),
        )
    ),
    "a pending card with no flip (R15)": edit(lambda d: M0(d).update(pending_card="7H")),
    "history amount that is text": edit(lambda d: d["history"][1]["data"].update(amount="lots")),
    "history opponents not a list": edit(
        lambda d: d["history"].append(GAME_ROW | {"data": {"opponents": 5}})
    ),
    "history flip with an unreadable card": edit(
        lambda d: d["history"].append(FLIP_ROW | {"data": FLIP_ROW["data"] | {"card": "ZZ"}})
    ),
    "history item the ruleset lacks": edit(lambda d: d["history"][1]["data"].update(item="gun")),
    "a date without dashes": edit(lambda d: d["ledger"][0].update(date="20261128")),
    "a week date": edit(lambda d: d["history"][0].update(date="2026-W47-5")),
    "a created date with a time": edit(lambda d: d["posse"].update(created="2026-11-28T10:00")),
}


def test_the_corpus_has_at_least_thirty_kinds() -> None:
    assert len(HOSTILE) >= 30


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_hostile_posse_file_is_refused_and_nothing_written(
    cli: Cli, exported: dict, kind: str, tmp_path: Path
) -> None:
    content = HOSTILE[kind](exported)
    path = tmp_path / "hostile.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    before = cli.state()
    result = cli("posse", "import", str(path), "--as", "Stranger")
    assert result.code == 1, kind
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert result.err.count("\n") == 1 and len(result.err) < 400, result.err
    assert cli.state() == before
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == ["Last Hope Lawmen", D]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_given_as_a_posse_file_is_refused_by_size(cli: Cli, device: str) -> None:
    before = cli.state()
    result = cli("posse", "import", device)
    assert result.code == 1 and "larger than" in result.err, result.err
    assert cli.state() == before


def test_the_good_file_imports(cli: Cli, exported: dict, tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    cli.ok("posse", "import", str(path), "--as", "Stranger")


SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"


def swap(old: str, new: str, *more: str) -> Callable[[], str]:
    """The shipped ruleset with each (old, new) pair replaced once."""

    def make() -> str:
        text = SHIPPED.read_text(encoding="utf-8")
        pairs = (old, new, *more)
        for a, b in zip(pairs[::2], pairs[1::2], strict=True):
            assert a in text, a
            text = text.replace(a, b, 1)
        return text

    return make


DEEP = "[" * 5000 + "]" * 5000
# (how the ruleset is made, the key the refusal names, words of the problem)
HOSTILE_RULESETS: dict[str, tuple[Callable[[], str] | str, str, str]] = {
    "a table that is a number": (
        swap("[ruleset]", "money = 5\n[ruleset]", "[money]", "[moneyx]"),
        "money",
        "must be a table",
    ),
    "a list that is text": (
        swap('order = ["move", "shot"', 'order = "move"\nx = ["shot"'),
        "stats.order",
        "must be a list",
    ),
    "an array 5,000 deep": (swap("jokers = 2", f"jokers = {DEEP}"), "", "nested too deeply"),
    "an array 50 deep": (
        swap("jokers = 2", "jokers = 2\ndeep = " + "[" * 50 + "]" * 50),
        "cards.deep[0][0]",
        "nested deeper than",
    ),
    "a stat order without wounds": (
        swap('"defence", "wounds"]', '"defence"]'),
        "stats.order",
        "'wounds'",
    ),
    "a number beyond 64 bits": (
        swap("starting_purse = 200", "starting_purse = 99999999999999999999999"),
        "money.starting_purse",
        "between",
    ),
    "a price beyond a billion": (
        swap("price = 30\n", "price = 30000000000\n"),
        "items.horse.price",
        "between",
    ),
    "10 million jokers": (swap("jokers = 2", "jokers = 10000000"), "cards.jokers", "at most"),
    "a key with an escape sequence": (
        swap("limit = 1 }", 'limit = 1, "x\\u001b[31m\\nred" = 2 }'),
        "kinds.clothing.x\\x1b[31m\\nred",
        "holds a control character",
    ),
    "an over-long name": (
        swap('name = "Last Hope Frontier"', f'name = "{"x" * 5000}"'),
        "ruleset.name",
        "at most",
    ),
    "/dev/zero": ("/dev/zero", "", "is not a regular file (a device)"),
    "/dev/urandom": ("/dev/urandom", "", "is not a regular file (a device)"),
}


@pytest.mark.parametrize("kind", list(HOSTILE_RULESETS))
def test_hostile_ruleset_is_refused_with_key_and_problem_within_a_second(
    cli: Cli, kind: str, tmp_path: Path
) -> None:
    make, key, problem = HOSTILE_RULESETS[kind]
    if isinstance(make, str):
        path = make
    else:
        path = str(tmp_path / "hostile.toml")
        Path(path).write_text(make(), encoding="utf-8")
    started = time.monotonic()
    result = cli("--ruleset", path, "rules", "--json")
    assert time.monotonic() - started < 1.0, kind
    assert result.code == 1, (kind, result.out[:200])
    assert result.err.count("\n") == 1 and len(result.err) < 400, result.err
    assert "Traceback" not in result.err and "\x1b" not in result.err
    assert f"key '{key}" in result.err if key else True, result.err  # a prefix of the key
    assert problem in result.err, result.err


GAME = {"date": "2026-11-28", "scenario": "bounty", "posses": [D, "Last Hope Lawmen"]}
HOSTILE_REPORTS: dict[str, dict] = {
    "a date without dashes": {**GAME, "date": "20261128"},
    "a week date": {**GAME, "date": "2026-W47-5"},
    "an ordinal date": {**GAME, "date": "2026-332"},
    "a posse name of zero-width characters": {**GAME, "posses": [D, "\u200b\u200d"]},
    "notes beyond the limit": {**GAME, "notes": "x" * 100_000},
    "too many posses": {**GAME, "posses": [f"P{i}" for i in range(100)]},
}


@pytest.mark.parametrize("kind", list(HOSTILE_REPORTS))
def test_hostile_report_is_refused_and_nothing_written(cli: Cli, exported: dict, kind: str) -> None:
    before = cli.state()
    result = cli("game", "record", cli.file(HOSTILE_REPORTS[kind]))
    assert result.code == 1, kind
    assert result.err.count("\n") == 1 and len(result.err) < 400, result.err
    assert cli.state() == before


def test_report_names_with_invisible_characters_are_refused(cli: Cli, exported: dict) -> None:
    """#27 item 9: a report is a door for names like any other; nothing is silently dropped."""
    before = cli.state()
    report = {
        **GAME,
        "posses": ["The Dalton\u200b Boys\u202e", "Last Hope Lawmen"],
        "out_of_action": [{"posse": f"{D}\ufeff", "member": "Kid\u200b"}],
    }
    result = cli("game", "record", cli.file(report))
    assert result.code == 1 and "invisible character U+200B" in result.err, result.err
    assert cli.state() == before


def test_report_names_match_stored_names_after_normalisation(cli: Cli, exported: dict) -> None:
    report = {
        **GAME,
        "posses": ["The  Dalton Boys ", "Last Hope Lawmen"],
        "out_of_action": [{"posse": D, "member": "Kid\u0020"}],
    }
    cli.ok("game", "record", cli.file(report))
    kid = next(
        m for m in cli.ok("posse", "show", D, "--json").json()["members"] if m["name"] == "Kid"
    )
    assert kid["injuries"] == 1


def test_kid_and_kid_with_a_zero_width_space_cannot_both_be_hired(cli: Cli, exported: dict) -> None:
    result = cli("posse", "hire", D, "ganger", "Kid\u200b")
    assert result.code == 1 and "invisible character U+200B" in result.err, result.err
    result = cli("posse", "hire", D, "ganger", " Kid")
    assert result.code == 1 and "already has a member named 'Kid'" in result.err, result.err


def test_a_name_typed_with_an_invisible_character_finds_the_member(cli) -> None:
    from tests.conftest import DALTON

    cli.new_posse(DALTON)
    bought = cli("posse", "buy", "The Dalton\u200b Boys", "Kid\u200b", "whiskey")
    assert bought.code == 0, bought.err
    doc = cli.ok("posse", "show", "The Dalton Boys", "--json").json()
    assert "whiskey" in next(m for m in doc["members"] if m["name"] == "Kid")["items"]


def test_a_name_no_bundled_font_draws_is_refused_where_it_is_entered(cli, tmp_path) -> None:
    """A character that would print as a box (here U+10FFFD, private use) never gets in."""
    from tests.conftest import DALTON

    cli.new_posse(DALTON)
    before = cli.state()
    undrawable = "Kid \U000f0001"  # Supplementary Private Use Area-A: no font has it
    for args in (
        ("posse", "rename-member", DALTON["name"], "Kid", undrawable),
        ("posse", "hire", DALTON["name"], "ganger", undrawable),
        ("posse", "rename", DALTON["name"], "Bad \U000f0001 Boys"),
    ):
        refused = cli(*args)
        assert refused.code == 1, (args, refused.out)
        assert "U+F0001" in refused.err and "\n" not in refused.err.rstrip("\n")
    assert cli.state() == before
    chinese = cli("posse", "rename-member", DALTON["name"], "Kid", "李小龍")
    assert chinese.code == 0, chinese.err
