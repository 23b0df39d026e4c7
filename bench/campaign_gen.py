"""Generate campaign files of any size for the benchmarks, quickly and within the schema.

Posses are written through `db.posses.create_posse` (all in one transaction), so every posse is
exactly what `posse new` would write. History is then grown with games: `record_game` for a
few real ones, and bulk inserts for the rest that write what a game writes for two posses that
drew with some income (a `game` row per posse, `income` ledger entries with their history
rows, the game's `game_posse` rows), each game carrying its real undo mark. The undo log is
kept by the schema's own triggers, so it grows as it would in play.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

# The creation requests of tests/conftest.py (DALTON, LAWMEN), as templates.
DALTON_MEMBERS: list[dict[str, Any]] = [
    {"name": "Ike Dalton", "role": "leader", "items": ["revolver", "medium-leather"]},
    {"name": "Ma Dalton", "role": "deputy", "items": ["shotgun"]},
    {"name": "Kid", "role": "ganger", "items": ["pistol"]},
    {"name": "Slim", "role": "ganger", "items": []},
    {"name": "Doc", "role": "ganger", "items": ["hunting-knife", "whiskey"]},
]
LAWMEN_MEMBERS: list[dict[str, Any]] = [
    {"name": "Wyatt", "role": "leader", "items": ["pistol", "light-leather"]},
    {"name": "Virgil", "role": "deputy", "items": ["pistol"]},
    {"name": "Morgan", "role": "ganger", "items": ["switchblade"]},
    {"name": "Doc H", "role": "ganger", "items": []},
    {"name": "Texas Jack", "role": "ganger", "items": ["whiskey"]},
]
# Even posses use the Dalton roster, odd ones the Lawmen roster; factions cycle over all four.
DALTON_FACTIONS = ("outlawmen", "bootleggers")
LAWMEN_FACTIONS = ("sheriffs", "townsfolk")
SCENARIOS = ("bounty", "western-prairie-dog", "supply-drop", "bloodbath", "other")
START = date(2025, 1, 4)


def posse_name(i: int) -> str:
    return f"{'The Dalton Boys' if i % 2 == 0 else 'Last Hope Lawmen'} {i:04d}"


def creation_request(i: int) -> dict[str, Any]:
    """The creation request of posse i (a copy: callers may change it)."""
    members = DALTON_MEMBERS if i % 2 == 0 else LAWMEN_MEMBERS
    factions = DALTON_FACTIONS if i % 2 == 0 else LAWMEN_FACTIONS
    return {
        "name": posse_name(i),
        "faction": factions[(i // 2) % 2],
        "members": json.loads(json.dumps(members)),
    }


def game_report(dalton: int, lawmen: int, when: str = "2026-11-28") -> dict[str, Any]:
    """The README's post-game report between a Dalton-roster and a Lawmen-roster posse."""
    a, b = posse_name(dalton), posse_name(lawmen)
    return {
        "date": when,
        "scenario": "bounty",
        "posses": [a, b],
        "winner": b,
        "out_of_action": [
            {"posse": a, "member": "Kid", "by": {"posse": b, "member": "Wyatt"}},
            {"posse": b, "member": "Morgan", "by": {"posse": a, "member": "Ike Dalton"}},
        ],
        "bounties": [{"posse": b, "target": {"posse": a, "member": "Kid"}, "claimed": True}],
        "income": [{"posse": b, "amount": 15, "reason": "escort fee"}],
        "goods_sold": [{"posse": a, "market_value": 31, "reason": "supply crates"}],
        "items_used": [{"posse": a, "member": "Doc", "item": "whiskey"}],
        "notes": "A long afternoon at the assay office.",
    }


@dataclass(frozen=True)
class Campaign:
    path: Path
    posses: int
    history: int
    games: int
    seconds: float

    def as_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "posses": self.posses,
            "history_rows": self.history,
            "games": self.games,
            "build_s": round(self.seconds, 2),
        }


def record_game(report: Any, rules: Any) -> int:
    """A game as `services.games.record` writes it, without a Campaign (no backup, no lock):
    the posses loaded through db, the report planned, the plan written, in one transaction."""
    from db import games
    from db import models as m
    from rostermgr.postgame import plan_game

    with m.database.atomic():
        plan = plan_game(report, games.report_posses(report), rules)
        return games.apply_game(report, plan, rules)


