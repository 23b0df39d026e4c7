"""Playtest statistics of a campaign: pure functions from plain rows (db.stats) to tables.

Rulings: a game without a winner counts as drawn for every posse in it. A take-out is an
out-of-action that names who did it (R14, one `flips` history row); injuries and deaths count
every model out of action (R13). The purse after a game is the sum of the posse's money rows
in the history up to the last row that game wrote, so purchases made between games count
towards the next game. Advancement choices come from the upgrades (card and stat, R15).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypedDict

from rostermgr.cards import parse_card
from rostermgr.rules import Ruleset

INJURY, DEATH, FLIPS, FLIP, BUY, SELL = "injury", "death", "flips", "flip", "buy", "sell"


class Side(TypedDict):
    posse_id: int
    posse: str  # the posse's name now
    faction: str
    reported: str  # the name the game's report used


class GameRow(TypedDict):
    id: int
    date: str
    scenario: str
    winner: str | None  # as reported
    last_history: int  # the newest history row the game wrote
    sides: list[Side]


class PosseRow(TypedDict):
    id: int
    name: str
    faction: str
    unspent_flips: int
    purse: int


class HistoryRow(TypedDict):
    id: int
    posse_id: int
    member: str | None
    game: int | None
    kind: str
    data: dict[str, Any]


class UpgradeRow(TypedDict):
    posse_id: int
    member: str
    stat: str
    card: str
    game: int | None


class LedgerRow(TypedDict):
    id: int
    posse_id: int
    kind: str
    amount: int
    game: int | None


class Campaign(TypedDict):
    games: list[GameRow]
    posses: list[PosseRow]
    history: list[HistoryRow]
    upgrades: list[UpgradeRow]
    ledger: list[LedgerRow]


@dataclass(frozen=True)
class Table:
    """One statistic: `name` is its CSV file stem and JSON key."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def lines(self) -> list[str]:
        """The title, then the columns aligned; numbers to the right."""
        cells = [self.columns, *(tuple(_cell(v) for v in row) for row in self.rows)]
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.columns))]
        numeric = [
            all(r[i] is None or isinstance(r[i], int | float) for r in self.rows)
            for i in range(len(widths))
        ]
        out = [f"{self.title}:"]
        for r in cells:
            out.append(
                "  ".join(
                    v.rjust(w) if num else v.ljust(w)
                    for v, w, num in zip(r, widths, numeric, strict=True)
                ).rstrip()
            )
        if not self.rows:
            out.append("(none yet)")
        return out


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _rate(part: int, whole: int) -> float | None:
    return round(float(Fraction(part, whole)), 4) if whole else None


