"""Posse use cases: read, create, equip, hire, rename, export and import (DESIGN 5)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from db import posses as store
from rostermgr.records import HistoryLine, LedgerLine, PosseSummary
from rostermgr.roster import Posse, normal_name
from rostermgr.standing import may_play
from services.campaign import Campaign, in_campaign
from services.names import check_printable_name
from services.outputs import atomic_output, check_output

if TYPE_CHECKING:
    from rostermgr.plans import CreationPlan, Entry

# The planners, the shop and the posse files are imported by the use cases that use them: a
# command that only reads posses (print cards, posse show) does without them (issue 33: some
# 20 ms of 22 frozen dataclasses made at import). So are the club's rules (services.club):
# the window opening a campaign only reads.


@dataclass(frozen=True)
class PurseChange:
    """A purchase, a sale or a hire: its ledger entry and the purse it leaves (R16)."""

    entry: Entry
    purse: int


def _printable(name: str, what: str) -> None:
    """Refuse a name with a character no bundled font can draw (it would print as a box).

    Every printable ASCII character is in DejaVu, so only other names load the fonts' maps.
    """
    name = normal_name(name)
    if not name.isascii():
        check_printable_name(name, what)


@in_campaign
def summaries(c: Campaign) -> list[PosseSummary]:
    """Every posse with its faction, purse and living members, by name."""
    return store.summaries()


@in_campaign
def names(c: Campaign) -> list[str]:
    """The posses' names, in order."""
    return [s.name for s in store.summaries()]


@in_campaign
def load(c: Campaign, name: str) -> Posse:
    """One posse as a domain value; refused when there is none of that name."""
    return store.load_posse(name)


@in_campaign
def load_many(c: Campaign, names: list[str]) -> list[Posse]:
    """Several posses in the order named (each named once)."""
    return store.load_posses(list(dict.fromkeys(names)))


@in_campaign
def ledger(c: Campaign, name: str) -> list[LedgerLine]:
    """Every money entry of the posse, oldest first, with the running purse."""
    return store.ledger(name)


@in_campaign
def history(c: Campaign, name: str) -> list[HistoryLine]:
    """Every campaign change of the posse, oldest first (R17)."""
    return store.history(name)


@in_campaign
def plan_request(c: Campaign, request: Any) -> CreationPlan:
    """A creation request (DESIGN 5) checked against the rules (R3, R5, R6, R16)."""
    from rostermgr.shop import plan_creation

    return plan_creation(request, c.rules)


@in_campaign
def create(c: Campaign, plan: CreationPlan, for_player: str | None = None) -> Posse:
    """Found the posse of a checked plan in one transaction.

    The plan is checked again against the campaign's own ruleset: a caller may have planned
    with another (the shipped one, before the campaign was open), and the prices and rules
    that count are the campaign's (issue 18). In a club campaign the posse is its maker's, or
    the player's an arbitrator made it for (`for_player`).
    """
    from rostermgr.shop import plan_creation
    from services import club

    owner = club.owner_for(c, for_player)
    request = {
        "name": plan.name,
        "faction": plan.faction,
        "members": [{"name": m.name, "role": m.role, "items": list(m.items)} for m in plan.members],
    }
    plan = plan_creation(request, c.rules)
    _printable(plan.name, "The posse name")
    for member in plan.members:
        _printable(member.name, "The member's name")
    with c.edit():
        store.create_posse(plan, c.rules, owner)
    return store.load_posse(plan.name)


def _purse_change(c: Campaign, posse: str, entry: Entry) -> PurseChange:
    return PurseChange(entry, store.load_posse(posse).purse)


@in_campaign
def buy(c: Campaign, posse: str, member: str, item: str) -> PurseChange:
    """Pay the ruleset price of `item` for `member` from the purse (R5, R6, R16)."""
    with c.edit():
        c.allow_posse(posse)
        from rostermgr.shop import plan_buy

        entry = plan_buy(store.load_posse(posse), member, item, c.rules)
        store.apply_buy(posse, entry)
    return _purse_change(c, posse, entry)


@in_campaign
def sell(c: Campaign, posse: str, member: str, item: str) -> PurseChange:
    """Sell one of the member's items back for the resale share (R6, R16)."""
    with c.edit():
        c.allow_posse(posse)
        from rostermgr.shop import plan_sell

        entry = plan_sell(store.load_posse(posse), member, item, c.rules)
        store.apply_sell(posse, entry)
    return _purse_change(c, posse, entry)


@in_campaign
def hire(c: Campaign, posse: str, role: str, member: str) -> PurseChange:
    """Hire a replacement member, or a leader or deputy whose place is vacant (R3, R6)."""
    _printable(member, "The member's name")
    with c.edit():
        c.allow_posse(posse)
        from rostermgr.shop import plan_hire

        hired, entry = plan_hire(store.load_posse(posse), role, member, c.rules)
        store.apply_hire(posse, hired, entry)
    return _purse_change(c, posse, entry)


@in_campaign
def rename(c: Campaign, old: str, new: str) -> str:
    """Give a posse a new name; returns the name as stored."""
    _printable(new, "The posse name")
    with c.edit():
        c.allow_posse(old)
        return store.rename_posse(old, new)


