"""The club campaign's use cases (issue 29): making one, its players and arbitrators, and
whose each posse is.

A club is a campaign on a PostgreSQL server whose permissions the server enforces (db.club);
each use case here asks rostermgr.club first, so that what the server would refuse is said in a
sentence, and then does the work in one transaction.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from db import club as store
from db.connection import bound
from db.posses import owner_of
from rostermgr.club import ARBITRATOR, PLAYER, role_name_problem
from rostermgr.errors import Refused
from rostermgr.roster import normal_name
from rostermgr.rules import Ruleset
from services.campaign import Campaign, in_campaign
from services.opening import for_server

PASSWORD_BYTES = 12  # a generated password: 16 characters of URL-safe base64


@dataclass(frozen=True)
class Added:
    """A role put in the club: its name, its part, and the password it was made with (None
    when the role existed already and keeps its own)."""

    name: str
    part: str
    password: str | None


@dataclass(frozen=True)
class ClubMember:
    """A role in the club, as `club players` lists it."""

    name: str
    part: str
    posses: int


def _server_only(given: str) -> None:
    from db.target import is_server

    if not is_server(given):
        raise Refused(
            f"{given} is a campaign file; a club campaign lives on a PostgreSQL server (give a "
            "postgresql:// URL or service=NAME; `campaign copy` moves a campaign there)."
        )


def _club_only(c: Campaign) -> None:
    """Refuse what only a club campaign has, on one that is no club yet."""
    if not c.seat.club:
        raise Refused(
            f"The campaign {c.where} is not a club campaign yet; make it one with "
            f"`rostermgr club init {c.where}`."
        )


def _write(c: Campaign, action: str) -> None:
    """Refuse a club change the caller may not make: on a campaign that is no club yet (but
    `club init`), and by a player."""
    _club_only(c)
    c.allow(action)


def init(given: str, rules: Ruleset) -> str:
    """Make the server campaign at `given` a club, with the caller as its first arbitrator;
    returns who that is. A club already is said so, unchanged."""
    _server_only(given)
    with for_server(given, rules, editing=True) as c:
        return _init(c)


@in_campaign
def _init(c: Campaign) -> str:
    if c.seat.club:
        raise Refused(f"The campaign {c.where} is a club campaign already; nothing was changed.")
    with c.edit():
        store.init_club(c.db)
    return c.seat.name


def add(given: str, name: str, part: str, rules: Ruleset) -> Added:
    """Put the role `name` in the club as a player or arbitrator (made, with a new password,
    when the server has no such role)."""
    _server_only(given)
    problem = role_name_problem(name)
    if problem is not None:
        raise Refused(problem)
    password = secrets.token_urlsafe(PASSWORD_BYTES)
    with for_server(given, rules, editing=True) as c:
        made = _add(c, name, part, password)
    return Added(name, part, password if made else None)


@in_campaign
def _add(c: Campaign, name: str, part: str, password: str) -> bool:
    _write(c, "manage")
    with c.edit():
        return store.add(c.db, name, part, password)


def remove(given: str, name: str, rules: Ruleset) -> None:
    """Take the role `name` out of the club; its posses stay, and stay its."""
    _server_only(given)
    with for_server(given, rules, editing=True) as c:
        _remove(c, name)


@in_campaign
def _remove(c: Campaign, name: str) -> None:
    _write(c, "manage")
    with c.edit():
        listed = {m.name: m for m in _members(c)}
        if name not in listed:
            raise Refused(f"{name} is not a player or an arbitrator of this club; nothing changed.")
        arbitrators = [m for m in listed.values() if m.part == ARBITRATOR]
        if listed[name].part == ARBITRATOR and len(arbitrators) == 1:
            raise Refused(
                f"{name} is the club's only arbitrator, so they stay; add another arbitrator "
                "first (club add-arbitrator)."
            )
        if name == store.owner(c.db):
            raise Refused(
                f"{name} owns the campaign on the server, which lets its owner do everything, "
                "so they stay an arbitrator; nothing changed."
            )
        store.remove(c.db, name)


def members(given: str, rules: Ruleset) -> list[ClubMember]:
    """Every player and arbitrator of the club, arbitrators first."""
    _server_only(given)
    with for_server(given, rules) as c:
        _club_only(c)
        return _members(c)


def _members(c: Campaign) -> list[ClubMember]:
    with bound(c.db):
        return [ClubMember(m.name, m.part, m.posses) for m in store.members(c.db)]


def give_posse(given: str, posse: str, player: str, rules: Ruleset) -> str:
    """Make `player` the player of `posse` in the club campaign at `given`; returns its name."""
    _server_only(given)
    with for_server(given, rules, editing=True) as c:
        return give(c, posse, player)


@in_campaign
def give(c: Campaign, posse: str, player: str) -> str:
    """Make `player` the player of `posse` (an arbitrator's change); returns the posse's name."""
    _write(c, "manage")
    with c.edit():
        if player not in {m.name for m in _members(c)}:
            raise Refused(
                f"{player} is not a player or an arbitrator of this club; add them first "
                "(club add-player)."
            )
        number, _ = owner_of(posse)
        store.give(c.db, number, player)
        return normal_name(posse)


def owner_for(c: Campaign, for_player: str | None) -> str | None:
    """Whose a new posse is: in a club, its maker's, or the player's an arbitrator makes it for;
    outside a club, nobody's (and `for_player` is refused)."""
    seat = c.seat
    if for_player is None:
        return seat.name if seat.club else None
    if not seat.club:
        raise Refused(
            f"--for names a club's player, and the campaign {c.where} is no club campaign; "
            "leave it out."
        )
    if for_player != seat.name:
        c.allow("create for")
        if for_player not in {m.name for m in _members(c) if m.part in (PLAYER, ARBITRATOR)}:
            raise Refused(
                f"{for_player} is not a player of this club; add them first (club add-player)."
            )
    return for_player
