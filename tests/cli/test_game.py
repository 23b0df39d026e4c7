"""Between games on the command line: R12-R17, `game record/list/undo`, `flip`, the ledger."""

from __future__ import annotations

import pytest

from rostermgr.rules_load import default_ruleset
from tests.conftest import FOUNDED, LAWMEN, RYE, Cli
from tests.engines import Target, on_server, tables

D, L = "The Dalton Boys", "Last Hope Lawmen"


def dump(target: Target) -> dict[str, list[tuple]]:
    """Every campaign table, rows in order (the undo log itself is bookkeeping, not state)."""
    return tables(target)


def report(n: int, **extra: object) -> dict:
    doc = {"date": f"2025-12-0{n}", "scenario": "bloodbath", "posses": [D, L], "winner": L}
    doc.update(extra)
    return doc


def kid_taken_out_by_wyatt(n: int) -> dict:
    return report(
        n,
        out_of_action=[{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
        income=[{"posse": D, "amount": 10, "reason": "stagecoach"}],
    )


def member(cli: Cli, posse: str, name: str) -> dict:
    doc = cli.ok("posse", "show", posse, "--json").json()
    return next(m for m in doc["members"] if m["name"] == name)


def purse_is_ledger_sum(cli: Cli, posse: str) -> None:
    """R16: the purse is always the sum of its entries."""
    doc = cli.ok("posse", "show", posse, "--json").json()
    assert doc["purse"] == sum(e["amount"] for e in doc["ledger"]) >= 0
    assert doc["ledger"][-1]["balance"] == doc["purse"]


@pytest.fixture
def two(cli: Cli, dalton: dict, lawmen: dict) -> Cli:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    return cli


def test_r13_r14_r15_r16_three_game_story(two: Cli) -> None:
    cli = two
    wyatt_before = member(cli, L, "Wyatt")["stats"]
    # Game 1: Kid out of action once: strike 1, -1 Wounds; Wyatt earns 1 flip (R13, R14).
    cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(1)))
    kid = member(cli, D, "Kid")
    assert kid["injuries"] == 1 and kid["stats"]["wounds"] == 5 and kid["status"] == "active"
    assert member(cli, L, "Wyatt")["flips"] == 1
    purse_is_ledger_sum(cli, D)
    # Spend it with a given card: 7H allows strength or toughness (R15).
    cli.ok("flip", L, "Wyatt", "--card", "7H", "--choose", "toughness")
    purse_is_ledger_sum(cli, L)
    # Game 2: strike 2, another flip.
    cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(2)))
    assert member(cli, D, "Kid")["stats"]["wounds"] == 4
    assert member(cli, L, "Wyatt")["flips"] == 1
    cli.ok("flip", L, "Wyatt", "--card", "3S", "--choose", "shot")
    # Game 3: the third strike kills Kid; his pistol is buried; a killing blow earns 2 (R13, R14).
    cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(3)))
    kid = member(cli, D, "Kid")
    assert kid["status"] == "dead" and kid["items"] == [] and kid["injuries"] == 3
    assert member(cli, L, "Wyatt")["flips"] == 2
    cli.ok("flip", L, "Wyatt", "--card", "KD", "--choose", "wounds")
    cli.ok("flip", L, "Wyatt", "--card", "JK", "--choose", "combat")
    wyatt = member(cli, L, "Wyatt")["stats"]
    raised = {s: wyatt[s] - wyatt_before[s] for s in wyatt if wyatt[s] != wyatt_before[s]}
    assert raised == {"toughness": 1, "shot": 1, "wounds": 1, "combat": 1}
    assert member(cli, L, "Wyatt")["flips"] == 0
    for posse in (D, L):
        purse_is_ledger_sum(cli, posse)
    # R17: every flip, its card and its choice stay in the history.
    history = cli.ok("posse", "show", L, "--json").json()["history"]
    flips = [h for h in history if h["kind"] == "flip"]
    assert [(h["data"]["card"], h["data"]["upgrade"]) for h in flips] == [
        ("7H", "toughness"),
        ("3S", "shot"),
        ("KD", "wounds"),
        ("JK", "combat"),
    ]
    assert [h["game"] for h in flips] == [1, 2, 3, 3]
    # A dead member cannot be named in a later report.
    before = cli.state()
    result = cli("game", "record", cli.file(kid_taken_out_by_wyatt(4)))
    assert result.code == 1 and "dead" in result.err and cli.state() == before


