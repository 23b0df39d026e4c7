"""Posse export and import (DESIGN 5): the whole posse with its history, as JSON."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from db import models as m
from db.posses import posse_row, today
from rostermgr.plans import GameRef, PosseFile

FORMAT = "rostermgr-posse"
VERSION = 1


def _label(game: m.Game | None, stored: str | None) -> str | None:
    if game is None:
        return stored
    return f"{game.date} {game.scenario}"


def fingerprint(game: m.Game) -> str:
    """What tells one game from another with its number, date and scenario: its report."""
    return hashlib.sha256(game.report.encode("utf-8")).hexdigest()


def export_posse(name: str) -> dict[str, Any]:
    """The posse file: every entry names its game by label and, for a game of this campaign,
    by number too (`game_id`), the file's `games` describing each such game (GameRef)."""
    row = posse_row(name)
    members = list(m.Member.select().where(m.Member.posse == row.id).order_by(m.Member.position))
    names: dict[int | None, str] = {mem.id: mem.name for mem in members}
    games = {g.id: g for g in m.Game.select()}
    named: set[int] = set()

    def label(game_id: int | None, stored: str | None) -> dict[str, Any]:
        game = games.get(game_id) if game_id else None
        if game is None:
            return {"game": stored}
        named.add(game.id)
        return {"game": _label(game, stored), "game_id": game.id}

    doc = {
        "format": FORMAT,
        "version": VERSION,
        "posse": {
            "name": row.name,
            "faction": row.faction,
            "ruleset": {
                "id": row.ruleset_id,
                "version": row.ruleset_version,
                "hash": row.ruleset_hash or m.current_ruleset_hash(),
            },
            "created": row.created,
        },
        "members": [
            {
                "name": mem.name,
                "role": mem.role,
                "status": mem.status,
                "injuries": mem.injuries,
                "flips": mem.flips,
                "pending_card": mem.pending_card,
                "items": [
                    i.item
                    for i in m.MemberItem.select()
                    .where(m.MemberItem.member == mem.id)
                    .order_by(m.MemberItem.id)
                ],
                "upgrades": [
                    {"stat": u.stat, "card": u.card, **label(u.game_id, u.game_label)}
                    for u in m.Upgrade.select()
                    .where(m.Upgrade.member == mem.id)
                    .order_by(m.Upgrade.id)
                ],
            }
            for mem in members
        ],
        "ledger": [
            {
                "date": e.date,
                "amount": e.amount,
                "reason": e.reason,
                "kind": e.kind,
                **label(e.game_id, e.game_label),
            }
            for e in m.Ledger.select().where(m.Ledger.posse == row.id).order_by(m.Ledger.id)
        ],
        "history": [
            {
                "date": h.date,
                "kind": h.kind,
                "member": names.get(h.member_id),
                "text": h.text,
                "data": json.loads(h.data),
                **label(h.game_id, h.game_label),
            }
            for h in m.History.select().where(m.History.posse == row.id).order_by(m.History.id)
        ],
    }
    doc["games"] = [
        {
            "id": g.id,
            "date": g.date,
            "scenario": g.scenario,
            "fingerprint": fingerprint(g),
        }
        for g in (games[i] for i in sorted(named))
    ]
    return doc


def write_export(doc: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write atomically: a crash never leaves half a posse file."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def refuse_if_taken(name: str) -> None:
    """An imported posse needs a name no posse of the campaign has."""
    from rostermgr.errors import Refused, quoted

    if m.Posse.get_or_none(m.Posse.name == name) is not None:
        raise Refused(
            f"This campaign already has a posse named {quoted(name)}; import it with --as NEW_NAME."
        )


def apply_import(posse: PosseFile, owner: str | None = None) -> str:
    """Write a posse file validated whole (`rostermgr.exchange.validate_posse_file`) in one
    transaction; refused when the campaign has a posse of its name. Returns the name. `owner`
    is its player's role in a club campaign."""
    with m.database.atomic():
        refuse_if_taken(posse.name)
        found = {ref.id: _same_game(ref) for ref in posse.games.values()}

        def game(number: int | None, label: str | None) -> dict[str, Any]:
            """The entry's game here; a game this campaign does not hold stays its label."""
            here = found.get(number) if number is not None else None
            return {"game": here, "game_label": None} if here else {"game_label": label}

        row = m.Posse.create(
            name=posse.name,
            faction=posse.faction,
            ruleset_id=posse.ruleset_id,
            ruleset_version=posse.ruleset_version,
            created=posse.created or today(),
            owner=owner,
        )
        rows = {}
        for position, mem in enumerate(posse.members):
            rows[mem.name] = m.Member.create(
                posse=row,
                name=mem.name,
                role=mem.role,
                status=mem.status,
                injuries=mem.injuries,
                flips=mem.flips,
                pending_card=mem.pending_card,
                position=position,
            )
            for item in mem.items:
                m.MemberItem.create(member=rows[mem.name], item=item)
            for up in mem.upgrades:
                m.Upgrade.create(
                    member=rows[mem.name], stat=up.stat, card=up.card, **game(up.game_id, up.game)
                )
        for e in posse.ledger:
            m.Ledger.create(
                posse=row,
                amount=e.amount,
                reason=e.reason,
                kind=e.kind,
                date=e.date,
                **game(e.game_id, e.game),
            )
        for h in posse.history:
            m.History.create(
                posse=row,
                member=rows.get(h.member) if h.member else None,
                kind=h.kind,
                text=h.text,
                data=json.dumps(h.data, ensure_ascii=False, sort_keys=True),
                date=h.date,
                **game(h.game_id, h.game),
            )
    return posse.name


def _same_game(ref: GameRef) -> m.Game | None:
    """This campaign's game of that number when it is the very game the file names."""
    game = m.Game.get_or_none(m.Game.id == ref.id)
    if game is None or (game.date, game.scenario) != (ref.date, ref.scenario):
        return None
    return game if fingerprint(game) == ref.fingerprint else None
