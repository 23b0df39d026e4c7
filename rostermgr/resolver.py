"""The shot, combat and dynamite calculator: opposed test (R8, R4) and damage step (R9).

Pure: give it a `Test` and the ruleset, get a `Resolution` back. Every number comes from the
ruleset; the explanation reads like the worked examples in the designer's notes (R10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rostermgr.blast import Blasted, blast_hits, check_blast
from rostermgr.cards import RANKS, Card
from rostermgr.errors import Refused, quoted
from rostermgr.rules import ActionUse, Faction, Item, Ruleset, TestKind
from rostermgr.weapons import calculator_ids
from rostermgr.weapons import usable_in as _usable_in

# The shipped ruleset's test ids, kept for callers that name them; every rule about a test (its
# stat, its weapons, whether cover counts) is read from Ruleset.test_kinds, and the tests a
# ruleset offers are weapons.test_kinds(rules).
SHOT, COMBAT, DYNAMITE = "shot", "combat", "dynamite"
KINDS = (SHOT, COMBAT)
CALCULATOR_KINDS = (SHOT, COMBAT, DYNAMITE)  # what `resolve KIND` takes on the command line
SUCCESS, FAILURE, SCORE_DRAW = "success", "failure", "score-draw"

# What a use of a leader's eighth-card pair changes (R1): the ruleset's action effects. The size
# of a test or damage change is the ruleset's `leader_pair`, of a heal the action's `heals`.
PAIR_TEST = "test"  # Dead Eyed Aim / Spirit: that leader's attack or defence total
PAIR_DAMAGE = "damage"  # Dirt / Whiskey in the Wound: damage or toughness, in the damage step
PAIR_HEAL = "heal"  # Heart of the Town: wounds regained before damage, never above maximum
ATTACKER, DEFENDER = "attacker", "defender"

RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "JK": "joker"}


@dataclass(frozen=True)
class Test:
    """One opposed test as the players see it on the table (R8)."""

    __test__: ClassVar[bool] = False  # not a pytest class

    kind: str  # a test id of the ruleset (weapons.test_kinds): "shot", "combat"
    attacker: str  # faction id
    attack: int  # the attacker's stat of that test (Ruleset.attack_stat): Shot, Combat
    attack_card: Card
    defender: str  # faction id
    defence: int  # the target's Defence before clothing and cover
    defence_card: Card
    clothing: int = 0  # the target's clothing defence bonus
    cover: str | None = None  # a key of the ruleset's cover table; None for no cover
    horseback: bool = False  # the attacker shoots from horseback
    weapon: str | None = None  # item id of the attacker's weapon
    toughness: int | None = None  # the target's Toughness; needed once the damage step is reached
    attacker_pair: bool = False  # the attacker is a leader who played the eighth-card pair
    defender_pair: bool = False  # the target is a leader who played the eighth-card pair
    into_combat: bool = False  # a shot into a combat that involves a friendly model
    attacker_wounds_taken: int = 0  # R1 Heart of the Town: what a healing leader can regain
    defender_wounds_taken: int = 0
    # R4 dynamite: the Toughness of every model the blast reaches, the target first; empty for
    # the target alone (`toughness`)
    blast_toughness: tuple[int, ...] = ()


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


def card_value(card: Card, rules: Ruleset) -> int:
    """R7: the value a card adds to a test; ranks missing from the ruleset count at face value."""
    if card.rank in rules.card_values:
        return rules.card_values[card.rank]
    if not card.rank.isdigit():
        raise Refused(f"The {rules.name} ruleset gives no value for the card {card}.")
    return int(card.rank)


def is_favoured(card: Card, faction: Faction) -> bool:
    """R7: a card of the faction's favoured suit; a joker played alone always counts (R8)."""
    return card.is_joker or card.suit == faction.suit


def favoured_test_bonus(card: Card, faction: Faction, rules: Ruleset) -> int:
    """R8 step 4: the favoured-suit bonus to the test total."""
    return rules.favoured_test.get(card.rank, 0) if is_favoured(card, faction) else 0


def favoured_damage_bonus(card: Card, faction: Faction, rules: Ruleset) -> int:
    """R9: the favoured-suit bonus to damage (attacker) or toughness (defender)."""
    return rules.favoured_damage.get(card.rank, 0) if is_favoured(card, faction) else 0


