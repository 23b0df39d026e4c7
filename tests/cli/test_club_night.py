"""A club night over loopback (issue 29): 20 players and 2 arbitrators at once on one club
campaign, for ROSTERMGR_CLUB_NIGHT_SECONDS (60 by default, as the issue asks).

tests/cli/club_night.py sets the club up (each player's posse made by its own `posse new`,
flips earned and a gang member killed in games before the night) and starts one process per
player and arbitrator (tests/cli/club_worker.py), each command run as the `rostermgr` script
runs it, as its own role, on its own connection. Players buy, sell, hire, spend flips and
submit post-game reports, and try now and then to change another's posse, to apply a report
and to submit a game their posse did not play; arbitrators apply the waiting reports (sending
back one that no longer applies), and one adopts a ruleset with another price once.
Afterwards, as in the eight-process test (test_postgres_concurrency.py):

- every command either succeeded or was refused in one sentence, and every intrusion was
  refused, in its own sentence;
- `check` is clean;
- every purse equals the sum of its ledger and moved by exactly the money of the commands
  that said they succeeded (buys, sells and hires as they said, incomes of applied reports);
- every change reported as made is there, and nothing else: ledger entries per posse and
  kind, games (one per applied report), each report's status as the arbitrators left it,
  items carried (before + buys - sells - items used up by applied reports), flips turned and
  upgrades chosen, members hired;
- every history line and ledger entry of the night says who made it: the posse's player, or
  the arbitrator who applied the game;
- every purchase after the adoption paid the adopted price.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tests.cli.club_night import CHANGED_ITEM, CHANGED_PRICE, cli, night, set_up, state
from tests.conftest import Cli
from tests.postgres import PostgresServer

SECONDS = float(os.environ.get("ROSTERMGR_CLUB_NIGHT_SECONDS", "60"))


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of some milliseconds; 0 when there are none."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)] if ordered else 0.0


def _purses(url: str, posses: list[str]) -> dict[str, int]:
    """Each posse's purse as `posse show --json` says, after checking it is its ledger's sum."""
    purses = {}
    for name in posses:
        shown = json.loads(cli(url, "posse", "show", name, "--json"))
        ledger = shown["ledger"]
        assert shown["purse"] == sum(e["amount"] for e in ledger) >= 0, name
        assert ledger[-1]["balance"] == shown["purse"], name
        purses[name] = shown["purse"]
    return purses


def test_a_club_night_of_twenty_players_and_two_arbitrators_loses_nothing(
    postgres_server: PostgresServer, postgres_url: str, tmp_path: Path
) -> None:
    club = set_up(postgres_url, tmp_path)
    posses = sorted(club.owners)
    before, purses_before = state(postgres_url), _purses(postgres_url, posses)
    folder = tmp_path / "night"
    folder.mkdir()

    said = night(club, SECONDS, folder)

    odd = [o for s in said for o in s["odd"]]
    assert odd == [], "\n".join(f"{o['args']} exit {o['code']}: {o['err']}" for o in odd)
    done, money, refused = Counter[str](), Counter[str](), Counter[str]()
    submitted: dict[int, dict[str, Any]] = {}
    applied: dict[int, tuple[int, str]] = {}  # report -> (game, arbitrator)
    sent_back: dict[int, str] = {}
    for s in said:
        done.update(s["done"])
        money.update(s["money"])
        refused.update(s["refused"])
        submitted.update({int(n): dict(r, by=s["role"]) for n, r in s["submitted"].items()})
        applied.update({int(n): (g, s["role"]) for n, g in s["applied"].items()})
        sent_back.update({n: s["role"] for n in s["sent_back"]})
    # The night means something: each kind of command succeeded, and each intrusion was refused.
    kinds = Counter(key.split(" ", 1)[0] for key in done.elements())
    assert all(kinds[k] > 0 for k in ("buy", "sell", "hire", "flip", "report")), kinds
    assert applied and sent_back and sum(s["adopted"] for s in said) == 1, (applied, sent_back)
    for what in ("another's posse", "apply", "record"):
        assert done[f"refused {what}"] > 0, (what, done)

    check = Cli(postgres_url, tmp_path)("check")  # type: ignore[arg-type]
    assert check.code == 0, check.out + check.err

    after = state(postgres_url)
    # Reports: those the players submitted, and no other, each as the arbitrators left it.
    assert [r[0] for r in after["reports"]] == sorted(submitted)
    for number, status, game, author, decided_by in after["reports"]:
        assert author == submitted[number]["by"], number
        if number in applied:
            assert (status, game, decided_by) == ("applied", *applied[number]), number
        elif number in sent_back:
            assert (status, game, decided_by) == ("sent back", None, sent_back[number]), number
        else:
            assert (status, game, decided_by) == ("waiting", None, None), number
    # Games: one per applied report, no other.
    assert after["games"][len(before["games"]) :] == sorted(g for g, _ in applied.values())
    by_game = {game: arbitrator for game, arbitrator in applied.values()}
    income = Counter[str]()
    used = Counter[str]()
    for number in applied:
        report = submitted[number]
        income[report["posse"]] += 1
        money[report["posse"]] += report["income"]
        used[report["posse"]] += report["used"] is not None
    # Purses moved by exactly the money of the successes, and equal their ledgers.
    purses_after = _purses(postgres_url, posses)
    for name in posses:
        assert purses_after[name] - purses_before[name] == money[name], (name, money)
    # Ledger entries of the night: per posse and kind, as many as succeeded; each by its maker.
    night_ledger = after["ledger"][len(before["ledger"]) :]
    assert after["ledger"][: len(before["ledger"])] == before["ledger"]
    grown = Counter(f"{kind} {posse}" for _, posse, kind, *_ in night_ledger)
    trades = ("buy", "sell", "hire")
    expected = Counter({k: n for k, n in done.items() if k.split(" ")[0] in trades})
    expected.update({f"income {p}": n for p, n in income.items()})
    assert grown == expected, (grown - expected, expected - grown)
    for _, posse, kind, _amount, author, game, _reason in night_ledger:
        assert author == (by_game[game] if game is not None else club.owners[posse]), (posse, kind)
    for _, posse, kind, author, game in after["history"][len(before["history"]) :]:
        # A flip is the player's, whichever game earned it (its line names that game).
        maker = by_game[game] if game in by_game and kind != "flip" else club.owners[posse]
        assert author == maker, (posse, kind, game)
    # Items carried: before, plus buys, minus sells and what applied reports used up.
    for name in posses:
        carried = before["items"][name] + done[f"buy {name}"] - done[f"sell {name}"] - used[name]
        assert after["items"][name] == carried, name
    # Flips turned and upgrades chosen, members hired.
    draws, chooses, pending = Counter[tuple[str, str]](), Counter[tuple[str, str]](), {}
    for s, plan in zip(said, club.plans, strict=True):
        for member, n in s["draws"].items():
            draws[plan["posse"], member] += n
        for member, n in s["chooses"].items():
            chooses[plan["posse"], member] += n
        pending.update({(plan["posse"], m): card for m, card in s["pending"].items()})
    for key, (status, flips, waiting, upgrades) in before["members"].items():
        assert waiting is None, key
        assert after["members"][key] == (
            status,
            flips - draws[key],
            pending.get(key),
            upgrades + chooses[key],
        ), key
    hired = Counter(posse for posse, _ in set(after["members"]) - set(before["members"]))
    assert hired == Counter({p: done[f"hire {p}"] for p in posses if done[f"hire {p}"]})
    # The adoption: once, and every purchase after it paid its price.
    assert [r[1] for r in after["rulesets"]] == [0, 1]
    mark = after["rulesets"][-1][2]
    late = [e for e in night_ledger if e[0] > mark and e[2] == "buy" and CHANGED_ITEM in e[6]]
    early = [e for e in night_ledger if e[0] <= mark and e[2] == "buy" and CHANGED_ITEM in e[6]]
    assert {e[3] for e in late} <= {-CHANGED_PRICE}, late
    assert {e[3] for e in early} <= {-4}, early

    commands = sum(s["commands"] for s in said)
    took: dict[str, list[float]] = {}
    for s in said:
        for kind, ms in s["took"].items():
            took.setdefault(kind, []).extend(ms)
    sys.stdout.write(
        f"{len(club.players)} players, {len(club.arbitrators)} arbitrators, {SECONDS:g} s: "
        f"{commands} commands ({commands / SECONDS:.1f} a second); succeeded {dict(kinds)}; "
        f"{len(applied)} reports applied, {len(sent_back)} sent back, "
        f"{len(submitted) - len(applied) - len(sent_back)} waiting; refused {dict(refused)}; "
        f"p95 ms: buy {p95(took.get('buy', [])):.0f}, apply {p95(took.get('apply', [])):.0f}\n"
    )
