"""A simulation as one value, and the running of any slice of its campaigns.

A `Job` says everything a run needs, the ruleset as its TOML text, so that any process can run
any slice of campaigns and get what one process would: campaign i is seeded by the job's seed
and i alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from types import MappingProxyType

from rostermgr.errors import Refused, quoted
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.rules_load import parse_ruleset_text
from rostermgr.simulate.apply import Books
from rostermgr.simulate.campaign import CampaignRun, found, from_posses, run_campaign
from rostermgr.simulate.exchange import Chances, OddsTable
from rostermgr.simulate.model import MAX_CAMPAIGNS, MAX_GAMES, MAX_POSSES, Model
from rostermgr.simulate.summary import Tally, tally


@dataclass(frozen=True)
class Job:
    """N campaigns of G games among these factions (or from these posses), by this model."""

    rules_text: str
    rules_source: str
    campaigns: int
    games: int
    factions: tuple[str, ...]
    seed: int
    model: Model = field(default_factory=Model)
    start: tuple[Posse, ...] = ()  # --from-campaign: the campaign's posses as they stand

    def rules(self) -> Ruleset:
        """The job's ruleset, read from its text once per process (a run asks for it before it
        starts its workers and again to start them: each reading takes some 10 ms)."""
        key = (self.rules_text, self.rules_source)
        found = _read.get(key)
        if found is None:
            if len(_read) >= READ_KEPT:
                _read.clear()
            # a file was checked when read; a campaign's own ruleset is read as it stores it
            found = _read[key] = parse_ruleset_text(
                self.rules_text, self.rules_source, strict=False
            )
        return found


_read: dict[tuple[str, str], Ruleset] = {}  # Job.rules, by the text and source read
READ_KEPT = 4  # a run has one ruleset, a comparison two


def check_job(job: Job, rules: Ruleset) -> None:
    """Refuse, in one sentence, a job that cannot run: the counts, factions, the model."""
    if not 1 <= job.campaigns <= MAX_CAMPAIGNS:
        raise Refused(f"Campaigns must be from 1 to {MAX_CAMPAIGNS:,}, not {job.campaigns}.")
    if not 1 <= job.games <= MAX_GAMES:
        raise Refused(f"Games must be from 1 to {MAX_GAMES}, not {job.games}.")
    # An unknown faction first: `--factions cowboys` is a misspelling, not too few posses.
    for faction in job.factions:
        if faction not in rules.factions:
            known = ", ".join(rules.factions)
            raise Refused(f"There is no faction {quoted(faction)}; the factions are {known}.")
    count = len(job.start) if job.start else len(job.factions)
    if not 2 <= count <= MAX_POSSES:
        raise Refused(f"A simulated campaign needs 2 to {MAX_POSSES} posses, not {count}.")
    for posse in job.start:
        if posse.faction not in rules.factions:
            raise Refused(f"{posse.name}'s faction {quoted(posse.faction)} is not in {rules.name}.")
    job.model.check(rules)
    starting_books(job, rules)  # the default creation under this ruleset, refused here if at all


def read_only(mapping: dict[str, int]) -> MappingProxyType[str, int]:
    """A member's upgrades again after pickling (see services.simulate: copyreg)."""
    return MappingProxyType(mapping)


def campaign_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def starting_books(job: Job, rules: Ruleset) -> tuple[Books, ...]:
    return from_posses(job.start) if job.start else found(job.factions, job.model, rules)


def run_slice(
    job: Job,
    rules: Ruleset,
    indices: Iterable[int],
    odds: OddsTable | None = None,
) -> list[CampaignRun]:
    """The campaigns with these indices, in that order."""
    table = odds if odds is not None else OddsTable(rules)
    start = starting_books(job, rules)
    out = []
    for i in indices:
        run, _ = run_campaign(start, job.games, job.model, rules, table, campaign_seed(job.seed, i))
        out.append(run)
    return out


def chunks(
    campaigns: int, size: int, warm: int = 0, warm_size: int = 1, tail: int = 0, tail_size: int = 1
) -> list[range]:
    """The campaign indices cut into runs of `size`; the first `warm` campaigns into runs of
    `warm_size`, and the last `tail` (after the first `warm`) into runs of `tail_size`."""
    first = min(warm, campaigns)
    last = max(first, campaigns - tail)
    out = [range(a, min(a + warm_size, first)) for a in range(0, first, warm_size)]
    out += [range(a, min(a + size, last)) for a in range(first, last, size)]
    return out + [
        range(a, min(a + tail_size, campaigns)) for a in range(last, campaigns, tail_size)
    ]


# Each process keeps its ruleset and odds table between chunks: the odds are the slow part to
# work out, and a worker runs many chunks of one job.
_worker: dict[str, tuple[Ruleset, OddsTable]] = {}


Known = dict[Hashable, Chances]


def prime(job: Job, rules: Ruleset) -> None:
    """Keep this job's ruleset (already read: `rules`) and an odds table for the chunks to come:
    a process that forks workers after this hands them both."""
    if job.rules_text not in _worker:
        _worker.clear()
        _worker[job.rules_text] = (rules, OddsTable(rules))


def run_chunk(job: Job, indices: range, known: Known | None = None) -> tuple[Tally, Known]:
    """run_slice for a worker process: the ruleset read and the odds kept once per process;
    what comes back is the campaigns' tally (`summary.tally`), not the campaigns.

    `known` brings odds other workers worked out; the odds this chunk worked out come back
    with its tally, so that no two processes work out the same odds for long.
    """
    key = job.rules_text
    if key not in _worker:
        prime(job, job.rules())
    rules, odds = _worker[key]
    if known:
        odds.learn(known)
    before = set(odds.known())
    counted = tally(run_slice(job, rules, indices, odds))
    return counted, {k: v for k, v in odds.known().items() if k not in before}
