"""What a post-game report changes (R12-R17): planned in full before anything is written."""

from __future__ import annotations

from collections.abc import Mapping

from rostermgr.choices import (
    bounty_reason,
    by_reason,
    dead_reason,
    founded_reason,
    out_of_action_reason,
    theft_reason,
    use_reason,
    winner_reason,
)
from rostermgr.errors import RuleBroken, did_you_mean, quoted
from rostermgr.plans import (
    Change,
    Entry,
    FlipsEarned,
    GamePlan,
    Injury,
    ItemGone,
    ItemMoved,
    Payment,
)
from rostermgr.report import Ref, Report
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.standing import may_play, play_refusal


class _Held(dict[Ref, list[str]]):
    """Each member's items as the report has left them so far, read from its posse when first
    asked (a report names a few members of the posses; asked only of members `_Table.member`
    found)."""

    def __init__(self, posses: Mapping[str, Posse]) -> None:
        super().__init__()
        self.posses = posses

    def __missing__(self, ref: Ref) -> list[str]:
        member = next(m for m in self.posses[ref.posse].members if m.name == ref.member)
        held = self[ref] = list(member.items)
        return held


class _Table:
    """The posses of one game as the report walks through it: names checked, gear tracked."""

    def __init__(self, report: Report, posses: Mapping[str, Posse], rules: Ruleset) -> None:
        self.report, self.posses, self.rules = report, posses, rules
        for name in report.posses:
            if name not in posses:
                raise RuleBroken(
                    f"The report names the posse {quoted(name)}, which is not in this campaign."
                )
        self.items = _Held(posses)

    def posse(self, name: str, where: str) -> Posse:
        if name not in self.report.posses:
            near = did_you_mean(name, self.report.posses)
            raise RuleBroken(
                f"{where} names {quoted(name)}, which is not among the posses that played"
                f"{near or '.'}"
            )
        return self.posses[name]

    def member(self, ref: Ref, where: str) -> Member:
        posse = self.posse(ref.posse, where)
        found = None
        for m in posse.members:
            if m.name == ref.member:
                found = m
                break
        if found is None:
            near = did_you_mean(ref.member, [m.name for m in posse.members])
            raise RuleBroken(
                f"{where} names {quoted(ref.member)}, who is not a member of {ref.posse}"
                f"{near or '.'}"
            )
        _refuse(where, dead_reason(ref, found))
        return found

    def item_name(self, item_id: str) -> str:
        return self.rules.item(item_id).name.lower()


def _refuse(where: str, reason: str) -> None:
    """The report is refused with the sentence the choices give (rostermgr.choices)."""
    if reason:
        raise RuleBroken(f"{where}: {reason}")


def plan_game(report: Report, posses: Mapping[str, Posse], rules: Ruleset) -> GamePlan:
    """Check every name in the report against the campaign and derive every change."""
    t = _Table(report, posses, rules)
    for name in report.posses:
        if name in posses and not may_play(posses[name].standing):
            raise RuleBroken(play_refusal(name, posses[name].standing))
        if name in posses and not posses[name].active:
            # R12: a posse fields its living models; with none it cannot take the table (the
            # simulator pairs only posses that can field a model, for the same reason)
            raise RuleBroken(
                f"The report names {name}, which has no living member to field; hire one "
                "before it plays a game (R3, R12)."
            )
    _refuse("Date", founded_reason(report, posses))
    changes: list[Change] = []
    for i, use in enumerate(report.items_used, 1):
        where = f"Item used {i}"
        t.member(use.holder, where)
        _refuse(where, use_reason(use.holder, use.item, t.items[use.holder], rules))
        t.items[use.holder].remove(use.item)
        changes.append(
            ItemGone(use.holder, use.item, f"{use.holder} used up a {t.item_name(use.item)}.")
        )
    for i, theft in enumerate(report.items_stolen, 1):
        where = f"Item stolen {i}"
        t.member(theft.source, where)
        thief = t.member(theft.thief, where)
        source_held, thief_held = t.items[theft.source], t.items[theft.thief]
        thief_posse = posses[theft.thief.posse]
        _refuse(where, theft_reason(theft, thief, thief_posse, source_held, thief_held, rules))
        t.items[theft.source].remove(theft.item)
        t.items[theft.thief].append(theft.item)
        changes.append(
            ItemMoved(
                theft.source,
                theft.thief,
                theft.item,
                f"{theft.thief} stole a {t.item_name(theft.item)} from {theft.source}.",
            )
        )
    changes.extend(_take_outs(report, t, rules))
    changes.extend(_money(report, t, rules))
    _refuse("Winner", winner_reason(report, posses, rules))
    return GamePlan(report, tuple(changes))


