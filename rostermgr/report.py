"""The post-game report (DESIGN 5), read strictly into frozen values before anything is planned."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from rostermgr.documents import REPORT, refuse_other_kind
from rostermgr.errors import InvalidFile, Refused, did_you_mean, listed, quoted
from rostermgr.roster import check_name
from rostermgr.rules import Ruleset

# Dollars one report entry may bring; far above any game's income, and far inside SQLite's
# 64-bit integers however many entries a purse sums (R16).
MAX_AMOUNT = 1_000_000
# The most posses one game may name; the game's history sentence names them all.
MAX_POSSES = 20
# The longest free text of a report: a reason of income or goods, and the notes.
REASON_LIMIT = 200
NOTES_LIMIT = 4000
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def iso_date(text: str) -> date | None:
    """The date written exactly as YYYY-MM-DD, or None (fromisoformat alone takes 20261128)."""
    if not _ISO_DATE.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class Ref:
    """A model named by posse and member."""

    posse: str
    member: str

    def __str__(self) -> str:
        return f"{self.member} of {self.posse}"


@dataclass(frozen=True)
class OutOfAction:
    victim: Ref
    by: Ref | None


@dataclass(frozen=True)
class Bounty:
    posse: str
    target: Ref
    claimed: bool


@dataclass(frozen=True)
class Money:
    posse: str
    amount: int  # income: dollars; goods: full market value
    reason: str


@dataclass(frozen=True)
class ItemUse:
    holder: Ref
    item: str


@dataclass(frozen=True)
class Theft:
    source: Ref
    thief: Ref
    item: str


@dataclass(frozen=True)
class Report:
    date: str
    scenario: str
    posses: tuple[str, ...]
    winner: str | None
    out_of_action: tuple[OutOfAction, ...] = ()
    bounties: tuple[Bounty, ...] = ()
    income: tuple[Money, ...] = ()
    goods_sold: tuple[Money, ...] = ()
    items_used: tuple[ItemUse, ...] = ()
    items_stolen: tuple[Theft, ...] = ()
    notes: str = ""


class _Obj:
    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, Mapping):
            raise InvalidFile(f"The report is refused: {where} must be an object.")
        self.obj, self.where = obj, where

    def fail(self, problem: str) -> InvalidFile:
        return InvalidFile(f"The report is refused: {self.where} {problem}.")

    def keys(self, required: set[str], optional: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        for key in self.obj:
            if key not in required | optional:
                said = f"has a key it does not take: {quoted(key)}"
                near = did_you_mean(key, sorted(required | optional))  # 'outofaction'
                if near:
                    raise InvalidFile(f"The report is refused: {self.where} {said}{near}")
                raise self.fail(said)
        for key in sorted(required):
            if key not in self.obj:
                raise self.fail(f"has no {quoted(key)}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.obj.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"needs text for {quoted(key)}")
        if len(value) > REASON_LIMIT:
            raise self.fail(f"has {quoted(key)} longer than {REASON_LIMIT} characters")
        return value

    def name(self, key: str) -> str:
        """A posse or member name, normalised as stored names are (roster.normal_name)."""
        return _name(self.obj.get(key), f"{quoted(key)} of {self.where}")

    def amount(self, key: str) -> int:
        value = self.obj.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"needs a whole number of dollars for {quoted(key)}")
        if value < 0:
            raise self.fail(
                f"has a negative {quoted(key)} ({value}); money in a report is never negative"
            )
        if value > MAX_AMOUNT:
            raise self.fail(f"has {quoted(key)} over ${MAX_AMOUNT}")
        return value

    def ref(self, key: str) -> Ref:
        inner = _Obj(self.obj.get(key), f"{quoted(key)} of {self.where}")
        inner.keys({"posse", "member"})
        return Ref(inner.name("posse"), inner.name("member"))

    def ref_here(self) -> Ref:
        return Ref(self.name("posse"), self.name("member"))


def _name(value: Any, where: str) -> str:
    try:
        return check_name(value, "name")
    except Refused as exc:
        # check_name says "The name ..."; the report names where the name stood
        raise InvalidFile(f"The report is refused: {where}: {exc}") from exc


def _list(doc: Mapping[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidFile(f"The report is refused: {quoted(key)} must be a list.")
    return value


# R12, said wherever the posses of a game are chosen
TWO_POSSES = "a game is played between at least two posses (R12)"


def too_few_to_play(playing: Sequence[str]) -> str | None:
    """Why no game can be recorded among the posses that may play now (R12), or None."""
    if len(playing) >= 2:
        return None
    if not playing:
        return "Create a posse before recording a game."
    return (
        f"{TWO_POSSES[0].upper()}{TWO_POSSES[1:]}, and {quoted(playing[0])} is the only posse "
        "here that may play: create another posse first."
    )


def date_problem(when: str) -> str:
    """What is wrong with a report's date, '' when nothing: YYYY-MM-DD, not after today (R17)."""
    played = iso_date(when)
    if played is None:
        return f"has the date {quoted(when)}; write it as YYYY-MM-DD"
    if played > date.today():
        return (
            f"has the date {when}, which is in the future; a report is of a game already "
            "played (R17)"
        )
    return ""


