"""Playtest statistics (R12-R16) of a generated 20-game campaign, against the test's own counts.

The campaign is built through the command line (`cli.main --db FILE`), like a group
of players would: four posses, twenty reports, purchases, hires, flips spent, a rename.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import db.posses
from db.connection import open_campaign
from db.stats import read_campaign
from rostermgr.cards import full_deck
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset
from rostermgr.stats import Campaign, campaign_stats
from tests.conftest import DALTON, FOUNDED, LAWMEN, Cli

RULES = default_ruleset()
BOOTLEGGERS = {
    "name": "Moonshine Kings",
    "faction": "bootleggers",
    "members": [
        {"name": "Rye", "role": "leader", "items": ["derringer"]},
        {"name": "Mash", "role": "deputy", "items": ["hatchet"]},
        {"name": "Still", "role": "ganger", "items": []},
        {"name": "Barrel", "role": "ganger", "items": ["switchblade"]},
        {"name": "Cork", "role": "ganger", "items": []},
    ],
}
TOWNSFOLK = {
    "name": "Last Hope Citizens",
    "faction": "townsfolk",
    "members": [
        {"name": "Mayor Bell", "role": "leader", "items": ["revolver"]},
        {"name": "Parson", "role": "deputy", "items": []},
        {"name": "Smithy", "role": "ganger", "items": ["machete"]},
        {"name": "Miller", "role": "ganger", "items": []},
        {"name": "Baker", "role": "ganger", "items": ["whiskey"]},
    ],
}
POSSES = (DALTON, LAWMEN, BOOTLEGGERS, TOWNSFOLK)
SHOP = ("whiskey", "hooch", "pistol", "hatchet", "switchblade", "dynamite")
RENAMED = ("The Dalton Boys", "Dalton Gang")


@dataclass
class Expected:
    """What the test itself counted while it played the campaign."""

    scenarios: Counter = field(default_factory=Counter)
    results: Counter = field(default_factory=Counter)  # (scenario, faction, won|lost|drawn)
    per_game: dict = field(
        default_factory=dict
    )  # game -> (out, take-outs, injuries, deaths, flips)
    turned: Counter = field(default_factory=Counter)  # band index -> cards turned
    chosen: Counter = field(default_factory=Counter)  # (band index, stat) -> upgrades
    spent: int = 0
    drawn: int = 0
    bought: Counter = field(default_factory=Counter)
    purses: dict = field(default_factory=dict)  # (posse, game) -> purse right after the game
    hires: int = 0
    unspent: int = 0


def band(card: str, rules: Ruleset) -> int:
    rank = card[:-1] if card != "JK" else "JK"
    return next(i for i, row in enumerate(rules.advancement) if rank in row.cards)


class Roster:
    """Every member of every posse with strikes and unspent flips, as the test tracks them."""

    def __init__(self) -> None:
        self.members: dict[str, dict[str, dict]] = {}
        self.faction: dict[str, str] = {}

    def alive(self, posse: str) -> list[str]:
        return [
            m for m, s in self.members[posse].items() if s["strikes"] < 3
        ]  # R13: the third strike kills


def build_campaign(cli: Cli, games: int = 20, seed: int = 2026) -> Expected:
    """Play `games` games between four posses through the command line, counting as we go."""
    rng = random.Random(seed)
    exp = Expected()
    t = Roster()
    for doc in POSSES:
        cli.new_posse(doc)
        t.faction[doc["name"]] = doc["faction"]
        t.members[doc["name"]] = {
            m["name"]: {"role": m["role"], "strikes": 0, "flips": 0} for m in doc["members"]
        }
        exp.bought.update(i for m in doc["members"] for i in m["items"])
    deck = [str(c) for c in full_deck(RULES.jokers)]
    for n in range(1, games + 1):
        if n == games // 2:
            old, new = RENAMED
            cli.ok("posse", "rename", old, new)
            t.members[new] = t.members.pop(old)
            t.faction[new] = t.faction.pop(old)
        names = sorted(t.members)
        a, b = rng.sample(names, 2)
        scenario = rng.choice(list(RULES.scenarios))
        winner = rng.choice([a, b, a, b, None])
        report = _report(rng, t, exp, n, a, b, scenario, winner)
        winner = report["winner"]
        game_id = cli.ok("game", "record", cli.file(report), "--json").json()["id"]
        assert game_id == n
        exp.scenarios[scenario] += 1
        for p in (a, b):
            result = "drawn" if winner is None else ("won" if p == winner else "lost")
            exp.results[(scenario, t.faction[p], result)] += 1
            exp.purses[(p, n)] = cli.ok("posse", "show", p, "--json").json()["purse"]
        _between_games(cli, rng, t, exp, deck)
    # R13, R15: a dead member's flips can never be spent, so they are not unspent now
    exp.unspent = sum(
        s["flips"] for p in t.members.values() for s in p.values() if s["strikes"] < 3
    )
    return exp


def _report(
    rng: random.Random,
    t: Roster,
    exp: Expected,
    n: int,
    a: str,
    b: str,
    scenario: str,
    winner: str | None,
) -> dict:
    ooa, bounties, flips = [], [], 0
    deaths = take_outs = 0
    at_start = {p: t.alive(p) for p in (a, b)}
    for victims_of, by_of in ((a, b), (b, a)):
        alive = t.alive(victims_of)
        for victim in rng.sample(alive, min(len(alive), rng.randint(0, 2))):
            state = t.members[victims_of][victim]
            state["strikes"] += 1
            dead = state["strikes"] == 3
            deaths += dead
            entry: dict = {"posse": victims_of, "member": victim}
            killers = t.alive(by_of)
            if killers and rng.random() < 0.8:
                killer = rng.choice(killers)
                entry["by"] = {"posse": by_of, "member": killer}
                earned = 2 if dead else 1
                t.members[by_of][killer]["flips"] += earned
                flips += earned
                take_outs += 1
            ooa.append(entry)
            if scenario == "bounty" and not bounties:
                target = {"posse": victims_of, "member": victim}
                bounties.append({"posse": by_of, "target": target, "claimed": True})
    exp.per_game[n] = (len(ooa), take_outs, len(ooa) - deaths, deaths, flips)
    if bounties:
        winner = bounties[0]["posse"]  # R12: a Bounty game ends on a bounty; its claimant wins
    elif winner is not None and RULES.scenarios[scenario].rout:
        down = {e["member"] for e in ooa if e["posse"] == winner}
        key = [m for m in at_start[winner] if t.members[winner][m]["role"] in RULES.rout_roles]
        if key and set(key) <= down:
            winner = None  # R12: a posse that routed cannot be the winner
    doc = {
        "date": f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}",
        "scenario": scenario,
        "posses": [a, b],
        "winner": winner,
        "out_of_action": ooa,
        "bounties": bounties,
        "income": [{"posse": rng.choice([a, b]), "amount": rng.randint(5, 30), "reason": "fee"}],
    }
    if scenario == "supply-drop":
        doc["goods_sold"] = [{"posse": a, "market_value": rng.randint(9, 40), "reason": "crates"}]
    return doc


def _between_games(cli: Cli, rng: random.Random, t: Roster, exp: Expected, deck: list[str]) -> None:
    """Spend every living member's flips, buy a little, replace dead gang members."""
    for posse, members in t.members.items():
        for name in t.alive(posse):
            state = members[name]
            while state["flips"]:
                _spend(cli, rng, exp, posse, name, state, deck)
        dead_gangers = [
            m for m, s in members.items() if s["role"] == "ganger" and s["strikes"] >= 3
        ]
        living_gangers = [m for m in t.alive(posse) if members[m]["role"] == "ganger"]
        purse = cli.ok("posse", "show", posse, "--json").json()["purse"]
        cost = RULES.roles["ganger"].hire_cost
        if dead_gangers and len(living_gangers) < 3 and purse >= cost:
            name = f"Hand {exp.hires + 1}"
            cli.ok("posse", "hire", posse, "ganger", name)
            members[name] = {"role": "ganger", "strikes": 0, "flips": 0}
            exp.hires += 1
            purse -= cost
        item = rng.choice(SHOP)
        if rng.random() < 0.6 and purse >= RULES.items[item].price and t.alive(posse):
            cli.ok("posse", "buy", posse, rng.choice(t.alive(posse)), item)
            exp.bought[item] += 1


