"""Playtest statistics as pure functions of plain campaign rows (R12-R16)."""

from __future__ import annotations

from rostermgr.rules_load import default_ruleset
from rostermgr.stats import (
    Campaign,
    HistoryRow,
    Table,
    advancement_choices,
    campaign_stats,
    faction_wins,
    game_casualties,
    item_counts,
    purses_after_games,
    scenario_counts,
    scenario_wins,
)

RULES = default_ruleset()
DALTON, LAWMEN = 1, 2


def side(posse_id: int, posse: str, faction: str, reported: str | None = None) -> dict:
    return {"posse_id": posse_id, "posse": posse, "faction": faction, "reported": reported or posse}


def h(id_: int, posse_id: int, kind: str, game: int | None = None, **data: object) -> HistoryRow:
    return {
        "id": id_,
        "posse_id": posse_id,
        "member": None,
        "game": game,
        "kind": kind,
        "data": data,
    }


def campaign() -> Campaign:
    """Two games: the Daltons (renamed since) win a bounty, then a bloodbath ends in a draw."""
    daltons = side(DALTON, "Daltons", "outlawmen", reported="The Dalton Boys")
    lawmen = side(LAWMEN, "Lawmen", "sheriffs")
    history = [
        h(1, DALTON, "purse", amount=200),
        h(2, DALTON, "buy", amount=-8, item="pistol"),
        h(3, LAWMEN, "purse", amount=200),
        h(4, LAWMEN, "buy", amount=-8, item="pistol"),
        h(5, LAWMEN, "buy", amount=-2, item="whiskey"),
        h(6, DALTON, "game", 1, opponents=["Lawmen"]),
        h(7, LAWMEN, "game", 1, opponents=["The Dalton Boys"]),
        h(8, LAWMEN, "injury", 1, strikes=1),
        h(9, LAWMEN, "injury", 1, strikes=1),
        h(10, DALTON, "flips", 1, count=1, killing=False),
        h(11, DALTON, "bounty", 1, amount=25),
        h(12, DALTON, "flip", 1, card="7H", drawn=False, spent=1, upgrade="toughness"),
        h(13, LAWMEN, "sell", amount=1, item="whiskey"),
        h(14, DALTON, "game", 2, opponents=["Lawmen"]),
        h(15, LAWMEN, "game", 2, opponents=["Daltons"]),
        h(16, DALTON, "death", 2, strikes=3),
        h(17, LAWMEN, "flips", 2, count=2, killing=True),
        h(18, LAWMEN, "income", 2, amount=15),
        h(19, LAWMEN, "flip", 2, card="KD", drawn=True, spent=1, upgrade=None),
        h(20, LAWMEN, "flip", 2, card=None, drawn=False, spent=0, upgrade="wounds"),
        h(21, DALTON, "buy", amount=-5, item="hatchet"),
    ]
    return {
        "games": [
            {
                "id": 1,
                "date": "2026-01-01",
                "scenario": "bounty",
                "winner": "The Dalton Boys",
                "last_history": 11,
                "sides": [daltons, lawmen],
            },
            {
                "id": 2,
                "date": "2026-01-02",
                "scenario": "bloodbath",
                "winner": None,
                "last_history": 18,
                "sides": [daltons, lawmen],
            },
        ],
        "posses": [
            {
                "id": DALTON,
                "name": "Daltons",
                "faction": "outlawmen",
                "unspent_flips": 0,
                "purse": 0,
            },
            {"id": LAWMEN, "name": "Lawmen", "faction": "sheriffs", "unspent_flips": 1, "purse": 0},
        ],
        "history": history,
        "upgrades": [
            {"posse_id": DALTON, "member": "Ike", "stat": "toughness", "card": "7H", "game": 1},
            {"posse_id": LAWMEN, "member": "Wyatt", "stat": "wounds", "card": "KD", "game": 2},
        ],
        "ledger": [],
    }


