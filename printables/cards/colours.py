"""The cards' colours: each an sRGB colour for screens, home printers and the PNG shops, and a
CMYK twin designed for a print shop's press (issue 31, items 3 and 5).

sRGB (home sheets, MPC and TGC PNGs). Every text on every card reads at WCAG AA, 4.5:1 or more:
paper-coloured text on the faction's band, the accent on paper, on the stat boxes' tan and on
white (ink-saver). That puts the accents at CIE L* 10.5, 21, 31 and 41.5, each 10 apart so a mono
laser still tells any two factions apart, and the tan at L* 88.5.

CMYK (DriveThruCards, PDF/X-1a for a CGATS TR 001 (SWOP) press). No colour lays down more than
240% total ink, what DriveThruCards allows: the dark colours carry 45-100% black and hold the
rest back, chosen to look like their sRGB twins through a SWOP profile (Ghostscript's) (within
about 3 CIELAB units where 240% can reach; the ink and the oxblood cannot, and print a little
lighter: L* 16 and 18). Through that profile every text still reads at 4.5:1; in print the
factions differ by hue first (L* 18, 27, 35 and 42).

`cmyk_for` is given to reportlab's canvas as its colour enforcer: every colour a card sets is
turned into its CMYK twin as it is written, so the drawing code stays one for both.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import CMYKColor, Color, HexColor, toColor

PAPER = HexColor("#F3E8CF")  # old paper
INK = HexColor("#2A1E15")  # sepia-black ink
LEATHER = HexColor("#7B5230")  # saddle leather
TAN = HexColor("#F1DCB2")  # worn leather, for stat boxes: light enough for an accent on it
FADED = HexColor("#6E5B48")  # secondary text on paper
GUIDE = HexColor("#E0007A")  # a preview's trim and safe-zone lines: a colour no card uses

# Each faction its own accent: CIE L* 10.5, 21, 31 and 41.5, the lightest still 4.5:1 under
# paper-coloured text and over the tan.
OUTLAWMEN = HexColor("#3B0C00")  # oxblood
SHERIFFS = HexColor("#17354C")  # badge steel blue
BOOTLEGGERS = HexColor("#2C5226")  # bottle green
TOWNSFOLK = HexColor("#815B02")  # old brass
FACTION_ACCENTS = {
    "outlawmen": OUTLAWMEN,
    "sheriffs": SHERIFFS,
    "bootleggers": BOOTLEGGERS,
    "townsfolk": TOWNSFOLK,
}
SUIT_ACCENTS = {  # for factions of a user's own ruleset
    "diamonds": OUTLAWMEN,
    "spades": SHERIFFS,
    "clubs": BOOTLEGGERS,
    "hearts": TOWNSFOLK,
}

# The CMYK twins, in percent (cyan, magenta, yellow, black).
CMYK_PERCENT: dict[str, tuple[int, int, int, int]] = {
    PAPER.hexval(): (0, 4, 17, 5),
    INK.hexval(): (36, 46, 54, 99),
    LEATHER.hexval(): (29, 62, 98, 44),
    TAN.hexval(): (4, 10, 33, 2),
    FADED.hexval(): (36, 48, 68, 48),
    GUIDE.hexval(): (8, 100, 19, 0),
    OUTLAWMEN.hexval(): (0, 90, 60, 80),
    SHERIFFS.hexval(): (86, 63, 30, 56),
    BOOTLEGGERS.hexval(): (64, 36, 79, 56),
    TOWNSFOLK.hexval(): (34, 55, 98, 45),
}
MAX_INK_PERCENT = 240  # DriveThruCards' total ink limit


def cmyk_for(colour: object) -> CMYKColor:
    """The CMYK twin of a card colour; a grey (the line-art black among them) is black ink
    only. Raises ValueError for an sRGB colour that has no twin: a colour added to a card
    without one would otherwise reach the press unconverted."""
    c = toColor(colour)
    if isinstance(c, CMYKColor):
        return c
    if not isinstance(c, Color):
        raise ValueError(f"not a colour: {colour!r}")
    if c.red == c.green == c.blue:
        return CMYKColor(0, 0, 0, 1 - c.red)
    twin = CMYK_PERCENT.get(c.hexval())
    if twin is None:
        raise ValueError(f"the colour {c.hexval()} has no CMYK twin for print")
    return CMYKColor(*(v / 100 for v in twin))


@cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile (littleCMS's, through Pillow) to embed in the shops' PNGs."""
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