def _spend(
    cli: Cli,
    rng: random.Random,
    exp: Expected,
    posse: str,
    name: str,
    state: dict,
    deck: list[str],
) -> None:
    how = rng.random()
    if how < 0.2:  # the app turns the card; the choice follows
        card = cli.ok("flip", posse, name, "--draw", "--json").json()["card"]
        exp.drawn += 1
    elif how < 0.4 and state["flips"] >= 2:  # turn, then burn a flip to re-flip
        first = rng.choice(deck)
        cli.ok("flip", posse, name, "--card", first)
        exp.turned[band(first, RULES)] += 1
        card = rng.choice(deck)
        stat = rng.choice(RULES.advancement[band(card, RULES)].stats)
        cli.ok("flip", posse, name, "--reflip", "--card", card, "--choose", stat)
        exp.turned[band(card, RULES)] += 1
        exp.chosen[(band(card, RULES), stat)] += 1
        exp.spent += 2
        state["flips"] -= 2
        return
    else:
        card = rng.choice(deck)
        cli.ok("flip", posse, name, "--card", card)
    stat = rng.choice(RULES.advancement[band(card, RULES)].stats)
    cli.ok("flip", posse, name, "--choose", stat)
    exp.turned[band(card, RULES)] += 1
    exp.chosen[(band(card, RULES), stat)] += 1
    exp.spent += 1
    state["flips"] -= 1


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Expected]]:
    tmp = tmp_path_factory.mktemp("campaign")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ROSTERMGR_BACKUP_DIR", str(tmp / "backups"))
        mp.setattr(db.posses, "today", lambda: FOUNDED)  # R12: founded before the games
        cli = Cli(tmp / "campaign.sqlite3", tmp)
        yield cli.db, build_campaign(cli)


