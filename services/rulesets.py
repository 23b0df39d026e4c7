"""Ruleset use cases (issue 18): the campaign's rulesets, their differences, adopting, undoing.

A campaign is read with its own current ruleset (services.opening). A new one is adopted
here: validated, previewed posse by posse, refused whole when a posse would not survive it,
otherwise written in one transaction that is one undo step.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from db import rulesets as store
from db.posses import all_posses
from db.rulesets import StoredRulesetLine
from rostermgr.adoption import AdoptionPreview, preview_adoption, refusal_sentence
from rostermgr.errors import Refused
from rostermgr.records import LaterChanges
from rostermgr.rules import Ruleset
from rostermgr.rules_load import load_ruleset
from rostermgr.ruleset_diff import RuleChange, diff_rulesets
from services.campaign import Campaign, in_campaign

__all__ = ["StoredRulesetLine"]


@dataclass(frozen=True)
class AdoptionUndone:
    """What `undo_adoption` took back: the ruleset, the one current again, how many later
    games, every later change, and the backup made."""

    undone: StoredRulesetLine
    current: StoredRulesetLine
    games: int
    later: LaterChanges
    backup: Path | None

    def said(self) -> str:
        """What was taken back, as the command line and the window both say it."""
        return (
            f"Took back the adoption of {self.undone.id} {self.undone.version}; the campaign "
            f"is played under {self.current.id} {self.current.version} again"
        )


def load_file(path: str | os.PathLike[str]) -> Ruleset:
    """A ruleset file read and validated (its sentence names file, key and problem)."""
    return load_ruleset(path)


@in_campaign
def current(c: Campaign) -> StoredRulesetLine | None:
    """The campaign's current ruleset as stored; None for a read-only file made before it."""
    return store.current()


@in_campaign
def history(c: Campaign) -> list[StoredRulesetLine]:
    """Every ruleset the campaign has used, oldest first; one is current."""
    return store.history()


def diff(old: Ruleset, new: Ruleset) -> list[RuleChange]:
    """What changed from `old` to `new`, grouped by section."""
    return diff_rulesets(old, new)


@in_campaign
def preview(c: Campaign, new: Ruleset) -> AdoptionPreview:
    """What adopting `new` would change, posse by posse, and what refuses it; writes nothing."""
    store.refuse_same_version_edit(new)
    if new.hash == c.rules.hash:
        raise Refused(
            f"The campaign is already played under {new.id} {new.version} (the same text); "
            "nothing was changed."
        )
    return preview_adoption(all_posses(), c.rules, new)


@in_campaign
def adopt(c: Campaign, new: Ruleset) -> AdoptionPreview:
    """Make `new` the campaign's ruleset: refused whole (naming posse and member) when any
    posse would not survive it; otherwise one transaction, one undo step (`undo_adoption`).

    Planned inside the transaction that writes it, so a purchase made meanwhile by another
    program is seen by the check. The ledger is not rewritten: the new prices apply from now on.
    """
    c.allow("adopt")
    with c.edit():
        plan = preview(c, new)
        if plan.refusals:
            raise Refused(refusal_sentence(plan))
        store.adopt(new)
    c.rules = new
    return plan


@in_campaign
def adoption_to_undo(c: Campaign) -> tuple[StoredRulesetLine, LaterChanges] | None:
    """The newest adoption and what undoing it would take back besides; None while the
    campaign has only the ruleset it started with."""
    if len(store.history()) < 2:
        return None
    return store.newest_adoption_later()


@in_campaign
def undo_adoption(c: Campaign) -> AdoptionUndone:
    """Take back the newest adoption (and, like `game undo`, everything done since).

    When anything was changed after it, a checked backup is made first and named.
    """
    c.allow("undo adoption")
    _, later = store.newest_adoption_later()
    with c.backed_up_edit("before-rules-undo", later.anything) as made:
        undone, now, games, taken = store.undo_last_adoption()
    # the campaign now plays `now`: every write follows the ruleset it leaves (Campaign.edit)
    return AdoptionUndone(undone, now, games, taken, made)


@in_campaign
def game_rulesets(c: Campaign) -> dict[int, dict[str, str]]:
    """For `game list --json`: each game's ruleset as {id, version, hash}."""
    return {
        game: {"id": line.id, "version": line.version, "hash": line.hash}
        for game, line in store.game_rulesets().items()
    }
