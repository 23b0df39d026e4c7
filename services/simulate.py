"""The campaign simulator as a use case: rulesets chosen, posses taken, campaigns run in parallel.

The command line and the app's Tools > Simulator call `run`: it checks the request, runs the
campaigns over worker processes (or in this process, for a small run or where processes are not
available), reports progress, stops on request, and returns the summaries. `calibrate` fits the
model's exchanges per turn to a campaign's recorded games.
"""

from __future__ import annotations

import copyreg
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from rostermgr.errors import Refused
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.simulate.model import MAX_EXCHANGES, Model
from rostermgr.simulate.run import Job, Known, check_job, chunks, read_only, run_chunk
from rostermgr.simulate.summary import Summary, Tally, finish, merge
from rostermgr.simulate.text import CSV_BY_GAME, CSV_FIGURES, csv_rows, difference_rows

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from services.campaign import Campaign

# The campaign store (services.campaign, db, peewee) and the output files are imported where a
# use case needs them, not with this module: a run from the command line needs neither, and its
# worker processes start only once the command has imported what it does need.

# A member's upgrades are a read-only mapping, which pickle cannot carry to a worker by itself.
copyreg.pickle(MappingProxyType, lambda m: (read_only, (dict(m),)))

CHUNK = 25  # campaigns per piece of work: small enough for progress and Cancel to be prompt
# Worker processes share the odds they work out (`run_chunk`): the first campaigns of a run meet
# most of its matchups, so they go out in small pieces, one per worker at a time, each carrying
# what the pieces before it worked out; otherwise every worker would work out the same odds.
WARM, WARM_PIECE = 24, 2
# and the last campaigns in small pieces too, so that the workers finish together: a last piece
# of 25 would leave the other workers idle for the time of 25 campaigns
TAIL, TAIL_PIECE = 40, 4
IN_PROCESS = 100  # campaigns below which worker processes cost more than they save

Progress = Callable[[int, int], None]  # campaigns done, campaigns in all (both rulesets)
Stop = Callable[[], bool]


@dataclass(frozen=True)
class Outcome:
    """A finished run: the summary of each ruleset (`against` when two were compared)."""

    rules: Ruleset
    summary: Summary
    against_rules: Ruleset | None = None
    against: Summary | None = None
    workers: int = 1


class Cancelled(Refused):
    """The run was stopped before it finished; nothing was written."""


def job(
    rules: Ruleset,
    campaigns: int,
    games: int,
    factions: Sequence[str] | None,
    seed: int,
    model: Model,
    start: Sequence[Posse] = (),
) -> Job:
    """The request as a job, checked: factions None is one posse of each (none is refused),
    and two of a ruleset's only faction (a game needs two posses; such a ruleset loads)."""
    chosen = tuple(rules.factions) if factions is None else tuple(factions)
    if factions is None and len(chosen) == 1:
        chosen *= 2
    made = Job(
        rules.text,
        rules.source,
        campaigns,
        games,
        chosen if not start else (),
        seed,
        model,
        tuple(start),
    )
    check_job(made, rules)
    for posse in start:
        for member in posse.members:
            for item in member.items:
                if item not in rules.items:
                    raise Refused(
                        f"{member.name} of {posse.name} carries {item!r}, which "
                        f"{rules.name} {rules.version} does not have."
                    )
            if member.role not in rules.roles:
                raise Refused(
                    f"{member.name} of {posse.name} is a {member.role!r}, a role "
                    f"{rules.name} {rules.version} does not have."
                )
    return made


def campaign_posses(c: Campaign) -> list[Posse]:
    """--from-campaign: the posses still playing, as they stand."""
    from services.campaign import in_campaign

    return in_campaign(_playing)(c)


def _playing(c: Campaign) -> list[Posse]:
    from db.posses import all_posses
    from rostermgr.standing import may_play

    return [p for p in all_posses() if may_play(p.standing)]


def recorded_take_outs(c: Campaign) -> list[int]:
    """Models out of action in each recorded game, oldest first (for --calibrate)."""
    from services.campaign import in_campaign

    return in_campaign(_take_outs)(c)