def _take_outs(report: Report, t: _Table, rules: Ruleset) -> list[Change]:
    """R13 injuries and deaths, then R14 flips for whoever took each one out."""
    injuries: list[Change] = []
    flips: list[Change] = []
    seen: set[Ref] = set()
    for i, ooa in enumerate(report.out_of_action, 1):
        where = f"Out of action {i}"
        victim = t.member(ooa.victim, where)
        _refuse(where, out_of_action_reason(ooa.victim, seen))
        seen.add(ooa.victim)
        strikes = victim.injuries + 1
        dead = strikes >= rules.strikes_to_die
        buried = tuple(t.items[ooa.victim]) if dead else ()
        by = f" by {ooa.by}" if ooa.by else ""
        if dead:
            t.items[ooa.victim] = []
            gear = ", ".join(t.item_name(b) for b in buried) or "nothing"
            text = f"{ooa.victim} was killed{by} (strike {strikes}); buried with: {gear}."
        else:
            out = f"taken out of action{by}" if ooa.by else "taken out of action"
            text = f"{ooa.victim} was {out}: strike {strikes}, -{rules.wounds_lost} Wounds."
        injuries.append(Injury(ooa.victim, strikes, dead, buried, text, ooa.by))
        if ooa.by is None:
            continue
        t.member(ooa.by, where)
        _refuse(where, by_reason(ooa.victim, ooa.by))
        count = rules.flips_per_killing_blow if dead else rules.flips_per_take_out
        blow = "a killing blow on" if dead else "taking out"
        flips.append(
            FlipsEarned(
                ooa.by,
                count,
                ooa.victim,
                dead,
                f"{ooa.by} earns {count} flip{'s' if count > 1 else ''} "
                f"for {blow} {ooa.victim.member}.",
            )
        )
    return injuries + flips


def _money(report: Report, t: _Table, rules: Ruleset) -> list[Change]:
    out: list[Change] = []
    hunters: set[str] = set()
    hunted: set[Ref] = set()
    taken_out = {o.victim for o in report.out_of_action}
    for i, bounty in enumerate(report.bounties, 1):
        where = f"Bounty {i}"
        if not rules.scenarios[report.scenario].bounties:  # before the names, as it always was
            _refuse(where, bounty_reason(bounty, report.scenario, taken_out, (), (), rules))
        t.posse(bounty.posse, where)
        target = t.member(bounty.target, where)
        _refuse(where, bounty_reason(bounty, report.scenario, taken_out, hunters, hunted, rules))
        hunters.add(bounty.posse)
        if bounty.claimed:
            hunted.add(bounty.target)
        if not bounty.claimed:
            continue
        role = rules.role(target.role)
        entry = Entry(
            role.bounty_reward, f"Bounty on {bounty.target} ({role.name.lower()})", "bounty"
        )
        out.append(
            Payment(
                bounty.posse,
                entry,
                f"{bounty.posse} claims ${role.bounty_reward} for the bounty on {bounty.target}.",
            )
        )
    for i, income in enumerate(report.income, 1):
        t.posse(income.posse, f"Income {i}")
        entry = Entry(income.amount, income.reason, "income")
        out.append(
            Payment(income.posse, entry, f"{income.posse} earns ${income.amount}: {income.reason}.")
        )
    for i, goods in enumerate(report.goods_sold, 1):
        t.posse(goods.posse, f"Goods sold {i}")
        value = rules.goods_value(goods.amount)
        entry = Entry(value, f"{goods.reason} (market value ${goods.amount})", "goods")
        out.append(
            Payment(
                goods.posse,
                entry,
                f"{goods.posse} sells {goods.reason} worth ${goods.amount} "
                f"for ${value} ({rules.goods_percent}%).",
            )
        )
    return out
