"""Recording, listing and undoing games (DESIGN 4, R12-R17): one transaction each."""

from __future__ import annotations

import json
from typing import assert_never

from peewee import fn

from db import models as m
from db.later import after_step
from db.posses import (
    add_entry,
    add_history,
    member_row,
    posse_from_row,
    posse_row,
    remove_item,
)
from db.rulesets import oldest_undoable_mark
from db.undo import creation, prune_before, undo_mark, undo_problem, undo_to
from rostermgr.errors import Refused, did_you_mean, quoted
from rostermgr.plans import (
    Change,
    FlipsEarned,
    GamePlan,
    Injury,
    ItemGone,
    ItemMoved,
    Payment,
)
from rostermgr.records import GameSummary, LaterChanges
from rostermgr.report import Report, report_to_json
from rostermgr.roster import DEAD, Posse
from rostermgr.rules import Ruleset


def report_posses(report: Report) -> dict[str, Posse]:
    """The posses a report names, as domain values, for planning it; refused when one is not in
    this campaign."""
    posses = {}
    for name in report.posses:
        row = m.Posse.get_or_none(m.Posse.name == name)
        if row is None:
            near = did_you_mean(name, [n for (n,) in m.tuples(m.Posse.select(m.Posse.name))])
            raise Refused(
                f"The report names the posse {quoted(name)}, which is not in this campaign"
                f"{near or '.'}"
            )
        posses[name] = posse_from_row(row)
    return posses


def apply_game(report: Report, plan: GamePlan, rules: Ruleset, prune: bool = True) -> int:
    """Write a game and every change planned for it (`rostermgr.postgame.plan_game`) in one
    transaction, as one undo step; returns the game's number.

    The app keeps older undo entries for its own undo stack (prune=False).
    """
    with m.database.atomic():
        mark = undo_mark(m.database)
        game = m.Game.create(
            date=report.date,
            scenario=report.scenario,
            winner=report.winner,
            notes=report.notes,
            report=json.dumps(report_to_json(report), ensure_ascii=False),
            undo_mark=mark,
        )
        rows = {name: posse_row(name) for name in report.posses}
        for name in report.posses:
            m.GamePosse.create(game=game, posse=rows[name])
            opponents = ", ".join(p for p in report.posses if p != name) or "no one"
            result = "won" if report.winner == name else ("lost" if report.winner else "drew")
            add_history(
                rows[name],
                "game",
                f"Played {rules.scenarios[report.scenario].name} against {opponents} and {result}."
                + (f" Notes: {report.notes}" if report.notes.strip() else ""),
                game=game,
                when=report.date,
                scenario=report.scenario,
                opponents=[p for p in report.posses if p != name],
                winner=report.winner,
                notes=report.notes,
            )
        for change in plan.changes:
            _apply(change, rows, game, report.date)
        game.last_history = m.History.select(fn.MAX(m.History.id)).scalar() or 0
        # This save is the game's last write, so its own log entry is the next number issued.
        game.undo_end = undo_mark(m.database) + 1
        game.save()
        if prune:
            oldest = oldest_undoable_mark()
            if oldest is not None:
                prune_before(m.database, oldest)
    game_id: int = game.id
    return game_id


def _apply(change: Change, rows: dict[str, m.Posse], game: m.Game, when: str) -> None:
    """Write one planned change; every kind of change is handled, or the checker says so."""
    match change:
        case ItemGone():
            posse = rows[change.who.posse]
            mem = member_row(posse, change.who.member)
            remove_item(mem, change.item)
            add_history(posse, "used", change.text, mem, game, when, item=change.item)
        case ItemMoved():
            _apply_theft(change, rows, game, when)
        case Injury():
            posse = rows[change.who.posse]
            mem = member_row(posse, change.who.member)
            mem.injuries = change.injuries
            if change.dead:
                mem.status = DEAD
                mem.pending_card = None
                m.MemberItem.delete().where(m.MemberItem.member == mem.id).execute()
            mem.save()
            add_history(
                posse,
                "death" if change.dead else "injury",
                change.text,
                mem,
                game,
                when,
                strikes=change.injuries,
                buried=list(change.buried),
                by={"posse": change.by.posse, "member": change.by.member} if change.by else None,
            )
        case FlipsEarned():
            posse = rows[change.who.posse]
            mem = member_row(posse, change.who.member)
            mem.flips += change.count
            mem.save()
            add_history(
                posse,
                "flips",
                change.text,
                mem,
                game,
                when,
                count=change.count,
                victim={"posse": change.victim.posse, "member": change.victim.member},
                killing=change.killing,
            )
        case Payment():
            posse = rows[change.posse]
            add_entry(posse, change.entry, game, when)
            add_history(
                posse, change.entry.kind, change.text, None, game, when, amount=change.entry.amount
            )
        case _:
            assert_never(change)


