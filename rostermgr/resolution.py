"""The calculator's explanation: a test resolved step by step, as the worked examples in the
designer's notes read (R10), over the numbers `resolver` works out (R8, R4, R9).

Pure: give it a `Test` and the ruleset, get a `Resolution` back.
"""

from __future__ import annotations

from dataclasses import dataclass

from rostermgr.blast import Blasted, blast_explained
from rostermgr.cards import Card
from rostermgr.resolver import (
    ATTACKER,
    BASE,
    CARD,
    COVER,
    DEFENDER,
    FAILURE,
    FAVOURED,
    PAIR,
    PAIR_DAMAGE,
    PAIR_HEAL,
    PAIR_TEST,
    STAT,
    SUCCESS,
    WEAPON,
    Addends,
    Outcome,
    Test,
    addends_total,
    check_test,
    favoured_damage_bonus,
    is_favoured,
    work_out,
)
from rostermgr.rules import ActionUse, Faction, Ruleset, TestKind

RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "JK": "joker"}


@dataclass(frozen=True)
class Term:
    """One addend of a total, e.g. ("Shot", 3) or ("favoured Jack", 1)."""

    label: str
    value: int


@dataclass(frozen=True)
class Resolution:
    """The outcome of a test; `as_json` is the `--json` document."""

    attack_total: int
    defence_total: int
    outcome: str  # SUCCESS, FAILURE or SCORE_DRAW
    difference: int  # attack total - defence total, after any tie-break
    damage: int
    toughness: int
    wounds: int
    friendly_wounds: int
    attack_terms: tuple[Term, ...] = ()  # they sum to attack_total
    defence_terms: tuple[Term, ...] = ()  # they sum to defence_total
    steps: tuple[str, ...] = ()
    attacker_healed: int = 0  # R1 Heart of the Town: wounds each side's leader regained
    defender_healed: int = 0
    blast: tuple[Blasted, ...] | None = None  # R4: a dynamite test's models; None otherwise

    def explain(self) -> list[str]:
        """Each step of the test as a sentence, in order."""
        return list(self.steps)

    def as_json(self) -> dict[str, object]:
        """The `--json` document: the test, `healed` per side, and a blast's models."""
        doc: dict[str, object] = {
            "attack_total": self.attack_total,
            "defence_total": self.defence_total,
            "outcome": self.outcome,
            "difference": self.difference,
            "damage": self.damage,
            "toughness": self.toughness,
            "wounds": self.wounds,
            "friendly_wounds": self.friendly_wounds,
            "healed": {ATTACKER: self.attacker_healed, DEFENDER: self.defender_healed},
        }
        if self.blast is not None:
            doc["models"] = [
                {"toughness": b.toughness, "damage": b.damage, "wounds": b.wounds}
                for b in self.blast
            ]
        return doc


