"""Helpers for the roster-card tests (no tests here): sample posses, PDF building and reading.

Geometry is computed from the numbers in DESIGN 6, not from the exporter's constants, so the
tests check the exporter against the design.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import pdfplumber

from printables.cards import card_faces, write_cards
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset

MM = 72 / 25.4
CARD_W, CARD_H = 180.0, 252.0  # 63.5 x 88.9 mm
SAFE = 4 * MM
PAGES = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
# left/right, top/bottom. Letter holds 3 x 2: three rows left 1.35 mm a margin for cut marks,
# which must be 3 mm long and end 5 mm inside the paper (issue 31, item 8).
MARGINS_MM = {"a4": (9.75, 15.15), "letter": (12.7, 50.8)}
DUPLEX_GRID = {"a4": (3, 3), "letter": (3, 2)}  # columns, rows of the butted sheets
TOL = 0.01
ALL_LAYOUTS = ("duplex-long", "duplex-short", "gutter-fold", "fronts-backs")
ALL_INKS = ("colour", "ink-saver", "line-art")

NASTY_POSSE = 'Kid <Nitro> & "O\'Brien"'
NASTY_MEMBER = "Łukasz Ωmega Жуков"


def rules() -> Ruleset:
    return default_ruleset()


def posse(name: str, faction: str, members: list[Member]) -> Posse:
    r = rules()
    return Posse(name, faction, tuple(members), 0, r.id, r.version)


def upgrades(**counts: int) -> MappingProxyType:
    return MappingProxyType(counts)


def dalton() -> Posse:
    """An Outlawmen posse with three identical gang members (one shared card)."""
    return posse(
        "The Dalton Boys",
        "outlawmen",
        [
            Member("Ike Dalton", "leader", ("revolver", "medium-leather", "horse")),
            Member("Ma Dalton", "deputy", ("shotgun",), injuries=1, upgrades=upgrades(shot=1)),
            Member("Kid", "ganger", ("pistol",)),
            Member("Slim", "ganger", ("pistol",)),
            Member("Doc", "ganger", ("pistol",)),
        ],
    )


def many() -> list[Posse]:
    """Eleven cards with unique names, over two 3 x 3 sheets, from three factions."""
    lawmen = posse(
        "Last Hope Lawmen",
        "sheriffs",
        [
            Member("Wyatt", "leader", ("scope-rifle", "fine-leather")),
            Member("Virgil", "deputy", ("carbine-rifle",)),
            Member("Morgan", "ganger", ("switchblade",)),
            Member("Texas Jack", "ganger", ("whiskey",)),
            Member("Holliday", "ganger"),
        ],
    )
    kings = posse(
        "Moonshine Kings",
        "bootleggers",
        [
            Member("Mags", "leader", ("derringer", "rabbits-foot")),
            Member("Tom Horn", "deputy", ("hooch",)),
            Member("Ned Buntline", "ganger", ("hatchet",), injuries=1),
        ],
    )
    return [dalton(), lawmen, kings]


def nasty() -> Posse:
    """Markup characters in the posse name, Latin/Greek/Cyrillic in a member's name."""
    return posse(NASTY_POSSE, "townsfolk", [Member(NASTY_MEMBER, "leader", ("pistol",))])


def stress() -> list[Posse]:
    """The longest names allowed, a shared card of three of them, and every item at once."""
    r = rules()
    long_a = "Bartholomew Maximilian Featherstonehaugh-Cholmondeley the Third"[:60]
    long_b = "W" * 60
    long_c = "Jedediah Ezekiel Montgomery-Vanderbilt of the Silver Creek"
    gear = tuple(r.items)
    return [
        posse(
            "X" * 60,
            "sheriffs",
            [
                Member(long_a, "leader", gear, upgrades=upgrades(wounds=6, defence=3)),
                Member(long_b, "deputy", gear),
                Member(long_a[:59] + "1", "ganger", gear),
                Member(long_b[:59] + "2", "ganger", gear),
                Member(long_c, "ganger", gear),
            ],
        )
    ]


SAMPLES = {"many": many, "nasty": lambda: [nasty()], "stress": stress, "dalton": lambda: [dalton()]}


@lru_cache(maxsize=128)
def pdf_bytes(
    sample: str = "many",
    paper: str = "a4",
    layout: str = "duplex-long",
    ink: str = "colour",
    back_offset: tuple[float, float] = (0.0, 0.0),
    gangers: str = "grouped",
) -> bytes:
    faces = card_faces(SAMPLES[sample](), rules(), gangers)
    out = io.BytesIO()
    write_cards(faces, rules(), out, paper=paper, layout=layout, ink=ink, back_offset=back_offset)
    return out.getvalue()


@dataclass(frozen=True)
class Sheet:
    """The expected grid of a page, in pdfplumber's coordinates (top measured from the top)."""

    width: float
    height: float
    cols: int
    rows: int

    @property
    def x0(self) -> float:
        return (self.width - self.cols * CARD_W) / 2

    @property
    def top0(self) -> float:
        return (self.height - self.rows * CARD_H) / 2

    def cell_of(self, x: float, top: float) -> tuple[int, int] | None:
        col, row = int((x - self.x0) // CARD_W), int((top - self.top0) // CARD_H)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def cell_box(self, col: int, row: int) -> tuple[float, float, float, float]:
        x, top = self.x0 + col * CARD_W, self.top0 + row * CARD_H
        return x, top, x + CARD_W, top + CARD_H

    def inside_block(self, x0: float, top: float, x1: float, bottom: float) -> bool:
        """Whether the box overlaps the block of cards at all."""
        return (
            x1 > self.x0 + TOL
            and x0 < self.x0 + self.cols * CARD_W - TOL
            and bottom > self.top0 + TOL
            and top < self.top0 + self.rows * CARD_H - TOL
        )


def sheet(paper: str, layout: str) -> Sheet:
    w, h = PAGES[paper]
    if layout == "gutter-fold":
        return Sheet(h, w, 4, 2)
    return Sheet(w, h, *DUPLEX_GRID[paper])


def cell_texts(page: pdfplumber.page.Page, grid: Sheet) -> dict[tuple[int, int], str]:
    """The text of each cell, characters in drawing order (right even when turned 180)."""
    out: dict[tuple[int, int], str] = {}
    for ch in page.chars:
        cell = grid.cell_of((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
        if cell is not None:
            out[cell] = out.get(cell, "") + ch["text"]
    return out


def find_cell(texts: dict[tuple[int, int], str], name: str) -> tuple[int, int]:
    found = [cell for cell, text in texts.items() if name in text]
    assert len(found) == 1, (name, found)
    return found[0]


def open_pdf(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))
