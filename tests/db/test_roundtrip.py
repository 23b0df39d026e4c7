"""Whatever rostermgr wrote, it reads back (issue 15, item 5): export, import, compare."""

from __future__ import annotations

import contextlib
import copy
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import exchange, posses
from db.check import check_campaign
from db.connection import open_campaign
from rostermgr.errors import Refused
from rostermgr.report import MAX_POSSES, NOTES_LIMIT, parse_report
from rostermgr.roster import NAME_LIMIT
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON, LAWMEN

RULES = default_ruleset()
ITEMS = sorted(RULES.items)
CARDS = [f"{r}{s}" for r in ("2", "5", "7", "9", "10", "J", "Q", "K", "A") for s in "SHDC"]
names = st.text(alphabet="abcdefghij KLMNOP'é", min_size=1, max_size=NAME_LIMIT).filter(
    lambda n: n.strip() and "  " not in n and n == n.strip()
)
game = st.tuples(
    st.just("game"),
    st.integers(2, MAX_POSSES),
    st.one_of(st.just(""), st.text(min_size=NOTES_LIMIT - 100, max_size=NOTES_LIMIT)),
    st.lists(st.tuples(st.integers(0, 50), st.integers(0, 9), st.booleans()), max_size=6),
)
op = st.one_of(
    game,
    game,  # twice as likely as each other step: games write the longest texts
    st.tuples(st.just("create"), names, st.booleans()),
    st.tuples(st.just("buy"), st.integers(0, 50), st.integers(0, 9), st.sampled_from(ITEMS)),
    st.tuples(st.just("sell"), st.integers(0, 50), st.integers(0, 9), st.sampled_from(ITEMS)),
    st.tuples(st.just("hire"), st.integers(0, 50), st.sampled_from(sorted(RULES.roles)), names),
    st.tuples(st.just("rename"), st.integers(0, 50), names),
    st.tuples(st.just("rename member"), st.integers(0, 50), st.integers(0, 9), names),
    st.tuples(
        st.just("flip"),
        st.integers(0, 50),
        st.integers(0, 9),
        st.sampled_from(CARDS),
        st.sampled_from([None, *RULES.stat_order]),
    ),
)


def _pick(seq: list[Any], i: int) -> Any:
    return seq[i % len(seq)]


def _apply(step: tuple[Any, ...]) -> None:
    kind, *args = step
    all_posses = posses.all_posses()
    if kind == "create":
        doc = copy.deepcopy(DALTON if args[1] else LAWMEN)
        doc["name"] = args[0]
        posses.create_posse(plan_creation(doc, RULES), RULES)
        return
    if not all_posses:
        return
    posse = _pick(all_posses, args[0])
    if kind in ("buy", "sell"):
        member = _pick(list(posse.members), args[1]).name
        (writes.buy if kind == "buy" else writes.sell)(posse.name, member, args[2], RULES)
    elif kind == "hire":
        writes.hire(posse.name, args[1], args[2], RULES)
    elif kind == "rename":
        posses.rename_posse(posse.name, args[1])
    elif kind == "rename member":
        posses.rename_member(posse.name, _pick(list(posse.members), args[1]).name, args[2])
    elif kind == "game":
        playing = all_posses[: args[0]]
        if len(playing) < 2:
            return
        out = []
        for p, mi, killing in args[2]:
            victim = _pick(playing, p)
            by = _pick([q for q in playing if q.name != victim.name], p)
            ref = {"posse": victim.name, "member": _pick(list(victim.members), mi).name}
            attacker = {"posse": by.name, "member": _pick(list(by.members), mi).name}
            out.append({**ref, **({"by": attacker} if killing or mi % 2 else {})})
        report = {
            "date": "2026-01-01",
            "scenario": "other",
            "posses": [p.name for p in playing],
            "winner": playing[0].name,
            "out_of_action": out,
            "notes": args[1],
        }
        writes.record_game(parse_report(report, RULES), RULES)
    elif kind == "flip":
        member = _pick(list(posse.members), args[1])
        if member.pending_card:
            writes.spend_flip(posse.name, member.name, RULES, choose=args[3] or "move")
        else:
            writes.spend_flip(posse.name, member.name, RULES, card=args[2], choose=args[3])


def _same(original: dict[str, Any], copied: dict[str, Any], name: str) -> None:
    want = copy.deepcopy(original)
    want["posse"]["name"] = name
    assert copied == want


def _elsewhere(original: dict[str, Any]) -> dict[str, Any]:
    """The file as a campaign without its games exports it: each game by its label only."""
    want = copy.deepcopy(original)
    want["games"] = []
    for member in want["members"]:
        for entry in member["upgrades"]:
            entry.pop("game_id", None)
    for entry in (*want["ledger"], *want["history"]):
        entry.pop("game_id", None)
    return want


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(op, min_size=8, max_size=30))
def test_every_export_imports_back_the_same_posse(steps: list[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = open_campaign(Path(folder) / "a.sqlite3")
        try:
            for doc in (DALTON, LAWMEN, {**DALTON, "name": "x" * NAME_LIMIT}):
                posses.create_posse(plan_creation(doc, RULES), RULES)
            for step in steps:
                with contextlib.suppress(Refused):  # a refused step writes nothing
                    _apply(step)
            exported = [exchange.export_posse(p.name) for p in posses.all_posses()]
            assert check_campaign(db, RULES) == []
            for i, doc in enumerate(exported):
                copy_name = f"Copy {i}"
                writes.import_posse(copy.deepcopy(doc), RULES, as_name=copy_name)
                _same(doc, exchange.export_posse(copy_name), copy_name)
            assert check_campaign(db, RULES) == []
        finally:
            db.close()
        db = open_campaign(Path(folder) / "b.sqlite3")
        try:
            for doc in exported:
                name = writes.import_posse(copy.deepcopy(doc), RULES)
                _same(_elsewhere(doc), exchange.export_posse(name), doc["posse"]["name"])
            assert check_campaign(db, RULES) == []
        finally:
            db.close()
