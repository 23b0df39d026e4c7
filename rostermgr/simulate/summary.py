"""What many simulated campaigns say: percentiles by game and faction, win rates, first deaths."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rostermgr.simulate.campaign import CampaignRun

METRICS = ("purse", "advances", "strikes", "dead_share")
METRIC_NAMES = {
    "purse": "Purse ($)",
    "advances": "Advances (upgrades taken)",
    "strikes": "Strikes on living members",
    "dead_share": "Share of members dead",
}
QUANTILES = (("p10", 0.1), ("p50", 0.5), ("p90", 0.9))


@dataclass(frozen=True)
class Spread:
    """The 10th, 50th and 90th percentiles of a figure."""

    p10: float
    p50: float
    p90: float

    def as_json(self) -> dict[str, float]:
        return {"p10": round(self.p10, 4), "p50": round(self.p50, 4), "p90": round(self.p90, 4)}

    def minus(self, other: Spread) -> Spread:
        return Spread(self.p10 - other.p10, self.p50 - other.p50, self.p90 - other.p90)


@dataclass(frozen=True)
class GameRow:
    """One game number for one faction: each metric's spread over its posses in all campaigns."""

    game: int
    faction: str
    metrics: tuple[tuple[str, Spread], ...]

    def metric(self, name: str) -> Spread:
        return dict(self.metrics)[name]


@dataclass(frozen=True)
class Summary:
    campaigns: int
    games: int
    factions: tuple[str, ...]  # in the order given, each once
    posses: tuple[tuple[str, int], ...]  # posses of each faction in a campaign
    by_game: tuple[GameRow, ...]
    win_rate: tuple[tuple[str, float | None], ...]  # None: no posse of it played a game
    draw_rate: float
    first_death: Spread | None  # over the campaigns with a death; None when none had one
    no_death: float  # share of campaigns without a death
    stat_spread: Spread  # best posse's total stats minus the worst's, at the end
    take_outs: float  # models out of action per game, on average

    def row(self, game: int, faction: str) -> GameRow:
        return next(r for r in self.by_game if r.game == game and r.faction == faction)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest rank: always a value that occurred (a purse, a count)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[round((len(ordered) - 1) * q)]


def spread(values: Sequence[float]) -> Spread:
    return Spread(*(percentile(values, q) for _, q in QUANTILES))


def summarise(runs: Iterable[CampaignRun], games: int) -> Summary:
    """Percentiles over every campaign's posses, by game number and faction."""
    runs = list(runs)
    factions = tuple(dict.fromkeys(f for r in runs for f in r.factions))
    counts = Counter(runs[0].factions) if runs else Counter()
    values: dict[tuple[int, str, str], list[float]] = {}
    wins = dict.fromkeys(factions, 0)
    played = dict.fromkeys(factions, 0)
    games_played = draws = 0
    deaths: list[float] = []
    spreads: list[float] = []
    take_outs: list[int] = []
    for run in runs:
        for g, posses in enumerate(run.rounds, 1):
            for at in posses:
                for metric in METRICS:
                    values.setdefault((g, at.faction, metric), []).append(getattr(at, metric))
        for faction, won, n in zip(run.factions, run.wins, run.played, strict=True):
            wins[faction] += won
            played[faction] += n
        games_played += len(run.take_outs)
        draws += len(run.take_outs) - sum(run.wins)
        if run.first_death is not None:
            deaths.append(run.first_death)
        if run.rounds:
            totals = [p.total_stats for p in run.rounds[-1]]
            spreads.append(max(totals) - min(totals))
        take_outs.extend(run.take_outs)
    by_game = tuple(
        GameRow(g, f, tuple((m, spread(values.get((g, f, m), []))) for m in METRICS))
        for g in range(1, games + 1)
        for f in factions
    )
    return Summary(
        campaigns=len(runs),
        games=games,
        factions=factions,
        posses=tuple((f, counts[f]) for f in factions),
        by_game=by_game,
        win_rate=tuple((f, wins[f] / played[f] if played[f] else None) for f in factions),
        draw_rate=draws / games_played if games_played else 0.0,
        first_death=spread(deaths) if deaths else None,
        no_death=1 - len(deaths) / len(runs) if runs else 0.0,
        stat_spread=spread(spreads),
        take_outs=sum(take_outs) / len(take_outs) if take_outs else 0.0,
    )
