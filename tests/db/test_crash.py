"""Kill -9 while recording games: the file stays whole and every acknowledged game is there."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from db.connection import open_campaign
from db.posses import create_posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation

SEEDS = 100
WORKER = Path(__file__).with_name("crash_worker.py")
ROOT = Path(__file__).parents[2]


def _posse(name: str, faction: str) -> dict:
    return {
        "name": name,
        "faction": faction,
        "members": [
            {"name": "Boss", "role": "leader"},
            {"name": "Second", "role": "deputy"},
            {"name": "One", "role": "ganger"},
            {"name": "Two", "role": "ganger"},
            {"name": "Three", "role": "ganger"},
        ],
    }


def _state(path: Path) -> tuple[str, list[str], int, int]:
    con = sqlite3.connect(path)
    try:
        verdict = con.execute("PRAGMA integrity_check").fetchone()[0]
        notes = [r[0] for r in con.execute("SELECT notes FROM game ORDER BY id")]
        income = con.execute("SELECT COUNT(*) FROM ledger WHERE kind='income'").fetchone()[0]
        links = con.execute("SELECT COUNT(*) FROM game_posse").fetchone()[0]
        return verdict, notes, income, links
    finally:
        con.close()


def test_kill_9_never_leaves_a_half_recorded_game(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    rules = default_ruleset()
    db = open_campaign(path)
    create_posse(plan_creation(_posse("A", "sheriffs"), rules), rules)
    create_posse(plan_creation(_posse("B", "outlawmen"), rules), rules)
    db.close()
    acked: set[str] = set()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for seed in range(SEEDS):
        rng = random.Random(seed)
        _, before, _, _ = _state(path)
        proc = subprocess.Popen(
            [sys.executable, str(WORKER), str(path), str(len(before) + 1000 * seed)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.06))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        acked.update(
            f"game {line.split()[1]}" for line in out.splitlines() if line.startswith("ack")
        )
        verdict, notes, income, links = _state(path)
        assert verdict == "ok", f"seed {seed}: {verdict}"
        assert acked <= set(notes), f"seed {seed}: an acknowledged game is missing"
        # No half-recorded game: each game has both its posses and its one income entry.
        assert links == 2 * len(notes) and income == len(notes), f"seed {seed}"
    # the workers did record games before being killed (how many depends on the machine's load)
    assert len(acked) >= SEEDS // 4
    db = open_campaign(path)
    from db.check import check_campaign

    assert check_campaign(db, rules) == []
    db.close()
