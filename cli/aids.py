"""Table aids on the command line: resolve, initiative, game-length (R8-R12)."""

from __future__ import annotations

import argparse
import random
from typing import Any, TextIO

from cli import (
    WEAPON,
    Commands,
    cover_help,
    cover_usage,
    lazy_help,
    print_json,
    usage_check,
    write_lines,
)
from cli.context import active_ruleset
from cli.volley import add_volley_parser
from rostermgr.cards import Card, parse_card
from rostermgr.game_length import GameLength, drawn_game_length, game_length
from rostermgr.poker import (
    FIRST,
    PLAYERS,
    SECOND,
    DrawSide,
    Hand,
    first_turn,
    parse_cards,
    priority,
)
from rostermgr.resolution import resolve
from rostermgr.resolver import CALCULATOR_KINDS, Test
from rostermgr.rules import Ruleset

RESOLVE_HELP = """\
Resolve one opposed test and its damage step (R8, R9), step by step like the notes' examples.
--attack is the attacker's stat of the test (the ruleset's [tests.kinds]: Shot for a shot,
Combat for a combat, Strength for dynamite); --defence is the target's Defence before clothing
and cover. Cards are written rank then suit letter: JS, 10H, AD, JK.
Cover and horseback count only for shots. A pair flag applies that side's leader eighth-card
action by side (R1): the first name attacking, the second defending. Dead Eyed Aim / Spirit adds
to that leader's attack or defence total; Dirt / Whiskey in the Wound adds to damage or
toughness once the damage step is reached; Heart of the Town regains wounds before damage, up
to the leader's --attacker-wounds-taken / --defender-wounds-taken (default 0: nothing to heal).
In a pair the joker stands for its partner, so give the natural card as the test card (R8).
Dynamite (R4): no favoured bonuses (a favoured card still breaks a tie); on a success every
model within reach of the target takes base damage + the blast bonus - its own Toughness: give
one --toughness per model, the target first. All numbers come from the ruleset (`rostermgr
rules`).
"""

HANDS_HELP = """\
Priority for the next turn (R11): the best five-card poker hand of the cards each player played
this turn (a joker counts as wild, up to the ruleset's limit). Equal hands are split by kickers,
then by favoured-suit cards in the hand, then the current holder (--holder) keeps priority.
Cards may be separated by spaces or commas: --first-cards 2S 2H 5D 9C JD QS KH.
When a player's leader spent the eighth-card pair, give all the cards played (the pair's two
among them) and the pair with --first-pair or --second-pair: one card of the pair is discarded
and does not count, and the tool keeps the one that makes the better hand.
"""

DRAW_HELP = """\
The first-turn high-card draw (R11): highest card wins, aces high; a joker always wins; each
rabbit's foot spent adds to the card's value. Equal values: a favoured suit wins; both (or
neither) favoured: draw again.
"""

LENGTH_HELP = """\
After which turn the game ends (R12): at the end of the last regular turn one player flips a
card that may end the game, the next turn end the other player flips, and the game always ends
after the last turn the ruleset allows (see `rostermgr rules`). Give the cards turned over, in
order (--cards 8S,QD), or let the app flip them (--draw, with --seed N to repeat a run). With
too few cards it says which flip is still to come.
"""


def add_parsers(sub: Commands) -> None:
    """Register the aid commands."""
    _add_resolve(sub)
    _add_initiative(sub)
    _add_game_length(sub)


# resolve


