"""Forlorn Hope's quick-reference sheet (issue 32 item 5): every rule and number from its TOML.

The sheet is a `rostermgr.reference.Reference`, drawn by the same printable as the Last Hope
Frontier sheet: flow charts for the turn, charges, hand to hand and morale; tables for the
rest; ruled write-in space for what the seed names without giving (the event list, the panic
table).
"""

from __future__ import annotations

from rostermgr.forlorn import FireTable, ForlornRules, Roll
from rostermgr.forlorn_odds import event_chance
from rostermgr.reference import FlowChart, Reference, Step, Table, WriteIn


def _faces(faces: tuple[int, ...]) -> str:
    """(2, 3) -> "2-3", (1,) -> "1": a die table's faces as the seed writes them."""
    low, high = min(faces), max(faces)
    return str(low) if low == high else f"{low}-{high}"


def _die_table(
    title: str, rows: tuple[Roll, ...], rules: ForlornRules, more: tuple[str, ...] = ()
) -> Table:
    """A die table; `more` is a row under it that no roll gives (its faces cell says "-")."""
    body = [(_faces(r.faces), r.result) for r in rows] + [("-", text) for text in more]
    return Table(title, "FH", (f"D{rules.die}", "Result"), tuple(body))


def _turn(rules: ForlornRules) -> FlowChart:
    chance = event_chance(rules)
    n = rules.die**rules.event_dice
    totals = ", ".join(str(t) for t in rules.event_totals)
    doubles = " or doubles" if rules.event_doubles else ""
    steps = [
        Step(
            f"Before they move, the British roll {rules.event_dice}D{rules.die}: an event "
            f"on {totals}{doubles}, {int(chance * n)} in {n}"
        ),
        Step(
            "An event?",
            decision=True,
            down="no",
            side="yes",
            outcome="The French draw an event card; both sides carry it out",
        ),
    ]
    first = len(steps)
    steps += [Step(text) for text in rules.sequence[:-1]]
    steps.append(Step(rules.sequence[-1], back=first))
    steps.append(Step("All chips spent: the next turn, new chips", end=True))
    return FlowChart("The turn (tactical sequence)", "FH", tuple(steps))


def _charge(rules: ForlornRules) -> FlowChart:
    steps = [Step(text) for text in rules.charges]
    return FlowChart("Charges", "FH", (*steps, Step("Contact: hand to hand", end=True)))


def _melee(rules: ForlornRules) -> FlowChart:
    first, *rest = rules.melee_rules
    tie = rules.melee_tie[:1].upper() + rules.melee_tie[1:]
    return FlowChart(
        "Hand to hand",
        "FH",
        (
            Step(first),
            Step("Totals equal?", decision=True, down="no", side="yes", outcome=tie),
            *(Step(text) for text in rest[:-1]),
            Step(rest[-1] if rest else "The high roll wins", end=True),
        ),
    )


def _morale(rules: ForlornRules) -> FlowChart:
    m = rules.morale
    bases = ", ".join(f"{side.title()} {n}" for side, n in m.base.items())
    return FlowChart(
        "Morale and rout",
        "FH",
        (
            Step(f"A unit taking hits: base morale ({bases}) + its modifiers"),
            Step(
                f"A D{m.die} below the morale?",
                decision=True,
                down="no",
                side="yes",
                outcome="Passed",
            ),
            *(Step(text) for text in m.rout[:-1]),
            Step(m.rout[-1], end=True),
        ),
    )


def _fire_table(table: FireTable, rules: ForlornRules) -> Table:
    title = table.name
    if table.reload_turns:  # the seed gives a reload time for the rifle only
        title += f", reload {table.reload_turns} turns"
    return Table(
        f"Fire: {title}",
        "FH",
        ("Range (in)", f"D{rules.die}", "Hit on"),
        tuple(
            (span, str(b.dice), f"{b.hit}+")
            for span, b in zip(table.spans(), table.bands, strict=True)
        ),
        (1, 2),
    )


def _tables(rules: ForlornRules) -> list[Table]:
    fm, m, art = rules.fire_modifiers, rules.morale, rules.artillery
    more = (f"A horse wounded {rules.wounds_to_kill_horse} times is killed",)
    tables = [
        Table(
            "Movement",
            "FH",
            ("Figures", "Move (in)"),
            tuple((mv.name, mv.text()) for mv in rules.movement),
        ),
        Table(
            "Groups and chips",
            "FH",
            ("Group", "Figures"),
            tuple((name, note or str(figures)) for name, figures, note in rules.groups),
        ),
        Table("Moves per turn", "FH", ("Rule",), tuple((t,) for t in rules.sequence_notes)),
        *(_fire_table(t, rules) for t in rules.fire.values()),
        Table(
            "Fire modifiers",
            "FH",
            ("Modifier", "Each die"),
            (
                ("Each man short", f"{fm.per_man_short:+d}"),
                (fm.elite_text, f"{fm.elite:+d}"),
                (f"A roll of {fm.natural_hit}", "always one hit"),
            ),
            (1,),
        ),
        Table("Pass-through fire", "FH", ("Rule",), ((fm.pass_through,),)),
        _die_table("Hit table (fire and hand to hand)", rules.hits, rules),
        _die_table("Mounted targets", rules.mounted_target, rules),
        _die_table("Horse killed: the rider", rules.horse_killed, rules),
        _die_table("Horse panic (a wounded horse)", rules.horse_panic, rules, more),
        Table(
            "Hand-to-hand modifiers",
            "FH",
            ("Modifier", f"D{rules.die}"),
            tuple((mod.name, f"{mod.change:+d}") for mod in rules.melee_modifiers.values()),
            (1,),
        ),
        Table(
            "Morale",
            "FH",
            ("Base and modifiers", "Morale"),
            (
                *((f"Base, {side.title()}", str(n)) for side, n in m.base.items()),
                ("Each hit on the unit", f"{m.per_hit:+d}"),
                ("Each kill in the unit", f"{m.per_kill:+d}"),
                ("Each 2 wounded in the unit", f"{m.per_two_wounded:+d}"),
                ("Officer attached", f"{m.officer:+d}"),
            ),
            (1,),
        ),
        Table(
            "Artillery",
            "FH",
            ("Rule",),
            tuple(
                (text,)
                for text in (
                    art["reload"],
                    art["beaten_zone"],
                    f"Example: {art['example']}",
                    art["last_boards"],
                    art["wall_top"],
                )
            ),
        ),
        Table(
            "Special rules",
            "FH",
            ("Terrain", "Rule"),
            tuple((t.name, t.text) for t in rules.terrain),
        ),
        Table(
            "Setting and victory",
            "FH",
            ("", "Rule"),
            (("Setting", rules.setting), ("Victory", rules.victory)),
        ),
    ]
    return tables


def build_fh_reference(rules: ForlornRules) -> Reference:
    """The Forlorn Hope quick reference: its charts, tables and write-in spaces, in print order."""
    return Reference(
        rules.id,
        rules.name,
        rules.version,
        (_turn(rules), _charge(rules), _melee(rules), _morale(rules)),
        tuple(_tables(rules)),
        tuple(WriteIn(w.title, w.note, w.lines) for w in rules.write_ins),
    )
