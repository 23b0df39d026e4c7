"""Table aids on the command line: resolve, initiative, game-length (filled in by issue 8)."""

from __future__ import annotations

import argparse


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register the aid commands."""
