"""A tiny display list: figures are built as primitives, then painted in one ink mode."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from printables.casualties.inks import Ink

Pt = tuple[float, float]

SHADOW_OFFSET: Pt = (1.3, -1.6)


def add(p: Pt, q: Pt) -> Pt:
    """p + q."""
    return (p[0] + q[0], p[1] + q[1])


def sub(p: Pt, q: Pt) -> Pt:
    """p - q."""
    return (p[0] - q[0], p[1] - q[1])


def mul(p: Pt, k: float) -> Pt:
    """p scaled by k."""
    return (p[0] * k, p[1] * k)


def lerp(p: Pt, q: Pt, t: float) -> Pt:
    """The point a fraction t of the way from p to q."""
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def unit(p: Pt) -> Pt:
    """p scaled to length 1."""
    n = math.hypot(*p) or 1.0
    return (p[0] / n, p[1] / n)


def perp(p: Pt) -> Pt:
    """p turned a quarter turn anticlockwise."""
    return (-p[1], p[0])


def angle_of(p: Pt) -> float:
    """Direction of p in degrees."""
    return math.degrees(math.atan2(p[1], p[0]))


@dataclass(frozen=True)
class Frame:
    """A local frame: `at(a, b)` is origin + a * u + b * v, v being u turned by side."""

    origin: Pt
    u: Pt
    side: float = 1.0
    scale: float = 1.0

    @staticmethod
    def turned(origin: Pt, degrees: float, side: float = 1.0, scale: float = 1.0) -> Frame:
        """A frame at origin with u at the given angle."""
        r = math.radians(degrees)
        return Frame(origin, (math.cos(r), math.sin(r)), side, scale)

    @property
    def v(self) -> Pt:
        """The second axis."""
        return mul(perp(self.u), self.side)

    @property
    def angle(self) -> float:
        """Direction of u in degrees."""
        return angle_of(self.u)

    def at(self, a: float, b: float = 0.0) -> Pt:
        """The point a along u and b along v (both times the frame's scale)."""
        v = self.v
        a, b = a * self.scale, b * self.scale
        return (
            self.origin[0] + a * self.u[0] + b * v[0],
            self.origin[1] + a * self.u[1] + b * v[1],
        )

    def pts(self, coords: Sequence[Pt]) -> list[Pt]:
        """Map many local points."""
        return [self.at(a, b) for a, b in coords]


@dataclass
class Limb:
    """A thick round-capped polyline with an outline (sleeves, legs, belts)."""

    pts: list[Pt]
    width: float
    role: str
    shadow: bool = True


@dataclass
class Shape:
    """A closed outlined shape, straight or smoothed."""

    pts: list[Pt]
    role: str
    smooth: bool = False
    shadow: bool = True


@dataclass
class Oval:
    """An outlined ellipse rotated by angle degrees."""

    centre: Pt
    rx: float
    ry: float
    role: str
    angle: float = 0.0
    shadow: bool = False


@dataclass
class Stroke:
    """A thin unoutlined line for details (mouth, lace, checks); ink in line-art."""

    pts: list[Pt]
    width: float
    role: str
    dash: tuple[float, float] | None = None
    closed: bool = False


@dataclass
class Dot:
    """A small filled dot (eyes, buttons)."""

    centre: Pt
    r: float
    role: str


@dataclass
class Pattern:
    """A shape filled with its base role and crossed by clipped stripes (tartan)."""

    pts: list[Pt]
    role: str
    stripes: list[tuple[list[Pt], float, str]] = field(default_factory=list)
    smooth: bool = True
    shadow: bool = True


Prim = Limb | Shape | Oval | Stroke | Dot | Pattern


def _path(c: Canvas, pts: Sequence[Pt], smooth: bool, closed: bool = True) -> PDFPathObject:
    """A reportlab path through pts, Catmull-Rom smoothed if asked."""
    p = c.beginPath()
    p.moveTo(*pts[0])
    if not smooth or len(pts) < 3:
        for q in pts[1:]:
            p.lineTo(*q)
    else:
        n = len(pts)
        count = n if closed else n - 1
        for i in range(count):
            p0 = pts[(i - 1) % n] if closed or i > 0 else pts[0]
            p1, p2 = pts[i], pts[(i + 1) % n]
            p3 = pts[(i + 2) % n] if closed or i + 2 < n else p2
            c1 = add(p1, mul(sub(p2, p0), 1 / 6))
            c2 = sub(p2, mul(sub(p3, p1), 1 / 6))
            p.curveTo(c1[0], c1[1], c2[0], c2[1], p2[0], p2[1])
    if closed:
        p.close()
    return p


def _polyline(c: Canvas, pts: Sequence[Pt]) -> PDFPathObject:
    """An open straight path through pts."""
    p = c.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    return p


def paint(c: Canvas, prims: Sequence[Prim], ink: Ink) -> None:
    """Paint a display list: a ground shadow first (colour only), then every primitive."""
    c.setLineCap(1)
    c.setLineJoin(1)
    if ink.shadows:
        c.saveState()
        c.translate(*SHADOW_OFFSET)
        shade = ink.fill("shadow")
        c.setFillColor(shade)
        c.setStrokeColor(shade)
        for prim in prims:
            _shadow(c, prim, ink)
        c.restoreState()
    for prim in prims:
        _paint(c, prim, ink)


def _shadow(c: Canvas, prim: Prim, ink: Ink) -> None:
    """Paint one primitive's ground shadow."""
    ow = ink.outline_width
    if isinstance(prim, Limb) and prim.shadow:
        c.setLineWidth(prim.width + 2 * ow)
        c.drawPath(_polyline(c, prim.pts), stroke=1, fill=0)
    elif isinstance(prim, Shape | Pattern) and prim.shadow:
        c.setLineWidth(2 * ow)
        c.drawPath(_path(c, prim.pts, prim.smooth), stroke=1, fill=1)
    elif isinstance(prim, Oval) and prim.shadow:
        _oval(c, prim, stroke=0)


def _oval(c: Canvas, prim: Oval, stroke: int) -> None:
    """Draw a rotated ellipse with the current colours."""
    c.saveState()
    c.translate(*prim.centre)
    c.rotate(prim.angle)
    c.ellipse(-prim.rx, -prim.ry, prim.rx, prim.ry, stroke=stroke, fill=1)
    c.restoreState()


def _paint(c: Canvas, prim: Prim, ink: Ink) -> None:
    """Paint one primitive."""
    ow = ink.outline_width
    c.setStrokeColor(ink.outline)
    if isinstance(prim, Limb):
        path = _polyline(c, prim.pts)
        c.setLineWidth(ink.width(prim.width) + 2 * ow)
        c.drawPath(path, stroke=1, fill=0)
        c.setStrokeColor(ink.fill(prim.role))
        c.setLineWidth(ink.width(prim.width))
        c.drawPath(_polyline(c, prim.pts), stroke=1, fill=0)
    elif isinstance(prim, Shape):
        c.setFillColor(ink.fill(prim.role))
        c.setLineWidth(ow)
        c.drawPath(_path(c, prim.pts, prim.smooth), stroke=1, fill=1)
    elif isinstance(prim, Oval):
        c.setFillColor(ink.fill(prim.role))
        c.setLineWidth(ow)
        _oval(c, prim, stroke=1)
    elif isinstance(prim, Stroke):
        c.setStrokeColor(ink.detail(prim.role))
        c.setLineWidth(ink.width(prim.width))
        if prim.dash:
            c.setDash(*prim.dash)
        c.drawPath(_path(c, prim.pts, False, prim.closed), stroke=1, fill=0)
        if prim.dash:
            c.setDash()
    elif isinstance(prim, Dot):
        c.setFillColor(ink.detail(prim.role))
        c.circle(prim.centre[0], prim.centre[1], prim.r, stroke=0, fill=1)
    else:
        _pattern(c, prim, ink)


def _pattern(c: Canvas, prim: Pattern, ink: Ink) -> None:
    """Fill a shape, clip to it, draw its stripes, then outline it."""
    c.setFillColor(ink.fill(prim.role))
    c.drawPath(_path(c, prim.pts, prim.smooth), stroke=0, fill=1)
    c.saveState()
    c.clipPath(_path(c, prim.pts, prim.smooth), stroke=0, fill=0)
    for pts, width, role in prim.stripes:
        c.setStrokeColor(ink.detail(role))
        c.setLineWidth(ink.width(width if ink.mode != "line-art" else min(width, 0.45)))
        c.drawPath(_polyline(c, pts), stroke=1, fill=0)
    c.restoreState()
    c.setStrokeColor(ink.outline)
    c.setLineWidth(ink.outline_width)
    c.drawPath(_path(c, prim.pts, prim.smooth), stroke=0 + 1, fill=0)


def extent(prims: Sequence[Prim], pad: float = 1.0) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of a display list, widths and outlines included."""
    xs: list[float] = []
    ys: list[float] = []
    for prim in prims:
        if isinstance(prim, Oval | Dot):
            r = max(prim.rx, prim.ry) if isinstance(prim, Oval) else prim.r
            pts, grow = [prim.centre], r + pad
        elif isinstance(prim, Limb):
            pts, grow = prim.pts, prim.width / 2 + pad
        elif isinstance(prim, Stroke):
            pts, grow = prim.pts, prim.width / 2
        else:
            pts, grow = prim.pts, pad
        xs += [p[0] - grow for p in pts] + [p[0] + grow for p in pts]
        ys += [p[1] - grow for p in pts] + [p[1] + grow for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def shifted(prims: Sequence[Prim], d: Pt) -> list[Prim]:
    """The display list moved by d."""
    out: list[Prim] = []
    for prim in prims:
        if isinstance(prim, Oval | Dot):
            out.append(replace(prim, centre=add(prim.centre, d)))
        elif isinstance(prim, Pattern):
            stripes = [([add(p, d) for p in pts], w, r) for pts, w, r in prim.stripes]
            out.append(replace(prim, pts=[add(p, d) for p in prim.pts], stripes=stripes))
        else:
            out.append(replace(prim, pts=[add(p, d) for p in prim.pts]))
    return out
