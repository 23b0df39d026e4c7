"""The edits the window makes, each returning its result with what it changed (`Changed`).

Each is the use case the command line calls too (services.posses, flips, games, rulesets),
and says which posses' pages and whether the posse list or the ruleset changed, so the window
shows again only that (services.changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from services import flips, games, posses, rulesets
from services.changes import EVERYTHING, Changed, Changes, of_posse

if TYPE_CHECKING:
    from rostermgr.adoption import AdoptionPreview
    from rostermgr.club import SubmittedReport
    from rostermgr.plans import CreationPlan
    from rostermgr.report import Report
    from rostermgr.roster import Posse
    from rostermgr.rules import Ruleset
    from services.campaign import Campaign
    from services.flips import Flipped
    from services.games import Recorded, Submitted
    from services.posses import PurseChange


def create(c: Campaign, plan: CreationPlan) -> Changed[Posse]:
    """A new posse: its page and the list."""
    return Changed(posses.create(c, plan), of_posse(plan.name))


def buy(c: Campaign, posse: str, member: str, item: str) -> Changed[PurseChange]:
    """An item bought: the posse's page and its line in the list (the purse)."""
    return Changed(posses.buy(c, posse, member, item), of_posse(posse))


def sell(c: Campaign, posse: str, member: str, item: str) -> Changed[PurseChange]:
    """An item sold: the posse's page and its line in the list (the purse)."""
    return Changed(posses.sell(c, posse, member, item), of_posse(posse))


def hire(c: Campaign, posse: str, role: str, member: str) -> Changed[PurseChange]:
    """A member hired: the posse's page and its line (purse, members)."""
    return Changed(posses.hire(c, posse, role, member), of_posse(posse))


def rename(c: Campaign, old: str, new: str) -> Changed[str]:
    """A posse renamed: its page under either name, and the list."""
    stored = posses.rename(c, old, new)
    return Changed(stored, of_posse(old, stored))


def rename_member(c: Campaign, posse: str, old: str, new: str) -> Changed[str]:
    """A member renamed: the posse's page only (the list names no member)."""
    return Changed(posses.rename_member(c, posse, old, new), of_posse(posse, listing=False))


def retire(c: Campaign, name: str) -> Changed[str]:
    """A posse retired: its page (it shows retired) and its line."""
    return Changed(posses.retire(c, name), of_posse(name))


def bring_back(c: Campaign, name: str) -> Changed[str]:
    """A retired posse back to play: its page and its line."""
    return Changed(posses.bring_back(c, name), of_posse(name))


def delete(c: Campaign, name: str) -> Changed[str]:
    """A posse deleted: it leaves the list."""
    return Changed(posses.delete(c, name), of_posse(name))


def import_posse(c: Campaign, doc: Any, as_name: str | None = None) -> Changed[str]:
    """A posse imported from a file: its page and the list."""
    name = posses.import_posse(c, doc, as_name)
    return Changed(name, of_posse(name))


def spend_flip(
    c: Campaign,
    posse: str,
    member: str,
    card: str | None = None,
    draw: bool = False,
    choose: str | None = None,
    reflip: bool = False,
) -> Changed[Flipped]:
    """A flip turned or settled: the posse's page and its line (flips waiting)."""
    done = flips.spend(c, posse, member, card, draw, choose, reflip)
    return Changed(done, of_posse(posse))


def record_game(c: Campaign, report: Report) -> Changed[Recorded]:
    """A game recorded: money, casualties and flips of every posse that played, and the list."""
    return Changed(games.record(c, report), Changes(listing=True, every_posse=True))


def submit_report(c: Campaign, report: Report) -> Changed[Submitted]:
    """A player's report submitted for review: nothing the window shows changes until it is
    applied."""
    return Changed(games.submit(c, report), Changes())


def apply_report(c: Campaign, number: int) -> Changed[Recorded]:
    """A submitted report recorded as a game: as `record_game`."""
    return Changed(games.apply_report(c, number), Changes(listing=True, every_posse=True))


def send_back(c: Campaign, number: int, reason: str) -> Changed[SubmittedReport]:
    """A report returned to its player: nothing the main window shows."""
    return Changed(games.send_back(c, number, reason), Changes())


def adopt(c: Campaign, new: Ruleset) -> Changed[AdoptionPreview]:
    """A ruleset adopted: prices, effects and stats everywhere."""
    return Changed(rulesets.adopt(c, new), EVERYTHING)
