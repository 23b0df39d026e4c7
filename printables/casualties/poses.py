"""The poses of the fallen: where the head, limbs, musket and hat lie."""

from __future__ import annotations

from dataclasses import dataclass

from printables.casualties.prims import Pt


@dataclass(frozen=True)
class Pose:
    """A pose in the spine's frame (neck at 0, hip at `length` along u, +v one side)."""

    name: str
    view: str  # "front" (on his back), "back" (face down) or "side" (curled on his side)
    neck: Pt
    angle: float
    length: float
    head: Pt
    arms: tuple[tuple[Pt, Pt], tuple[Pt, Pt]]  # (elbow, wrist): the +v arm, then the -v arm
    legs: tuple[tuple[Pt, Pt], tuple[Pt, Pt]]  # (knee, ankle): the +v leg, then the -v leg
    gun: tuple[Pt, float]  # butt position, angle to the spine
    cap: tuple[Pt, float]  # brim position, angle to the spine
    face: float = 1.0  # profile heads look towards +v (1) or -v (-1)
    arm_over: int | None = None  # an arm lying across the body rather than under it
    zoom: float = 1.0  # a compact pose may be drawn a little larger


POSES: tuple[Pose, ...] = (
    Pose(
        name="on his back, arms flung out",
        view="front",
        neck=(25, 56),
        angle=-6,
        length=27,
        head=(-8, 0.5),
        arms=(((5, 22), (-5, 31)), ((11, -20), (2, -32))),
        legs=(((46, 11), (62, 15)), ((44, -15), (61, -11))),
        gun=((-8, -37), -4),
        cap=((30, 24), 60),
    ),
    Pose(
        name="face down, reaching out",
        view="back",
        neck=(28, 47),
        angle=8,
        length=27,
        head=(-8.5, -1),
        arms=(((-8, 17), (-20, 21)), ((12, -16), (24, -21))),
        legs=(((47, 7), (64, 8)), ((46, -7), (63, -12))),
        gun=((-12, 30), 2),
        cap=((44, -27), -30),
        face=-1,
    ),
    Pose(
        name="on his back, a hand on his chest",
        view="front",
        neck=(22, 50),
        angle=3,
        length=27,
        head=(-8.5, -1.5),
        arms=(((15, 11), (12, 0)), ((4, -19), (-8, -25))),
        legs=(((44, 14), (61, 10)), ((47, -4), (64, -7))),
        gun=((-8, 27), -4),
        cap=((62, -19), -30),
        arm_over=0,
    ),
    Pose(
        name="face down, struck running",
        view="back",
        neck=(24, 52),
        angle=-4,
        length=27,
        head=(-8.5, 1),
        arms=(((9, 16), (-3, 17)), ((12, -15), (1, -20))),
        legs=(((41, 16), (58, 21)), ((46, -5), (64, -8))),
        gun=((-4, -30), 6),
        cap=((68, 12), -60),
        face=1,
    ),
    Pose(
        name="on his side, knees drawn up",
        view="side",
        neck=(28, 44),
        angle=2,
        length=26,
        head=(-8.5, 1.5),
        arms=(((11, 9), (19, 15)), ((-1, 13), (-10, 21))),
        legs=(((19, 19), (37, 21)), ((23, 16), (42, 14))),
        gun=((-12, -19), 2),
        cap=((45, -6), 0),
        zoom=1.08,
    ),
)
