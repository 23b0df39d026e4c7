"""A simulation's summary as text, as the `--json` document and as CSV rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rostermgr.rules import Ruleset
from rostermgr.simulate.model import Model
from rostermgr.simulate.summary import METRIC_NAMES, METRICS, QUANTILES, Spread, Summary

_COLUMN = 18


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
    return [rules.factions[f].name if f in rules.factions else f for f in summary.factions]


def _header(summary: Summary, rules: Ruleset, seed: int, model: Model) -> list[str]:
    return [
        f"Simulated {summary.campaigns:,} campaign{'s' if summary.campaigns != 1 else ''} of "
        f"{summary.games} game{'s' if summary.games != 1 else ''} (seed {seed}): "
        f"{', '.join(_names(summary, rules))}.",
        *(f"Model: {line}" for line in model.describe(rules)),
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
        lines.append("game " + "".join(n[: _COLUMN - 2].ljust(_COLUMN) for n in names).rstrip())
        for g in range(1, summary.games + 1):
            cells = []
            for f in summary.factions:
                s = summary.row(g, f).metric(metric)
                cells.append(" / ".join(_num(v, metric) for v in (s.p10, s.p50, s.p90)))
            lines.append(f"{g:>4} " + "".join(c.ljust(_COLUMN) for c in cells).rstrip())
    lines += ["", *_tail(summary, rules)]
    return lines


def _tail(summary: Summary, rules: Ruleset) -> list[str]:
    wins = ", ".join(
        f"{rules.factions[f].name if f in rules.factions else f} {_pct(r)}"
        for f, r in summary.win_rate
    )
    death = _spread(summary.first_death)
    return [
        f"Win rate: {wins} (draws: {_pct(summary.draw_rate)} of games).",
        f"Models out of action per game: {summary.take_outs:.2f} on average.",
        f"Games to the first death: {death}; no death in {_pct(summary.no_death)} of campaigns.",
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
        width = _COLUMN + 6
        lines.append("game " + "".join(n[: width - 2].ljust(width) for n in names).rstrip())
        for g in range(1, a.games + 1):
            cells = []
            for f in a.factions:
                x, y = a.row(g, f).metric(metric).p50, b.row(g, f).metric(metric).p50
                cells.append(f"{_num(x, metric)} -> {_num(y, metric)} ({_signed(y - x, metric)})")
            lines.append(f"{g:>4} " + "".join(c.ljust(width) for c in cells).rstrip())
    lines += ["", "A:"] + [f"  {t}" for t in _tail(a, rules_a)]
    lines += ["B:"] + [f"  {t}" for t in _tail(b, rules_b)]
    return lines


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
        "win_rate": {f: round(r, 4) for f, r in summary.win_rate},
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
            f: round(rb - ra, 4) for (f, ra), (_, rb) in zip(a.win_rate, b.win_rate, strict=True)
        },
        "first_death": (
            b.first_death.minus(a.first_death).as_json()
            if a.first_death and b.first_death
            else None
        ),
    }
    return doc


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
    figures: list[Sequence[object]] = [
        *((*head, "win_rate", f, round(v, 4)) for f, v in summary.win_rate),
        (*head, "draw_rate", "", round(summary.draw_rate, 4)),
        (*head, "take_outs_per_game", "", round(summary.take_outs, 4)),
        (*head, "no_death", "", round(summary.no_death, 4)),
    ]
    for name, s in (("first_death", summary.first_death), ("stat_spread", summary.stat_spread)):
        if s is not None:
            figures += [(*head, f"{name}_{q}", "", round(getattr(s, q), 4)) for q, _ in QUANTILES]
    return by_game, figures
