"""What every campaign command needs: the ruleset and the campaign file, opened for one command."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from cli import campaign_path, ruleset
from services.campaign import Campaign, for_command


@contextmanager
def campaign(args: argparse.Namespace, editing: bool = False) -> Iterator[Campaign]:
    """Open the campaign file for one command and close it afterwards.

    An editing command is refused while the app holds the file (services.campaign).
    """
    take_over = bool(getattr(args, "take_over", False))
    with for_command(campaign_path(args), ruleset(args), editing, take_over) as c:
        yield c
