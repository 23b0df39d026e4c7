"""What many simulated campaigns say: percentiles by game and faction, win rates, first deaths."""

from __future__ import annotations

import math
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
    # each campaign's own figure, in campaign order (NaN: it has none), by FIGURES name; two runs
    # on the same seeds pair campaign i with campaign i, so B - A gets its sampling error
    per_campaign: tuple[tuple[str, tuple[float, ...]], ...] = ()
    # half the width of each win rate's own 95% interval (`rate_interval`), in win_rate's order;
    # None: fewer than two campaigns in which the faction played
    win_interval: tuple[tuple[str, float | None], ...] = ()

    def row(self, game: int, faction: str) -> GameRow:
        return next(r for r in self.by_game if r.game == game and r.faction == faction)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest rank: always a value that occurred (a purse, a count)."""
    return _ranked(sorted(values), q)


def _ranked(ordered: Sequence[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[round((len(ordered) - 1) * q)]


def spread(values: Sequence[float]) -> Spread:
    ordered = sorted(values)
    return Spread(*(_ranked(ordered, q) for _, q in QUANTILES))


@dataclass(frozen=True)
class Tally:
    """What `summarise` counts over some campaigns of a run, before any percentile: the tallies
    of the slices of a run add up to the run's (`merge`), so a worker process sends its slice's
    tally, a few lists of numbers, rather than its campaigns."""

    campaigns: int
    factions: tuple[str, ...]  # in the order first met, each once
    posses: tuple[tuple[str, int], ...]  # posses of each faction in the first campaign
    values: dict[tuple[int, str, str], list[float]]  # (game, faction, metric) -> every posse's
    wins: dict[str, int]
    played: dict[str, int]
    games_played: int
    draws: int
    deaths: list[float]  # the round of each campaign's first death
    spreads: list[float]  # each campaign's best posse's total stats minus the worst's, at the end
    take_outs: int  # models out of action in all games
    figures: dict[str, list[float]]  # each campaign's own figure (see `campaign_figures`)


def win_figure(faction: str) -> str:
    """The per-campaign figure of a faction's win rate."""
    return f"win_rate.{faction}"


def wins_figure(faction: str) -> str:
    """The per-campaign figure of the games a faction's posses won."""
    return f"wins.{faction}"


def games_figure(faction: str) -> str:
    """The per-campaign figure of the games a faction's posses played."""
    return f"games.{faction}"


DRAW_RATE, TAKE_OUTS = "draw_rate", "take_outs"


def campaign_figures(run: CampaignRun) -> dict[str, float]:
    """One campaign's win rate by faction, draw rate and models out of action per game (NaN
    where it played no game): the numbers whose spread over campaigns is the sampling error;
    and each faction's wins and games, from which its rate's own interval is had."""
    games = len(run.take_outs)
    out = {
        DRAW_RATE: (games - sum(run.wins)) / games if games else math.nan,
        TAKE_OUTS: sum(run.take_outs) / games if games else math.nan,
    }
    for faction in dict.fromkeys(run.factions):
        won = sum(w for f, w in zip(run.factions, run.wins, strict=True) if f == faction)
        n = sum(p for f, p in zip(run.factions, run.played, strict=True) if f == faction)
        out[win_figure(faction)] = won / n if n else math.nan
        out[wins_figure(faction)] = float(won)
        out[games_figure(faction)] = float(n)
    return out


def tally(runs: Iterable[CampaignRun]) -> Tally:
    """The counts of these campaigns."""
    runs = list(runs)
    factions = tuple(dict.fromkeys(f for r in runs for f in r.factions))
    counts = Counter(runs[0].factions) if runs else Counter()
    values: dict[tuple[int, str, str], list[float]] = {}
    wins = dict.fromkeys(factions, 0)
    played = dict.fromkeys(factions, 0)
    games_played = draws = take_outs = 0
    deaths: list[float] = []
    spreads: list[float] = []
    figures: dict[str, list[float]] = {}
    for i, run in enumerate(runs):
        for name, value in campaign_figures(run).items():
            figures.setdefault(name, [math.nan] * i).append(value)
        for column in figures.values():  # a faction this campaign lacks
            column += [math.nan] * (i + 1 - len(column))
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
        take_outs += sum(run.take_outs)
    return Tally(
        len(runs),
        factions,
        tuple((f, counts[f]) for f in factions),
        values,
        wins,
        played,
        games_played,
        draws,
        deaths,
        spreads,
        take_outs,
        figures,
    )


