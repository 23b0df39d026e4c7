"""Roster cards (R18): 2.5 x 3.5 inch double-sided cards to print, sleeve and write on.

    faces = card_faces(posses, rules, gangers="grouped")
    write_cards(faces, rules, "cards.pdf", paper="a4", layout="duplex-long", ink="colour")
    write_calibration("calibration.pdf", paper="a4")

For `--changed`, store each face's `fingerprint` under its `key` when it is printed, and pass
`changed_faces(faces, stored)` to write_cards next time.
"""

from printables.cards.calibration import write_calibration
from printables.cards.faces import GANGERS, CardFace, card_faces, changed_faces
from printables.cards.impose import LAYOUTS, parse_back_offset
from printables.cards.writer import printed_faces, shortened_texts, write_cards
from printables.layout import INKS, PAPERS

__all__ = [
    "GANGERS",
    "INKS",
    "LAYOUTS",
    "PAPERS",
    "CardFace",
    "card_faces",
    "changed_faces",
    "parse_back_offset",
    "printed_faces",
    "shortened_texts",
    "write_calibration",
    "write_cards",
]
