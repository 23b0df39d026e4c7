"""The wizard's entries as the domain's draft report, so the domain says what may come next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rostermgr.report import Bounty, ItemUse, Money, OutOfAction, Ref, Report, Theft


def ref(entry: Mapping[str, str]) -> Ref:
    """{'posse', 'member'} of a report entry as a Ref."""
    return Ref(entry["posse"], entry["member"])


def as_entry(r: Ref) -> dict[str, str]:
    """A Ref as the report's {'posse', 'member'}."""
    return {"posse": r.posse, "member": r.member}


def draft(doc: Mapping[str, Any]) -> Report:
    """The report the pages describe so far (its entries came from the domain's own choices)."""

    def listed(key: str) -> Sequence[Mapping[str, Any]]:
        return doc.get(key) or ()

    return Report(
        date=doc.get("date", ""),
        scenario=doc.get("scenario") or "",
        posses=tuple(doc.get("posses", ())),
        winner=doc.get("winner"),
        out_of_action=tuple(
            OutOfAction(ref(e), ref(e["by"]) if e.get("by") else None)
            for e in listed("out_of_action")
        ),
        bounties=tuple(
            Bounty(e["posse"], ref(e["target"]), bool(e["claimed"])) for e in listed("bounties")
        ),
        income=tuple(Money(e["posse"], e["amount"], e["reason"]) for e in listed("income")),
        goods_sold=tuple(
            Money(e["posse"], e["market_value"], e["reason"]) for e in listed("goods_sold")
        ),
        items_used=tuple(ItemUse(ref(e), e["item"]) for e in listed("items_used")),
        items_stolen=tuple(
            Theft(ref(e["from"]), ref(e["to"]), e["item"]) for e in listed("items_stolen")
        ),
        notes=doc.get("notes", ""),
    )