def test_r12_r16_money_from_a_report(two: Cli) -> None:
    cli = two
    d0 = cli.ok("posse", "show", D, "--json").json()["purse"]
    l0 = cli.ok("posse", "show", L, "--json").json()["purse"]
    doc = report(
        1,
        scenario="bounty",
        out_of_action=[{"posse": D, "member": "Ma Dalton", "by": {"posse": L, "member": "Virgil"}}],
        bounties=[
            {"posse": L, "target": {"posse": D, "member": "Ma Dalton"}, "claimed": True},
            {"posse": D, "target": {"posse": L, "member": "Wyatt"}, "claimed": False},
        ],
        income=[{"posse": L, "amount": 15, "reason": "escort fee"}],
        goods_sold=[{"posse": D, "market_value": 31, "reason": "supply crates"}],
    )
    out = cli.ok("game", "record", cli.file(doc), "--json").json()
    assert out["id"] == 1 and any("$25" in line for line in out["changes"])
    assert cli.ok("posse", "show", L, "--json").json()["purse"] == l0 + 25 + 15  # deputy bounty
    assert (
        cli.ok("posse", "show", D, "--json").json()["purse"] == d0 + 15
    )  # 31 at 50%, rounded down
    ledger = cli.ok("posse", "ledger", D, "--json").json()
    assert ledger[-1] == {
        "date": "2025-12-01",
        "game": 1,
        "game_label": None,
        "reason": "supply crates (market value $31)",
        "amount": 15,
        "balance": d0 + 15,
        # who made it: the role that logged in on a server (issue 29), nobody in a file
        "by": "postgres" if on_server(cli.db) else None,
    }


def test_r1_r17_items_used_and_stolen(two: Cli) -> None:
    """R1 (2026-12): only a Bootlegger leader steals; an Outlawmen leader's theft is refused."""
    cli = two
    theft = {"from": {"posse": L, "member": "Texas Jack"}, "item": "whiskey"}
    ike = {**theft, "to": {"posse": D, "member": "Ike Dalton"}}
    before = dump(cli.db)
    refused = cli("game", "record", cli.file(report(1, items_stolen=[ike])))
    assert refused.code == 1 and "only the leader of the Bootleggers steals (R1)" in refused.err
    assert dump(cli.db) == before
    cli.new_posse(RYE)
    rye = "The Rye Runners"
    doc = report(
        1,
        posses=[rye, L],
        items_stolen=[{**theft, "to": {"posse": rye, "member": "Ma Barker"}}],
    )
    cli.ok("game", "record", cli.file(doc))
    assert member(cli, L, "Texas Jack")["items"] == []
    assert member(cli, rye, "Ma Barker")["items"] == ["pistol", "whiskey"]
    used = report(2, items_used=[{"posse": D, "member": "Doc", "item": "whiskey"}])
    cli.ok("game", "record", cli.file(used))
    assert member(cli, D, "Doc")["items"] == ["hunting-knife"]


