"""Who may do what in a club campaign (issue 29, DESIGN 4a).

A club campaign lives on a PostgreSQL server and is shared by its players and arbitrators:
each player keeps their own posses; arbitrators record games, adopt rulesets, undo games,
restore and manage the club, and may change any posse. The server enforces this with roles,
grants and row-level security (db.club); the program asks the same rules here first, so that
what the server would refuse is refused in a sentence, before anything is tried.

A campaign file, or a server campaign that is not a club, has no seats: whoever opens it may do
everything, as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ARBITRATOR = "arbitrator"
PLAYER = "player"

# What only an arbitrator does, by the name the program asks with, and the sentence a player
# gets instead (each names what to do).
ARBITRATORS_ONLY: dict[str, str] = {
    "record": "Only an arbitrator records games in a club campaign; ask one to record this report.",
    "send back": "Only an arbitrator sends a report back in a club campaign; ask one to send "
    "it back, or submit a corrected report.",
    "undo game": "Only an arbitrator undoes a game in a club campaign; ask one to undo it.",
    "adopt": "Only an arbitrator adopts a ruleset in a club campaign; ask one to adopt it.",
    "undo adoption": "Only an arbitrator takes back an adoption in a club campaign; ask one to "
    "take it back.",
    "restore": "Only an arbitrator restores a club campaign from a backup; ask one to restore it.",
    "manage": "Only an arbitrator adds or removes the club's players and arbitrators, or gives a "
    "posse to a player.",
    "create for": "Only an arbitrator makes a posse for another player; make your own with "
    "`posse new` (it is yours).",
}

# A role name a club may use: what libpq and `psql` take without quoting, so a player can type
# it in a URL as it is (PostgreSQL folds unquoted names to lower case).
_ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


WAITING = "waiting"
APPLIED = "applied"
SENT_BACK = "sent back"


@dataclass(frozen=True)
class SubmittedReport:
    """A player's post-game report in a club campaign: waiting for an arbitrator, applied (and
    the game it became), or sent back with a reason."""

    id: int
    submitted: str
    by: str | None
    posses: tuple[str, ...]
    date: str  # the game's, as reported
    scenario: str
    status: str
    doc: str  # the report as submitted, JSON
    reason: str | None = None
    game: int | None = None
    decided_by: str | None = None

    def as_json(self) -> dict[str, object]:
        """`game reports --json` entries."""
        return {
            "id": self.id,
            "submitted": self.submitted,
            "by": self.by,
            "posses": list(self.posses),
            "date": self.date,
            "scenario": self.scenario,
            "status": self.status,
            "reason": self.reason,
            "game": self.game,
            "decided_by": self.decided_by,
        }


@dataclass(frozen=True)
class LiveChange:
    """What changed in a server campaign since the app last looked (issue 29): the undo log's
    mark now, the posses and tables touched, whether anything may have (an undo), the newest
    thing another did in words ("ann: Bought pistol for Kid: -$8 (The Dalton Boys)"), and who
    else changed it."""

    mark: int
    posses: frozenset[str]
    tables: frozenset[str]
    everything: bool
    said: str | None
    others: frozenset[str]
    # whether any of it was made elsewhere than in this open of the campaign: another role,
    # or the same role in another app (which `others` cannot tell from this window)
    elsewhere: bool = True


@dataclass(frozen=True)
class Seat:
    """Who the user is in the campaign: their role on the server, and their part in the club
    (`ARBITRATOR`, `PLAYER`, or None where the campaign is no club, or they are not in it)."""

    name: str
    part: str | None
    club: bool = False  # whether the campaign is a club campaign at all

    @property
    def arbitrates(self) -> bool:
        """Whether this seat may do everything: an arbitrator, or anyone where there is no club."""
        return not self.club or self.part == ARBITRATOR


NO_CLUB = Seat("", None, False)


def refusal(seat: Seat, action: str) -> str | None:
    """The sentence refusing `action` (a key of ARBITRATORS_ONLY) to `seat`, or None."""
    if seat.arbitrates:
        return None
    if seat.part is None:
        return outsider(seat)
    return ARBITRATORS_ONLY[action]


def posse_refusal(seat: Seat, posse: str, owner: str | None) -> str | None:
    """The sentence refusing a change to the posse `posse` (whose player is `owner`), or None."""
    if seat.arbitrates:
        return None
    if seat.part is None:
        return outsider(seat)
    if owner == seat.name:
        return None
    if owner is None:
        return (
            f"{posse} belongs to no player yet, so only an arbitrator may change it; ask one to "
            "give it to you (club give)."
        )
    return f"{posse} belongs to {owner}, so only {owner} or an arbitrator may change it."


def submit_refusal(seat: Seat, owners: dict[str, str | None]) -> str | None:
    """The sentence refusing a report's submission by `seat`, whose posses played as `owners`
    says (each posse of the report and its player), or None: a player submits a report of a
    game one of their posses played."""
    if not seat.club:
        return "Only a club campaign takes submitted reports; record the game with game record."
    if seat.part is None:
        return outsider(seat)
    if seat.name not in owners.values():
        return (
            f"None of {', '.join(owners)} is {seat.name}'s posse, so {seat.name} may not "
            "submit this report; one of their players, or an arbitrator, may."
        )
    return None


def outsider(seat: Seat) -> str:
    """The sentence for a role that reads a club campaign but is in neither of its groups."""
    return (
        f"Your role {seat.name} is not a player or an arbitrator of this club campaign, so it "
        "may only read it; ask an arbitrator to add you (club add-player)."
    )


def role_name_problem(name: str) -> str | None:
    """Why `name` cannot be a club member's role name, as a sentence; None when it can."""
    if _ROLE_NAME.fullmatch(name):
        return None
    return (
        f"{name!r} cannot be a player's name on the server: use lower-case letters, digits and "
        "underscores, starting with a letter, at most 63 of them (for example ann or big_jim)."
    )