def merge(tallies: Iterable[Tally]) -> Tally:
    """The tally of the campaigns of all these tallies, taken in order."""
    parts = [t for t in tallies if t.campaigns]
    factions = tuple(dict.fromkeys(f for t in parts for f in t.factions))
    values: dict[tuple[int, str, str], list[float]] = {}
    wins = dict.fromkeys(factions, 0)
    played = dict.fromkeys(factions, 0)
    deaths: list[float] = []
    spreads: list[float] = []
    figures: dict[str, list[float]] = {}
    done = 0
    for t in parts:
        for key, found in t.values.items():
            values.setdefault(key, []).extend(found)
        for name in dict.fromkeys([*figures, *t.figures]):
            figures.setdefault(name, [math.nan] * done).extend(
                t.figures.get(name, [math.nan] * t.campaigns)
            )
        done += t.campaigns
        for faction in t.factions:
            wins[faction] += t.wins[faction]
            played[faction] += t.played[faction]
        deaths.extend(t.deaths)
        spreads.extend(t.spreads)
    return Tally(
        sum(t.campaigns for t in parts),
        factions,
        parts[0].posses if parts else (),
        values,
        wins,
        played,
        sum(t.games_played for t in parts),
        sum(t.draws for t in parts),
        deaths,
        spreads,
        sum(t.take_outs for t in parts),
        figures,
    )


def summarise(runs: Iterable[CampaignRun], games: int) -> Summary:
    """Percentiles over every campaign's posses, by game number and faction."""
    return finish(tally(runs), games)


def finish(t: Tally, games: int) -> Summary:
    """The summary of a run from its tally."""
    by_game = tuple(
        GameRow(g, f, tuple((m, spread(t.values.get((g, f, m), []))) for m in METRICS))
        for g in range(1, games + 1)
        for f in t.factions
    )
    return Summary(
        campaigns=t.campaigns,
        games=games,
        factions=t.factions,
        posses=t.posses,
        by_game=by_game,
        win_rate=tuple((f, t.wins[f] / t.played[f] if t.played[f] else None) for f in t.factions),
        draw_rate=t.draws / t.games_played if t.games_played else 0.0,
        first_death=spread(t.deaths) if t.deaths else None,
        no_death=1 - len(t.deaths) / t.campaigns if t.campaigns else 0.0,
        stat_spread=spread(t.spreads),
        take_outs=t.take_outs / t.games_played if t.games_played else 0.0,
        per_campaign=tuple((name, tuple(v)) for name, v in t.figures.items()),
        win_interval=tuple(
            (
                f,
                rate_interval(
                    t.figures.get(wins_figure(f), ()), t.figures.get(games_figure(f), ())
                ),
            )
            for f in t.factions
        ),
    )


Z95 = 1.96  # a normal 95% interval: the campaigns are independent, their mean near normal


def paired_interval(a: Summary, b: Summary, figure: str) -> float | None:
    """Half the width of the 95% interval of B - A in a figure, from the campaign pairs.

    Campaign i of B ran on the seeds of campaign i of A, so the differences of the pairs are
    independent draws of one difference; their standard error is what the seeds cannot tell
    apart. None when fewer than two pairs both have the figure.
    """
    xs, ys = dict(a.per_campaign).get(figure, ()), dict(b.per_campaign).get(figure, ())
    diffs = [y - x for x, y in zip(xs, ys, strict=False) if not (math.isnan(x) or math.isnan(y))]
    if len(diffs) < 2:
        return None
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return Z95 * math.sqrt(variance / len(diffs))


def rate_interval(wins: Sequence[float], games: Sequence[float]) -> float | None:
    """Half the width of the 95% interval of a win rate, sum(wins) / sum(games), from each
    campaign's wins and games (NaN or no games: a campaign that did not play it, left out).

    A campaign's games are not independent draws (the same posses grow through them), so the
    campaign is the unit: the rate is a ratio estimator over the campaigns, and its standard
    error the cluster-robust (linearised) one,

        SE^2 = C / (C - 1) * sum((w_c - R * n_c)^2) / (sum n_c)^2,

    over the C campaigns that played it, R the rate. With as many games in every campaign it is
    the standard error of the mean of the campaigns' own rates, as in `paired_interval`. None
    when fewer than two campaigns played it.
    """
    pairs = [(w, n) for w, n in zip(wins, games, strict=True) if not math.isnan(n) and n > 0]
    if len(pairs) < 2:
        return None
    won = sum(w for w, _ in pairs)
    played = sum(n for _, n in pairs)
    rate = won / played
    residuals = sum((w - rate * n) ** 2 for w, n in pairs)
    count = len(pairs)
    return Z95 * math.sqrt(count / (count - 1) * residuals) / played


@dataclass(frozen=True)
class RateDifference:
    """One faction's win rate under A and under B, and the half-width of the 95% interval of
    B - A from the paired campaigns (None: too few pairs for one)."""

    faction: str
    a: float
    b: float
    half: float | None


def win_rate_differences(a: Summary, b: Summary) -> tuple[RateDifference, ...]:
    """B - A in each faction's win rate with its interval: the factions that played under both,
    in A's order. The report, the `--json` document and the window's chart all read these."""
    return tuple(
        RateDifference(f, ra, rb, paired_interval(a, b, win_figure(f)))
        for (f, ra), (_, rb) in zip(a.win_rate, b.win_rate, strict=True)
        if ra is not None and rb is not None
    )
