"""The posse journal's content (R19), built from the history rows alone, so imports print too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rostermgr.records import HistoryLine
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class MoneyLine:
    date: str
    text: str
    amount: int
    balance: int


@dataclass(frozen=True)
class Chapter:
    """One game and everything done after it until the next (the first chapter: the founding)."""

    title: str
    date: str
    scenario: str  # scenario name, "" for the founding
    opponents: tuple[str, ...]
    result: str  # "won", "lost", "drew" or "" for the founding
    events: tuple[str, ...]  # injuries, deaths, take-outs, items used or stolen, hires
    flips: tuple[str, ...]  # flips spent: card and choice
    money: tuple[MoneyLine, ...]
    purse_after: int
    campaign_game: int | None = None  # the game's number in the campaign (the Games list)
    notes: str = ""  # the players' notes on the game, as the report wrote them


@dataclass(frozen=True)
class JournalData:
    posse: Posse
    faction: str
    suit: str
    ruleset: str
    founding: Chapter
    games: tuple[Chapter, ...]
    code: str = ""  # the posse's code for the cover (rostermgr.cardcode.encode_posse), or none


def build_journal(posse: Posse, history: Sequence[HistoryLine], rules: Ruleset) -> JournalData:
    """Split the posse's history at each game; money lines carry the running purse."""
    chapters: list[dict[str, Any]] = [_chapter("Founding", "", "", (), "")]
    balance = 0
    for row in history:
        data = row.data
        if row.kind == "game":
            scenario = data.get("scenario", "")
            name = rules.scenarios[scenario].name if scenario in rules.scenarios else scenario
            winner = data.get("winner")
            result = "won" if winner == posse.name else ("lost" if winner else "drew")
            chapter = _chapter(
                f"Game {len(chapters)}",
                row.date,
                name,
                tuple(data.get("opponents", ())),
                result,
            )
            chapter["campaign_game"] = row.game
            notes = data.get("notes", "")
            chapter["notes"] = notes.strip() if isinstance(notes, str) else ""
            chapters.append(chapter)
            if not chapters[0]["date"]:
                chapters[0]["date"] = row.date
            continue
        current = chapters[-1]
        if len(chapters) == 1 and not current["date"]:
            current["date"] = row.date
        if "amount" in data and isinstance(data["amount"], int):
            balance += data["amount"]
            current["money"].append(MoneyLine(row.date, _plain(row.text), data["amount"], balance))
        elif row.kind == "flip":
            current["flips"].append(row.text)
        elif row.kind != "created":
            current["events"].append(row.text)
        current["purse_after"] = balance
    for i in range(1, len(chapters)):
        if chapters[i]["purse_after"] is None:
            chapters[i]["purse_after"] = chapters[i - 1]["purse_after"]
    built = [
        Chapter(
            c["title"],
            c["date"],
            c["scenario"],
            c["opponents"],
            c["result"],
            tuple(c["events"]),
            tuple(c["flips"]),
            tuple(c["money"]),
            c["purse_after"] or 0,
            c.get("campaign_game"),
            c.get("notes", ""),
        )
        for c in chapters
    ]
    faction = rules.faction(posse.faction)
    return JournalData(
        posse=posse,
        faction=faction.name,
        suit=faction.suit,
        ruleset=f"{rules.name} {rules.version}",
        founding=built[0],
        games=tuple(built[1:]),
    )


def _chapter(
    title: str, date: str, scenario: str, opponents: tuple[str, ...], result: str
) -> dict[str, Any]:
    return {
        "title": title,
        "date": date,
        "scenario": scenario,
        "opponents": opponents,
        "result": result,
        "events": [],
        "flips": [],
        "money": [],
        "purse_after": None,
    }


def _plain(text: str) -> str:
    """The history sentence without its trailing amount (the journal prints amounts in a column)."""
    head, sep, tail = text.rpartition(": ")
    return head if sep and tail.lstrip("+-").startswith("$") else text