@pytest.fixture
def data(played: tuple[Path, Expected]) -> Iterator[tuple[Campaign, Expected]]:
    path, exp = played
    db = open_campaign(path)
    try:
        yield read_campaign(), exp
    finally:
        db.close()


def results_of(exp: Expected, faction: str, result: str) -> int:
    return sum(n for (_, f, r), n in exp.results.items() if (f, r) == (faction, result))


def tables(data: tuple[Campaign, Expected]) -> dict[str, list[dict]]:
    return {t.name: t.records() for t in campaign_stats(data[0], RULES)}


def test_r12_games_by_scenario_and_wins_by_faction_and_scenario(data):
    exp = data[1]
    got = tables(data)
    assert len(data[0]["games"]) == 20
    assert {r["scenario"]: r["games"] for r in got["scenarios"]} == {
        s: exp.scenarios[s] for s in RULES.scenarios
    }
    for row in got["faction_wins"]:
        counts = [results_of(exp, row["faction"], r) for r in ("won", "lost", "drawn")]
        assert [row["won"], row["lost"], row["drawn"]] == counts
        assert row["played"] == sum(counts)
    for row in got["scenario_wins"]:
        key = (row["scenario"], row["faction"])
        assert row["won"] == exp.results[(*key, "won")]
        assert row["played"] == sum(exp.results[(*key, r)] for r in ("won", "lost", "drawn"))
    assert sum(r["played"] for r in got["faction_wins"]) == 40


def test_r12_a_renamed_posse_keeps_its_wins(data):
    """Reports name a posse as it was then; the statistics follow the posse, not the name."""
    campaign, exp = data
    old, new = RENAMED
    sides = [s for g in campaign["games"] for s in g["sides"] if s["posse"] == new]
    assert {s["reported"] for s in sides} == {old, new}
    won = [g["id"] for g in campaign["games"] if g["winner"] in (old, new)]
    outlaws = next(r for r in tables(data)["faction_wins"] if r["faction"] == "outlawmen")
    assert outlaws["won"] == len(won) == results_of(exp, "outlawmen", "won") > 0