def _add_resolve(sub: Commands) -> None:
    top = sub.add_parser(
        "resolve",
        help="the shot/combat/dynamite calculator (R8, R9, R4) and the seed 003 volley",
        description="Settle one test step by step: a Last Hope Frontier shot, combat or dynamite "
        "test (R8, R9, R4), or a volley of the seed 003 ranged-combat procedure. "
        "`rostermgr help resolve KIND` gives each one's options.",
    )
    kinds = top.add_subparsers(dest="kind", metavar="shot|combat|dynamite|volley", required=True)
    for kind in CALCULATOR_KINDS:
        p = kinds.add_parser(
            kind,
            help=RESOLVE_KIND_HELP[kind],
            description=RESOLVE_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        _add_test_options(p)
    add_volley_parser(kinds)


RESOLVE_KIND_HELP = {
    "shot": "Shot vs Defence, then the damage step",
    "combat": "Combat vs Defence, then the damage step",
    "dynamite": "Strength vs Defence, then the blast on every model within reach",
}


def _add_test_options(p: argparse.ArgumentParser) -> None:
    """The options of a Last Hope Frontier test (shot, combat, dynamite)."""
    p.add_argument("--attacker", required=True, metavar="FACTION", help="the attacker's faction")
    p.add_argument(
        "--attack", required=True, type=int, metavar="N", help="Shot, Combat or Strength"
    )
    p.add_argument("--attack-card", required=True, metavar="CARD", help="the attacker's card")
    p.add_argument("--defender", required=True, metavar="FACTION", help="the target's faction")
    p.add_argument("--defence", required=True, type=int, metavar="N", help="the target's Defence")
    p.add_argument("--defence-card", required=True, metavar="CARD", help="the target's card")
    p.add_argument(
        "--clothing", type=int, default=0, metavar="N", help="clothing defence bonus (default: 0)"
    )
    p.add_argument("--cover", metavar="COVER", help="the target's cover (shots)")
    lazy_help(p, "cover", cover_help)
    p.add_argument("--horseback", action="store_true", help="the attacker shoots from a horse")
    p.add_argument("--weapon", metavar="ITEM", help=WEAPON)
    p.add_argument(
        "--toughness",
        type=int,
        action="append",
        metavar="N",
        help="the target's Toughness (no default: needed when the test succeeds, for the damage "
        "step, R9); dynamite: one per model within reach, the target first",
    )
    p.add_argument("--attacker-pair", action="store_true", help="the attacking leader's pair")
    p.add_argument("--defender-pair", action="store_true", help="the defending leader's pair")
    for side in ("attacker", "defender"):
        p.add_argument(
            f"--{side}-wounds-taken",
            type=int,
            default=0,
            metavar="N",
            help=f"wounds the {side} has taken so far: what Heart of the Town can heal (default 0)",
        )
    p.add_argument(
        "--into-combat", action="store_true", help="a shot into a combat with a friendly model"
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=_resolve)
    usage_check(p, cover_usage)


def _resolve(args: argparse.Namespace, out: TextIO) -> int:
    toughness = args.toughness or []
    test = Test(
        kind=args.kind,
        attacker=args.attacker,
        attack=args.attack,
        attack_card=parse_card(args.attack_card),
        defender=args.defender,
        defence=args.defence,
        defence_card=parse_card(args.defence_card),
        clothing=args.clothing,
        cover=args.cover,
        horseback=args.horseback,
        weapon=args.weapon,
        toughness=toughness[0] if toughness else None,
        attacker_pair=args.attacker_pair,
        defender_pair=args.defender_pair,
        into_combat=args.into_combat,
        attacker_wounds_taken=args.attacker_wounds_taken,
        defender_wounds_taken=args.defender_wounds_taken,
        blast_toughness=tuple(toughness) if len(toughness) > 1 else (),
    )
    result = resolve(test, active_ruleset(args))
    if args.json:
        print_json(result.as_json(), out)
    else:
        write_lines(result.explain(), out)
    return 0


# initiative


def _add_initiative(sub: Commands) -> None:
    p = sub.add_parser(
        "initiative",
        help="who has priority: poker hands of the played cards, or the first-turn draw (R11)",
        description="Initiative aids (R11): 'hands' for later turns, 'draw' for the first turn.",
    )
    aids = p.add_subparsers(dest="aid", metavar="AID", required=True)
    h = aids.add_parser(
        "hands",
        help="the better poker hand of the cards played this turn has priority next turn",
        description=HANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for player in PLAYERS:
        h.add_argument(
            f"--{player}", required=True, metavar="FACTION", help=f"the {player} player's faction"
        )
        h.add_argument(
            f"--{player}-cards",
            required=True,
            nargs="+",
            metavar="CARD",
            help=f"the cards the {player} player played this turn",
        )
    for player in PLAYERS:
        h.add_argument(
            f"--{player}-pair",
            nargs=2,
            metavar="CARD",
            help=f"the two cards of the {player} player's leader's pair, if spent (default: "
            "none; one of them is discarded, the other counts)",
        )
    h.add_argument(
        "--holder",
        choices=PLAYERS,
        help="who holds priority now, which breaks equal hands (default: not named; equal hands "
        "then say that whoever holds priority keeps it)",
    )
    h.add_argument("--json", action="store_true", help="print one JSON document")
    h.set_defaults(handler=_hands)
    d = aids.add_parser(
        "draw",
        help="the first-turn high-card draw, with rabbit's feet",
        description=DRAW_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for player in PLAYERS:
        d.add_argument(
            f"--{player}", required=True, metavar="FACTION", help=f"the {player} player's faction"
        )
        d.add_argument(
            f"--{player}-card", required=True, metavar="CARD", help=f"the {player} player's card"
        )
        d.add_argument(
            f"--{player}-feet",
            type=int,
            default=0,
            metavar="N",
            help=f"rabbit's feet the {player} player's leader spends (default: 0)",
        )
    d.add_argument("--json", action="store_true", help="print one JSON document")
    d.set_defaults(handler=_draw)


def _hands(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    played = {FIRST: parse_cards(args.first_cards), SECOND: parse_cards(args.second_cards)}
    pairs = tuple(_pair(getattr(args, f"{p}_pair")) for p in PLAYERS)
    result = priority(
        (args.first, played[FIRST]),
        (args.second, played[SECOND]),
        rules,
        holder=args.holder,
        pairs=(pairs[0], pairs[1]),
    )
    hands = {FIRST: result.first, SECOND: result.second}
    if args.json:
        doc: dict[str, Any] = {p: _hand_json(hands[p], played[p]) for p in PLAYERS}
        doc |= {"priority": result.winner, "decided_by": result.decided_by}
        doc["reason"] = result.reason
        print_json(doc, out)
        return 0
    lines = [
        f"{p.capitalize()} player ({rules.faction(hands[p].faction).name}) played "
        f"{' '.join(str(c) for c in played[p])}{_discarded(hands[p])}: best five "
        f"{hands[p].cards_text()}, {hands[p].describe()}."
        for p in PLAYERS
    ]
    write_lines([*lines, result.reason], out)
    return 0


def _pair(texts: list[str] | None) -> tuple[Card, Card] | None:
    if texts is None:
        return None
    a, b = parse_cards(texts)
    return a, b


def _discarded(hand: Hand) -> str:
    """What the leader's pair left out (R11), as the hand line says it."""
    said = hand.discarded_text()
    return f" ({said})" if said else ""


def _hand_json(hand: Hand, played: list[Card]) -> dict[str, Any]:
    pairs = hand.in_order()
    return {
        "faction": hand.faction,
        "played": [str(c) for c in played],
        "best": [str(p) for p, _ in pairs],
        "counted": [str(c) for _, c in pairs],
        "hand": hand.category,
        "name": hand.describe(),
        "favoured": hand.favoured,
        "discarded": str(hand.discarded) if hand.discarded is not None else None,
    }


def _draw(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    result = first_turn(
        (args.first, parse_card(args.first_card), args.first_feet),
        (args.second, parse_card(args.second_card), args.second_feet),
        rules,
    )
    sides = {FIRST: result.first, SECOND: result.second}
    if args.json:
        doc: dict[str, Any] = {p: _side_json(sides[p]) for p in PLAYERS}
        doc |= {"winner": result.winner, "draw_again": result.winner is None}
        doc["reason"] = result.reason
        print_json(doc, out)
        return 0
    lines = [_side_text(p, sides[p], rules) for p in PLAYERS]
    write_lines([*lines, result.reason], out)
    return 0


def _side_json(side: DrawSide) -> dict[str, Any]:
    return {
        "faction": side.faction,
        "card": str(side.card),
        "feet": side.feet,
        "total": side.total,
        "favoured": side.favoured,
    }


def _side_text(player: str, side: DrawSide, rules: Ruleset) -> str:
    faction = rules.faction(side.faction)
    if side.card.is_joker:
        value = "a joker"
    elif side.feet:
        value = f"{side.card} + {side.feet} rabbit's {'foot' if side.feet == 1 else 'feet'}"
        value += f" = {side.total}"
    else:
        value = f"{side.card} = {side.total}"
    favoured = f", {faction.suit} favoured" if side.favoured and not side.card.is_joker else ""
    return f"{player.capitalize()} player ({faction.name}): {value}{favoured}."


# game-length


def _add_game_length(sub: Commands) -> None:
    p = sub.add_parser(
        "game-length",
        help="after which turn the game ends, from the end-of-turn flips (R12)",
        description=LENGTH_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument(
        "--cards", nargs="+", metavar="CARD", help="the cards flipped, in order: 4H or 8S,QD"
    )
    how.add_argument("--draw", action="store_true", help="flip from freshly shuffled decks")
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="with --draw: repeatable flips (default: a new shuffle each time)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=_game_length)
    usage_check(p, _length_usage)


def _length_usage(args: argparse.Namespace) -> str | None:
    if args.seed is not None and not args.draw:
        return "argument --seed: only goes with --draw (the given cards need no shuffling)"
    return None


def _game_length(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    result: GameLength
    if args.draw:
        rng = random.Random(args.seed) if args.seed is not None else None
        result = drawn_game_length(rules, rng)
    else:
        result = game_length(parse_cards(args.cards), rules)
    if args.json:
        print_json(result.as_json(), out)
    else:
        write_lines(result.explain(), out)
    return 0