def parse_report(doc: Any, rules: Ruleset) -> Report:
    """Check the report's shape, dates, ids and amounts; names are checked by the planner."""
    refuse_other_kind(doc, REPORT, "The report")
    top = _Obj(doc, "the report")
    top.keys(
        {"scenario", "posses"},
        {
            "date",
            "winner",
            "out_of_action",
            "bounties",
            "income",
            "goods_sold",
            "items_used",
            "items_stolen",
            "notes",
        },
    )
    # Without a date the game is of today: the evening it was played is when most are recorded.
    when = top.text("date", date.today().isoformat())
    problem = date_problem(when)
    if problem:
        raise top.fail(problem)
    scenario = top.text("scenario")
    if scenario not in rules.scenarios:
        raise top.fail(
            f"names the scenario {quoted(scenario)}; the scenarios are {', '.join(rules.scenarios)}"
        )
    posses = doc["posses"]
    if not isinstance(posses, list) or not posses or not all(isinstance(p, str) for p in posses):
        raise top.fail("needs 'posses', a list of the posse names that played")
    if len(posses) > MAX_POSSES:
        raise top.fail(f"names {len(posses)} posses; a game may have at most {MAX_POSSES}")
    posses = [_name(p, f"entry {i + 1} of 'posses'") for i, p in enumerate(posses)]
    if len(set(posses)) != len(posses):
        raise top.fail("names the same posse twice in 'posses'")
    if len(posses) < 2:
        raise top.fail(f"names only {posses[0]} in 'posses'; {TWO_POSSES}")
    winner = doc.get("winner")
    if winner is not None:
        winner = _name(winner, "'winner'")
    if winner is not None and winner not in posses:
        raise top.fail(
            f"names the winner {quoted(winner)}, who is not among the posses that played, "
            f"{listed(posses)}"
        )
    notes = doc.get("notes", "")
    if not isinstance(notes, str):
        raise top.fail("needs text for 'notes'")
    if len(notes) > NOTES_LIMIT:
        raise top.fail(f"has notes longer than {NOTES_LIMIT} characters")

    def each(key: str) -> list[_Obj]:
        return [_Obj(v, f"entry {i + 1} of {quoted(key)}") for i, v in enumerate(_list(doc, key))]

    ooa = []
    for o in each("out_of_action"):
        o.keys({"posse", "member"}, {"by"})
        by = o.ref("by") if o.obj.get("by") is not None else None
        ooa.append(OutOfAction(o.ref_here(), by))
    bounties = []
    for b in each("bounties"):
        b.keys({"posse", "target"}, {"claimed"})
        claimed = b.obj.get("claimed", False)
        if not isinstance(claimed, bool):
            raise b.fail("needs true or false for 'claimed'")
        bounties.append(Bounty(b.text("posse"), b.ref("target"), claimed))
    income = []
    for m in each("income"):
        m.keys({"posse", "amount"}, {"reason"})
        income.append(Money(m.text("posse"), m.amount("amount"), m.text("reason", "income")))
    goods = []
    for g in each("goods_sold"):
        g.keys({"posse", "market_value"}, {"reason"})
        goods.append(Money(g.text("posse"), g.amount("market_value"), g.text("reason", "goods")))
    used = []
    for u in each("items_used"):
        u.keys({"posse", "member", "item"})
        used.append(ItemUse(u.ref_here(), u.text("item")))
    stolen = []
    for s in each("items_stolen"):
        s.keys({"from", "to", "item"})
        stolen.append(Theft(s.ref("from"), s.ref("to"), s.text("item")))
    return Report(
        date=when,
        scenario=scenario,
        posses=tuple(posses),
        winner=winner,
        out_of_action=tuple(ooa),
        bounties=tuple(bounties),
        income=tuple(income),
        goods_sold=tuple(goods),
        items_used=tuple(used),
        items_stolen=tuple(stolen),
        notes=notes,
    )


def report_to_json(report: Report) -> dict[str, Any]:
    """The report as validated, for storage beside the game."""

    def ref(r: Ref) -> dict[str, str]:
        return {"posse": r.posse, "member": r.member}

    return {
        "date": report.date,
        "scenario": report.scenario,
        "posses": list(report.posses),
        "winner": report.winner,
        "out_of_action": [
            {**ref(o.victim), **({"by": ref(o.by)} if o.by else {})} for o in report.out_of_action
        ],
        "bounties": [
            {"posse": b.posse, "target": ref(b.target), "claimed": b.claimed}
            for b in report.bounties
        ],
        "income": [
            {"posse": m.posse, "amount": m.amount, "reason": m.reason} for m in report.income
        ],
        "goods_sold": [
            {"posse": m.posse, "market_value": m.amount, "reason": m.reason}
            for m in report.goods_sold
        ],
        "items_used": [{**ref(u.holder), "item": u.item} for u in report.items_used],
        "items_stolen": [
            {"from": ref(t.source), "to": ref(t.thief), "item": t.item} for t in report.items_stolen
        ],
        "notes": report.notes,
    }