@in_campaign
def rename_member(c: Campaign, posse: str, old: str, new: str) -> str:
    """Give a member a new name; returns the name as stored."""
    _printable(new, "The member's name")
    with c.edit():
        c.allow_posse(posse)
        return store.rename_member(posse, old, new)


@in_campaign
def retire(c: Campaign, name: str) -> str:
    """Retire a posse: kept with its history, listed as retired, it plays no game until back."""
    with c.edit():
        c.allow_posse(name)
        return store.set_standing(name, "retire")


@in_campaign
def bring_back(c: Campaign, name: str) -> str:
    """Bring a retired posse back to play."""
    with c.edit():
        c.allow_posse(name)
        return store.set_standing(name, "return")


@in_campaign
def delete(c: Campaign, name: str) -> str:
    """Delete a posse: it leaves the lists, its games and history stay (and undo brings it
    back); its name is freed for a new posse. Returns the name it keeps in the games."""
    with c.edit():
        c.allow_posse(name)
        return store.set_standing(name, "delete")


@in_campaign
def playing(c: Campaign) -> list[str]:
    """The posses that may play a game now (the retired are not among them)."""
    return [s.name for s in store.summaries() if may_play(s.standing)]


@in_campaign
def export_document(c: Campaign, name: str) -> dict[str, Any]:
    """The whole posse with its history, as the JSON document of `posse export`."""
    from db import exchange

    return exchange.export_posse(name)


@in_campaign
def export_text(c: Campaign, name: str) -> str:
    """The export document as the text written to a file or standard output."""
    return json.dumps(export_document(c, name), ensure_ascii=False, indent=2) + "\n"


@in_campaign
def export_to(c: Campaign, name: str, target: str | Path) -> Path:
    """Write the posse file to `target`, refusing paths that are not for outputs."""
    path = check_output(target, c.path)
    text = export_text(c, name)
    with atomic_output(path) as temp:
        temp.write_text(text, encoding="utf-8")
    return path


@in_campaign
def taken_name(c: Campaign, doc: Any, as_name: str | None = None) -> str | None:
    """The name a posse file would import under, when the campaign already has it; else None.

    The app asks for another name before importing; the command line refuses.
    """
    from rostermgr.exchange import validate_posse_file

    checked = validate_posse_file(doc, c.rules, as_name)
    return checked.name if checked.name in names(c) else None


@in_campaign
def import_notice(c: Campaign, doc: Any) -> list[str]:
    """What to tell before importing a posse made under another ruleset (issue 18); [] if none.

    The file names the ruleset its posse was made under (id, version and, since issue 18, the
    hash). When the campaign holds that ruleset, the lines name the difference to the current
    one (as `rules diff` does); when it does not, they say so and how to compare. The import
    itself checks the posse against the campaign's current ruleset and refuses it if it breaks
    it.
    """
    from db import rulesets as stored
    from rostermgr.rules_load import parse_ruleset_text
    from rostermgr.ruleset_diff import diff_lines, diff_rulesets

    head = doc.get("posse") if isinstance(doc, dict) else None
    made = head.get("ruleset") if isinstance(head, dict) else None
    if not isinstance(head, dict) or not isinstance(made, dict):
        return []  # not a posse file: the import refuses it with its own sentence
    their_hash, their_id, their_version = (made.get(k) for k in ("hash", "id", "version"))
    rules = c.rules
    if their_hash == rules.hash or (
        their_hash is None and (their_id, their_version) == (rules.id, rules.version)
    ):
        return []
    name = head.get("name") if isinstance(head.get("name"), str) else "The posse"
    theirs = f"{their_id} {their_version}"
    ours = f"{rules.id} {rules.version}"
    known = stored.by_hash().get(their_hash) if isinstance(their_hash, str) else None
    if known is not None:
        old = parse_ruleset_text(known.text, theirs, strict=False)
        return [
            f"{name} was made under {theirs}; this campaign is played under {ours}. "
            "What changed since:",
            *(f"  {line}" for line in diff_lines(diff_rulesets(old, rules))),
        ]
    what = f"{theirs} (hash {their_hash[:12]})" if isinstance(their_hash, str) else theirs
    return [
        f"{name} was made under {what}, a ruleset this campaign does not have; it is "
        f"played here under {ours}, its numbers from now on. Compare the two with: "
        "rostermgr rules diff THEIR_FILE"
    ]


@in_campaign
def import_posse(c: Campaign, doc: Any, as_name: str | None = None) -> str:
    """Restore an exported posse: checked whole first, then a backup, then one transaction.

    A file that would be refused (invalid, or a name the campaign has) makes no backup.
    """
    from db import exchange
    from rostermgr.exchange import validate_posse_file

    checked = validate_posse_file(doc, c.rules, as_name)
    _printable(checked.name, "The posse name")
    for member in checked.members:
        _printable(member.name, "The member's name")
    exchange.refuse_if_taken(checked.name)
    from services import club

    owner = club.owner_for(c, None)
    c.backup("before-import")
    with c.edit():
        return exchange.apply_import(checked, owner)
