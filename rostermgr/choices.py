"""What a post-game report may list (R1, R4, R5, R12, R13, R14): the wizard offers these.

Each `*_reason` function is one rule check, returning "" when the entry is allowed or the
sentence saying why not; `postgame.plan_game` refuses a report with exactly these sentences
(after "Out of action 2: " and the like), and each `*_choices` function asks them of every
entry that could be added to a draft report next. So what the window offers and what
`game record` accepts cannot differ.

A draft is a `report.Report` with the entries listed so far; `posses` maps posse names to the
campaign's `roster.Posse` (at least those that played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from rostermgr.errors import Refused
from rostermgr.report import Bounty, ItemUse, Ref, Report, Theft
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.shop import check_carry

T = TypeVar("T")

LEADER = "leader"  # DESIGN 3: the role id of the posse's leader, who plays the eighth-card actions
STEAL = "steal"  # R1: the effect of the leader action that steals (Slippery Paws)


@dataclass(frozen=True)
class Choice(Generic[T]):
    """One entry a report could list next; `reason` says why not when it is not allowed."""

    value: T
    allowed: bool
    reason: str = ""


def _choice(value: T, reason: str) -> Choice[T]:
    return Choice(value, not reason, reason)


# The rule checks, shared with postgame.plan_game.


def dead_reason(ref: Ref, member: Member) -> str:
    return "" if member.alive else f"{ref} is dead."


def out_of_action_reason(victim: Ref, listed: Collection[Ref]) -> str:
    """R13: a model goes out of action at most once in a game's report."""
    return f"{victim} is out of action twice in one game." if victim in listed else ""


def by_reason(victim: Ref, by: Ref) -> str:
    """R14: a take-out is credited to a model of another posse; friendly fire names no one."""
    if by.posse == victim.posse:
        return f"{by} is in the victim's own posse; leave 'by' out for friendly fire."
    return ""


def use_reason(holder: Ref, item_id: str, held: Sequence[str], rules: Ruleset) -> str:
    """R4: only items of a `used_up` kind are used up in play, and only by a model holding one."""
    item = rules.item(item_id)
    if not rules.kinds[item.kind].used_up:
        kinds = [k.name.lower() for k in rules.kinds.values() if k.used_up]
        return (
            f"a {item.name.lower()} is not used up in play; only "
            f"{' and '.join(kinds) or 'no'} items are (R4)."
        )
    if item_id not in held:
        return f"{holder} has no {item.name.lower()}."
    return ""


def plays_pair(member: Member) -> bool:
    """R1: only the leader plays the eighth-card pair (its faction's leader action)."""
    return member.role == LEADER


def thieves_factions(rules: Ruleset) -> tuple[str, ...]:
    """R1 (2026-12): the factions whose leader steals, by the ruleset's leader actions."""
    return tuple(f.id for f in rules.factions.values() if f.has_action(STEAL))


def no_thief_reason(posses: Iterable[Posse], rules: Ruleset) -> str:
    """R1 (2026-12): why nobody of these posses may steal when none is of a faction whose
    leader steals ("" when one is): said of the posses, not of one leader among them."""
    thieves = thieves_factions(rules)
    if any(p.faction in thieves for p in posses):
        return ""
    if not thieves:
        return "no faction's leader steals under this ruleset (R1)."
    names = " or the ".join(rules.factions[f].name for f in thieves)
    return f"no posse here is of the {names}, whose leader alone steals (R1)."


def thief_reason(thief: Ref, member: Member, posse: Posse, rules: Ruleset) -> str:
    """R1 (2026-12): only the leader of a faction with a stealing action steals."""
    faction = rules.faction(posse.faction)
    if member.role == LEADER and faction.has_action(STEAL):
        return ""
    names = " or the ".join(rules.factions[f].name for f in thieves_factions(rules))
    who = f"the leader of the {names}" if names else "no one"
    role = rules.role(member.role).name.lower() if member.role in rules.roles else member.role
    return f"{thief} is a {role} of the {faction.name}; only {who} steals (R1)."


def theft_reason(
    theft: Theft,
    thief: Member,
    thief_posse: Posse,
    source_held: Sequence[str],
    thief_held: Sequence[str],
    rules: Ruleset,
) -> str:
    """R1 Slippery Paws: the thief, the item's price, the opposing victim; then R5 for the thief."""
    item = rules.item(theft.item)
    if theft.source == theft.thief:
        return "a member cannot steal from itself."
    reason = thief_reason(theft.thief, thief, thief_posse, rules)
    if reason:
        return reason
    if theft.source.posse == theft.thief.posse:
        return (
            f"{theft.thief} and {theft.source} are in the same posse; an item is stolen from an "
            "opposing model (R1)."
        )
    if theft.item not in source_held:
        return f"{theft.source} has no {item.name.lower()}."
    if item.price >= rules.theft_limit:
        return (
            f"a {item.name.lower()} is priced ${item.price}; only an item priced below "
            f"${rules.theft_limit} is stolen (R1)."
        )
    try:
        check_carry(replace(thief, items=tuple(thief_held)), theft.item, rules)
    except Refused as exc:
        return str(exc)
    return ""