BAD_REPORTS = {
    "unknown posse": lambda r: r.update(posses=[D, "Nobody"]),
    "unknown member": lambda r: r.update(out_of_action=[{"posse": D, "member": "Ghost"}]),
    "unknown item": lambda r: r.update(items_used=[{"posse": D, "member": "Doc", "item": "laser"}]),
    "item not held": lambda r: r.update(
        items_used=[{"posse": D, "member": "Slim", "item": "whiskey"}]
    ),
    "same member twice": lambda r: r.update(
        out_of_action=[{"posse": D, "member": "Kid"}, {"posse": D, "member": "Kid"}]
    ),
    "negative amount": lambda r: r.update(income=[{"posse": L, "amount": -5, "reason": "fine"}]),
    "negative goods": lambda r: r.update(goods_sold=[{"posse": L, "market_value": -1}]),
    "posse not in game": lambda r: r.update(posses=[D, "Third Posse"], winner=D),
    "bad date": lambda r: r.update(date="28/11/2026"),
    "unknown scenario": lambda r: r.update(scenario="duel"),
    "unknown key": lambda r: r.update(weather="rain"),
    "r4 a pistol is not used up": lambda r: r.update(
        items_used=[{"posse": D, "member": "Kid", "item": "pistol"}]
    ),
    "own posse by": lambda r: r.update(
        out_of_action=[{"posse": D, "member": "Kid", "by": {"posse": D, "member": "Slim"}}]
    ),
}


@pytest.mark.parametrize("name", list(BAD_REPORTS))
def test_a_bad_report_is_refused_whole(two: Cli, name: str) -> None:
    cli = two
    doc = report(
        1,
        income=[{"posse": L, "amount": 10, "reason": "ok"}],
        out_of_action=[{"posse": L, "member": "Morgan", "by": {"posse": D, "member": "Kid"}}],
    )
    BAD_REPORTS[name](doc)
    if name == "posse not in game":  # R12: two posses played; the report names a third
        cli.new_posse({**LAWMEN, "name": "Third Posse"})
    before = cli.state()
    result = cli("game", "record", cli.file(doc))
    assert result.code == 1, name
    assert result.err.strip().endswith(".") and result.err.count("\n") == 1
    assert cli.state() == before
    assert cli.ok("game", "list", "--json").json() == []


KID_BY_WYATT = {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}
BOUNTY_ON_MORGAN = {"posse": D, "target": {"posse": L, "member": "Morgan"}, "claimed": True}

# name -> (report, words of the one refusal sentence); each report is valid but for one rule.
NEW_REFUSALS = {
    "r12 a bounty paid without its target out of action": (
        report(1, scenario="bounty", bounties=[BOUNTY_ON_MORGAN], out_of_action=[KID_BY_WYATT]),
        "Bounty 1: the bounty on Morgan of Last Hope Lawmen is claimed, but Morgan is not out "
        "of action in this report; the reward is for taking that model out of action (R12).",
    ),
    "r12 a bounty in a bloodbath": (
        report(
            1,
            bounties=[BOUNTY_ON_MORGAN],
            out_of_action=[{"posse": L, "member": "Morgan", "by": {"posse": D, "member": "Kid"}}],
        ),
        "Bounty 1: the Bloodbath scenario has no bounties; a bounty is named only in the Bounty "
        "or Other scenario (R12).",
    ),
    "r12 one posse": (
        report(1, posses=[D], winner=D),
        "The report is refused: the report names only The Dalton Boys in 'posses'; a game is "
        "played between at least two posses (R12).",
    ),
    # the 2026-12 rulings of R12: a report that contradicts the rules is refused whole
    "r12 a winner whose leader and deputy are out of action": (
        report(
            1,
            winner=D,
            out_of_action=[
                {"posse": D, "member": "Ike Dalton"},
                {"posse": D, "member": "Ma Dalton"},
            ],
        ),
        "Winner: The Dalton Boys routed (its leader and deputy are both out of action), so it "
        "cannot be the winner outside the Bounty scenario (R12).",
    ),
    "r12 a winner with three of its five models out of action": (
        report(
            1, winner=D, out_of_action=[{"posse": D, "member": n} for n in ("Kid", "Slim", "Doc")]
        ),
        "Winner: The Dalton Boys routed (3 of its 5 models are out of action), so it cannot be "
        "the winner outside the Bounty scenario (R12).",
    ),
    "r12 two bounties claimed in a bounty game": (
        report(
            1,
            scenario="bounty",
            out_of_action=[KID_BY_WYATT, {"posse": L, "member": "Morgan"}],
            bounties=[
                {"posse": L, "target": {"posse": D, "member": "Kid"}, "claimed": True},
                BOUNTY_ON_MORGAN,
            ],
        ),
        "Bounty 2: a bounty is claimed already, and a Bounty game ends the moment a bounty is "
        "taken out of action, so at most one bounty is claimed (R12).",
    ),
    "r12 a bounty game won by a posse that did not claim the bounty": (
        report(
            1,
            scenario="bounty",
            winner=D,
            out_of_action=[KID_BY_WYATT],
            bounties=[{"posse": L, "target": {"posse": D, "member": "Kid"}, "claimed": True}],
        ),
        "Winner: Last Hope Lawmen claimed the bounty on Kid of The Dalton Boys, and a Bounty game "
        "ends the moment a bounty is taken, so Last Hope Lawmen is the winner, not The Dalton "
        "Boys (R12).",
    ),
    "r12 a game dated before a posse in it was founded": (
        report(1, date="2024-12-31"),
        f"Date: The Dalton Boys was founded on {FOUNDED}, after the game's date 2024-12-31; a "
        "game cannot be dated before a posse in it was founded (R12).",
    ),
    "r17 a date in the future": (
        report(1, date="2999-12-20"),
        "The report is refused: the report has the date 2999-12-20, which is in the future; a "
        "report is of a game already played (R17).",
    ),
}


