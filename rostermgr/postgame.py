"""What a post-game report changes (R12-R17): planned in full before anything is written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rostermgr.errors import RuleBroken, quoted
from rostermgr.report import Ref, Report
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.shop import Entry, check_carry


@dataclass(frozen=True)
class Injury:
    """R13: one more strike; at the last the member is dead and its gear buried."""

    who: Ref
    injuries: int  # strikes after this game
    dead: bool
    buried: tuple[str, ...]
    text: str
    by: Ref | None = None


@dataclass(frozen=True)
class FlipsEarned:
    """R14: flips for a take-out, more for a killing blow."""

    who: Ref
    count: int
    victim: Ref
    killing: bool
    text: str


@dataclass(frozen=True)
class Payment:
    """R12, R16: bounty rewards, goods sold and other income."""

    posse: str
    entry: Entry
    text: str


@dataclass(frozen=True)
class ItemGone:
    who: Ref
    item: str
    text: str


@dataclass(frozen=True)
class ItemMoved:
    """R1 Slippery Paws: an item moves from one posse's member to another's."""

    source: Ref
    thief: Ref
    item: str
    text: str


Change = Injury | FlipsEarned | Payment | ItemGone | ItemMoved


@dataclass(frozen=True)
class GamePlan:
    report: Report
    changes: tuple[Change, ...]

    def lines(self) -> list[str]:
        """Every change as a sentence: the preview a player confirms."""
        return [c.text for c in self.changes]


class _Table:
    """The posses of one game as the report walks through it: names checked, gear tracked."""

    def __init__(self, report: Report, posses: Mapping[str, Posse], rules: Ruleset) -> None:
        self.report, self.posses, self.rules = report, posses, rules
        for name in report.posses:
            if name not in posses:
                raise RuleBroken(
                    f"The report names the posse {quoted(name)}, which is not in this campaign."
                )
        self.items: dict[Ref, list[str]] = {
            Ref(p.name, m.name): list(m.items)
            for p in (posses[n] for n in report.posses)
            for m in p.members
        }

    def posse(self, name: str, where: str) -> Posse:
        if name not in self.report.posses:
            raise RuleBroken(
                f"{where} names {quoted(name)}, which is not among the posses that played."
            )
        return self.posses[name]

    def member(self, ref: Ref, where: str) -> Member:
        posse = self.posse(ref.posse, where)
        found = next((m for m in posse.members if m.name == ref.member), None)
        if found is None:
            raise RuleBroken(
                f"{where} names {quoted(ref.member)}, who is not a member of {ref.posse}."
            )
        if not found.alive:
            raise RuleBroken(f"{where} names {ref}, who is dead.")
        return found

    def item_name(self, item_id: str) -> str:
        return self.rules.item(item_id).name.lower()

    def take(self, ref: Ref, item_id: str, where: str) -> None:
        self.rules.item(item_id)
        if item_id not in self.items[ref]:
            raise RuleBroken(f"{where}: {ref} has no {self.item_name(item_id)}.")
        self.items[ref].remove(item_id)


def plan_game(report: Report, posses: Mapping[str, Posse], rules: Ruleset) -> GamePlan:
    """Check every name in the report against the campaign and derive every change."""
    t = _Table(report, posses, rules)
    changes: list[Change] = []
    for i, use in enumerate(report.items_used, 1):
        where = f"Item used {i}"
        t.member(use.holder, where)
        item = rules.item(use.item)
        if not rules.kinds[item.kind].used_up:
            kinds = [k.name.lower() for k in rules.kinds.values() if k.used_up]
            raise RuleBroken(
                f"{where}: a {item.name.lower()} is not used up in play; only "
                f"{' and '.join(kinds) or 'no'} items are (R4)."
            )
        t.take(use.holder, use.item, where)
        changes.append(
            ItemGone(use.holder, use.item, f"{use.holder} used up a {t.item_name(use.item)}.")
        )
    for i, theft in enumerate(report.items_stolen, 1):
        where = f"Item stolen {i}"
        t.member(theft.source, where)
        thief = t.member(theft.thief, where)
        if theft.source == theft.thief:
            raise RuleBroken(f"{where}: a member cannot steal from itself.")
        if theft.source.posse == theft.thief.posse:
            raise RuleBroken(
                f"{where}: {theft.thief} and {theft.source} are in the same posse; an item is "
                "stolen from an opposing model (R1)."
            )
        t.take(theft.source, theft.item, where)
        check_carry(Member(thief.name, thief.role, tuple(t.items[theft.thief])), theft.item, rules)
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
    return GamePlan(report, tuple(changes))


def _take_outs(report: Report, t: _Table, rules: Ruleset) -> list[Change]:
    """R13 injuries and deaths, then R14 flips for whoever took each one out."""
    injuries: list[Change] = []
    flips: list[Change] = []
    seen: set[Ref] = set()
    for i, ooa in enumerate(report.out_of_action, 1):
        where = f"Out of action {i}"
        victim = t.member(ooa.victim, where)
        if ooa.victim in seen:
            raise RuleBroken(f"{where}: {ooa.victim} is out of action twice in one game.")
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
        if ooa.by.posse == ooa.victim.posse:
            raise RuleBroken(
                f"{where}: {ooa.by} is in the victim's own posse; leave 'by' out for friendly fire."
            )
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
    scenario = rules.scenarios[report.scenario]
    for i, bounty in enumerate(report.bounties, 1):
        where = f"Bounty {i}"
        if not scenario.bounties:
            with_bounties = " or ".join(s.name for s in rules.scenarios.values() if s.bounties)
            raise RuleBroken(
                f"{where}: the {scenario.name} scenario has no bounties; a bounty is named only "
                f"in the {with_bounties or 'no'} scenario (R12)."
            )
        t.posse(bounty.posse, where)
        target = t.member(bounty.target, where)
        if bounty.target.posse == bounty.posse:
            raise RuleBroken(f"{where}: a posse cannot claim a bounty on its own member.")
        # R12 Bounty: the reward is for taking the named model out of action in this game.
        if bounty.claimed and bounty.target not in taken_out:
            raise RuleBroken(
                f"{where}: the bounty on {bounty.target} is claimed, but {bounty.target.member} "
                "is not out of action in this report; the reward is for taking that model out "
                "of action (R12)."
            )
        # R12 Bounty: each player names one opposing model, and a model's reward is paid once.
        if bounty.posse in hunters:
            raise RuleBroken(f"{where}: {bounty.posse} has a bounty already; each names one (R12).")
        if bounty.claimed and bounty.target in hunted:
            raise RuleBroken(f"{where}: the bounty on {bounty.target} is claimed twice (R12).")
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
