"""Eight players at once on one PostgreSQL campaign (issue 28): nothing lost, nothing doubled.

Eight processes (tests/cli/pg_worker.py) buy, sell and record games on one server campaign at
the same time for ROSTERMGR_CONCURRENCY_SECONDS (30 by default, as the issue asks), each
command run as the `rostermgr` script runs it, on its own connection. Afterwards:

- every command either succeeded (exit 0, nothing on stderr) or was refused in one sentence
  (exit 1): no internal error, whatever the interleaving;
- `check` is clean;
- every purse equals the sum of its ledger, is never negative, and has moved by exactly the
  money of the commands that succeeded on it (a lost update would show here first);
- the count of changes equals the count of commands that said they succeeded. A change is
  what one successful command leaves behind, and each leaves exactly one: a `buy` or `sell`
  ledger entry (per posse), or a game (with its one `income` entry). Refused commands,
  whether by a rule (a purse too small, a member who may carry no more) or by losing the
  race too often ("tried 4 times"), leave none of these.
- the items carried match: each posse's items now are its items before, plus its buys,
  minus its sells.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tests.conftest import DALTON, LAWMEN, RYE, Cli
from tests.postgres import PostgresServer

PLAYERS = 8
SECONDS = float(os.environ.get("ROSTERMGR_CONCURRENCY_SECONDS", "30"))
ROOT = Path(__file__).parents[2]
# A fourth posse, so that the eight players spread over more than three purses.
RIDERS = {
    "name": "The Night Riders",
    "faction": "townsfolk",
    "members": [
        {"name": "Belle", "role": "leader", "items": ["pistol"]},
        {"name": "Hank", "role": "deputy", "items": []},
        {"name": "Cole", "role": "ganger", "items": []},
        {"name": "Jesse", "role": "ganger", "items": ["whiskey"]},
        {"name": "Frank", "role": "ganger", "items": []},
    ],
}
POSSES = (DALTON, LAWMEN, RYE, RIDERS)


def _counts(url: str) -> dict[str, Any]:
    """Straight from the database: ledger entries by posse and kind, items, games."""
    import psycopg

    with psycopg.connect(url) as conn:
        ledger = conn.execute(
            "SELECT p.name, l.kind, COUNT(*) FROM ledger l JOIN posse p ON p.id = l.posse_id "
            "GROUP BY p.name, l.kind"
        ).fetchall()
        items = conn.execute(
            "SELECT p.name, COUNT(*) FROM member_item i JOIN member m ON m.id = i.member_id "
            "JOIN posse p ON p.id = m.posse_id GROUP BY p.name"
        ).fetchall()
        row = conn.execute("SELECT COUNT(*) FROM game").fetchone()
    assert row is not None
    return {
        "ledger": Counter({f"{kind} {name}": n for name, kind, n in ledger}),
        "items": Counter(dict(items)),
        "games": row[0],
    }


def _purses(cli: Cli) -> dict[str, int]:
    """Each posse's purse as `posse show --json` says, after checking it is its ledger's sum."""
    purses = {}
    for doc in POSSES:
        shown = cli.ok("posse", "show", str(doc["name"]), "--json").json()
        assert isinstance(shown, dict)
        ledger = shown["ledger"]
        assert shown["purse"] == sum(e["amount"] for e in ledger) >= 0, doc["name"]
        assert ledger[-1]["balance"] == shown["purse"], doc["name"]
        purses[shown["name"]] = shown["purse"]
    return purses


def _play(url: str, folder: Path) -> list[dict[str, Any]]:
    """Start the players, let them go at once, and collect what each says it did."""
    members = {
        str(d["name"]): {m["name"]: m["items"] for m in d["members"]}  # type: ignore[attr-defined]
        for d in POSSES
    }
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [
                *(sys.executable, "-m", "tests.cli.pg_worker", url, str(seed)),
                *(str(SECONDS), str(folder), json.dumps(members)),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for seed in range(PLAYERS)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        said = []
        for proc in procs:
            out, err = proc.communicate(timeout=SECONDS + 180)
            assert proc.returncode == 0, err
            assert err == "", err  # nothing on stderr but what main() wrote, in the results
            said.append(json.loads(out.strip().splitlines()[-1]))
        return said
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_eight_players_at_once_lose_nothing_and_double_nothing(
    postgres_server: PostgresServer, postgres_url: str, tmp_path: Path
) -> None:
    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]  # --db takes the URL
    for doc in POSSES:
        cli.new_posse(dict(doc))
    purses_before, before = _purses(cli), _counts(postgres_url)
    folder = tmp_path / "reports"
    folder.mkdir()

    said = _play(postgres_url, folder)

    odd = [o for s in said for o in s["odd"]]
    assert odd == [], "\n".join(f"{o['args'][:2]} exit {o['code']}: {o['err']}" for o in odd)
    done, money, refused = Counter(), Counter(), Counter()
    for s in said:
        done.update(s["done"])
        money.update(s["money"])
        refused.update(s["refused"])
    # The test means something: each kind of command both succeeded and was refused.
    kinds = Counter(key.split(" ", 1)[0] for key in done.elements())
    assert all(kinds[k] > 0 for k in ("buy", "sell", "game")), (kinds, refused)
    assert refused["cannot afford"] + refused["may carry only"] + refused["has no"] > 0, refused

    check = cli("check")
    assert check.code == 0, check.out + check.err

    after = _counts(postgres_url)
    purses_after = _purses(cli)
    for name, purse in purses_after.items():
        assert purse - purses_before[name] == money[name], (name, purse, money)

    grown = after["ledger"] - before["ledger"]
    games = after["games"] - before["games"]
    # Each successful buy and sell left its ledger entry on its posse; each game one income.
    for key in {*grown, *done}:
        kind, name = key.split(" ", 1)
        if kind in ("buy", "sell"):
            assert grown[key] == done[key], (key, grown, done)
        elif kind == "income":
            assert grown[key] == done[f"game {name}"], (key, grown, done)
        else:
            assert kind == "game", key
    changes = sum(n for key, n in grown.items() if not key.startswith("income ")) + games
    assert changes == sum(done.values()), (changes, done, refused)
    assert games == kinds["game"]
    for doc in POSSES:
        name = str(doc["name"])
        carried = before["items"][name] + done[f"buy {name}"] - done[f"sell {name}"]
        assert after["items"][name] == carried, name
    took = {k: sorted(ms for s in said for ms in s["took"][k]) for k in ("buy", "sell", "game")}
    medians = {k: v[len(v) // 2] for k, v in took.items()}
    sys.stdout.write(
        f"{PLAYERS} players, {SECONDS:g} s: {sum(s['commands'] for s in said)} commands, "
        f"{dict(kinds)} succeeded, refused {dict(refused)}; median ms {medians}\n"
    )