def bounty_reason(
    bounty: Bounty,
    scenario: str,
    taken_out: Collection[Ref],
    hunters: Collection[str],
    claimed: Collection[Ref],
    rules: Ruleset,
) -> str:
    """R12: bounties in a scenario that has them, one a posse, claimed once, for a take-out."""
    played = rules.scenarios[scenario]
    if not played.bounties:
        with_bounties = " or ".join(s.name for s in rules.scenarios.values() if s.bounties)
        return (
            f"the {played.name} scenario has no bounties; a bounty is named only in the "
            f"{with_bounties or 'no'} scenario (R12)."
        )
    if bounty.target.posse == bounty.posse:
        return "a posse cannot claim a bounty on its own member."
    if bounty.claimed and bounty.target not in taken_out:
        return (
            f"the bounty on {bounty.target} is claimed, but {bounty.target.member} is not out of "
            "action in this report; the reward is for taking that model out of action (R12)."
        )
    if bounty.posse in hunters:
        return f"{bounty.posse} has a bounty already; each names one (R12)."
    if bounty.claimed and bounty.target in claimed:
        return f"the bounty on {bounty.target} is claimed twice (R12)."
    if bounty.claimed and claimed and played.ends_on_bounty:
        return (
            f"a bounty is claimed already, and a {played.name} game ends the moment a bounty is "
            "taken out of action, so at most one bounty is claimed (R12)."
        )
    return ""


def routed_reason(posse: Posse, out_of_action: Collection[Ref], rules: Ruleset) -> str:
    """R12: how the posse routed in this game ("its leader and deputy are both out of action",
    "3 of its 5 models are out of action"), or "" if it did not.

    Counted from the posse's living models: all of its members of the ruleset's rout roles out of
    action (when it has any), or the ruleset's number of its models.
    """
    living = posse.active
    out = {ref.member for ref in out_of_action if ref.posse == posse.name}
    down = [m for m in living if m.name in out]
    key = [m for m in living if m.role in rules.rout_roles]
    # a posse's names are its own (plan_hire, plan_creation): a key member is down when its
    # name is out, asked by name rather than by comparing members field by field
    if key and all(m.name in out for m in key):
        # a rout role no living member holds (a dead leader not replaced) counts as down, and
        # the sentence says so rather than calling the dead "out of action" (R12)
        held = {m.role for m in key}
        down_roles = [rules.role(r).name.lower() for r in rules.rout_roles if r in held]
        gone = [rules.role(r).name.lower() for r in rules.rout_roles if r not in held]
        both = " both" if len(down_roles) == 2 else ""
        said = (
            f"its {' and '.join(down_roles)} "
            f"{'are' + both if len(down_roles) > 1 else 'is'} out of action"
        )
        return said + (f" and it has no {' or '.join(gone)}" if gone else "")
    if rules.rout_models and len(down) >= rules.rout_models:
        return f"{len(down)} of its {len(living)} models are out of action"
    return ""


def winner_reason(draft: Report, posses: Mapping[str, Posse], rules: Ruleset) -> str:
    """R12 (2026-12): the winner of a game that ends on a bounty is the claimant; elsewhere, where
    rout counts, a posse that routed cannot be the winner. "" when the winner fits the report."""
    scenario = rules.scenarios.get(draft.scenario)
    if scenario is None:  # a draft without its scenario yet: parse_report names that fault
        return ""
    winner = draft.winner
    claims = [b for b in draft.bounties if b.claimed]
    if scenario.ends_on_bounty and claims and winner != claims[0].posse:
        claimant = claims[0].posse
        instead = f", not {winner}" if winner else ""
        return (
            f"{claimant} claimed the bounty on {claims[0].target}, and a {scenario.name} game "
            f"ends the moment a bounty is taken, so {claimant} is the winner{instead} (R12)."
        )
    if winner is None or not scenario.rout or winner not in posses:
        return ""
    why = routed_reason(posses[winner], {o.victim for o in draft.out_of_action}, rules)
    if not why:
        return ""
    ignoring = " or ".join(s.name for s in rules.scenarios.values() if not s.rout)
    outside = f" outside the {ignoring} scenario" if ignoring else ""
    return f"{winner} routed ({why}), so it cannot be the winner{outside} (R12)."


