"""Dropped kit: the shakos, bonnet, muskets and rifle that lie beside the fallen."""

from __future__ import annotations

import math

from printables.casualties.prims import Frame, Limb, Oval, Pattern, Prim, Shape, Stroke

MUSKET_LENGTH = 68.0
RIFLE_LENGTH = 56.0


def hat(unit: str, f: Frame) -> list[Prim]:
    """The unit's headgear lying on its side: f at the brim, u towards the crown, v forward."""
    if unit == "highlander":
        return _bonnet(f)
    if unit == "french":
        return _french_shako(f)
    return _stovepipe(f, rifle=unit == "rifle")


def _stovepipe(f: Frame, rifle: bool) -> list[Prim]:
    """British 'stovepipe' shako: a black cylinder, peak, front plate and tuft."""
    prims: list[Prim] = [
        Shape(f.pts([(0, -4.6), (0, 4.6), (12, 4.6), (12, -4.6)]), "hat"),
        Oval(f.at(12, 0), 0.9 * f.scale, 4.6 * f.scale, "hat", f.angle),
        Shape(f.pts([(0.6, 3.0), (-1.0, 8.6), (0.6, 8.9), (2.2, 4.6)]), "hat"),
    ]
    if rifle:
        prims.append(Stroke(_ring(f, 6.5, 1.4, 1.7), 0.6, "feature", closed=True))
    else:
        prims.append(Oval(f.at(6.5, 1.5), 2.8 * f.scale, 2.0 * f.scale, "brass", f.angle))
    band = "feature" if rifle else "brass"
    prims.append(Stroke([f.at(1.4, -4.6), f.at(1.4, 4.6)], 0.5, band))
    prims.append(Stroke([f.at(10.8, -4.6), f.at(10.8, 4.6)], 0.5, "feature"))
    prims.append(Oval(f.at(13.6, 2.0), 2.4 * f.scale, 1.8 * f.scale, "plume", f.angle))
    if not rifle:
        prims.append(Oval(f.at(12.6, 2.0), 1.0 * f.scale, 1.7 * f.scale, "plume2", f.angle))
    return prims


def _ring(f: Frame, a: float, b: float, r: float) -> list[tuple[float, float]]:
    """A small octagon (a bugle-horn badge) around (a, b)."""
    k = 0.707 * r
    return f.pts(
        [
            (a + r, b),
            (a + k, b + k),
            (a, b + r),
            (a - k, b + k),
            (a - r, b),
            (a - k, b - k),
            (a, b - r),
            (a + k, b - k),
        ]
    )


def _bonnet(f: Frame) -> list[Prim]:
    """Highland feather bonnet: diced band, scalloped black feather dome and tails, hackle."""
    dome = _scallop(f, (8.6, 0.0), (7.6, 6.6), 200, 520, 11)
    tails = _scallop(f, (2.2, -7.6), (5.6, 3.0), 120, 400, 7)
    band = f.pts([(0, -5.0), (0, 5.0), (3.2, 5.2), (3.2, -5.2)])
    dice = [
        (f.pts([(0.8, -5.2), (0.8, 5.2)]), 1.4, "dice"),
        (f.pts([(2.4, -5.2), (2.4, 5.2)]), 1.4, "dice"),
    ]
    return [
        Shape(tails, "plume", smooth=True),
        Shape(dome, "plume", smooth=True),
        Pattern(band, "hose", dice, smooth=False),
        Stroke(f.pts([(1.6, -5.0), (1.6, 5.0)]), 1.6, "plume2", dash=(1.6, 1.6)),
        Stroke(f.pts([(6, -5.0), (9, -3.2), (8, -0.8)]), 0.5, "tartan1"),
        Stroke(f.pts([(11, -4.0), (13.2, -1.5), (12.4, 2)]), 0.5, "tartan1"),
        Oval(f.at(14.5, 5.2), 4.2 * f.scale, 1.4 * f.scale, "plume2", f.angle + 15),
    ]


def _scallop(
    f: Frame,
    centre: tuple[float, float],
    radii: tuple[float, float],
    start: float,
    stop: float,
    bumps: int,
) -> list[tuple[float, float]]:
    """Points round an ellipse (angles from u towards v), every other one pushed out: feathers."""
    pts = []
    for i in range(2 * bumps + 1):
        t = math.radians(start + (stop - start) * i / (2 * bumps))
        k = 1.0 if i % 2 else 1.12
        pts.append((centre[0] + k * radii[0] * math.cos(t), centre[1] + k * radii[1] * math.sin(t)))
    return f.pts(pts)


def _french_shako(f: Frame) -> list[Prim]:
    """French shako: flared black body, brass lozenge plate, chinscales, red pompom."""
    return [
        Shape(f.pts([(0, -4.4), (0, 4.4), (13, 5.4), (13, -5.4)]), "hat"),
        Oval(f.at(13, 0), 1.0 * f.scale, 5.4 * f.scale, "hat", f.angle),
        Shape(f.pts([(0.6, 3.0), (-1.0, 8.4), (0.6, 8.7), (2.2, 4.4)]), "hat"),
        Shape(f.pts([(3.5, 2.2), (7, 4.2), (10.5, 2.2), (7, 0.2)]), "brass"),
        Stroke(f.pts([(1.0, 4.0), (-3.5, 0.5), (-4.0, -3.0)]), 1.0, "brass", dash=(0.7, 0.5)),
        Stroke(f.pts([(12.2, -5.2), (12.2, 5.2)]), 0.5, "feature"),
        Oval(f.at(15.0, 2.6), 2.3 * f.scale, 2.3 * f.scale, "plume"),
    ]


def musket(unit: str, f: Frame) -> list[Prim]:
    """The unit's firearm lying on the ground: f at the butt, u towards the muzzle."""
    rifle = unit == "rifle"
    n = RIFLE_LENGTH if rifle else MUSKET_LENGTH
    fore = n * 0.9
    prims: list[Prim] = [
        Stroke(f.pts([(12, -1.4), (24, -3.4), (40, -3.6), (n * 0.68, -1.2)]), 0.6, "sling"),
        Shape(
            f.pts(
                [
                    (0, -2.0),
                    (0, 3.0),
                    (3, 3.1),
                    (14, 1.4),
                    (19, 1.1),
                    (fore, 0.9),
                    (fore, -0.7),
                    (19, -0.9),
                    (13, -0.9),
                    (6, -2.4),
                ]
            ),
            "wood",
        ),
        Limb([f.at(19.5, 0.3), f.at(n, 0.3)], 1.1, "steel"),
        Shape(f.pts([(16.5, 1.0), (21.5, 1.0), (21.5, 2.6), (17.5, 2.6)]), "steel"),
        Stroke(f.pts([(14, -1.0), (15.5, -2.4), (18.5, -1.0)]), 0.6, "brass"),
    ]
    if rifle:
        prims.append(Oval(f.at(4.5, 0.6), 2.6 * f.scale, 1.2 * f.scale, "brass", f.angle))
    else:
        prims.append(Limb([f.at(n - 1.0, 1.4), f.at(n + 14.0, 1.4)], 0.55, "steel", False))
        prims.append(Limb([f.at(n - 2.0, 1.0), f.at(n + 0.5, 1.0)], 1.4, "steel", False))
        if unit == "french":
            for a in (fore * 0.55, fore * 0.75, fore * 0.95):
                prims.append(Stroke([f.at(a, -1.0), f.at(a, 1.2)], 0.7, "steel"))
    return prims
