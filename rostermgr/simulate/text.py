"""A simulation's summary as text, as the `--json` document and as CSV rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rostermgr.rules import Ruleset
from rostermgr.simulate.model import Model
from rostermgr.simulate.summary import (
    DRAW_RATE,
    METRIC_NAMES,
    METRICS,
    QUANTILES,
    TAKE_OUTS,
    RateDifference,
    Spread,
    Summary,
    paired_interval,
    win_figure,
    win_rate_differences,
)

_GAP = 3  # spaces between two columns of a table
_NAME = 24  # a faction's name is cut to this in a table's heading


def _num(value: float, metric: str) -> str:
    if metric == "dead_share":
        return f"{value * 100:.0f}%"
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def _signed(value: float, metric: str) -> str:
    text = _num(abs(value), metric)
    return "0" if text in ("0", "0%") else ("+" if value > 0 else "-") + text


def _pct(value: float) -> str:
    return f"{value * 100:.0f}%"


def ruleset_line(rules: Ruleset) -> str:
    return f"{rules.name} {rules.version} (sha256 {rules.hash[:12]})"


def _names(summary: Summary, rules: Ruleset) -> list[str]:
    return [_name(f, rules) for f in summary.factions]


def _name(faction: str, rules: Ruleset) -> str:
    return rules.factions[faction].name if faction in rules.factions else faction


def _header(summary: Summary, rules: Ruleset, seed: int, model: Model) -> list[str]:
    posses = ", ".join(_name(f, rules) + (f" x{n}" if n > 1 else "") for f, n in summary.posses)
    return [
        f"Simulated {summary.campaigns:,} campaign{'s' if summary.campaigns != 1 else ''} of "
        f"{summary.games} game{'s' if summary.games != 1 else ''} (seed {seed}) among "
        f"posses of {posses}.",
        *(f"Model: {line}" for line in model.describe(rules)),
    ]


def _table(names: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A heading row and rows of cells, each column as wide as its widest cell."""
    head = ["game", *(n[:_NAME] for n in names)]
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    gap = " " * _GAP
    return [
        gap.join(
            c.rjust(w) if i == 0 else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in (head, *rows)
    ]


def _spread(s: Spread | None, unit: str = "") -> str:
    if s is None:
        return "none"
    return f"10th {s.p10:.0f}{unit}, 50th {s.p50:.0f}{unit}, 90th {s.p90:.0f}{unit}"


def summary_lines(summary: Summary, rules: Ruleset, seed: int, model: Model) -> list[str]:
    """The report of one run: tables by game and faction, then the campaign-wide figures."""
    lines = [*_header(summary, rules, seed, model), f"Ruleset: {ruleset_line(rules)}."]
    names = _names(summary, rules)
    for metric in METRICS:
        lines += ["", f"{METRIC_NAMES[metric]}: 10th / 50th / 90th percentile after each game"]
        rows = []
        for g in range(1, summary.games + 1):
            cells = [str(g)]
            for f in summary.factions:
                s = summary.row(g, f).metric(metric)
                cells.append(" / ".join(_num(v, metric) for v in (s.p10, s.p50, s.p90)))
            rows.append(cells)
        lines += _table(names, rows)
    lines += ["", *_ROUNDS, "", *_tail(summary, rules)]
    return lines


_ROUNDS = (
    "Game n is the n-th round of the campaign: each posse plays at most one game a round (with",
    "an odd number of posses one sits it out), and every posse is measured after each round.",
)


def _share(value: float) -> str:
    """A share as a percentage that never rounds a few to none or nearly all to all."""
    if 0 < value < 0.01:
        return "under 1%"
    if 0.99 < value < 1:
        return "over 99%"
    return _pct(value)


def rate_text(rate: float | None, half: float | None) -> str:
    """A win rate as the report gives it, with its own 95% interval in points: "36% ± 4.1"."""
    if rate is None:
        return "no games played"
    return _pct(rate) + ("" if half is None else f" ± {half * 100:.1f}")


def interval_note(summary: Summary) -> str:
    """What the ± after a win rate is, said once under the rates."""
    if summary.campaigns < 2:
        return "no ± interval: a campaign's games share its posses, so one campaign is one draw"
    some_none = any(h is None for _, h in summary.win_interval)
    return (
        f"± the 95% interval in points, each of the {summary.campaigns} campaigns one draw, as "
        "its games share its posses"
        + ("; none where fewer than 2 campaigns played it" if some_none else "")
    )


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _tail(summary: Summary, rules: Ruleset, note: bool = True) -> list[str]:
    halves = dict(summary.win_interval)
    wins = ", ".join(
        f"{_name(f, rules)} {rate_text(r, halves.get(f))}" for f, r in summary.win_rate
    )
    if summary.first_death is None:
        death = "Games to the first death: no campaign had one."
    else:
        some = f" (the {_share(1 - summary.no_death)} of campaigns with one)"
        death = (
            f"Games to the first death{some if summary.no_death else ''}: "
            f"{_spread(summary.first_death)}; no death in {_share(summary.no_death)} of "
            "campaigns."
        )
    return [
        f"Win rate: {wins} (draws: {_pct(summary.draw_rate)} of games).",
        *([f"({_capital(interval_note(summary))}.)"] if note else []),
        f"Models out of action per game: {summary.take_outs:.2f} on average.",
        death,
        "Spread of total stats at the end (best posse minus worst): "
        f"{_spread(summary.stat_spread)}.",
    ]


def comparison_lines(
    a: Summary, rules_a: Ruleset, b: Summary, rules_b: Ruleset, seed: int, model: Model
) -> list[str]:
    """Two rulesets on the same seeds: each median by game as A -> B (difference)."""
    lines = [
        *_header(a, rules_a, seed, model),
        f"Ruleset A: {ruleset_line(rules_a)}.",
        f"Ruleset B: {ruleset_line(rules_b)}.",
        "Both ran on the same seeds: each campaign of B meets the draws of the same campaign of A.",
    ]
    names = _names(a, rules_a)
    for metric in METRICS:
        lines += ["", f"{METRIC_NAMES[metric]}: median after each game, A -> B (B - A)"]
        rows = []
        for g in range(1, a.games + 1):
            cells = [str(g)]
            for f in a.factions:
                x, y = a.row(g, f).metric(metric).p50, b.row(g, f).metric(metric).p50
                cells.append(f"{_num(x, metric)} -> {_num(y, metric)} ({_signed(y - x, metric)})")
            rows.append(cells)
        lines += _table(names, rows)
    lines += ["", *_ROUNDS, "", "A:"] + [f"  {t}" for t in _tail(a, rules_a, note=False)]
    lines += ["B:"] + [f"  {t}" for t in _tail(b, rules_b, note=False)]
    lines += [f"Own win rates of A and B: {interval_note(a)}."]
    return lines + _noise_lines(a, b, rules_a)


def difference_text(d: RateDifference) -> str:
    """A win rate's B - A as the report gives it: "+2.5 pts ± 3.1 (within noise)"."""
    return _against_noise(d.b - d.a, d.half, 100, " pts", 1)


def _against_noise(diff: float, half: float | None, scale: float, unit: str, digits: int) -> str:
    """B - A with the half-width of its 95% interval; "within noise" when that holds 0."""
    text = f"{diff * scale:+.{digits}f}{unit}"
    if half is None:
        return f"{text} (too few campaigns for an interval)"
    if half == 0 and diff == 0:  # every pair alike: no noise to speak of, and no effect
        return f"{text} (the same in every campaign)"
    within = " (within noise)" if abs(diff) <= half else ""
    return f"{text} ± {half * scale:.{digits}f}{within}"


def _noise_lines(a: Summary, b: Summary, rules: Ruleset) -> list[str]:
    """The summary figures' B - A with the sampling error of the paired campaigns."""
    wins = [f"{_name(d.faction, rules)} {difference_text(d)}" for d in win_rate_differences(a, b)]
    draws = _against_noise(
        b.draw_rate - a.draw_rate, paired_interval(a, b, DRAW_RATE), 100, " pts", 1
    )
    outs = _against_noise(b.take_outs - a.take_outs, paired_interval(a, b, TAKE_OUTS), 1, "", 2)
    return [
        "",
        f"B - A, ± the 95% interval from the {a.campaigns} pairs of campaigns",
        "(a difference within it could be the seeds alone; more --campaigns narrow it):",
        f"  Win rate: {', '.join(wins)}.",
        f"  Draws: {draws}.",
        f"  Models out of action per game: {outs}.",
    ]


def model_json(model: Model) -> dict[str, Any]:
    """The model's parameters, as the run used them (every flag of `simulate`)."""
    doc = asdict(model)
    doc["scenarios"] = {s: w for s, w in model.scenarios}
    doc["goods_in"] = list(model.goods_in)
    doc["prefer"] = list(model.prefer)
    return doc


def _ruleset_json(rules: Ruleset) -> dict[str, str]:
    return {"id": rules.id, "version": rules.version, "hash": rules.hash}


def _by_game(summary: Summary) -> list[dict[str, Any]]:
    return [
        {"game": r.game, "faction": r.faction, **{m: s.as_json() for m, s in r.metrics}}
        for r in summary.by_game
    ]


def summary_json(summary: Summary, rules: Ruleset, seed: int) -> dict[str, Any]:
    """The `--json` document of DESIGN 5 (`rostermgr simulate`)."""
    return {
        "campaigns": summary.campaigns,
        "games": summary.games,
        "seed": seed,
        "ruleset": _ruleset_json(rules),
        "by_game": _by_game(summary),
        "posses": dict(summary.posses),
        "win_rate": {f: None if r is None else round(r, 4) for f, r in summary.win_rate},
        # half the width of each rate's own 95% interval, the campaigns its clusters
        "win_rate_interval95": {f: _rounded(h) for f, h in summary.win_interval},
        "draw_rate": round(summary.draw_rate, 4),
        "first_death": summary.first_death.as_json() if summary.first_death else None,
        "no_death": round(summary.no_death, 4),
        "stat_spread": summary.stat_spread.as_json(),
        "take_outs_per_game": round(summary.take_outs, 4),
    }


def comparison_json(
    a: Summary, rules_a: Ruleset, b: Summary, rules_b: Ruleset, seed: int
) -> dict[str, Any]:
    """A's document, with B's under "against" and B - A under "difference"."""
    doc = summary_json(a, rules_a, seed)
    doc["against"] = summary_json(b, rules_b, seed)
    doc["difference"] = {
        "by_game": [
            {
                "game": ra.game,
                "faction": ra.faction,
                **{m: rb.metric(m).minus(ra.metric(m)).as_json() for m in METRICS},
            }
            for ra, rb in zip(a.by_game, b.by_game, strict=True)
        ],
        "win_rate": {
            f: None if ra is None or rb is None else round(rb - ra, 4)
            for (f, ra), (_, rb) in zip(a.win_rate, b.win_rate, strict=True)
        },
        "first_death": (
            b.first_death.minus(a.first_death).as_json()
            if a.first_death and b.first_death
            else None
        ),
        "draw_rate": round(b.draw_rate - a.draw_rate, 4),
        "take_outs_per_game": round(b.take_outs - a.take_outs, 4),
        # half the width of each difference's 95% interval, from the paired campaigns
        "interval95": {
            "win_rate": {f: _rounded(paired_interval(a, b, win_figure(f))) for f in a.factions},
            "draw_rate": _rounded(paired_interval(a, b, DRAW_RATE)),
            "take_outs_per_game": _rounded(paired_interval(a, b, TAKE_OUTS)),
        },
    }
    return doc


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _blank(value: float | None) -> float | str:
    """A CSV value: an interval that cannot be had is an empty value."""
    return "" if value is None else round(value, 4)


def difference_rows(a: Summary, b: Summary) -> list[Sequence[object]]:
    """figures.csv rows of B - A ("B-A" in the ruleset column, B's version and hash) and of the
    half-width of each one's 95% interval (the figure's name + "_interval95"), as the text and
    `--json` give them; an interval that cannot be had is an empty value."""
    rows: list[Sequence[object]] = []

    def pair(figure: str, faction: str, diff: float, half: float | None) -> None:
        rows.append((figure, faction, round(diff, 4)))
        rows.append((f"{figure}_interval95", faction, "" if half is None else round(half, 4)))

    for (f, ra), (_, rb) in zip(a.win_rate, b.win_rate, strict=True):
        if ra is not None and rb is not None:
            pair("win_rate", f, rb - ra, paired_interval(a, b, win_figure(f)))
    pair("draw_rate", "", b.draw_rate - a.draw_rate, paired_interval(a, b, DRAW_RATE))
    pair("take_outs_per_game", "", b.take_outs - a.take_outs, paired_interval(a, b, TAKE_OUTS))
    return rows


CSV_BY_GAME = ("ruleset", "version", "hash", "game", "faction", "metric", "p10", "p50", "p90")
CSV_FIGURES = ("ruleset", "version", "hash", "figure", "faction", "value")


def csv_rows(
    side: str, summary: Summary, rules: Ruleset
) -> tuple[list[Sequence[object]], list[Sequence[object]]]:
    """Rows of by_game.csv and figures.csv for one ruleset ("A" or "B")."""
    head = (side, rules.version, rules.hash)
    by_game: list[Sequence[object]] = [
        (*head, r.game, r.faction, m, *(round(getattr(s, q), 4) for q, _ in QUANTILES))
        for r in summary.by_game
        for m, s in r.metrics
    ]
    halves = dict(summary.win_interval)
    figures: list[Sequence[object]] = [
        *(
            row
            for f, v in summary.win_rate
            for row in (
                (*head, "win_rate", f, "" if v is None else round(v, 4)),
                (*head, "win_rate_interval95", f, _blank(halves.get(f))),
            )
        ),
        (*head, "draw_rate", "", round(summary.draw_rate, 4)),
        (*head, "take_outs_per_game", "", round(summary.take_outs, 4)),
        (*head, "no_death", "", round(summary.no_death, 4)),
    ]
    for name, s in (("first_death", summary.first_death), ("stat_spread", summary.stat_spread)):
        if s is not None:
            figures += [(*head, f"{name}_{q}", "", round(getattr(s, q), 4)) for q, _ in QUANTILES]
    return by_game, figures