def founded_reason(draft: Report, posses: Mapping[str, Posse]) -> str:
    """R12 (2026-12): a game is not dated before a posse in it was founded."""
    for name in draft.posses:
        posse = posses.get(name)
        founded = posse.created[:10] if posse is not None else ""
        if founded and draft.date < founded:
            return (
                f"{name} was founded on {founded}, after the game's date {draft.date}; a game "
                "cannot be dated before a posse in it was founded (R12)."
            )
    return ""


# What a draft report may list next.


def _in_game(draft: Report, posses: Mapping[str, Posse]) -> list[Posse]:
    return [posses[n] for n in draft.posses if n in posses]


def _living(draft: Report, posses: Mapping[str, Posse]) -> list[tuple[Ref, Member, Posse]]:
    return [(Ref(p.name, m.name), m, p) for p in _in_game(draft, posses) for m in p.active]


def _held(draft: Report, posses: Mapping[str, Posse], gained: bool) -> dict[Ref, list[str]]:
    """What each model holds once the draft's uses and thefts are applied.

    Items gained by theft count only with `gained`: plan_game takes uses before thefts, so a
    stolen item cannot be listed as used up in the same game.
    """
    held = {ref: list(m.items) for ref, m, _ in _living(draft, posses)}
    gone = Counter[tuple[Ref, str]]()
    gone.update((u.holder, u.item) for u in draft.items_used)
    gone.update((t.source, t.item) for t in draft.items_stolen)
    for (ref, item), n in gone.items():
        for _ in range(n):
            if item in held.get(ref, []):
                held[ref].remove(item)
    if gained:
        for t in draft.items_stolen:
            if t.thief in held:
                held[t.thief].append(t.item)
    return held


def out_of_action_choices(
    draft: Report, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[Ref], ...]:
    """R13: each member of the posses that played; allowed while living and not listed yet."""
    listed = {o.victim for o in draft.out_of_action}
    out = []
    for p in _in_game(draft, posses):
        for m in p.members:
            ref = Ref(p.name, m.name)
            out.append(_choice(ref, dead_reason(ref, m) or out_of_action_reason(ref, listed)))
    return tuple(out)


def by_choices(
    draft: Report, victim: Ref, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[Ref | None], ...]:
    """R14: who may be named as `by` for this victim: no one (a fall), or a rival in the game."""
    out: list[Choice[Ref | None]] = [Choice(None, True)]
    for ref, _, _ in _living(draft, posses):
        if ref != victim:
            out.append(_choice(ref, by_reason(victim, ref)))
    return tuple(out)


def used_up_choices(
    draft: Report, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[ItemUse], ...]:
    """R4: per living member, each item it carries, allowed if used up in play and still held."""
    held = _held(draft, posses, gained=False)
    out = []
    for ref, m, _ in _living(draft, posses):
        for item in dict.fromkeys(m.items):
            out.append(_choice(ItemUse(ref, item), use_reason(ref, item, held[ref], rules)))
    return tuple(out)


def theft_choices(
    draft: Report, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[Theft], ...]:
    """R1, R5: every (victim, item, thief) of the game, each with why it may not be stolen."""
    held = _held(draft, posses, gained=True)
    source_held = _held(draft, posses, gained=False)
    living = _living(draft, posses)
    out = []
    for source, m, _ in living:
        for item in dict.fromkeys(m.items):
            for thief, tm, tp in living:
                theft = Theft(source, thief, item)
                reason = theft_reason(theft, tm, tp, source_held[source], held[thief], rules)
                out.append(_choice(theft, reason))
    return tuple(out)


def bounty_choices(
    draft: Report, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[Bounty], ...]:
    """R12: each posse's bounty on each living rival, claimed or not."""
    taken_out = {o.victim for o in draft.out_of_action}
    hunters = {b.posse for b in draft.bounties}
    claimed = {b.target for b in draft.bounties if b.claimed}
    out = []
    for p in _in_game(draft, posses):
        for target, _, tp in _living(draft, posses):
            if tp.name == p.name:
                continue
            for is_claimed in (True, False):
                bounty = Bounty(p.name, target, is_claimed)
                reason = bounty_reason(bounty, draft.scenario, taken_out, hunters, claimed, rules)
                out.append(_choice(bounty, reason))
    return tuple(out)


def winner_choices(
    draft: Report, posses: Mapping[str, Posse], rules: Ruleset
) -> tuple[Choice[str | None], ...]:
    """R12: no winner, or each posse that played, allowed unless the draft contradicts it."""
    out: list[Choice[str | None]] = [
        _choice(None, winner_reason(replace(draft, winner=None), posses, rules))
    ]
    for name in draft.posses:
        out.append(_choice(name, winner_reason(replace(draft, winner=name), posses, rules)))
    return tuple(out)


def offered(choices: Sequence[Choice[T]]) -> tuple[T, ...]:
    """The values of the allowed choices: what a picker lists."""
    return tuple(c.value for c in choices if c.allowed)