def _take_outs(c: Campaign) -> list[int]:
    from db.games import take_outs_per_game

    return take_outs_per_game()


def workers_for(campaigns: int) -> int:
    """Worker processes worth starting: one per core, none for a small run or where the
    platform (the bundled app) has no multiprocessing."""
    if campaigns < IN_PROCESS:
        return 1
    try:
        import concurrent.futures  # noqa: F401
        import multiprocessing  # noqa: F401
    except ImportError:
        return 1
    return max(1, min(os.cpu_count() or 1, -(-campaigns // CHUNK)))


@contextmanager
def _workers_deaf() -> Iterator[None]:
    """Processes started in this block ignore Ctrl+C from their start (they inherit it), so
    none prints a traceback before its initializer runs; only the main thread can say so."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Stop the workers where they are: nothing they would finish is wanted any more."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=True, cancel_futures=True)  # and its queues closed, none left behind


def _run_job(
    made: Job, done: int, total: int, progress: Progress | None, stop: Stop | None, workers: int
) -> Tally:
    """The job's campaigns on `workers` processes (on this one where processes cannot run),
    tallied."""
    if workers > 1:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return _on_workers(made, done, total, progress, stop, workers)
        except BrokenProcessPool:
            pass  # a worker could not start or died (no main-module guard, no memory): go on here
    return _here(made, done, total, progress, stop)


STOPPED = "The simulation was stopped; nothing was kept."


def _here(made: Job, done: int, total: int, progress: Progress | None, stop: Stop | None) -> Tally:
    pieces = chunks(made.campaigns, CHUNK)
    runs: dict[int, Tally] = {}
    stopped = Cancelled(STOPPED)
    for i, piece in enumerate(pieces):
        if stop is not None and stop():
            raise stopped
        runs[i], _ = run_chunk(made, piece)
        if progress is not None:
            progress(done + piece.stop, total)
    return merge(runs[i] for i in sorted(runs))


def _on_workers(
    made: Job, done: int, total: int, progress: Progress | None, stop: Stop | None, workers: int
) -> Tally:
    pieces = chunks(made.campaigns, CHUNK, WARM, WARM_PIECE, TAIL, TAIL_PIECE)
    runs: dict[int, Tally] = {}
    stopped = Cancelled(STOPPED)
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    from services.simulate_worker import context, started

    known: Known = {}
    queue = list(enumerate(pieces))
    finished = 0
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context(made, made.rules()), initializer=started
    )
    try:
        pending: dict[Future[tuple[Tally, Known]], int] = {}
        while queue or pending:
            # a few pieces in flight at a time: each new one carries the odds worked out so far
            # (while warming up, one per worker, so that none waits with stale odds)
            flight = workers if queue and queue[0][1].start < WARM else 2 * workers
            with _workers_deaf():  # the first submits start the processes
                while queue and len(pending) < flight:
                    i, piece = queue.pop(0)
                    pending[pool.submit(run_chunk, made, piece, dict(known))] = i
            ready, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if stop is not None and stop():
                raise stopped
            for f in ready:
                i = pending.pop(f)
                runs[i], learnt = f.result()
                known.update(learnt)
                finished += len(pieces[i])
                if progress is not None:
                    progress(done + finished, total)
    except BaseException:
        _abandon(pool)  # Cancel, Ctrl+C or a failure: stop now, not after the pieces running
        raise
    pool.shutdown()
    return merge(runs[i] for i in sorted(runs))


def run(
    made: Job,
    against: Ruleset | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
    workers: int | None = None,
) -> Outcome:
    """Run the job, and on the same seeds under `against` when given; summaries of both.

    `workers`: processes to run on (default: one per core for a run big enough to gain).
    """
    rules = made.rules()
    other: Job | None = None
    if against is not None:
        other = replace(made, rules_text=against.text, rules_source=against.source)
        try:
            check_job(other, against)
        except Refused as exc:
            raise Refused(f"Under the ruleset to compare with ({against.source}): {exc}") from exc
    total = made.campaigns * (2 if other else 1)
    if workers is not None and not 1 <= workers <= 64:
        raise Refused(f"Workers must be from 1 to 64, not {workers}.")
    workers = min(workers, workers_for(10**9)) if workers else workers_for(total)
    first = _run_job(made, 0, total, progress, stop, workers)
    summary = finish(first, made.games)
    if other is None or against is None:
        return Outcome(rules, summary, workers=workers)
    second = _run_job(other, made.campaigns, total, progress, stop, workers)
    return Outcome(rules, summary, against, finish(second, made.games), workers)


@dataclass(frozen=True)
class Calibration:
    """Exchanges per turn fitted to a campaign's recorded games."""

    exchanges_per_turn: float
    recorded: float  # models out of action per recorded game
    simulated: float  # per simulated game at the fitted value
    games: int  # recorded games the fit is from
    reached: bool  # False: the model cannot take as many (or as few) out as the games did


CALIBRATION_CAMPAIGNS = 60
LOWEST_EXCHANGES = 0.25  # the fewest exchanges per turn the fit tries


def calibrate(made: Job, take_outs: Sequence[int], stop: Stop | None = None) -> Calibration:
    """The exchanges per turn whose simulated take-outs per game match the recorded ones.

    Take-outs rise with exchanges, so the fit halves the interval a dozen times, each step a
    small run on the job's own seeds.
    """
    if not take_outs:
        raise Refused(
            "The campaign has no recorded games, so there is nothing to calibrate against; "
            "record games first, or give --exchanges."
        )
    target = sum(take_outs) / len(take_outs)
    small = replace(made, campaigns=min(made.campaigns, CALIBRATION_CAMPAIGNS))

    def simulated(exchanges: float) -> float:
        trial = replace(small, model=replace(small.model, exchanges_per_turn=exchanges))
        return finish(_run_job(trial, 0, 1, None, stop, 1), trial.games).take_outs

    low, high = LOWEST_EXCHANGES, MAX_EXCHANGES
    if simulated(high) < target:  # even the most exchanges take fewer out than the games did
        return Calibration(high, target, simulated(high), len(take_outs), False)
    if simulated(low) > target:
        return Calibration(low, target, simulated(low), len(take_outs), False)
    for _ in range(14):
        if high - low < 0.05:
            break
        mid = (low + high) / 2
        if simulated(mid) < target:
            low = mid
        else:
            high = mid
    fitted = round((low + high) / 2, 2)
    return Calibration(fitted, target, simulated(fitted), len(take_outs), True)


CSV_NAMES = ("by_game.csv", "figures.csv")


def check_csv(folder: str | Path, campaign: Path | None = None) -> None:
    """Refuse, before a run, a --csv folder whose files must not be written (write_csv would)."""
    from services.outputs import check_output

    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise Refused(f"{path} is a file, not a folder for the files to write.")
    if path.is_dir():
        for name in CSV_NAMES:
            check_output(path / name, campaign)


def write_csv(outcome: Outcome, folder: str | Path, campaign: Path | None = None) -> list[str]:
    """by_game.csv and figures.csv in the folder, both written or neither; their names."""
    from services.outputs import CsvFile, write_csv_files

    by_game, figures = csv_rows("A", outcome.summary, outcome.rules)
    if outcome.against is not None and outcome.against_rules is not None:
        more_by_game, more_figures = csv_rows("B", outcome.against, outcome.against_rules)
        by_game += more_by_game
        figures += more_figures
        b = outcome.against_rules
        figures += [
            ("B-A", b.version, b.hash, *row)
            for row in difference_rows(outcome.summary, outcome.against)
        ]
    files = [
        CsvFile(CSV_NAMES[0], CSV_BY_GAME, by_game),
        CsvFile(CSV_NAMES[1], CSV_FIGURES, figures),
    ]
    return [p.name for p in write_csv_files(folder, files, campaign)]
