"""A seed reproduces its own campaigns: today's simulator against a frozen reference (#33).

`frozen.json` was written by the simulator as it stood before issue 33 made it faster (commit
7b64d28), for four models: a digest of every campaign run (each posse after each round, wins,
take-outs), and the headline figures of the report. The speed-ups keep every random draw in its
order, so the runs are the very same. A change that means to change the draws (a new rule, a
new model) must show that its figures agree with these within sampling error before writing a
new reference.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.exchange import OddsTable
from rostermgr.simulate.model import Model
from rostermgr.simulate.run import Job, run_slice
from rostermgr.simulate.summary import summarise
from rostermgr.simulate.text import summary_json

FROZEN = json.loads((Path(__file__).parent / "frozen.json").read_text(encoding="utf-8"))
RULES = default_ruleset()
TABLE = OddsTable(RULES)  # shared by the models: the odds do not depend on them
CAMPAIGNS, GAMES = 40, 8
MODELS: dict[str, tuple[tuple[str, ...], int, dict[str, Any]]] = {
    "default": ((), 1, {}),
    "weakest-reflip": (
        (),
        7,
        {"target": "weakest", "reflip": "unwanted", "exchanges_per_turn": 3.5},
    ),
    "leader-weapons": (
        ("sheriffs", "sheriffs", "outlawmen"),
        3,
        {"target": "leader", "shopping": "weapons", "prefer": ("shot",)},
    ),
    "no-shopping": ((), 11, {"shopping": "none", "reserve": 0, "exchanges_per_turn": 8.0}),
}


@pytest.mark.parametrize("name", list(MODELS))
def test_the_same_seed_gives_the_campaigns_it_gave_before(name: str) -> None:
    factions, seed, model = MODELS[name]
    job = Job(
        RULES.text,
        RULES.source,
        CAMPAIGNS,
        GAMES,
        factions or tuple(RULES.factions),
        seed,
        Model(**model),
    )
    runs = run_slice(job, RULES, range(CAMPAIGNS), TABLE)
    doc = summary_json(summarise(runs, GAMES), RULES, seed)
    kept = ("win_rate", "draw_rate", "no_death", "first_death", "stat_spread", "take_outs_per_game")
    figures = {k: doc[k] for k in kept}
    figures["last_game"] = [g for g in doc["by_game"] if g["game"] == GAMES]
    # the figures first: a failure says which moved before the digest says that something did
    assert json.loads(json.dumps(figures)) == FROZEN[name]["figures"]
    assert hashlib.sha256(repr(runs).encode()).hexdigest() == FROZEN[name]["runs_sha256"]
