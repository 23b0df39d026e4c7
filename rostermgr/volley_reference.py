"""The seed 003 volley on one page (issue 32 item 9): its six steps as a flow chart, and tables
of the target modifiers and the requirement's limits, every number from `volley.toml`.

Drawn by the same printable as the Last Hope Frontier quick reference (`print volley-reference`).
"""

from __future__ import annotations

from rostermgr.reference import FlowChart, Reference, Step, Table
from rostermgr.volley import VolleyRules

RULE = "003"


def _chart(rules: VolleyRules) -> FlowChart:
    return FlowChart(
        "A volley, step by step",
        RULE,
        (
            Step(
                "1. Nominate an enemy unit: a Trace from the front edge, in the 180-degree "
                "Firing Arc; it sees the attacker too, unless Indirect"
            ),
            Step("2. Range: any point of the front arc to any point of its base"),
            Step(
                "Within Long Range?",
                decision=True,
                down="yes",
                side="no",
                outcome="Out Of Range: no Shoot Action",
            ),
            Step(
                f"3. Attack pool: Ranged Attack x bases, D{rules.die}s; hit on {rules.hit_on}+ "
                f"with the modifiers, held at {rules.easiest}+ to {rules.hardest}+"
            ),
            Step(
                "4. Roll: each die at the requirement is a Hit; Hits at Courage or more: "
                "a Shaken Token"
            ),
            Step(
                f"5. Saves: one D{rules.die} a Hit, each at Save or more negates one; "
                "the rest are Unsaved"
            ),
            Step(
                "6. Each Unsaved Hit is a Wound; each time the pool meets Wound, a base is "
                "removed (owner's choice, in Coherency)"
            ),
            Step(
                "Last base removed?",
                decision=True,
                down="no",
                side="yes",
                outcome="Destroyed: its Initiative Token leaves the match",
            ),
            Step("The attacker continues its Activation", end=True),
        ),
    )


def _tables(rules: VolleyRules) -> tuple[Table, ...]:
    mods = Table(
        "Target modifiers",
        RULE,
        ("Modifier", "When", "Hit"),
        tuple((m.name, m.text, f"{m.change:+d}") for m in rules.modifiers.values()),
        (2,),
    )
    limits = Table(
        "The hit requirement",
        RULE,
        ("", f"D{rules.die}"),
        (
            ("Baseline", f"{rules.hit_on}+"),
            ("Never easier than", f"{rules.easiest}+"),
            ("Never harder than", f"{rules.hardest}+"),
            ("Modifiers", "cumulative, each once"),
        ),
        (1,),
    )
    return mods, limits


def build_volley_reference(rules: VolleyRules) -> Reference:
    """The volley sheet: the six steps as a chart, then the modifier and limit tables."""
    return Reference(rules.id, rules.name, rules.source, (_chart(rules),), _tables(rules))
