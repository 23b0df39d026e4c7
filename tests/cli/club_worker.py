"""One player or arbitrator of the club night (tests/cli/test_club_night.py, bench/clubnight.py).

    python -m tests.cli.club_worker URL SEED SECONDS FOLDER PLAN_JSON

Prints `ready` once imported and warmed up, waits for a line on stdin (everyone starts at
once), then plays on the club campaign at URL (as its own role) for SECONDS, each command as the
`rostermgr` script runs it (`cli.main` with --db, its own connection per command), and prints
one JSON line: what it did and saw (`Tally.as_json`).

PLAN_JSON says who it is. A player ({"part": "player", "posse", "members", "others"}) knows
its own posse exactly (nobody else changes it but the arbitrators' games, which only add
income or use up an item its report named): it buys, sells, hires, spends its members'
flips, and submits post-game reports (`game record`, between its posse and another), and now
and then tries what it may not do: to change another's posse, to apply a report, to submit
a game its posse did not play. An arbitrator ({"part": "arbitrator", "adopt": FILE or None})
applies the waiting reports, sends back one that no longer applies, and adopts the ruleset
FILE once, a third of the way in.
"""

from __future__ import annotations

import importlib
import io
import json
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli import main
from rostermgr.advancement import allowed_stats
from rostermgr.cards import parse_card
from rostermgr.rules_load import default_ruleset

ITEMS = ("whiskey", "hooch", "switchblade", "hatchet", "light-leather", "pistol", "dynamite")
CONSUMABLES = ("whiskey", "hooch")
WEIGHTS = {"buy": 6, "sell": 3, "hire": 1, "flip": 3, "report": 2, "intrude": 1}
# The money line of a buy, sell or hire: "Bought hooch for Doc: -$4. Purse: $96."
_MONEY = re.compile(r": (-?)\$(\d+)\. Purse: \$\d+\.\n\Z")
_RECORDED = re.compile(r"\ARecorded game (\d+) from report (\d+)\.")
# Every refusal an intrusion may meet (the first words of each sentence), by intrusion.
INTRUSIONS = {
    "another's posse": "{posse} belongs to ",
    "apply": "Only an arbitrator records games in a club campaign",
    "record": "None of ",
}
LOST_RACE = "tried 4 times"


@dataclass
class Tally:
    """What one worker did and saw; JSON-ready through `as_json`."""

    role: str
    done: Counter[str] = field(default_factory=Counter)  # "buy POSSE" -> successes
    money: Counter[str] = field(default_factory=Counter)  # posse -> dollars its successes moved
    refused: Counter[str] = field(default_factory=Counter)  # a refusal's shape -> how many
    odd: list[dict[str, Any]] = field(default_factory=list)  # neither success nor a sentence
    took: dict[str, list[float]] = field(default_factory=dict)  # ms of each success, by kind
    commands: int = 0
    # A player's: each report submitted, by number: its posse, income and the item it uses up.
    submitted: dict[int, dict[str, Any]] = field(default_factory=dict)
    draws: Counter[str] = field(default_factory=Counter)  # member -> flips turned
    chooses: Counter[str] = field(default_factory=Counter)  # member -> upgrades chosen
    pending: dict[str, str] = field(default_factory=dict)  # member -> card waiting at the end
    # An arbitrator's: reports applied (number -> game) and sent back; the adoption's outcome.
    applied: dict[int, int] = field(default_factory=dict)
    sent_back: list[int] = field(default_factory=list)
    adopted: bool = False

    def run(self, url: str, kind: str, args: list[str]) -> tuple[str, str] | None:
        """Run one command; (out, None) on success, (None, sentence) on a refusal, None when
        it is neither (kept in `odd`)."""
        self.commands += 1
        out, err = io.StringIO(), io.StringIO()
        began = time.perf_counter()
        code = main(["--db", url, *args], out=out, err=err)
        ms = (time.perf_counter() - began) * 1000
        said = err.getvalue()
        if code == 0 and not said:
            self.took.setdefault(kind, []).append(round(ms, 1))
            return out.getvalue(), ""
        one_sentence = code == 1 and said.count("\n") == 1 and said.endswith("\n")
        if one_sentence and "internal error" not in said and "Traceback" not in said:
            self.refused[shape(said)] += 1
            return "", said
        self.odd.append({"args": args, "code": code, "err": said, "out": out.getvalue()})
        return None

    def as_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


def shape(sentence: str) -> str:
    """A refusal's kind: its sentence without the names and numbers that vary."""
    for words in (
        "cannot afford",
        "may carry only",
        "has no",
        LOST_RACE,
        "belongs to",
        "Only an arbitrator records games",
        "None of",
        "living gang member",
        "was applied already",
        "was sent back already",
    ):
        if words in sentence:
            return words
    return sentence.strip()