def _ordered(known: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The ruleset's ids in its order, then any others found in the campaign, sorted."""
    first = list(known)
    return first + sorted(set(seen) - set(first))


def scenario_counts(games: Sequence[GameRow], rules: Ruleset) -> Table:
    counts = Counter(g["scenario"] for g in games)
    rows = tuple((s, counts[s]) for s in _ordered(rules.scenarios, counts))
    return Table("scenarios", "Games by scenario", ("scenario", "games"), rows)


def _results(games: Sequence[GameRow]) -> list[tuple[str, str, str]]:
    """(scenario, faction, won|lost|drawn) for every posse in every game."""
    out = []
    for g in games:
        for side in g["sides"]:
            if g["winner"] is None:
                result = "drawn"
            else:
                result = "won" if side["reported"] == g["winner"] else "lost"
            out.append((g["scenario"], side["faction"], result))
    return out


def faction_wins(games: Sequence[GameRow], rules: Ruleset) -> Table:
    results = _results(games)
    rows = []
    for faction in _ordered(rules.factions, (f for _, f, _ in results)):
        mine = Counter(r for _, f, r in results if f == faction)
        played = sum(mine.values())
        rows.append(
            (faction, played, mine["won"], mine["lost"], mine["drawn"], _rate(mine["won"], played))
        )
    columns = ("faction", "played", "won", "lost", "drawn", "win_rate")
    return Table("faction_wins", "Wins by faction", columns, tuple(rows))


def scenario_wins(games: Sequence[GameRow], rules: Ruleset) -> Table:
    results = _results(games)
    rows = []
    for scenario in _ordered(rules.scenarios, (s for s, _, _ in results)):
        for faction in _ordered(rules.factions, (f for _, f, _ in results)):
            mine = Counter(r for s, f, r in results if (s, f) == (scenario, faction))
            played = sum(mine.values())
            if played:
                rows.append((scenario, faction, played, mine["won"], _rate(mine["won"], played)))
    columns = ("scenario", "faction", "played", "won", "win_rate")
    return Table("scenario_wins", "Wins by scenario and faction", columns, tuple(rows))


def game_casualties(games: Sequence[GameRow], history: Sequence[HistoryRow]) -> Table:
    """Per game: models out of action, credited take-outs, injuries, deaths, flips earned."""
    per: dict[int, Counter[str]] = defaultdict(Counter)
    for h in history:
        if h["game"] is None:
            continue
        if h["kind"] in (INJURY, DEATH):
            per[h["game"]][h["kind"]] += 1
        elif h["kind"] == FLIPS:
            per[h["game"]]["take_outs"] += 1
            per[h["game"]]["flips"] += int(h["data"].get("count", 0))
    rows = []
    for g in games:
        c = per[g["id"]]
        out = c[INJURY] + c[DEATH]
        rows.append(
            (
                g["id"],
                g["date"],
                g["scenario"],
                out,
                c["take_outs"],
                c[INJURY],
                c[DEATH],
                c["flips"],
            )
        )
    columns = ("game", "date", "scenario", "out_of_action", "take_outs", "injuries", "deaths")
    return Table("games", "Casualties per game", (*columns, "flips_earned"), tuple(rows))


def casualty_means(per_game: Table) -> Table:
    """Totals and means per game of the per-game casualty columns."""
    n = len(per_game.rows)
    rows = []
    for i, column in enumerate(per_game.columns):
        if column in ("game", "date", "scenario"):
            continue
        total = sum(row[i] for row in per_game.rows)
        rows.append((column, total, _rate(total, n)))
    return Table(
        "casualties", "Casualties over all games", ("measure", "total", "per_game"), tuple(rows)
    )


def flip_summary(campaign: Campaign) -> Table:
    history = campaign["history"]
    earned = sum(int(h["data"].get("count", 0)) for h in history if h["kind"] == FLIPS)
    flips = [h for h in history if h["kind"] == FLIP]
    rows = (
        ("earned", earned),
        ("spent", sum(int(h["data"].get("spent", 0)) for h in flips)),
        ("cards turned", sum(1 for h in flips if h["data"].get("card"))),
        ("cards drawn by the app", sum(1 for h in flips if h["data"].get("drawn"))),
        ("upgrades taken", len(campaign["upgrades"])),
        ("unspent now", sum(p["unspent_flips"] for p in campaign["posses"])),
    )
    return Table("flips", "Card flips (R14, R15)", ("measure", "count"), rows)


def advancement_choices(
    history: Sequence[HistoryRow], upgrades: Sequence[UpgradeRow], rules: Ruleset
) -> Table:
    """R15: for each band of the advancement table, cards turned and the stats chosen."""
    turned: Counter[int] = Counter()
    chosen: Counter[tuple[int, str]] = Counter()
    for h in history:
        if h["kind"] == FLIP and h["data"].get("card"):
            turned[_band(h["data"]["card"], rules)] += 1
    for up in upgrades:
        chosen[(_band(up["card"], rules), up["stat"])] += 1
    rows = []
    for i, band in enumerate(rules.advancement):
        total = sum(n for (b, _), n in chosen.items() if b == i)
        for stat in band.stats:
            label = ", ".join(band.cards)
            rows.append(
                (label, turned[i], stat, chosen[(i, stat)], _rate(chosen[(i, stat)], total))
            )
    columns = ("cards", "turned", "stat", "chosen", "share")
    return Table("advancement", "Stats chosen for each card band (R15)", columns, tuple(rows))


def _band(card: str, rules: Ruleset) -> int:
    rank = parse_card(card).rank
    return next(i for i, row in enumerate(rules.advancement) if rank in row.cards)


def money_by_kind(posses: Sequence[PosseRow], ledger: Sequence[LedgerRow]) -> Table:
    """R16: money in and out of each posse, by kind of ledger entry."""
    rows = []
    for p in sorted(posses, key=lambda p: p["name"]):
        entries = [e for e in ledger if e["posse_id"] == p["id"]]
        for kind in dict.fromkeys(e["kind"] for e in entries):
            amounts = [e["amount"] for e in entries if e["kind"] == kind]
            money_in = sum(a for a in amounts if a > 0)
            money_out = -sum(a for a in amounts if a < 0)
            rows.append((p["name"], kind, len(amounts), money_in, money_out, money_in - money_out))
    columns = ("posse", "kind", "entries", "in", "out", "net")
    return Table("money", "Money in and out by posse and kind (R16)", columns, tuple(rows))


def purses_after_games(games: Sequence[GameRow], history: Sequence[HistoryRow]) -> Table:
    """Each posse's purse right after each game it played, in game order."""
    money = [h for h in history if isinstance(h["data"].get("amount"), int)]
    rows = []
    for g in sorted(games, key=lambda g: g["id"]):
        mark = g["last_history"] or max(
            (h["id"] for h in history if h["game"] == g["id"]), default=0
        )
        for side in sorted(g["sides"], key=lambda s: s["posse"]):
            purse = sum(
                h["data"]["amount"]
                for h in money
                if h["posse_id"] == side["posse_id"] and h["id"] <= mark
            )
            rows.append((side["posse"], g["id"], g["date"], purse))
    rows.sort(key=lambda r: (r[0], r[1]))
    columns = ("posse", "game", "date", "purse")
    return Table("purses", "Purse after each game (R16)", columns, tuple(rows))


def item_counts(history: Sequence[HistoryRow], rules: Ruleset) -> Table:
    """What gets bought and sold, creation purchases included, with the dollars spent."""
    bought: Counter[str] = Counter()
    sold: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    for h in history:
        item = h["data"].get("item")
        if not item:
            continue
        if h["kind"] == BUY:
            bought[item] += 1
            spent[item] -= int(h["data"].get("amount", 0))
        elif h["kind"] == SELL:
            sold[item] += 1
            spent[item] -= int(h["data"].get("amount", 0))
    items = _ordered(rules.items, [*bought, *sold])
    rows = sorted(
        ((i, bought[i], sold[i], spent[i]) for i in items), key=lambda r: (-r[1], items.index(r[0]))
    )
    columns = ("item", "bought", "sold", "net_spent")
    return Table("items", "Items bought and sold", columns, tuple(rows))


def campaign_stats(campaign: Campaign, rules: Ruleset) -> tuple[Table, ...]:
    """Every statistic, in the order the command line prints them."""
    games, history = campaign["games"], campaign["history"]
    per_game = game_casualties(games, history)
    return (
        scenario_counts(games, rules),
        faction_wins(games, rules),
        scenario_wins(games, rules),
        per_game,
        casualty_means(per_game),
        flip_summary(campaign),
        advancement_choices(history, campaign["upgrades"], rules),
        money_by_kind(campaign["posses"], campaign["ledger"]),
        purses_after_games(games, history),
        item_counts(history, rules),
    )