def resolve(test: Test, rules: Ruleset) -> Resolution:
    """Resolve one shot, combat action or dynamite throw (R8, R4) and its damage step (R9)."""
    kind = _check(test, rules)
    att, dfn = rules.faction(test.attacker), rules.faction(test.defender)
    stat = rules.attack_stat_name(kind.id)
    steps: list[str] = [
        f"{kind.name}: the {att.name} model ({stat} {test.attack}) "
        f"{kind.verb} the {dfn.name} model (Defence {test.defence})."
    ]
    attack = [Term(stat, test.attack)]
    defence = [Term("Defence", test.defence)]
    thrown = _thrown(test, rules)
    if thrown:
        steps.append(thrown)
    steps.append(_card_step(ATTACKER, test.attack_card, att, kind, rules, attack))
    steps.append(_card_step(DEFENDER, test.defence_card, dfn, kind, rules, defence))
    if test.clothing:
        defence.append(Term("clothing", test.clothing))
    steps += _situation(test, kind, rules, attack, defence)
    healed = {ATTACKER: 0, DEFENDER: 0}
    for side, paired, faction, terms, taken in (
        (ATTACKER, test.attacker_pair, att, attack, test.attacker_wounds_taken),
        (DEFENDER, test.defender_pair, dfn, defence, test.defender_wounds_taken),
    ):
        if paired:
            use = faction.pair_use(side == ATTACKER)
            step, healed[side] = _pair_step(side, use, taken, rules, terms)
            steps.append(step)
    a_total, d_total = sum(t.value for t in attack), sum(t.value for t in defence)
    steps.append(f"Attack total: {_sum(attack)}.")
    steps.append(f"Defence total: {_sum(defence)}.")
    outcome, a_total, d_total, compare = _compare(test, kind, att, dfn, a_total, d_total, rules)
    steps.append(compare)
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
        # R8 step 7 (2026-12 ruling): a score draw is not a success, so it counts as a failure
        friendly = rules.friendly_wounds_into_combat if test.into_combat else 0
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
        return _blast(test, kind, difference, rules, steps, done)
    if test.toughness is None:
        raise Refused(
            f"The {kind.action} succeeds, so the damage step needs the target's Toughness, "
            "which was not given (R9)."
        )
    damage, toughness, damage_steps = _damage(test, kind, att, dfn, difference, rules)
    steps += damage_steps
    wounds = max(0, damage - toughness)
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


def _blast(
    test: Test,
    kind: TestKind,
    difference: int,
    rules: Ruleset,
    steps: list[str],
    done: dict[str, object],
) -> Resolution:
    """R4, R9: a successful blast test (dynamite) wounds every model within reach."""
    toughness = test.blast_toughness or (() if test.toughness is None else (test.toughness,))
    hits, blast_steps = blast_hits(kind, difference, toughness, _band(difference, rules), rules)
    return Resolution(
        damage=hits[0].damage,
        toughness=hits[0].toughness,
        wounds=hits[0].wounds,
        friendly_wounds=0,
        steps=(*steps, *blast_steps),
        blast=hits,
        **done,  # type: ignore[arg-type]
    )


