"""Playtest statistics split by the ruleset the games were played under (issue 18).

Rulings: a game, the history rows it wrote and its ledger entries count under the ruleset of
that game; a flip's upgrade under the ruleset it was taken under; any other history or ledger
row (a purchase, a sale, a flip's history) under the ruleset that was current when it was
written (each stored ruleset marks the newest rows written before it). What a posse holds now
(its purse, its unspent flips) is counted under the current ruleset only. A purse after a game
is the whole purse then, whatever rulesets its money was earned under, shown under the
ruleset of that game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rostermgr.rules import Ruleset
from rostermgr.stats import Campaign, Table, campaign_stats, purses_after_games


@dataclass(frozen=True)
class RulesetPart:
    """One ruleset's share of the campaign: its label in the tables, its hash and rules."""

    label: str
    hash: str
    rules: Ruleset


# A ruleset's hash with the newest history and the newest ledger row written before it.
Marks = Sequence[tuple[str, int, int]]


def _written_under(row_id: int, marks: Marks, column: Literal[1, 2], current: str) -> str:
    """The hash of the ruleset current when the row `row_id` was written."""
    owner = marks[0][0] if marks else current
    for mark in marks:
        if mark[column] < row_id:
            owner = mark[0]
    return owner


def split_campaign(
    campaign: Campaign,
    game_hash: Mapping[int, str],
    upgrade_hashes: Sequence[str | None],
    marks: Marks,
    current: str,
) -> dict[str, Campaign]:
    """The campaign's rows by ruleset hash (see the rulings above)."""
    games = sorted(campaign["games"], key=lambda g: g["id"])
    parts: dict[str, Campaign] = {}

    def part(hash_: str) -> Campaign:
        return parts.setdefault(
            hash_, {"games": [], "posses": [], "history": [], "upgrades": [], "ledger": []}
        )

    for g in games:
        part(game_hash.get(g["id"], current))["games"].append(g)
    for h in campaign["history"]:
        if h["game"] is not None and h["game"] in game_hash:
            owner = game_hash[h["game"]]
        else:
            owner = _written_under(h["id"], marks, 1, current)
        part(owner)["history"].append(h)
    for e in campaign["ledger"]:
        if e["game"] is not None and e["game"] in game_hash:
            owner = game_hash[e["game"]]
        else:
            owner = _written_under(e["id"], marks, 2, current)
        part(owner)["ledger"].append(e)
    for up, hash_ in zip(campaign["upgrades"], upgrade_hashes, strict=True):
        part(hash_ or current)["upgrades"].append(up)
    part(current)["posses"].extend(campaign["posses"])
    return parts


def stats_by_ruleset(
    campaign: Campaign,
    game_hash: Mapping[int, str],
    upgrade_hashes: Sequence[str | None],
    marks: Marks,
    rulesets: Sequence[RulesetPart],
    current: str,
) -> tuple[Table, ...]:
    """Every statistic, each table with a leading `ruleset` column, oldest ruleset first.

    Tables that count only posses' present state (money by kind keeps every posse) get the
    posses from the current ruleset's part; a ruleset with no rows at all is left out.
    """
    parts = split_campaign(campaign, game_hash, upgrade_hashes, marks, current)
    posses = campaign["posses"]
    merged: list[Table] = []
    for part in rulesets:
        rows = parts.get(part.hash)
        if rows is None:
            continue
        if part.hash != current:  # unspent flips are held now, under the current ruleset
            rows = {**rows, "posses": [{**p, "unspent_flips": 0} for p in posses]}
        for i, table in enumerate(campaign_stats(rows, part.rules)):
            labelled = tuple((part.label, *row) for row in table.rows)
            if len(merged) <= i:
                merged.append(Table(table.name, table.title, ("ruleset", *table.columns), labelled))
            else:
                old = merged[i]
                merged[i] = Table(old.name, old.title, old.columns, old.rows + labelled)
    return tuple(_whole_purses(t, campaign, game_hash, rulesets, current) for t in merged)


def _whole_purses(
    table: Table,
    campaign: Campaign,
    game_hash: Mapping[int, str],
    rulesets: Sequence[RulesetPart],
    current: str,
) -> Table:
    """The purses after each game reckoned over all the money, labelled by the game's ruleset."""
    if table.name != "purses":
        return table
    labels = {part.hash: part.label for part in rulesets}
    whole = purses_after_games(campaign["games"], campaign["history"])
    game = whole.columns.index("game")
    rows = tuple((labels.get(game_hash.get(row[game], current), ""), *row) for row in whole.rows)
    order = list(labels.values())
    rows = tuple(sorted(rows, key=lambda r: order.index(r[0]) if r[0] in order else len(order)))
    return Table(table.name, table.title, table.columns, rows)