def resolve(test: Test, rules: Ruleset) -> Resolution:
    """Resolve one shot, combat action or dynamite throw (R8, R4) and its damage step (R9).

    The numbers are `work_out`'s (those `resolve_outcome` gives); this adds the sentences.
    """
    kind = check_test(test, rules)
    att, dfn = rules.faction(test.attacker), rules.faction(test.defender)
    worked = work_out(test, kind, att, dfn, rules)
    stat = rules.attack_stat_name(kind.id)
    steps: list[str] = [
        f"{kind.name}: the {att.name} model ({stat} {test.attack}) "
        f"{kind.verb} the {dfn.name} model (Defence {test.defence})."
    ]
    attack = _terms(worked.attack, test, ATTACKER, att, stat, rules)
    defence = _terms(worked.defence, test, DEFENDER, dfn, "Defence", rules)
    thrown = _thrown(test, rules)
    if thrown:
        steps.append(thrown)
    steps.append(_card_step(ATTACKER, test.attack_card, att, kind, rules, worked.attack))
    steps.append(_card_step(DEFENDER, test.defence_card, dfn, kind, rules, worked.defence))
    steps += _situation(test, kind, rules)
    healed = {ATTACKER: 0, DEFENDER: 0}
    for side, paired, faction, taken in (
        (ATTACKER, test.attacker_pair, att, test.attacker_wounds_taken),
        (DEFENDER, test.defender_pair, dfn, test.defender_wounds_taken),
    ):
        if paired:
            step, healed[side] = _pair_step(side, faction.pair_use(side == ATTACKER), taken, rules)
            steps.append(step)
    steps.append(f"Attack total: {_sum(attack)}.")
    steps.append(f"Defence total: {_sum(defence)}.")
    numbers = worked.numbers
    outcome, a_total, d_total = numbers.outcome, numbers.attack_total, numbers.defence_total
    fav_a = is_favoured(test.attack_card, att)
    steps.append(
        _compare(kind, addends_total(worked.attack), addends_total(worked.defence), fav_a, numbers)
    )
    for terms, total in ((attack, a_total), (defence, d_total)):
        if total != sum(t.value for t in terms):
            terms.append(Term("tie-break", total - sum(t.value for t in terms)))
    difference = a_total - d_total
    done = {
        "attack_total": a_total,
        "defence_total": d_total,
        "outcome": outcome,
        "difference": difference,
        "attack_terms": tuple(attack),
        "defence_terms": tuple(defence),
        "attacker_healed": healed[ATTACKER],
        "defender_healed": healed[DEFENDER],
    }
    if outcome != SUCCESS:
        friendly = numbers.friendly_wounds
        if friendly:
            missed = "failed" if outcome == FAILURE else "was a score draw, which is not a success"
            steps.append(
                f"The shot went into a combat and {missed}: the friendly model in that combat "
                f"takes {friendly} unsoakable wound{'s' if friendly != 1 else ''} (R8)."
            )
        return Resolution(
            damage=0,
            toughness=0,
            wounds=0,
            friendly_wounds=friendly,
            steps=tuple(steps),
            blast=() if kind.blast else None,
            **done,  # type: ignore[arg-type]
        )
    if kind.blast:
        return _blast(kind, difference, worked.blast, rules, steps, done)
    dmg = _terms(worked.damage, test, ATTACKER, att, "base", rules)
    tough = _terms(worked.toughness, test, DEFENDER, dfn, "Toughness", rules)
    steps.append(
        f"A difference of {difference} gives {worked.damage[0][1]} damage "
        f"({_band(difference, rules)})."
    )
    steps.append(f"Damage total: {_sum(dmg)}.")
    steps.append(f"Toughness total: {_sum(tough)}.")
    damage, toughness, wounds = numbers.damage, numbers.toughness, numbers.wounds
    steps.append(
        f"{damage} damage - {toughness} toughness = {wounds} wound{'s' if wounds != 1 else ''}"
        + (": the model is winged." if wounds == 0 else ".")
    )
    return Resolution(
        damage=damage,
        toughness=toughness,
        wounds=wounds,
        friendly_wounds=0,
        steps=tuple(steps),
        **done,  # type: ignore[arg-type]
    )


def _terms(
    addends: Addends, test: Test, side: str, faction: Faction, first: str, rules: Ruleset
) -> list[Term]:
    """The addends named as the explanation writes them; `first` names the opening one."""
    card = test.attack_card if side == ATTACKER else test.defence_card
    out = []
    for what, value in addends:
        if what in (STAT, BASE):
            label = first
        elif what == CARD:
            label = str(card)
        elif what == FAVOURED:
            label = f"favoured {_rank_name(card)}"
        elif what == COVER:
            label = f"{test.cover} cover"
        elif what == PAIR:
            use = faction.pair_use(side == ATTACKER)
            label = use.name if use is not None else what
        elif what == WEAPON and test.weapon is not None:
            label = rules.item(test.weapon).name.lower()
        else:
            label = what  # "clothing", "horseback"
        out.append(Term(label, value))
    return out


def _blast(
    kind: TestKind,
    difference: int,
    hits: tuple[Blasted, ...],
    rules: Ruleset,
    steps: list[str],
    done: dict[str, object],
) -> Resolution:
    """R4, R9: a successful blast test (dynamite) wounds every model within reach."""
    blast_steps = blast_explained(kind, difference, hits, _band(difference, rules), rules)
    return Resolution(
        damage=hits[0].damage,
        toughness=hits[0].toughness,
        wounds=hits[0].wounds,
        friendly_wounds=0,
        steps=(*steps, *blast_steps),
        blast=hits,
        **done,  # type: ignore[arg-type]
    )


def _thrown(test: Test, rules: Ruleset) -> str:
    """R4: a weapon thrown in a ranged test, e.g. the hunting knife; '' for any other weapon."""
    if test.weapon is None or not rules.test_kinds[test.kind].ranged:
        return ""
    weapon = rules.item(test.weapon)
    if rules.kinds[weapon.kind].test == test.kind or not weapon.thrown:
        return ""
    lengths = f"{weapon.thrown} card length{'s' if weapon.thrown != 1 else ''}"
    return f"The {weapon.name.lower()} is thrown (up to {lengths}); it is lost once thrown."


def _rank_name(card: Card) -> str:
    return RANK_NAMES.get(card.rank, card.rank)