def test_r12_games_by_scenario_in_the_rulesets_order():
    table = scenario_counts(campaign()["games"], RULES)
    assert table.records()[:2] == [
        {"scenario": "bounty", "games": 1},
        {"scenario": "western-prairie-dog", "games": 0},
    ]
    assert [r[0] for r in table.rows] == list(RULES.scenarios)


def test_r12_wins_follow_the_reported_name_of_a_renamed_posse_and_draws_count():
    wins = {r["faction"]: r for r in faction_wins(campaign()["games"], RULES).records()}
    assert wins["outlawmen"] == {
        "faction": "outlawmen",
        "played": 2,
        "won": 1,
        "lost": 0,
        "drawn": 1,
        "win_rate": 0.5,
    }
    assert (wins["sheriffs"]["lost"], wins["sheriffs"]["drawn"]) == (1, 1)
    assert wins["bootleggers"]["played"] == 0 and wins["bootleggers"]["win_rate"] is None
    by_scenario = scenario_wins(campaign()["games"], RULES).rows
    assert ("bounty", "outlawmen", 1, 1, 1.0) in by_scenario
    assert ("bloodbath", "sheriffs", 1, 0, 0.0) in by_scenario


def test_r13_r14_casualties_per_game():
    data = campaign()
    table = game_casualties(data["games"], data["history"])
    assert table.records()[0] == {
        "game": 1,
        "date": "2026-01-01",
        "scenario": "bounty",
        "out_of_action": 2,
        "take_outs": 1,
        "injuries": 2,
        "deaths": 0,
        "flips_earned": 1,
    }
    assert table.rows[1][3:] == (1, 1, 0, 1, 2)


def test_r15_stats_chosen_for_each_card_band():
    data = campaign()
    rows = advancement_choices(data["history"], data["upgrades"], RULES).records()
    face = [r for r in rows if r["cards"] == "J, Q, K, A"]
    assert [(r["stat"], r["turned"], r["chosen"], r["share"]) for r in face] == [
        ("defence", 1, 0, 0.0),
        ("wounds", 1, 1, 1.0),
    ]
    middle = {r["stat"]: r for r in rows if r["cards"].startswith("6")}
    assert middle["toughness"]["chosen"] == 1 and middle["strength"]["share"] == 0.0


def test_r16_purse_after_each_game_counts_purchases_before_it_and_not_after():
    data = campaign()
    rows = purses_after_games(data["games"], data["history"]).rows
    assert rows == (
        ("Daltons", 1, "2026-01-01", 200 - 8 + 25),
        ("Daltons", 2, "2026-01-02", 200 - 8 + 25),  # the hatchet was bought after game 2
        ("Lawmen", 1, "2026-01-01", 200 - 8 - 2),
        ("Lawmen", 2, "2026-01-02", 200 - 8 - 2 + 1 + 15),
    )


def test_items_bought_and_sold():
    rows = {r[0]: r for r in item_counts(campaign()["history"], RULES).rows}
    assert rows["pistol"] == ("pistol", 2, 0, 16)
    assert rows["whiskey"] == ("whiskey", 1, 1, 1)
    assert rows["machete"] == ("machete", 0, 0, 0)
    assert next(iter(rows)) == "pistol"  # most bought first


def test_every_table_prints_and_has_a_unique_name():
    tables = campaign_stats(campaign(), RULES)
    assert len({t.name for t in tables}) == len(tables)
    for t in tables:
        assert t.lines()[0] == f"{t.title}:"
        assert all(len(row) == len(t.columns) for row in t.rows)
    empty = Table("x", "Nothing", ("a", "b"), ())
    assert empty.lines() == ["Nothing:", "a  b", "(none yet)"]
    table = Table("x", "T", ("name", "n"), (("long name", 3), ("b", 12)))
    assert table.lines()[1:] == ["name        n", "long name   3", "b          12"]