@pytest.mark.parametrize("name", list(NEW_REFUSALS))
def test_r12_r17_game_record_refuses_with_one_sentence_and_writes_nothing(
    two: Cli, name: str
) -> None:
    cli = two
    doc, sentence = NEW_REFUSALS[name]
    path = cli.file(doc)
    before = cli.state()
    result = cli("game", "record", path)
    assert (result.code, result.out, result.err) == (1, "", sentence + "\n")
    assert cli.state() == before


def test_r12_a_routed_posse_may_win_the_bounty_scenario_and_a_founding_day_game_is_fine(
    two: Cli,
) -> None:
    """R12: rout is ignored in the Bounty scenario; a game on the founding day is after it."""
    cli = two
    ike, ma = ({"posse": D, "member": m} for m in ("Ike Dalton", "Ma Dalton"))
    cli.ok(
        "game", "record", cli.file(report(1, scenario="bounty", winner=D, out_of_action=[ike, ma]))
    )
    cli.ok("game", "record", cli.file(report(2, date=FOUNDED)))
    assert [g["winner"] for g in cli.ok("game", "list", "--json").json()] == [D, L]


def test_r17_undo_walks_back_three_games_exactly(two: Cli) -> None:
    cli = two
    states = [dump(cli.db)]
    kinds = [
        kid_taken_out_by_wyatt(1),
        report(
            2,
            income=[{"posse": D, "amount": 12, "reason": "cattle"}],
            out_of_action=[
                {"posse": L, "member": "Morgan", "by": {"posse": D, "member": "Slim"}},
                {"posse": D, "member": "Kid"},
            ],
        ),
        kid_taken_out_by_wyatt(3),
    ]
    for n, doc in enumerate(kinds, 1):
        cli.ok("game", "record", cli.file(doc))
        # Changes made after the game belong to it for undo: a flip, a purchase, a hire.
        if n == 1:
            cli.ok("flip", L, "Wyatt", "--draw")
        if n == 2:
            cli.ok("posse", "buy", D, "Slim", "switchblade")
        if n == 3:
            cli.ok("posse", "hire", D, "ganger", "New Kid")
        states.append(dump(cli.db))
    assert [g["id"] for g in cli.ok("game", "list", "--json").json()] == [1, 2, 3]
    for expected in reversed(states[:-1]):
        out = cli.ok("game", "undo").out
        assert out.startswith("Undid game")
        assert dump(cli.db) == expected
    result = cli("game", "undo")
    assert result.code == 1 and "no recorded game" in result.err


