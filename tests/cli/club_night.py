"""A club night on a PostgreSQL server: the club, the night and what it left (issue 29).

Shared by the test (tests/cli/test_club_night.py) and the benchmark (bench/clubnight.py):

- `set_up` makes a club campaign on an empty database (as the server's superuser, its first
  arbitrator): ARBITRATORS arbitrators and PLAYERS players, each player with one posse made by
  their own `posse new`; then one arbitrator records three games between pairs of posses before
  the night, in which each posse's last gang member is taken out three times (dead, so a
  replacement may be hired) and each leader and deputy earns flips (R14) to spend.
- `night` starts one process per player and arbitrator (tests/cli/club_worker.py), lets them
  go at once for the seconds given, and returns what each said it did.
- `state` reads what the campaign holds, straight from the database.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import DALTON, LAWMEN, RYE

PLAYERS = 20
ARBITRATORS = 2
ROOT = Path(__file__).parents[2]
RULESET = ROOT / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
CHANGED_ITEM, CHANGED_PRICE = "hooch", 6  # the adopted ruleset's one change of price (from 4)
TEMPLATES = (DALTON, LAWMEN, RYE)


def as_role(url: str, role: str) -> str:
    """The same database's URL as `role` (the test server trusts loopback logins)."""
    return url.replace("postgres@", f"{role}@", 1)


def cli(url: str, *args: str) -> str:
    """`rostermgr --db URL ARGS` in-process; its output, or an error naming what failed."""
    from cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", url, *args], out=out, err=err)
    if code != 0:
        raise RuntimeError(f"rostermgr {' '.join(args)} exited {code}: {err.getvalue()}")
    return out.getvalue()


@dataclass
class Club:
    """The club as set up: who is in it, the workers' plans, and the ruleset to adopt."""

    url: str  # as the superuser
    arbitrators: list[str]
    players: list[str]
    owners: dict[str, str]  # posse -> its player
    plans: list[dict[str, Any]]  # one per worker, players first


def _posse_doc(i: int) -> dict[str, Any]:
    template = TEMPLATES[i % len(TEMPLATES)]
    return dict(json.loads(json.dumps(template)), name=f"{template['name']} {i:02d}")


def _pre_night_game(a: dict[str, Any], b: dict[str, Any], first: bool) -> dict[str, Any]:
    """A game between two posses: each leader takes out the other's last gang member (the third
    time kills him), and in the first game each deputy takes out a gang member too."""
    names = [m["name"] for m in a["members"]], [m["name"] for m in b["members"]]

    def out(victim: tuple[str, str], by: tuple[str, str]) -> dict[str, Any]:
        return {
            "posse": victim[0],
            "member": victim[1],
            "by": {"posse": by[0], "member": by[1]},
        }

    done = [
        out((a["name"], names[0][4]), (b["name"], names[1][0])),
        out((b["name"], names[1][4]), (a["name"], names[0][0])),
    ]
    if first:
        done += [
            out((a["name"], names[0][3]), (b["name"], names[1][1])),
            out((b["name"], names[1][3]), (a["name"], names[0][1])),
        ]
    return {"scenario": "bloodbath", "posses": [a["name"], b["name"]], "out_of_action": done}


def adopted_ruleset(folder: Path) -> Path:
    """The shipped ruleset with another version and one price changed, to adopt at night."""
    text = RULESET.read_text(encoding="utf-8").replace('version = "', 'version = "9-club-', 1)
    text, n = re.subn(
        rf"(\[items\.{CHANGED_ITEM}\][^\[]*?price = )\d+", rf"\g<1>{CHANGED_PRICE}", text
    )
    assert n == 1
    path = folder / "club-night-ruleset.toml"
    path.write_text(text, encoding="utf-8")
    return path


