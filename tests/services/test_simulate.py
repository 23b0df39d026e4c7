"""The simulator as a use case: processes, comparison, calibration, Cancel, CSV (#21)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from rostermgr.simulate.model import Model
from rostermgr.simulate.text import comparison_json
from services import simulate
from tests.conftest import Cli
from tests.engines import opened
from tests.rostermgr.simulate.conftest import changed

RULES = default_ruleset()


def _job(campaigns: int = 10, games: int = 3, **model: object) -> simulate.Job:
    return simulate.job(RULES, campaigns, games, None, 3, Model(**model))  # type: ignore[arg-type]


def test_worker_processes_give_what_one_process_gives() -> None:
    """Campaign i depends on the seed and i alone, whichever process runs it."""
    made = _job(campaigns=60, games=2)
    one = simulate._run_job(made, 0, 60, None, None, 1)
    two = simulate._run_job(made, 0, 60, None, None, 2)
    assert one == two


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "spawned"])
def test_forked_and_spawned_workers_give_what_one_process_gives(
    fork: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked worker starts with the ruleset and odds table of the process that forked it;
    a spawned one reads the ruleset itself: the campaigns are the same."""
    from services import simulate_worker

    if fork and not simulate_worker.forks():
        pytest.skip("this process may not fork workers (not Linux, threads or Qt)")
    monkeypatch.setattr(simulate_worker, "forks", lambda: fork)
    made = _job(campaigns=60, games=2)
    assert simulate._run_job(made, 0, 60, None, None, 2) == simulate._run_job(
        made, 0, 60, None, None, 1
    )