def _today_report(posses: list[str], income_to: str, amount: int, why: str) -> dict[str, Any]:
    """A game of today (a report's date by default) between `posses`, with one income."""
    return {
        "scenario": "bloodbath",
        "posses": posses,
        "winner": posses[0],
        "income": [{"posse": income_to, "amount": amount, "reason": why}],
    }


class Player:
    """A club player with one posse of their own, as PLAN_JSON describes it."""

    def __init__(self, url: str, plan: dict[str, Any], seed: int, folder: Path) -> None:
        self.url, self.rng, self.folder = url, random.Random(seed), folder
        self.posse: str = plan["posse"]
        self.members: dict[str, dict[str, Any]] = plan["members"]
        self.others: dict[str, str] = plan["others"]  # another posse -> one of its members
        self.tally = Tally(plan["role"])
        self.held = [(m, i) for m, d in self.members.items() for i in d["items"]]
        self.flips = {m: d["flips"] for m, d in self.members.items() if d["flips"]}
        self.tally.pending = {m: d["pending"] for m, d in self.members.items() if d["pending"]}
        self.n = 0
        # Its first command is an intrusion, one kind by seed, so that each kind is met however
        # short the night; then now and then another.
        self.first: str | None = sorted(INTRUSIONS)[seed % len(INTRUSIONS)]
        # Some players' second step submits a report that uses up a whiskey, then sells it, so
        # that some reports no longer apply when an arbitrator comes to them.
        self.breaks_promise = seed % 7 == 0

    def step(self) -> None:
        """One command, chosen at random by WEIGHTS."""
        self.n += 1
        kind = self.rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
        if self.first is not None:
            self.intrude(self.first)
            self.first = None
        elif self.breaks_promise:
            self.breaks_promise = False
            leader = next(iter(self.members))
            if self.trade("buy", ["buy", self.posse, leader, "whiskey"], None):
                self.held.append((leader, "whiskey"))
                self.report((leader, "whiskey"))
        elif kind == "sell" and self.held:
            self.sell()
        elif kind == "hire":
            self.trade("hire", ["hire", self.posse, "ganger", f"Hand {self.n}"], None)
        elif kind == "flip" and (self.tally.pending or any(self.flips.values())):
            self.flip()
        elif kind == "report":
            self.report()
        elif kind == "intrude":
            self.intrude()
        else:
            member, item = self.rng.choice(sorted(self.members)), self.rng.choice(ITEMS)
            if self.trade("buy", ["buy", self.posse, member, item], None):
                self.held.append((member, item))

    def trade(self, kind: str, args: list[str], sold: tuple[str, str] | None) -> bool:
        """A buy, sell or hire; its money as the command said it."""
        result = self.tally.run(self.url, kind, ["posse", *args])
        if result is None:
            return False
        out, sentence = result
        if sentence:
            if sold is not None and "has no" in sentence:
                self.held.remove(sold)  # used up by an applied report
            return False
        found = _MONEY.search(out)
        if found is None:
            self.tally.odd.append({"args": args, "code": 0, "err": "", "out": out})
            return False
        self.tally.done[f"{kind} {self.posse}"] += 1
        self.tally.money[self.posse] += int(found[2]) * (-1 if found[1] else 1)
        return True

    def sell(self) -> None:
        sold = self.rng.choice(self.held)
        if self.trade("sell", ["sell", self.posse, *sold], sold):
            self.held.remove(sold)

    def flip(self) -> None:
        """Settle a waiting card with one of its two stats, else turn one from the deck."""
        if self.tally.pending:
            member = self.rng.choice(sorted(self.tally.pending))
            card = parse_card(self.tally.pending[member])
            stat = self.rng.choice(allowed_stats(card, default_ruleset()))
            args = ["flip", self.posse, member, "--choose", stat, "--json"]
            result = self.tally.run(self.url, "flip", args)
            if result is not None and not result[1]:
                self.tally.chooses[member] += 1
                self.tally.done[f"flip {self.posse}"] += 1
                del self.tally.pending[member]
            return
        member = self.rng.choice([m for m, n in self.flips.items() if n])
        result = self.tally.run(self.url, "flip", ["flip", self.posse, member, "--draw", "--json"])
        if result is not None and not result[1]:
            self.flips[member] -= 1
            self.tally.draws[member] += 1
            self.tally.done[f"flip {self.posse}"] += 1
            pending = json.loads(result[0])["pending"]
            if pending is not None:
                self.tally.pending[member] = pending

    def report(self, use: tuple[str, str] | None = None) -> None:
        """Submit a game between this posse and another: its income, and now and then one of
        its consumables used up (`use`, or one at random); when one is, the player sells it
        right away now and then, so that the report no longer applies."""
        other = self.rng.choice(sorted(self.others))
        amount = self.rng.randint(3, 15)
        doc = _today_report([self.posse, other], self.posse, amount, f"report {self.n}")
        used = [h for h in self.held if h[1] in CONSUMABLES]
        breaks = use is not None
        if use is None and used and self.rng.random() < 0.4:
            use, breaks = self.rng.choice(used), self.rng.random() < 0.3
        if use is not None:
            doc["items_used"] = [{"posse": self.posse, "member": use[0], "item": use[1]}]
        result = self.tally.run(self.url, "report", ["game", "record", self._file(doc), "--json"])
        if result is None or result[1]:
            return
        number = json.loads(result[0])["submitted"]
        self.tally.submitted[number] = {"posse": self.posse, "income": amount, "used": use}
        self.tally.done[f"report {self.posse}"] += 1
        if use is not None and breaks and self.trade("sell", ["sell", self.posse, *use], use):
            self.held.remove(use)

    def intrude(self, what: str | None = None) -> None:
        """What a player may not do, each refused in its own sentence (anything else is odd)."""
        what = what or self.rng.choice(sorted(INTRUSIONS))
        other = self.rng.choice(sorted(self.others))
        if what == "another's posse":
            args = ["posse", "buy", other, self.others[other], "whiskey"]
        elif what == "apply":
            args = ["game", "apply", str(self.rng.randint(1, 5 + len(self.tally.submitted)))]
        else:
            third = self.rng.choice(sorted(set(self.others) - {other}))
            args = ["game", "record", self._file(_today_report([other, third], other, 5, "not"))]
        result = self.tally.run(self.url, what, args)
        if result is None:
            return
        expected = INTRUSIONS[what].format(posse=other)
        if result[1].startswith(expected) or LOST_RACE in result[1]:
            self.tally.done[f"refused {what}"] += 1
        else:  # accepted, or refused for another reason: neither is right
            self.tally.odd.append({"args": args, "code": 0, "err": result[1], "out": result[0]})

    def _file(self, doc: dict[str, Any]) -> str:
        path = self.folder / f"{self.tally.role}-{self.n}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return str(path)