def build_campaign(
    path: Path, posses: int, history: int, real_games: int = 0, seed: int = 9
) -> Campaign:
    """A campaign file at path with `posses` posses and at least `history` history rows.

    real_games games go through `record_game` (between posses from the top of the list, so the
    low-numbered ones stay untouched for the benchmarks); the rest are bulk inserts.
    """
    from db import models as m
    from db.connection import open_campaign
    from db.posses import create_posse
    from rostermgr.report import parse_report
    from rostermgr.rules_load import default_ruleset
    from rostermgr.shop import plan_creation

    started = time.perf_counter()
    for stale in (Path(path), Path(f"{path}-wal"), Path(f"{path}-shm")):
        stale.unlink(missing_ok=True)
    rules = default_ruleset()
    db = open_campaign(path)
    try:
        with m.database.atomic():
            for i in range(posses):
                create_posse(plan_creation(creation_request(i), rules), rules)
            # founded before the first game, whatever today is: a game may not be dated
            # before a posse in it was founded (R12)
            m.Posse.update(created=(START - timedelta(days=1)).isoformat()).execute()
        for g in range(real_games):
            dalton = posses - 2 - 2 * (g % (posses // 4))
            lawmen = dalton + 1
            when = (START + timedelta(days=g)).isoformat()
            report = game_report(dalton, lawmen, when)
            report["out_of_action"] = []  # nobody dies, however many games they play
            for bounty in report["bounties"]:
                bounty["claimed"] = False  # so no bounty can be claimed (R12)
            report["items_used"] = []
            record_game(parse_report(report, rules), rules)
        games = real_games + _bulk_games(m, posses, history, random.Random(seed))
        rows = m.History.select().count()
    finally:
        db.close()
    return Campaign(Path(path), posses, rows, games, time.perf_counter() - started)


def _bulk_games(m: Any, posses: int, history: int, rng: random.Random) -> int:
    """Insert games until the campaign has `history` history rows; returns how many."""
    from db.undo import undo_mark

    ids = [p.id for p in m.Posse.select(m.Posse.id).order_by(m.Posse.id)]
    names = dict(m.Posse.select(m.Posse.id, m.Posse.name).tuples())
    per_game = 4  # two `game` rows and two `income` rows
    count = max(0, (history - m.History.select().count()) // per_game)
    with m.database.atomic():
        for n in range(count):
            seq = undo_mark(m.database)
            a, b = rng.sample(ids, 2)
            when = (START + timedelta(days=n * 700 // max(count, 1))).isoformat()
            scenario = SCENARIOS[n % len(SCENARIOS)]
            report = {"date": when, "scenario": scenario, "posses": [names[a], names[b]]}
            game = m.Game.create(
                date=when,
                scenario=scenario,
                winner=None,
                notes="",
                report=json.dumps(report),
                undo_mark=seq,
            )
            m.GamePosse.insert_many(
                [(game.id, a), (game.id, b)], [m.GamePosse.game, m.GamePosse.posse]
            ).execute()
            rows, money = [], []
            for me, them in ((a, b), (b, a)):
                text = f"Played {scenario} against {names[them]} and drew."
                data = {"scenario": scenario, "opponents": [names[them]], "winner": None}
                rows.append((me, game.id, "game", text, json.dumps(data), when))
                fee = rng.randint(5, 30)
                reason = "escort fee"
                money.append((me, fee, reason, "income", when, game.id))
                rows.append(
                    (
                        me,
                        game.id,
                        "income",
                        f"{names[me]} earns ${fee}: {reason}.",
                        json.dumps({"amount": fee}),
                        when,
                    )
                )
            last = m.History.insert_many(
                rows,
                [
                    m.History.posse,
                    m.History.game,
                    m.History.kind,
                    m.History.text,
                    m.History.data,
                    m.History.date,
                ],
            ).execute()
            m.Ledger.insert_many(
                money,
                [
                    m.Ledger.posse,
                    m.Ledger.amount,
                    m.Ledger.reason,
                    m.Ledger.kind,
                    m.Ledger.date,
                    m.Ledger.game,
                ],
            ).execute()
            m.Game.update(last_history=last).where(m.Game.id == game.id).execute()
    return count