def test_r13_r14_take_outs_injuries_and_deaths_per_game(data):
    exp = data[1]
    rows = tables(data)["games"]
    got = {
        r["game"]: (
            r["out_of_action"],
            r["take_outs"],
            r["injuries"],
            r["deaths"],
            r["flips_earned"],
        )
        for r in rows
    }
    assert got == exp.per_game
    means = {r["measure"]: r for r in tables(data)["casualties"]}
    assert means["deaths"]["total"] == sum(v[3] for v in exp.per_game.values()) > 0
    assert means["out_of_action"]["per_game"] == round(
        sum(v[0] for v in exp.per_game.values()) / 20, 4
    )


def test_r14_r15_flips_earned_spent_and_the_stats_chosen_for_each_band(data):
    exp = data[1]
    got = tables(data)
    flips = {r["measure"]: r["count"] for r in got["flips"]}
    assert flips["earned"] == sum(v[4] for v in exp.per_game.values())
    assert flips["spent"] == exp.spent
    assert flips["cards turned"] == sum(exp.turned.values())
    assert flips["cards drawn by the app"] == exp.drawn
    assert flips["upgrades taken"] == sum(exp.chosen.values())
    assert flips["unspent now"] == exp.unspent
    for row in got["advancement"]:
        i = next(i for i, r in enumerate(RULES.advancement) if ", ".join(r.cards) == row["cards"])
        assert row["turned"] == exp.turned[i]
        assert row["chosen"] == exp.chosen[(i, row["stat"])]
    assert len(got["advancement"]) == sum(len(r.stats) for r in RULES.advancement)


def test_r16_money_and_the_purse_after_each_game(data):
    campaign, exp = data
    got = tables(data)
    purses = {(r["posse"], r["game"]): r["purse"] for r in got["purses"]}
    old, new = RENAMED
    expected = {(new if p == old else p, g): v for (p, g), v in exp.purses.items()}
    assert purses == expected
    for posse in campaign["posses"]:
        rows = [r for r in got["money"] if r["posse"] == posse["name"]]
        assert sum(r["net"] for r in rows) == posse["purse"] >= 0
        kinds = {r["kind"]: r for r in rows}
        assert kinds["purse"]["in"] == RULES.starting_purse
    hires = sum(r["entries"] for r in got["money"] if r["kind"] == "hire")
    # at creation one entry per role (the gang members as one group, R6), then the replacements
    assert hires == len(POSSES) * len(RULES.composition) + exp.hires


def test_items_bought_counts_creation_and_shop(data):
    exp = data[1]
    bought = {r["item"]: r["bought"] for r in tables(data)["items"]}
    assert {i: n for i, n in bought.items() if n} == dict(exp.bought)


def test_r13_r15_flips_of_the_dead_and_of_a_deleted_posse_are_not_unspent_now(cli: Cli) -> None:
    """Flips `flip` refuses (a dead member's, R13; a deleted posse's) are not waiting to be spent:
    Kid earns one and is then killed; Wyatt's posse is deleted with his killing-blow flips."""
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    dalton, lawmen = DALTON["name"], LAWMEN["name"]
    first = {
        "date": "2026-11-01",
        "scenario": "bloodbath",
        "posses": [dalton, lawmen],
        "out_of_action": [
            {"posse": lawmen, "member": "Texas Jack", "by": {"posse": dalton, "member": "Kid"}}
        ],
    }
    cli.ok("game", "record", cli.file(first))
    kid_out = {
        **first,
        "out_of_action": [
            {"posse": dalton, "member": "Kid", "by": {"posse": lawmen, "member": "Wyatt"}}
        ],
    }
    for _ in range(3):  # R13: the third time out of action kills Kid, who holds his flip
        cli.ok("game", "record", cli.file(kid_out))
    shown = cli.ok("posse", "show", dalton, "--json").json()["members"]
    assert [(m["status"], m["flips"]) for m in shown if m["name"] == "Kid"] == [("dead", 1)]
    assert "dead" in cli("flip", dalton, "Kid", "--draw").err

    def unspent() -> int:
        flips = cli.ok("stats", "--json").json()["flips"]
        return next(r["count"] for r in flips if r["measure"] == "unspent now")

    assert unspent() == 4  # Wyatt: 1 + 1 + 2 for the killing blow; Kid's is not counted
    cli.ok("posse", "delete", lawmen)
    assert unspent() == 0