def test_a_spawned_worker_loads_the_domain_only() -> None:
    """No campaign store, printables or Qt in a worker: they would only slow its start."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from rostermgr.simulate.run import run_chunk
    from services.simulate_worker import started

    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=started) as pool:
        counted, _ = pool.submit(run_chunk, _job(campaigns=2, games=1), range(2)).result()
        # eval pickles by name, where a function of this module would bring its imports
        loaded = pool.submit(eval, "sorted(__import__('sys').modules)").result()
        collecting = pool.submit(eval, "__import__('gc').isenabled()").result()
    assert counted.campaigns == 2
    heavy = {"peewee", "reportlab", "PySide6", "PIL", "db", "printables", "cli", "ui"}
    assert not {m.split(".")[0] for m in loaded} & heavy
    assert not collecting  # a worker's campaigns make next to no reference cycles (started)


def test_against_an_identical_ruleset_shows_no_difference() -> None:
    same = changed("Last Hope Frontier", "Last Hope Frontier", "b.toml")
    out = simulate.run(_job(), same)
    assert out.against == out.summary
    doc = comparison_json(out.summary, out.rules, out.against, same, 3)
    diff = doc["difference"]
    for row in diff["by_game"]:
        for metric in ("purse", "advances", "strikes", "dead_share"):
            assert row[metric] == {"p10": 0, "p50": 0, "p90": 0}
    assert set(diff["win_rate"].values()) == {0}
    assert diff["first_death"] in (None, {"p10": 0, "p50": 0, "p90": 0})


def test_progress_counts_both_rulesets_and_a_stop_cancels() -> None:
    seen: list[tuple[int, int]] = []
    simulate.run(_job(campaigns=60, games=1), RULES, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (120, 120) and all(t == 120 for _, t in seen)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 1

    with pytest.raises(simulate.Cancelled, match="stopped"):
        simulate.run(_job(campaigns=60, games=1), stop=stop)


def test_calibrate_fits_exchanges_to_the_recorded_take_outs() -> None:
    made = _job(campaigns=20, games=3)
    fit = simulate.calibrate(made, [1, 2, 1, 2])  # 1.5 models out of action a game
    assert abs(fit.simulated - 1.5) < 0.25
    more = simulate.calibrate(made, [5, 6, 5])
    assert more.exchanges_per_turn > fit.exchanges_per_turn
    with pytest.raises(Refused, match="no recorded games"):
        simulate.calibrate(made, [])


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"campaigns": 0}, "Campaigns must be from 1"),
        ({"games": 0}, "Games must be from 1"),
        ({"factions": ("sheriffs",)}, "needs 2 to"),
        ({"factions": ("sheriffs", "pinkertons")}, "no faction 'pinkertons'"),
        ({"model": Model(exchanges_per_turn=0)}, "Exchanges per turn"),
        ({"model": Model(scenarios=(("duel", 1.0),))}, "no scenario 'duel'"),
        ({"model": Model(prefer=("luck",))}, "'luck' is not a stat"),
        ({"model": Model(shopping="lavish")}, "shopping policy"),
    ],
)
def test_a_job_that_cannot_run_is_refused_in_one_sentence(kwargs: dict, says: str) -> None:
    args = {"campaigns": 5, "games": 2, "factions": None, "seed": 1, "model": Model(), **kwargs}
    with pytest.raises(Refused, match=says) as caught:
        simulate.job(
            RULES, args["campaigns"], args["games"], args["factions"], args["seed"], args["model"]
        )
    assert "\n" not in str(caught.value)


def test_write_csv_writes_both_rulesets(tmp_path: Path) -> None:
    out = simulate.run(_job(), changed("starting_purse = 200", "starting_purse = 300"))
    names = simulate.write_csv(out, tmp_path / "sim")
    assert names == ["by_game.csv", "figures.csv"]
    rows = list(csv.DictReader((tmp_path / "sim" / "by_game.csv").open(encoding="utf-8")))
    assert {r["ruleset"] for r in rows} == {"A", "B"}
    assert len(rows) == 2 * 3 * 4 * 4  # rulesets x games x factions x metrics
    figures = list(csv.DictReader((tmp_path / "sim" / "figures.csv").open(encoding="utf-8")))
    assert {"win_rate", "first_death_p50", "stat_spread_p90"} <= {f["figure"] for f in figures}


def test_a_campaign_s_posses_travel_to_worker_processes(cli: Cli) -> None:
    """--from-campaign posses (upgrades are read-only mappings) pickle to the workers."""
    from tests.conftest import DALTON, LAWMEN

    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    with opened(cli.db, RULES) as c:
        posses = simulate.campaign_posses(c)
    from dataclasses import replace
    from types import MappingProxyType

    kid = replace(posses[0].members[2], upgrades=MappingProxyType({"shot": 1}))
    posses[0] = replace(posses[0], members=(*posses[0].members[:2], kid, *posses[0].members[3:]))
    made = simulate.job(RULES, 50, 2, None, 5, Model(), posses)
    assert simulate._run_job(made, 0, 50, None, None, 2) == simulate._run_job(
        made, 0, 50, None, None, 1
    )


def test_a_stop_ends_the_worker_processes_at_once() -> None:
    import multiprocessing

    seen: list[int] = []
    with pytest.raises(simulate.Cancelled):
        simulate.run(
            _job(campaigns=400, games=2),
            progress=lambda d, t: seen.append(d),
            stop=lambda: bool(seen),
            workers=2,
        )
    assert seen and seen[-1] < 400
    assert multiprocessing.active_children() == []


def test_where_worker_processes_cannot_run_the_run_goes_on_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from concurrent.futures.process import BrokenProcessPool

    def broken(*_: object) -> None:
        raise BrokenProcessPool("a worker could not start")

    made = _job(campaigns=30, games=2)
    here = simulate._run_job(made, 0, 30, None, None, 1)
    monkeypatch.setattr(simulate, "_on_workers", broken)
    assert simulate._run_job(made, 0, 30, None, None, 2) == here


def test_a_ruleset_of_one_faction_simulates_two_posses_of_it() -> None:
    """A ruleset with only the Sheriffs loads; `simulate` refused it by default ("needs 2 to 16
    posses, not 1") where a game needs two posses of the one faction."""
    rules = default_ruleset()
    only = rules.text
    for faction in ("outlawmen", "bootleggers", "townsfolk"):
        start = only.index(f"[factions.{faction}]")
        only = only[:start] + only[only.index("\n[", start + 1) + 1 :]
    one = parse_ruleset_text(only, "one.toml")
    made = simulate.job(one, 1, 1, None, 1, Model())
    assert made.factions == ("sheriffs", "sheriffs")
    out = simulate.run(made)
    assert out.summary is not None
