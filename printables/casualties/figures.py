"""The fallen soldier drawn in his pose and uniform, as a display list."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printables.casualties.kit import hat, musket
from printables.casualties.poses import Pose
from printables.casualties.prims import (
    Dot,
    Frame,
    Limb,
    Oval,
    Pattern,
    Prim,
    Pt,
    Shape,
    Stroke,
    add,
    angle_of,
    extent,
    lerp,
    mul,
    perp,
    shifted,
    sub,
    unit,
)

ARM_W = 5.8
LEG_W = 7.0
HEAD_R = 6.4
HAT_SCALE = 1.2  # hats a little large, so they read at 19 mm
BOX = 100.0  # a marker is drawn in a 100 x 100 box
SCALE = 0.93  # every figure is drawn at this scale, so all fit inside the 100 x 100 box


@dataclass(frozen=True)
class Look:
    """What a unit wears, as far as the drawing cares."""

    belts: str  # "cross" or "single"
    kilt: bool = False
    lapels: bool = False
    lace: bool = False
    gaiters: bool = False


LOOKS: dict[str, Look] = {
    "line": Look("cross", lace=True),
    "highlander": Look("cross", kilt=True, lace=True),
    "rifle": Look("single"),
    "french": Look("cross", lapels=True, gaiters=True),
    "portuguese": Look("cross"),
}


def figure(unit_name: str, pose: Pose) -> list[Prim]:
    """The display list of one fallen soldier of a unit in a pose."""
    look = LOOKS[unit_name]
    t = Frame.turned(pose.neck, pose.angle)
    prims: list[Prim] = []
    prims += hat(
        unit_name, Frame.turned(t.at(*pose.cap[0]), pose.angle + pose.cap[1], 1, HAT_SCALE)
    )
    prims += musket(unit_name, Frame.turned(t.at(*pose.gun[0]), pose.angle + pose.gun[1]))
    if pose.view == "side":
        prims += _side(unit_name, look, pose, t)
    else:
        prims += _flat(unit_name, look, pose, t)
    x0, y0, x1, y1 = extent(prims)
    return shifted(prims, (BOX / 2 - (x0 + x1) / 2, BOX / 2 - (y0 + y1) / 2))


def _arm(shoulder: Pt, elbow: Pt, wrist: Pt) -> list[Prim]:
    """Sleeve, facing-coloured cuff and hand."""
    d = unit(sub(wrist, elbow))
    return [
        Limb([shoulder, elbow, wrist], ARM_W, "coat"),
        Limb([lerp(elbow, wrist, 0.8), lerp(elbow, wrist, 0.9)], ARM_W, "facing", False),
        Oval(add(wrist, mul(d, 2.3)), 3.3, 2.7, "skin", angle_of(d), shadow=True),
    ]


def _leg(look: Look, hip: Pt, knee: Pt, ankle: Pt, soles: bool) -> list[Prim]:
    """Trousers (or bare knee and diced hose under a kilt) and a shoe."""
    d = unit(sub(ankle, knee))
    foot = add(ankle, mul(d, 2.4))
    prims: list[Prim] = []
    if look.kilt:
        prims.append(Limb([hip, knee], LEG_W - 0.6, "skin"))
        top = lerp(knee, ankle, 0.18)
        prims.append(Limb([top, ankle], LEG_W - 1.2, "hose"))
        side = mul(perp(d), 1.4)
        for off in (side, mul(side, -1)):
            prims.append(Stroke([add(top, off), add(ankle, off)], 1.3, "hosecheck", (1.3, 1.3)))
        across = mul(perp(d), (LEG_W - 1.2) / 2)
        prims.append(Stroke([add(top, across), sub(top, across)], 1.2, "hosecheck"))
        prims.append(Limb([lerp(top, ankle, 0.85), ankle], LEG_W - 0.6, "hose", False))
    else:
        prims.append(Limb([hip, knee, ankle], LEG_W, "trousers"))
        if look.gaiters:
            prims.append(Limb([lerp(knee, ankle, 0.55), ankle], LEG_W + 0.2, "shoe", False))
    prims.append(Oval(foot, 3.6, 2.6, "shoe", angle_of(d), shadow=True))
    if soles:
        prims.append(
            Stroke([add(foot, mul(perp(d), 2.0)), add(foot, mul(perp(d), -2.0))], 0.6, "feature")
        )
    return prims


def _flat(unit_name: str, look: Look, pose: Pose, t: Frame) -> list[Prim]:
    """A body lying flat: on its back (front view) or face down (back view)."""
    n = pose.length
    back = pose.view == "back"
    sh = (t.at(2.5, 9.0), t.at(2.5, -9.0))
    hips = (t.at(n, 5.0), t.at(n, -5.0))
    prims: list[Prim] = []
    if not back:
        for s in (1, -1):
            prims.append(
                Shape(t.pts([(n - 5, 8.6 * s), (n + 7, 9.6 * s), (n + 2, 5 * s)]), "turnback")
            )
    for i, (knee, ankle) in enumerate(pose.legs):
        prims += _leg(look, hips[i], t.at(*knee), t.at(*ankle), soles=back)
    if look.kilt:
        prims.append(_kilt(t, n, pose))
    for i, (elbow, wrist) in enumerate(pose.arms):
        if i != pose.arm_over:
            prims += _arm(sh[i], t.at(*elbow), t.at(*wrist))
    if back:
        for s in (1, -1):
            prims.append(
                Shape(
                    t.pts([(n - 6, 1 * s), (n - 6, 7.2 * s), (n + 10, 6.2 * s), (n + 11, 1.2 * s)]),
                    "coat",
                )
            )
            prims.append(Stroke(t.pts([(n - 4, 6.6 * s), (n + 10, 5.6 * s)]), 1.4, "turnback"))
    prims.append(
        Shape(
            t.pts(
                [
                    (-1.2, 0),
                    (0.6, 9.5),
                    (n * 0.5, 9.6),
                    (n, 8.0),
                    (n + 1.2, 0),
                    (n, -8.0),
                    (n * 0.5, -9.6),
                    (0.6, -9.5),
                ]
            ),
            "coat",
            smooth=True,
        )
    )
    prims.append(
        Shape(
            t.pts([(-1.6, -4.5), (-1.6, 4.5), (2.0, 5.0), (2.0, -5.0)]),
            "facing",
            smooth=True,
            shadow=False,
        )
    )
    if back:
        prims += _knapsack(look, t, n)
    else:
        prims += _chest(look, t, n)
        if look.kilt:
            prims += _sporran(t, n)
    if pose.arm_over is not None:
        elbow, wrist = pose.arms[pose.arm_over]
        prims += _arm(sh[pose.arm_over], t.at(*elbow), t.at(*wrist))
    prims += _head(t.at(*pose.head), pose.neck, back, mul(t.v, pose.face))
    return prims


def _kilt(t: Frame, n: float, pose: Pose) -> Pattern:
    """A kilt from the waist to just above the knees, with a tartan sett."""
    ka, kb = t.at(*pose.legs[0][0]), t.at(*pose.legs[1][0])
    ha, hb = t.at(n, 5.0), t.at(n, -5.0)
    ea, eb = lerp(ha, ka, 0.8), lerp(hb, kb, 0.8)
    out = mul(t.v, 4.6)
    pts = [t.at(n - 4, -9.2), t.at(n - 4, 9.2), add(ea, out), sub(eb, out)]
    return Pattern(pts, "kilt", _sett(t, n - 4, 26), smooth=False)


def _sett(t: Frame, a0: float, span: float) -> list[tuple[list[Pt], float, str]]:
    """Tartan stripes in the spine frame: broad navy bands and thin black lines."""
    stripes: list[tuple[list[Pt], float, str]] = []
    k = 0.0
    while k < span:
        stripes.append(([t.at(a0 + k, -30), t.at(a0 + k, 30)], 1.8, "tartan1"))
        stripes.append(([t.at(a0 + k + 2.4, -30), t.at(a0 + k + 2.4, 30)], 0.4, "tartan2"))
        k += 5.0
    b = -30.0
    while b < 30:
        stripes.append(([t.at(a0 - 5, b), t.at(a0 + span, b)], 1.8, "tartan1"))
        stripes.append(([t.at(a0 - 5, b + 2.4), t.at(a0 + span, b + 2.4)], 0.4, "tartan2"))
        b += 5.0
    return stripes


def _sporran(t: Frame, n: float) -> list[Prim]:
    """The white goat-hair sporran with black tassels."""
    return [
        Shape(
            t.pts([(n - 3, -2.6), (n - 3, 2.6), (n + 5, 3.0), (n + 8, 0), (n + 5, -3.0)]),
            "sporran",
            smooth=True,
            shadow=False,
        ),
        Stroke(t.pts([(n + 2, -1.3), (n + 6, -1.3)]), 1.0, "tassel"),
        Stroke(t.pts([(n + 2, 1.3), (n + 6, 1.3)]), 1.0, "tassel"),
    ]


def _chest(look: Look, t: Frame, n: float) -> list[Prim]:
    """Front of the coat: lace or lapels, buttons and belts."""
    prims: list[Prim] = []
    if look.lapels:
        prims.append(
            Shape(
                t.pts([(1.5, -4.8), (1.5, 4.8), (n * 0.62, 3.2), (n * 0.62, -3.2)]),
                "lapel",
                shadow=False,
            )
        )
        for k in range(4):
            a = 4 + k * 3.5
            prims += [
                Dot(t.at(a, 3.8 - k * 0.3), 0.55, "brass"),
                Dot(t.at(a, -3.8 + k * 0.3), 0.55, "brass"),
            ]
    elif look.lace:
        for k in range(5):
            a = 4 + k * 3.2
            for s in (1, -1):
                prims.append(Stroke(t.pts([(a, 0.8 * s), (a, 4.2 * s)]), 0.9, "lace"))
    else:
        for k in range(5):
            for b in (-3.2, 0, 3.2):
                prims.append(Dot(t.at(4 + k * 3.4, b * (1 - k * 0.06)), 0.5, "feature"))
    if look.belts == "cross":
        prims.append(Limb(t.pts([(1.5, 8.4), (n - 1, -7.4)]), 2.4, "belt", False))
        prims.append(Limb(t.pts([(1.5, -8.4), (n - 1, 7.4)]), 2.4, "belt", False))
        prims.append(Oval(t.at(n * 0.5 + 0.2, 0), 1.7, 1.3, "brass", t.angle))
    else:
        prims.append(Limb(t.pts([(1.5, -8.4), (n - 1, 7.4)]), 2.4, "belt", False))
        prims.append(Limb(t.pts([(n - 2.2, -8.2), (n - 2.2, 8.2)]), 2.2, "belt", False))
    return prims


def _knapsack(look: Look, t: Frame, n: float) -> list[Prim]:
    """Back view: crossbelts, knapsack with rolled greatcoat, cartridge pouch."""
    prims: list[Prim] = []
    if look.belts == "cross":
        prims.append(Limb(t.pts([(1.5, 8.4), (n - 1, -7.4)]), 2.4, "belt", False))
        prims.append(Limb(t.pts([(1.5, -8.4), (n - 1, 7.4)]), 2.4, "belt", False))
    else:
        prims.append(Limb(t.pts([(1.5, 8.4), (n - 1, -7.4)]), 2.4, "belt", False))
    prims.append(
        Shape(
            t.pts([(n - 4.5, -9.0), (n - 4.5, -2.5), (n + 0.5, -2.5), (n + 0.5, -9.0)]),
            "pouch",
            shadow=False,
        )
    )
    prims.append(
        Shape(
            t.pts([(4.0, -7.4), (4.0, 7.4), (n * 0.66, 7.0), (n * 0.66, -7.0)]),
            "pack",
            shadow=False,
        )
    )
    for s in (1, -1):
        prims.append(Stroke(t.pts([(4.0, 4.6 * s), (n * 0.66, 4.4 * s)]), 0.7, "lace"))
    prims.append(Limb(t.pts([(2.6, -7.6), (2.6, 7.6)]), 4.2, "roll", False))
    return prims


def _head(centre: Pt, neck: Pt, profile: bool, looking: Pt) -> list[Prim]:
    """The head: a face looking up, or a profile looking along `looking`, cheek down."""
    up = unit(sub(centre, neck))
    across = perp(up)
    h = Frame(centre, up, 1.0 if across[0] * looking[0] + across[1] * looking[1] >= 0 else -1.0)
    r = HEAD_R
    prims: list[Prim] = [Limb([neck, lerp(neck, centre, 0.5)], 4.6, "skin")]
    if not profile:
        prims += [
            Oval(h.at(0, 6.0), 1.5, 1.1, "skin", h.angle),
            Oval(h.at(0, -6.0), 1.5, 1.1, "skin", h.angle),
            Oval(h.at(1.5, 0), r + 0.6, r + 0.2, "hair", h.angle, shadow=True),
            Oval(h.at(-0.6, 0), r - 0.4, r - 0.6, "skin", h.angle),
            Stroke(h.pts([(2.6, -2.6), (2.4, -0.9)]), 0.5, "feature"),
            Stroke(h.pts([(2.6, 2.6), (2.4, 0.9)]), 0.5, "feature"),
            Dot(h.at(0.9, 1.8), 0.75, "feature"),
            Dot(h.at(0.9, -1.8), 0.75, "feature"),
            Stroke(h.pts([(0.4, 0.1), (-1.7, 0.6), (-1.9, -0.2)]), 0.5, "feature"),
            Stroke(h.pts([(-3.6, -1.4), (-3.7, 1.4)]), 0.6, "feature"),
        ]
        return prims
    arc = [
        h.at((r + 0.4) * math.cos(math.radians(a)), (r + 0.4) * math.sin(math.radians(a)))
        for a in range(50, -170, -20)
    ]
    hair = [*arc, *h.pts([(-4.6, -2.4), (-2.6, -3.2), (1.6, -0.8), (2.4, 1.6), (4.0, 3.6)])]
    prims += [
        Oval(centre, r, r, "skin", shadow=True),
        Shape(h.pts([(1.0, 6.0), (-1.7, 8.4), (-2.4, 6.0)]), "skin", shadow=False),
        Shape(hair, "hair", smooth=False, shadow=False),
        Stroke(h.pts([(0.2, -0.6), (0.4, -2.0), (-1.2, -2.4), (-2.0, -1.2)]), 0.55, "feature"),
        Dot(h.at(1.1, 3.9), 0.8, "feature"),
        Stroke(h.pts([(2.5, 2.9), (2.7, 4.8)]), 0.5, "feature"),
        Stroke(h.pts([(-3.6, 5.3), (-3.8, 3.8)]), 0.6, "feature"),
    ]
    return prims


def _side(unit_name: str, look: Look, pose: Pose, t: Frame) -> list[Prim]:
    """A body curled on its side, knees drawn up, seen from the side."""
    n = pose.length
    shoulder, hip = t.at(2.5, 0.5), t.at(n, 0)
    (near_elbow, near_wrist), (far_elbow, far_wrist) = pose.arms
    (near_knee, near_ankle), (far_knee, far_ankle) = pose.legs
    prims: list[Prim] = []
    prims += _arm(shoulder, t.at(*far_elbow), t.at(*far_wrist))
    prims += _leg(look, hip, t.at(*far_knee), t.at(*far_ankle), soles=False)
    prims.append(
        Shape(t.pts([(n - 5, -3.5), (n + 9, -7.5), (n + 9.5, -3.8), (n + 1, -1.0)]), "coat")
    )
    prims.append(Stroke(t.pts([(n - 3, -4.8), (n + 8.5, -6.9)]), 1.3, "turnback"))
    prims += _leg(look, hip, t.at(*near_knee), t.at(*near_ankle), soles=False)
    if look.kilt:
        knee = t.at(*near_knee)
        d = unit(sub(knee, hip))
        pts = [
            t.at(n - 4, -6.0),
            t.at(n - 4, 6.0),
            add(lerp(hip, knee, 0.85), mul(perp(d), 4)),
            add(lerp(hip, knee, 0.85), mul(perp(d), -5)),
        ]
        prims.append(Pattern(pts, "kilt", _sett(t, n - 8, 36), smooth=False))
    prims.append(
        Shape(
            t.pts(
                [
                    (-1.5, -3.5),
                    (0.5, 5.2),
                    (n * 0.45, 6.4),
                    (n, 5.0),
                    (n + 1.5, 0),
                    (n, -5.2),
                    (n * 0.4, -5.0),
                    (0.5, -4.8),
                ]
            ),
            "coat",
            smooth=True,
        )
    )
    prims.append(
        Shape(
            t.pts([(-1.6, -3.8), (-1.2, 4.4), (1.8, 4.8), (1.6, -4.0)]),
            "facing",
            smooth=True,
            shadow=False,
        )
    )
    prims.append(Limb(t.pts([(1.0, -4.8), (n - 1.5, 4.6)]), 2.4, "belt", False))
    if look.belts == "cross" or look.kilt:
        prims.append(
            Shape(
                t.pts([(n - 6, -6.5), (n - 6, -2.5), (n - 1, -2.5), (n - 1, -6.5)]),
                "pouch",
                shadow=False,
            )
        )
    if look.lapels:
        prims.append(
            Shape(
                t.pts([(1.5, 3.0), (1.5, 5.4), (n * 0.6, 6.2), (n * 0.6, 3.8)]),
                "lapel",
                shadow=False,
            )
        )
    if look.kilt:
        prims += [
            Shape(
                t.pts([(n - 2, 4.0), (n + 5, 4.6), (n + 6.5, 7.4), (n - 1, 7.6)]),
                "sporran",
                smooth=True,
                shadow=False,
            )
        ]
    prims += _arm(shoulder, t.at(*near_elbow), t.at(*near_wrist))
    prims += _head(t.at(*pose.head), pose.neck, True, mul(t.v, pose.face))
    return prims
