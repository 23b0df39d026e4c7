"""The campaign read for playtest statistics: plain dicts and lists, never peewee rows."""

from __future__ import annotations

import json
from collections import defaultdict

from peewee import fn

from db import models as m
from db.posses import standings_of
from rostermgr.roster import ACTIVE
from rostermgr.standing import DELETED
from rostermgr.stats import (
    Campaign,
    GameRow,
    HistoryRow,
    LedgerRow,
    PosseRow,
    Side,
    UpgradeRow,
)

GAME = "game"


def read_campaign() -> Campaign:
    """Everything rostermgr.stats needs, in one read."""
    return {
        "games": games(),
        "posses": posses(),
        "history": history(),
        "upgrades": upgrades(),
        "ledger": ledger(),
    }


def games() -> list[GameRow]:
    """Every game, oldest first, with each posse's current name, faction and reported name."""
    posse_rows = {p.id: p for p in m.Posse.select()}
    opponents: dict[tuple[int | None, int], list[str]] = {}
    for h in m.History.select().where((m.History.kind == GAME) & m.History.game.is_null(False)):
        opponents[(h.game_id, h.posse_id)] = list(json.loads(h.data).get("opponents", []))
    sides: dict[int, list[int]] = defaultdict(list)
    for gp in m.GamePosse.select().order_by(m.GamePosse.id):
        sides[gp.game_id].append(gp.posse_id)
    out: list[GameRow] = []
    for g in m.Game.select().order_by(m.Game.id):
        reported = list(json.loads(g.report).get("posses", []))
        rows: list[Side] = []
        for posse_id in sides[g.id]:
            posse = posse_rows[posse_id]
            others = opponents.get((g.id, posse_id))
            names = [n for n in reported if others is not None and n not in others]
            rows.append(
                {
                    "posse_id": posse_id,
                    "posse": posse.name,
                    "faction": posse.faction,
                    "reported": names[0] if len(names) == 1 else posse.name,
                }
            )
        out.append(
            {
                "id": g.id,
                "date": g.date,
                "scenario": g.scenario,
                "winner": g.winner,
                "last_history": g.last_history,
                "sides": rows,
            }
        )
    return out


def posses() -> list[PosseRow]:
    """Every posse with its unspent flips and its purse (the sum of its ledger, R16).

    Unspent flips are those a player can still spend (R15): a dead member's (R13) and a deleted
    posse's stay on their rows but `flip` refuses them, so they are not counted.
    """
    purses: dict[int, int | None] = dict(
        m.tuples(m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount)).group_by(m.Ledger.posse))
    )
    living = m.Member.select(m.Member.posse, fn.SUM(m.Member.flips)).where(
        m.Member.status == ACTIVE
    )
    flips: dict[int, int | None] = dict(m.tuples(living.group_by(m.Member.posse)))
    deleted = {i for i, kind in standings_of().items() if kind == DELETED}
    return [
        {
            "id": p.id,
            "name": p.name,
            "faction": p.faction,
            "unspent_flips": 0 if p.id in deleted else int(flips.get(p.id) or 0),
            "purse": int(purses.get(p.id) or 0),
        }
        for p in m.Posse.select().order_by(m.Posse.name)
    ]


def history() -> list[HistoryRow]:
    """Every history row, oldest first, its data decoded."""
    names: dict[int | None, str] = dict(m.tuples(m.Member.select(m.Member.id, m.Member.name)))
    return [
        {
            "id": h.id,
            "posse_id": h.posse_id,
            "member": names.get(h.member_id),
            "game": h.game_id,
            "kind": h.kind,
            "data": json.loads(h.data),
        }
        for h in m.History.select().order_by(m.History.id)
    ]


def upgrades() -> list[UpgradeRow]:
    """Every stat raised by a flip, with the card that allowed it (R15)."""
    query = m.Upgrade.select(m.Upgrade, m.Member).join(m.Member).order_by(m.Upgrade.id)
    return [
        {
            "posse_id": u.member.posse_id,
            "member": u.member.name,
            "stat": u.stat,
            "card": u.card,
            "game": u.game_id,
        }
        for u in query
    ]


def ledger() -> list[LedgerRow]:
    """Every money entry, oldest first (R16)."""
    return [
        {"id": e.id, "posse_id": e.posse_id, "kind": e.kind, "amount": e.amount, "game": e.game_id}
        for e in m.Ledger.select().order_by(m.Ledger.id)
    ]
