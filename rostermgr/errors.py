"""Errors the user sees as one plain sentence."""

from __future__ import annotations


class Refused(Exception):
    """A request the rules or the data refuse; the message is the sentence the user reads."""


class RuleBroken(Refused):
    """A request that breaks a rule of the game (R1-R17)."""


class InvalidFile(Refused):
    """A file (ruleset, creation request, report, posse export) that cannot be read as it is."""


class RulesetError(InvalidFile):
    """A ruleset file that fails validation; the message names the file, the key and the problem."""