def _check(test: Test, rules: Ruleset) -> TestKind:
    """The test's kind once every value of the test is one the rules know."""
    ids = calculator_ids(rules)
    if test.kind not in ids:
        names = " or ".join(_article(rules.test_kinds[t].name.lower()) for t in ids)
        raise Refused(f"A test is {names}, not {quoted(test.kind)}.")
    kind = rules.test_kinds[test.kind]
    rules.faction(test.attacker)
    rules.faction(test.defender)
    for name, value in (
        ("attack", test.attack),
        ("defence", test.defence),
        ("clothing", test.clothing),
        ("toughness", test.toughness),
        ("attacker's wounds taken", test.attacker_wounds_taken),
        ("defender's wounds taken", test.defender_wounds_taken),
        *(("toughness", t) for t in test.blast_toughness),
    ):
        if value is not None and value < 0:
            raise Refused(f"The {name} value must be 0 or more, not {value}.")
    check_blast(kind, test.attacker_pair or test.defender_pair, test.blast_toughness, rules)
    if test.cover is not None and test.cover not in rules.cover:
        kinds = ", ".join(rules.cover)
        raise Refused(f"There is no cover {quoted(test.cover)}; cover is one of {kinds}.")
    if test.weapon is not None:
        _check_weapon(test.kind, rules.item(test.weapon), rules)
    if test.into_combat and not kind.ranged:
        ranged = " or ".join(t.in_words for t in rules.test_kinds.values() if t.ranged)
        why = "is not one" if kind.blast else "is in base contact"
        raise Refused(
            f"Only {ranged or 'a ranged test'} can go into a combat; {kind.in_words} {why}."
        )
    for card in (test.attack_card, test.defence_card):
        if not card.is_joker and card.rank not in RANKS:
            raise Refused(f"{quoted(card)} is not a card.")
    for side, paired, card in (
        (ATTACKER, test.attacker_pair, test.attack_card),
        (DEFENDER, test.defender_pair, test.defence_card),
    ):
        if paired and card.is_joker:
            # R8 step 4 (2026-12 ruling): in a pair the joker only completes it
            raise Refused(
                f"In the {side}'s leader's pair the joker stands for its partner card, so the "
                f"test card is the partner: give that natural card as the {side}'s card, not "
                "the joker (R8)."
            )
    return kind


def usable_in(kind: str, weapon: Item, rules: Ruleset) -> bool:
    """Whether a weapon may be used in this test (R4, R8): the windows offer only these."""
    return _usable_in(kind, weapon, rules)


def _check_weapon(kind: str, weapon: Item, rules: Ruleset) -> None:
    """R4, R8: each test uses the weapons of the kinds that name it (and thrown ones if ranged)."""
    if not rules.is_weapon(weapon):
        raise Refused(f"{weapon.name} is not a weapon, so it adds no damage.")
    if _usable_in(kind, weapon, rules):
        return
    asked = rules.test_kinds[kind]
    own = rules.test_kinds[rules.kinds[weapon.kind].test]
    name, kind_name = weapon.name.lower(), rules.kinds[weapon.kind].name.lower()
    if weapon.combat_as_shot and own.ranged and not asked.ranged:
        close = " or ".join(rules.kinds[k].name.lower() for k in rules.weapon_kinds(kind))
        raise Refused(
            f"A {name} in base-to-base combat is a {own.action}-vs-defence test when the model "
            f"has no {close or 'other weapon'}, so resolve it as {own.in_words}, not "
            f"{_article(asked.name.lower())} (R4, R8)."
        )
    raise Refused(
        f"A {name} is a {kind_name}, used in {own.in_words}, not in {asked.in_words} (R4, R8)."
    )


def _article(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


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
    side: str, card: Card, faction: Faction, kind: TestKind, rules: Ruleset, terms: list[Term]
) -> str:
    value = card_value(card, rules)
    terms.append(Term(str(card), value))
    text = f"The {side} plays {card} ({value})"
    if card.is_joker:
        text += ", which counts as a favoured Ace"
    elif is_favoured(card, faction):
        text += f", {faction.suit} are favoured by the {faction.name}"
    else:
        return text + f": not favoured (the {faction.name} favour {faction.suit})."
    if not kind.favoured:
        return text + f"; no favoured-suit bonus counts in {kind.in_words}; it breaks a tie."
    bonus = favoured_test_bonus(card, faction, rules)
    later = favoured_damage_bonus(card, faction, rules)
    after = "damage" if side == "attacker" else "toughness"
    then = f", +{later} {after} if the damage step is reached" if later else ""
    if bonus:
        terms.append(Term(f"favoured {_rank_name(card)}", bonus))
        return text + f": +{bonus} to the test{then}."
    rank = _rank_name(card)
    return text + f"; a favoured {rank} adds nothing to the test{then}; it breaks a tie."


