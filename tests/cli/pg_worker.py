"""One player of the concurrency test (tests/cli/test_postgres_concurrency.py).

    python -m tests.cli.pg_worker URL SEED SECONDS FOLDER POSSES_JSON

Prints `ready` once imported, waits for a line on stdin (every player starts at once), then
buys, sells and records games on the campaign at URL for SECONDS, each command as the
`rostermgr` script runs it (`cli.main`, its own connection per command), and prints one
JSON line: what succeeded, posse by posse, with the money each success moved; the first
line of every refusal; and every outcome that is not a success or a one-sentence refusal.

POSSES_JSON maps each posse's name to its members, each to the items it carried at the start.
A player sells what it knows of: those items and what it bought itself (another player may
have sold it meanwhile, which is refused).
"""

from __future__ import annotations

import io
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from cli import main
from rostermgr.rules_load import default_ruleset

# Items of every kind, cheap and dear, so that both "cannot afford" and "may carry only"
# refusals happen as well as successes.
ITEMS = ("whiskey", "hooch", "switchblade", "hatchet", "light-leather", "pistol", "dynamite")
WEIGHTS = {"buy": 5, "sell": 3, "game": 2}


def _report(rng: random.Random, names: list[str], n: int, seed: int) -> dict[str, Any]:
    """A game between two of the posses, dated after their founding, with one income."""
    a, b = rng.sample(names, 2)
    day = rng.randrange(0, 300)
    when = time.strftime("%Y-%m-%d", time.gmtime(1738368000 + day * 86400))  # from 2025-02-01
    amount = rng.randint(3, 15)
    return {
        "date": when,
        "scenario": "bloodbath",
        "posses": [a, b],
        "winner": rng.choice([a, b, None]),
        "income": [{"posse": a, "amount": amount, "reason": f"player {seed} game {n}"}],
    }


def play(
    url: str, seed: int, seconds: float, folder: Path, posses: dict[str, dict[str, list[str]]]
) -> dict[str, Any]:
    """Run commands until `seconds` have passed; what happened, as a JSON-ready dict."""
    rules = default_ruleset()
    rng = random.Random(seed)
    names = sorted(posses)
    held = [
        (p, m, i) for p, members in posses.items() for m, items in members.items() for i in items
    ]
    done: Counter[str] = Counter()  # "buy The Dalton Boys" -> successes
    money: Counter[str] = Counter()  # posse -> dollars its successful commands moved
    refused: Counter[str] = Counter()
    odd: list[dict[str, Any]] = []
    took: dict[str, list[float]] = {"buy": [], "sell": [], "game": []}  # ms of each success
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        n += 1
        kind = rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
        if kind == "game":
            doc = _report(rng, names, n, seed)
            report = folder / f"player{seed}-game{n}.json"
            report.write_text(json.dumps(doc), encoding="utf-8")
            args = ["game", "record", str(report)]
            posse, delta = doc["income"][0]["posse"], doc["income"][0]["amount"]
        elif kind == "sell" and held:
            posse, member, item = sold = rng.choice(held)
            args = ["posse", kind, posse, member, item]
            delta = rules.item(item).price * rules.resale_percent // 100
        else:
            kind = "buy"
            posse = rng.choice(names)
            member, item = rng.choice(sorted(posses[posse])), rng.choice(ITEMS)
            args = ["posse", kind, posse, member, item]
            delta = -rules.item(item).price
        out, err = io.StringIO(), io.StringIO()
        began = time.perf_counter()
        code = main(["--db", url, *args], out=out, err=err)
        ms = (time.perf_counter() - began) * 1000
        said = err.getvalue()
        if code == 0 and not said:
            done[f"{kind} {posse}"] += 1
            money[posse] += delta
            took[kind].append(round(ms, 1))
            if kind == "buy":
                held.append((posse, member, item))
            elif kind == "sell":
                held.remove(sold)
        elif code == 1 and said.count("\n") == 1 and "internal error" not in said:
            refused[_shape(said)] += 1
            if kind == "sell" and "has no" in said:
                held.remove(sold)  # another player sold it first
        else:
            odd.append({"args": args, "code": code, "err": said, "out": out.getvalue()})
    return {
        **{"done": done, "money": money, "refused": refused, "odd": odd},
        **{"commands": n, "took": took},
    }


def _shape(sentence: str) -> str:
    """A refusal's kind: its sentence without the names and numbers that vary."""
    for words in ("cannot afford", "may carry only", "has no", "tried 4 times", "backed up"):
        if words in sentence:
            return words
    return sentence.strip()


if __name__ == "__main__":
    url, seed, seconds, folder, posses = sys.argv[1:6]
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    sys.stdin.readline()  # the go
    result = play(url, int(seed), float(seconds), Path(folder), json.loads(posses))
    sys.stdout.write(json.dumps(result) + "\n")