def set_up(url: str, folder: Path, players: int = PLAYERS) -> Club:
    """Make the club campaign at `url` (an empty database, as the superuser); see the module."""
    tag = uuid.uuid4().hex[:6]  # roles are the whole server's: this club's own names
    arbitrators = [f"arb{i}_{tag}" for i in range(ARBITRATORS)]
    names = [f"p{i:02d}_{tag}" for i in range(players)]
    cli(url, "club", "init", url)
    for role in arbitrators:
        cli(url, "club", "add-arbitrator", url, role)
    docs = [_posse_doc(i) for i in range(players)]
    for role, doc in zip(names, docs, strict=True):
        cli(url, "club", "add-player", url, role)
        request = folder / f"{role}-posse.json"
        request.write_text(json.dumps(doc), encoding="utf-8")
        cli(as_role(url, role), "posse", "new", str(request))
    boss = as_role(url, arbitrators[0])
    for n in range(3):
        for i in range(0, players - 1, 2):
            report = folder / f"pre-night-{n}-{i}.json"
            report.write_text(json.dumps(_pre_night_game(docs[i], docs[i + 1], n == 0)))
            cli(boss, "game", "record", str(report))
    owners = {doc["name"]: role for role, doc in zip(names, docs, strict=True)}
    leaders = {doc["name"]: doc["members"][0]["name"] for doc in docs}
    plans = [
        player_plan(url, role, posse, {p: m for p, m in leaders.items() if p != posse})
        for posse, role in owners.items()
    ]
    ruleset = str(adopted_ruleset(folder))
    for i, role in enumerate(arbitrators):
        plans.append({"part": "arbitrator", "role": role, "adopt": ruleset if i == 0 else None})
    return Club(url, arbitrators, names, owners, plans)


def player_plan(url: str, role: str, posse: str, others: dict[str, str]) -> dict[str, Any]:
    """A player's plan for the night (tests/cli/club_worker.py): their posse as it is now, its
    active members with their items, flips and waiting cards, and `others` (every other
    posse, with a member of it)."""
    shown = json.loads(cli(url, "posse", "show", posse, "--json"))
    members = {
        m["name"]: {"items": m["items"], "flips": m["flips"], "pending": m["pending_card"]}
        for m in shown["members"]
        if m["status"] == "active"
    }
    return {"part": "player", "role": role, "posse": posse, "members": members, "others": others}


def night(
    club: Club, seconds: float, folder: Path, plans: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Start every worker (or those of `plans`), let them go at once, and collect what each
    says it did."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [
                *(sys.executable, "-m", "tests.cli.club_worker"),
                *(as_role(club.url, plan["role"]), str(seed), str(seconds), str(folder)),
                json.dumps(plan),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for seed, plan in enumerate(club.plans if plans is None else plans)
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
            out, err = proc.communicate(timeout=seconds + 300)
            assert proc.returncode == 0, err
            assert err == "", err  # nothing on stderr but what main() wrote, in the results
            said.append(json.loads(out.strip().splitlines()[-1]))
        return said
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def state(url: str) -> dict[str, Any]:
    """What the campaign holds, straight from the database (as the superuser)."""
    import psycopg

    with psycopg.connect(url) as conn:

        def rows(sql: str) -> list[tuple[Any, ...]]:
            return conn.execute(sql).fetchall()  # type: ignore[arg-type]  # fixed statements

        return {
            "ledger": rows(
                "SELECT l.id, p.name, l.kind, l.amount, l.author, l.game_id, l.reason "
                "FROM ledger l JOIN posse p ON p.id = l.posse_id ORDER BY l.id"
            ),
            "history": rows(
                "SELECT h.id, p.name, h.kind, h.author, h.game_id "
                "FROM history h JOIN posse p ON p.id = h.posse_id ORDER BY h.id"
            ),
            "items": Counter(
                dict(
                    rows(
                        "SELECT p.name, COUNT(*) FROM member_item i JOIN member m "
                        "ON m.id = i.member_id JOIN posse p ON p.id = m.posse_id GROUP BY p.name"
                    )
                )
            ),
            "members": {
                (posse, name): (status, flips, pending, upgrades)
                for posse, name, status, flips, pending, upgrades in rows(
                    "SELECT p.name, m.name, m.status, m.flips, m.pending_card, "
                    "(SELECT COUNT(*) FROM upgrade u WHERE u.member_id = m.id) "
                    "FROM member m JOIN posse p ON p.id = m.posse_id"
                )
            },
            "games": [g[0] for g in rows("SELECT id FROM game ORDER BY id")],
            "reports": rows(
                "SELECT id, status, game_id, author, decided_by FROM submitted_report ORDER BY id"
            ),
            "rulesets": rows(
                "SELECT version, current, ledger_mark, history_mark FROM ruleset ORDER BY id"
            ),
        }
