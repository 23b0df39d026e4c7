"""Colour roles of the casualty figures and how each ink mode paints them."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

INKS = ("colour", "ink-saver", "line-art")
UNITS = ("line", "highlander", "rifle", "french")

BLACK = HexColor("#1a1a1a")

# Colours shared by every unit (colour mode).
_COMMON: dict[str, str] = {
    "skin": "#eab894",
    "hair": "#5b3b20",
    "shoe": "#262220",
    "wood": "#8a5326",
    "steel": "#a9aeb4",
    "brass": "#d4a93c",
    "belt": "#f3efe2",
    "sling": "#f3efe2",
    "lace": "#f7f4ea",
    "hat": "#24211f",
    "feature": "#3a2418",
    "shadow": "#b7a27a",
    "ground_a": "#ece2c9",
    "ground_b": "#e2d5b6",
    "pack": "#2b2b2e",
    "roll": "#6a7894",
    "pouch": "#26221f",
    "turnback": "#f3efe2",
    "blood": "#8e1b1b",
}

# Per unit: coat, facings, legs, plume and kit.
_UNIT: dict[str, dict[str, str]] = {
    "line": {
        "coat": "#b8232b",
        "facing": "#e9c84a",
        "trousers": "#8f949b",
        "plume": "#f3efe2",
        "plume2": "#b8232b",
    },
    "highlander": {
        "coat": "#b8232b",
        "facing": "#e9c84a",
        "trousers": "#8f949b",
        "kilt": "#23452f",
        "tartan1": "#1c2b52",
        "tartan2": "#0f1512",
        "hose": "#f1ece0",
        "hosecheck": "#c4262d",
        "sporran": "#f1ece0",
        "tassel": "#1a1a1a",
        "dice": "#c4262d",
        "plume": "#1f1d1c",
        "plume2": "#f3efe2",
    },
    "rifle": {
        "coat": "#24452f",
        "facing": "#1c1c1c",
        "trousers": "#2c4a36",
        "belt": "#1f1c1a",
        "sling": "#1f1c1a",
        "lace": "#1f1c1a",
        "turnback": "#1f3a28",
        "plume": "#1d5a32",
        "plume2": "#1d5a32",
        "pack": "#2b2b2e",
    },
    # the Portuguese caçadores' brown, told apart from the French blue (issue 32 item 7); not
    # one of UNITS: the markers sheet prints them, the casualty sheets do not
    "portuguese": {
        "coat": "#6b4a2b",
        "facing": "#1c1c1c",
        "trousers": "#5e4128",
        "plume": "#2f5a2a",
        "plume2": "#2f5a2a",
    },
    "french": {
        "coat": "#24449a",
        "facing": "#c42a2e",
        "lapel": "#f4f1e8",
        "trousers": "#f1eee4",
        "turnback": "#c42a2e",
        "plume": "#c42a2e",
        "plume2": "#c42a2e",
        "pack": "#9b6a3a",
        "roll": "#8b8172",
        "hat": "#24211f",
    },
}

# Roles drawn in outline ink outside colour mode: eyes, mouths, small marks.
_INK_ROLES = {"feature"}


@dataclass(frozen=True)
class Ink:
    """How one ink mode paints the roles of one unit."""

    mode: str
    unit: str
    # The thinnest stroke, in design units: 0.25 pt at the size the figure is drawn, so that a
    # photocopier keeps every line (0 when the scale is not known, as in the extent).
    min_width: float = 0.0

    @property
    def outline(self) -> Color:
        """Colour of outlines: pure black in line art, which is meant to be photocopied."""
        if self.mode == "line-art":
            return black
        return BLACK if self.mode != "ink-saver" else HexColor("#3c3c3c")

    @property
    def outline_width(self) -> float:
        """Outline width in design units (a marker is 100 units across)."""
        return self.width({"colour": 0.9, "ink-saver": 0.8, "line-art": 1.0}[self.mode])

    def width(self, w: float) -> float:
        """A stroke width in design units, never thinner than min_width."""
        return max(w, self.min_width)

    @property
    def shadows(self) -> bool:
        """Whether the figure casts a ground shadow."""
        return self.mode == "colour"

    def hex(self, role: str) -> str:
        """The colour-mode hex value of a role."""
        return _UNIT[self.unit].get(role) or _COMMON[role]

    def fill(self, role: str) -> Color:
        """The fill colour of a role in this ink mode."""
        base = HexColor(self.hex(role))
        if self.mode == "colour":
            return base
        if self.mode == "ink-saver":
            return tint(base, 0.7)
        return white

    def detail(self, role: str) -> Color:
        """Colour of a thin detail line (tartan, checks): ink in line-art, else the fill."""
        if self.mode != "colour" and role in _INK_ROLES:
            return self.outline
        if self.mode == "line-art":
            return black
        if self.mode == "ink-saver":
            return tint(HexColor(self.hex(role)), 0.45)
        return HexColor(self.hex(role))


def tint(colour: Color, amount: float) -> Color:
    """Mix a colour towards white by amount (0 keeps it, 1 is white)."""
    return Color(
        colour.red + (1 - colour.red) * amount,
        colour.green + (1 - colour.green) * amount,
        colour.blue + (1 - colour.blue) * amount,
    )