def _card_step(
    side: str, card: Card, faction: Faction, kind: TestKind, rules: Ruleset, addends: Addends
) -> str:
    """R7, R8 step 4: the card a side plays and what it adds (`addends`: that side's total's)."""
    added = dict(addends)
    text = f"The {side} plays {card} ({added[CARD]})"
    if card.is_joker:
        text += ", which counts as a favoured Ace"
    elif is_favoured(card, faction):
        text += f", {faction.suit} are favoured by the {faction.name}"
    else:
        return text + f": not favoured (the {faction.name} favour {faction.suit})."
    if not kind.favoured:
        return text + f"; no favoured-suit bonus counts in {kind.in_words}; it breaks a tie."
    bonus = added.get(FAVOURED, 0)
    later = favoured_damage_bonus(card, faction, rules)
    after = "damage" if side == "attacker" else "toughness"
    then = f", +{later} {after} if the damage step is reached" if later else ""
    if bonus:
        return text + f": +{bonus} to the test{then}."
    rank = _rank_name(card)
    return text + f"; a favoured {rank} adds nothing to the test{then}; it breaks a tie."


def _situation(test: Test, kind: TestKind, rules: Ruleset) -> list[str]:
    """Cover and horseback count only in a ranged test, a shot (R8 step 3): why they do not."""
    steps: list[str] = []
    if test.cover is not None and rules.cover[test.cover] and not kind.cover:
        steps.append(f"Cover ({test.cover}) does not count in {kind.in_words}.")
    if test.horseback and not kind.ranged:
        steps.append(f"Horseback counts only when shooting, not in {kind.in_words}.")
    return steps


def _pair_step(side: str, use: ActionUse | None, taken: int, rules: Ruleset) -> tuple[str, int]:
    """R1: the sentence for a side's leader pair, the use of its side, and the wounds healed."""
    if use is None:
        return f"The {side}'s leader plays a pair: it changes no number in this test.", 0
    played = f"The {side}'s leader plays a pair for {use.name}"
    if use.effect == PAIR_TEST:
        total = "attack" if side == ATTACKER else "defence"
        return f"{played}: +{rules.leader_pair} to the {total} total.", 0
    if use.effect == PAIR_DAMAGE:
        number = "damage" if side == ATTACKER else "toughness"
        return f"{played}: +{rules.leader_pair} {number}, only once the damage step is reached.", 0
    if use.effect == PAIR_HEAL:
        healed = min(use.heals, taken)
        if not taken:
            return (
                f"{played}: it would regain {use.heals} wounds before damage, but no wounds "
                "are taken yet (never above maximum): 0 healed.",
                0,
            )
        left = taken - healed
        return (
            f"{played}: regains {healed} wound{'s' if healed != 1 else ''} before damage "
            f"(never above maximum); {left} wound{'s' if left != 1 else ''} taken now.",
            healed,
        )
    return f"{played}: it changes no number in this test.", 0


def _compare(kind: TestKind, a_raw: int, d_raw: int, fav_a: bool, numbers: Outcome) -> str:
    """R8 steps 5 and 6 in a sentence: totals `a_raw`, `d_raw` before any tie-break."""
    verb = kind.action
    won = "go to the damage step."
    a_total, d_total = numbers.attack_total, numbers.defence_total
    if a_raw > d_raw:
        return f"{a_total} against {d_total}: the {verb} succeeds by {a_total - d_total}; {won}"
    if a_raw < d_raw:
        return f"{a_total} against {d_total}: the defence holds; the {verb} fails, no damage."
    tie = f"{a_raw} against {d_raw} is a tie"
    bump = a_total - a_raw or d_total - d_raw
    if numbers.outcome == SUCCESS:
        return (
            f"{tie}; only the attacker played a favoured card: +{bump} to the attack, "
            f"{a_total} against {d_total}. The {verb} succeeds by {a_total - d_total}; {won}"
        )
    if numbers.outcome == FAILURE:
        return (
            f"{tie}; only the defender played a favoured card: +{bump} to the defence, "
            f"{a_total} against {d_total}. The {verb} fails, no damage."
        )
    who = "both players" if fav_a else "neither player"
    return f"{tie} and {who} played a favoured card: a score draw, no damage."


def _band(difference: int, rules: Ruleset) -> str:
    """The damage band a difference falls in, as the notes write it: '6 to 10', '11 or more'."""
    bands = rules.damage_bands
    for i, band in enumerate(bands):
        last = i + 1 == len(bands)
        if difference >= band.start and (last or difference < bands[i + 1].start):
            return f"{band.start} or more" if last else f"{band.start} to {bands[i + 1].start - 1}"
    return f"below {bands[0].start}"


def _sum(terms: list[Term]) -> str:
    """'Shot 3 + JS 11 + favoured Jack 1 = 15'."""
    text = ""
    for i, t in enumerate(terms):
        if i == 0:
            text = f"{t.label} {t.value}"
        else:
            sign = "-" if t.value < 0 else "+"
            text += f" {sign} {t.label} {abs(t.value)}"
    return f"{text} = {sum(t.value for t in terms)}"