def _situation(
    test: Test, kind: TestKind, rules: Ruleset, attack: list[Term], defence: list[Term]
) -> list[str]:
    """Cover and horseback: both count only in a ranged test, a shot (R8 step 3)."""
    steps: list[str] = []
    if test.cover is not None and rules.cover[test.cover]:
        if kind.cover:
            defence.append(Term(f"{test.cover} cover", rules.cover[test.cover]))
        else:
            steps.append(f"Cover ({test.cover}) does not count in {kind.in_words}.")
    if test.horseback:
        if kind.ranged:
            attack.append(Term("horseback", rules.horseback))
        else:
            steps.append(f"Horseback counts only when shooting, not in {kind.in_words}.")
    return steps


def _pair_step(
    side: str, use: ActionUse | None, taken: int, rules: Ruleset, terms: list[Term]
) -> tuple[str, int]:
    """R1: the sentence for a side's leader pair, the use of its side, and the wounds healed."""
    if use is None:
        return f"The {side}'s leader plays a pair: it changes no number in this test.", 0
    played = f"The {side}'s leader plays a pair for {use.name}"
    if use.effect == PAIR_TEST:
        terms.append(Term(use.name, rules.leader_pair))
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


def _compare(
    test: Test,
    kind: TestKind,
    att: Faction,
    dfn: Faction,
    a_total: int,
    d_total: int,
    rules: Ruleset,
) -> tuple[str, int, int, str]:
    """R8 steps 5 and 6: the outcome, the totals after any tie-break, and the sentence."""
    verb = kind.action
    won = "go to the damage step."
    if a_total > d_total:
        text = f"{a_total} against {d_total}: the {verb} succeeds by {a_total - d_total}; {won}"
        return SUCCESS, a_total, d_total, text
    if a_total < d_total:
        text = f"{a_total} against {d_total}: the defence holds; the {verb} fails, no damage."
        return FAILURE, a_total, d_total, text
    fav_a = is_favoured(test.attack_card, att)
    fav_d = is_favoured(test.defence_card, dfn)
    tie = f"{a_total} against {d_total} is a tie"
    bump = rules.tie_break
    if fav_a and not fav_d:
        a_total += bump
        text = (
            f"{tie}; only the attacker played a favoured card: +{bump} to the attack, "
            f"{a_total} against {d_total}. The {verb} succeeds by {a_total - d_total}; {won}"
        )
        return SUCCESS, a_total, d_total, text
    if fav_d and not fav_a:
        d_total += bump
        text = (
            f"{tie}; only the defender played a favoured card: +{bump} to the defence, "
            f"{a_total} against {d_total}. The {verb} fails, no damage."
        )
        return FAILURE, a_total, d_total, text
    who = "both players" if fav_a else "neither player"
    text = f"{tie} and {who} played a favoured card: a score draw, no damage."
    return SCORE_DRAW, a_total, d_total, text


def _damage(
    test: Test, kind: TestKind, att: Faction, dfn: Faction, difference: int, rules: Ruleset
) -> tuple[int, int, list[str]]:
    """R9: damage and toughness totals with the sentences that build them."""
    base = rules.damage_for(difference)
    steps = [f"A difference of {difference} gives {base} damage ({_band(difference, rules)})."]
    dmg = [Term("base", base)]
    if test.weapon is not None:
        weapon = rules.item(test.weapon)
        dmg.append(Term(weapon.name.lower(), weapon.damage))
    bonus = favoured_damage_bonus(test.attack_card, att, rules) if kind.favoured else 0
    if bonus:
        dmg.append(Term(f"favoured {_rank_name(test.attack_card)}", bonus))
    tough = [Term("Toughness", test.toughness or 0)]  # given: resolve() checked it
    bonus = favoured_damage_bonus(test.defence_card, dfn, rules) if kind.favoured else 0
    if bonus:
        tough.append(Term(f"favoured {_rank_name(test.defence_card)}", bonus))
    for paired, faction, attacking, terms in (
        (test.attacker_pair, att, True, dmg),
        (test.defender_pair, dfn, False, tough),
    ):
        use = faction.pair_use(attacking) if paired else None
        if use is not None and use.effect == PAIR_DAMAGE:
            terms.append(Term(use.name, rules.leader_pair))
    steps.append(f"Damage total: {_sum(dmg)}.")
    steps.append(f"Toughness total: {_sum(tough)}.")
    return sum(t.value for t in dmg), sum(t.value for t in tough), steps


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