def test_game_list_json(two: Cli) -> None:
    cli = two
    cli.ok("game", "record", cli.file(report(1)))
    shipped = default_ruleset()
    assert cli.ok("game", "list", "--json").json() == [
        {
            "id": 1,
            "date": "2025-12-01",
            "scenario": "bloodbath",
            "posses": [D, L],
            "winner": L,
            "ruleset": {"id": shipped.id, "version": shipped.version, "hash": shipped.hash},
        }
    ]


def test_r15_pending_choice_and_reflip(two: Cli) -> None:
    cli = two
    cli.ok(
        "game",
        "record",
        cli.file(
            report(
                1,
                out_of_action=[
                    {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}},
                    {"posse": D, "member": "Slim", "by": {"posse": L, "member": "Wyatt"}},
                ],
            )
        ),
    )
    assert member(cli, L, "Wyatt")["flips"] == 2
    cli.ok("flip", L, "Wyatt", "--card", "4C")  # shot or combat; waits
    wyatt = member(cli, L, "Wyatt")
    assert wyatt["pending_card"] == "4C" and wyatt["flips"] == 1
    before = cli.state()
    bad = cli("flip", L, "Wyatt", "--choose", "defence")
    assert bad.code == 1 and "Shot or Combat" in bad.err and cli.state() == before
    blocked = cli("flip", L, "Wyatt", "--card", "9C")
    assert blocked.code == 1 and "waiting" in blocked.err
    cli.ok(
        "flip", L, "Wyatt", "--reflip", "--card", "QH", "--choose", "defence"
    )  # burns the last flip
    wyatt = member(cli, L, "Wyatt")
    assert (
        wyatt["flips"] == 0
        and wyatt["pending_card"] is None
        and wyatt["upgrades"] == {"defence": 1}
    )
    none_left = cli("flip", L, "Wyatt", "--card", "2H")
    assert none_left.code == 1 and "no flips" in none_left.err


def test_r15_drawn_cards_come_from_one_shuffled_deck(two: Cli) -> None:
    cli = two
    victims = [
        {"posse": D, "member": n, "by": {"posse": L, "member": "Wyatt"}}
        for n in ("Kid", "Slim", "Doc")
    ]
    cli.ok("game", "record", cli.file(report(1, out_of_action=victims)))
    drawn = []
    for _ in range(3):
        out = cli.ok("flip", L, "Wyatt", "--draw", "--json").json()
        drawn.append(out["card"])
        if out["pending"]:
            cli.ok("flip", L, "Wyatt", "--choose", _first_allowed(out["card"]))
    assert len(set(drawn) - {"JK"}) == len([c for c in drawn if c != "JK"])  # no card twice
    assert cli.sql("SELECT COUNT(*) FROM deck_card") == [(54 - 3,)]


def _first_allowed(card: str) -> str:
    rank = card[:-1] if card != "JK" else "JK"
    if rank in ("JK", "2", "3", "4", "5"):
        return "shot"
    if rank in ("6", "7", "8", "9", "10"):
        return "strength"
    return "defence"


def test_r3_hire_a_replacement_after_a_death(two: Cli) -> None:
    cli = two
    for n in (1, 2, 3):
        cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(n)))
    before = cli.ok("posse", "show", D, "--json").json()["purse"]
    cli.ok("posse", "hire", D, "ganger", "New Kid")
    doc = cli.ok("posse", "show", D, "--json").json()
    assert doc["purse"] == before - 20
    assert member(cli, D, "New Kid")["stats"]["wounds"] == 6
    refused = cli("posse", "hire", D, "leader", "Boss")
    assert refused.code == 1 and "already has a living leader" in refused.err