def _apply_theft(change: ItemMoved, rows: dict[str, m.Posse], game: m.Game, when: str) -> None:
    source, thief = rows[change.source.posse], rows[change.thief.posse]
    from_row = member_row(source, change.source.member)
    to_row = member_row(thief, change.thief.member)
    remove_item(from_row, change.item)
    m.MemberItem.create(member=to_row, item=change.item)
    add_history(
        source,
        "stolen",
        change.text,
        from_row,
        game,
        when,
        item=change.item,
        to={"posse": thief.name, "member": to_row.name},
    )
    add_history(
        thief,
        "stole",
        change.text,
        to_row,
        game,
        when,
        item=change.item,
        source={"posse": source.name, "member": from_row.name},
    )


def list_games() -> list[GameSummary]:
    """Every recorded game, oldest first, its posses and winner by their names today.

    The report keeps the names as they were; a posse renamed since, or a new posse given an
    old name, must not take over another's games. The game's posse links are made in the
    report's order, which pairs each reported name with the posse it meant.
    """
    now: dict[int, list[str]] = {}
    links = (
        m.GamePosse.select(m.GamePosse.game, m.Posse.name)
        .join(m.Posse)
        .order_by(m.GamePosse.game, m.GamePosse.id)
    )
    for link in links:
        now.setdefault(link.game_id, []).append(link.posse.name)
    out = []
    for g in m.Game.select().order_by(m.Game.id):
        reported = json.loads(g.report)["posses"]
        current = now.get(g.id, reported)
        renamed = dict(zip(reported, current, strict=False))
        winner = renamed.get(g.winner, g.winner) if g.winner else None
        out.append(GameSummary(g.id, g.date, g.scenario, tuple(current), winner))
    return out


def newest_game_later() -> tuple[GameSummary, LaterChanges] | None:
    """The newest game and what undoing it would take back besides; None without games."""
    game = m.Game.select().order_by(m.Game.id.desc()).first()
    if game is None:
        return None
    summary = next(s for s in list_games() if s.id == game.id)
    return summary, after_step(game.undo_mark, game.undo_end, game.last_history)


def undo_last_game() -> tuple[GameSummary, LaterChanges]:
    """Return the campaign to its state before the newest game; also undoes all done since.

    Refused, changing nothing, when the undo log cannot do it (switched off, tampered with,
    or no longer reaching back to the game). Call inside the write transaction.
    """
    with m.database.atomic():
        game = m.Game.select().order_by(m.Game.id.desc()).first()
        if game is None:
            raise Refused("There is no recorded game to undo.")
        summary = next(s for s in list_games() if s.id == game.id)
        problem = undo_problem(m.database, game.undo_mark, game.undo_end, creation("game", game.id))
        if problem:
            # Replaying a broken log would "succeed" and leave the game in place.
            raise Refused(
                f"The game of {summary.date} cannot be undone: {problem}; nothing was changed "
                "(`rostermgr check` describes the file, `rostermgr backup --list` its backups)."
            )
        later = after_step(game.undo_mark, game.undo_end, game.last_history)
        undo_to(m.database, game.undo_mark)
    return summary, later


def take_outs_per_game() -> list[int]:
    """Models out of action in each recorded game, oldest first, as its report says."""
    return [
        len(json.loads(g.report).get("out_of_action", []))
        for g in m.Game.select(m.Game.report).order_by(m.Game.id)
    ]