class Arbitrator:
    """A club arbitrator: applies waiting reports; one adopts a ruleset once."""

    def __init__(self, url: str, plan: dict[str, Any], seed: int, seconds: float) -> None:
        self.url, self.rng = url, random.Random(seed)
        self.tally = Tally(plan["role"])
        self.adopt: str | None = plan.get("adopt")
        self.adopt_at = time.monotonic() + seconds / 3

    def step(self) -> None:
        """Adopt when it is time; else apply (or send back) one waiting report, or wait."""
        if self.adopt is not None and time.monotonic() >= self.adopt_at:
            result = self.tally.run(self.url, "adopt", ["rules", "adopt", self.adopt])
            if result is not None and LOST_RACE not in result[1]:
                self.tally.adopted = not result[1]
                self.adopt = None
            return
        result = self.tally.run(self.url, "reports", ["game", "reports", "--json"])
        if result is None or result[1]:
            return
        waiting = [r["id"] for r in json.loads(result[0]) if r["status"] == "waiting"]
        if not waiting:
            time.sleep(0.1)
            return
        number = self.rng.choice(waiting[:3])  # the oldest few: both arbitrators meet at times
        result = self.tally.run(self.url, "apply", ["game", "apply", str(number)])
        if result is None:
            return
        out, sentence = result
        if not sentence:
            found = _RECORDED.match(out)
            if found is None or int(found[2]) != number:
                self.tally.odd.append({"args": ["apply", number], "code": 0, "err": "", "out": out})
                return
            self.tally.applied[number] = int(found[1])
        elif LOST_RACE not in sentence and "already" not in sentence:
            why = f"It no longer applies: {sentence.strip()}"
            back = self.tally.run(self.url, "send-back", ["game", "send-back", str(number), why])
            if back is not None and not back[1]:
                self.tally.sent_back.append(number)


def play(url: str, seed: int, seconds: float, folder: Path, plan: dict[str, Any]) -> Tally:
    """Run commands as the plan's player or arbitrator until `seconds` have passed."""
    worker: Player | Arbitrator
    if plan["part"] == "player":
        worker = Player(url, plan, seed, folder)
    else:
        worker = Arbitrator(url, plan, seed, seconds)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        worker.step()
    return worker.tally


def warm_up(url: str) -> None:
    """Import what the commands use and meet the server once, before the night starts: a
    fresh process's first command imports the program, which is no part of the night."""
    for args in (["game", "reports", "--json"], ["rules", "history", "--json"]):
        main(["--db", url, *args], out=io.StringIO(), err=io.StringIO())
    for module in ("services.flips", "services.rulesets"):  # what the night imports later
        importlib.import_module(module)


if __name__ == "__main__":
    url, seed, seconds, folder, plan = sys.argv[1:6]
    warm_up(url)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    sys.stdin.readline()  # the go
    tally = play(url, int(seed), float(seconds), Path(folder), json.loads(plan))
    sys.stdout.write(json.dumps(tally.as_json()) + "\n")
