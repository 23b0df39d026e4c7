"""`rostermgr rules diff | adopt | history | undo`: the rulesets the campaign holds (issue 18)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from cli import EXIT_OK, campaign_path, campaign_server, print_json, usage_check, write_lines
from cli.context import taken_back
from rostermgr.adoption import AdoptionPreview, refusal_sentence
from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset
from rostermgr.ruleset_diff import diff_json, diff_lines
from services import rulesets
from services.campaign import Campaign
from services.opening import for_command, for_server


def add_actions(rules: argparse.ArgumentParser) -> None:
    """The subcommands of `rules`; `rules` alone still prints the active ruleset."""
    sub = rules.add_subparsers(dest="rules_action", metavar="ACTION")
    p = sub.add_parser(
        "diff",
        help="what changed between two rulesets",
        description="What changed between two ruleset files, or between the campaign's current "
        "ruleset and FILE when only one is given: prices, stat lines, items added or removed, "
        "kinds, tables and texts, grouped by section.",
    )
    p.add_argument("files", nargs="+", metavar="[OLD] NEW", help="ruleset TOML files")
    p.add_argument("--json", action="store_true", help="a JSON list of {path, old, new}")
    p.set_defaults(handler=cmd_diff)
    usage_check(p, _one_or_two)
    p = sub.add_parser(
        "adopt",
        help="play the campaign under a new ruleset from now on",
        description="Validate FILE, show what changes (the differences and, posse by posse, "
        "current stats, items a role may no longer carry, roles whose stat lines changed), and "
        "make it the campaign's ruleset in one step that `rules undo` takes back. Refused whole "
        "when a member carries an item the new ruleset no longer has or a posse would break R3 "
        "or R5. The ledger is kept: new prices apply from then on.",
    )
    p.add_argument("file", metavar="FILE", help="the ruleset TOML file")
    p.add_argument("--dry-run", action="store_true", help="show the preview; change nothing")
    p.set_defaults(handler=cmd_adopt)
    p = sub.add_parser(
        "history",
        help="the rulesets the campaign has used",
        description="The rulesets the campaign has used, oldest first, and which is current.",
    )
    p.add_argument(
        "--json", action="store_true", help="a JSON list of {id, version, hash, adopted, current}"
    )
    p.set_defaults(handler=cmd_history)
    p = sub.add_parser(
        "undo",
        help="take back the newest adoption",
        description="Take back the newest `rules adopt` (and, as `game undo` does, whatever was "
        "done since: a backup is made first when there is any).",
    )
    p.set_defaults(handler=cmd_undo)


def _one_or_two(args: argparse.Namespace) -> str | None:
    if len(args.files) > 2:
        return "argument [OLD] NEW: give one or two ruleset files"
    return None


@contextmanager
def _campaign(args: argparse.Namespace, editing: bool = False) -> Iterator[Campaign]:
    """The campaign, read with its own current ruleset whatever --ruleset says."""
    take_over = bool(getattr(args, "take_over", False))
    server = campaign_server(args)
    if server is not None:
        with for_server(server, default_ruleset(), editing, chosen=False) as c:
            yield c
        return
    with for_command(campaign_path(args), default_ruleset(), editing, take_over, chosen=False) as c:
        yield c


def cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    new = rulesets.load_file(args.files[-1])
    if len(args.files) == 2:
        old = rulesets.load_file(args.files[0])
    else:
        with _campaign(args) as c:
            old = c.rules
    changes = rulesets.diff(old, new)
    if args.json:
        print_json(diff_json(changes), out)
    else:
        write_lines(diff_lines(changes), out)
    return EXIT_OK


def preview_lines(plan: AdoptionPreview) -> list[str]:
    """The adoption preview as text: the differences, then each posse."""
    lines = [
        f"{plan.new.name} {plan.new.version} in place of {plan.old.version} ({plan.new.source}):",
        *(f"  {line}" for line in diff_lines(list(plan.changes))),
    ]
    for posse in plan.listed:
        lines.append(f"{posse.posse}:" + (" nothing changes." if posse.unchanged else ""))
        lines += [f"  {line}" for line in posse.stats]
        lines += [f"  {line}" for line in posse.roles]
        lines += [f"  {line}" for line in posse.no_longer]
        lines += [f"  {line}" for line in posse.gear]
        lines += [f"  Refused: {line}" for line in posse.refusals]
    return lines


def cmd_adopt(args: argparse.Namespace, out: TextIO) -> int:
    new = rulesets.load_file(args.file)
    with _campaign(args, editing=not args.dry_run) as c:
        if args.dry_run:
            plan = rulesets.preview(c, new)
            write_lines(preview_lines(plan), out)
            if plan.refusals:
                # DESIGN 5: refused is exit 1, as a dry run of a refused report is; the preview
                # above says which posses, stderr the sentence the adoption would be refused in
                out.flush()
                raise Refused(refusal_sentence(plan, dry_run=True))
            out.write("Dry run: nothing was changed; adopt it without --dry-run.\n")
            return EXIT_OK
        plan = rulesets.adopt(c, new)
    write_lines(preview_lines(plan), out)
    out.write(
        f"Adopted {new.id} {new.version}; the campaign is played under it from now on "
        "(`rostermgr rules undo` takes it back).\n"
    )
    return EXIT_OK


def cmd_history(args: argparse.Namespace, out: TextIO) -> int:
    with _campaign(args) as c:
        lines = rulesets.history(c)
    if args.json:
        print_json(
            [
                {
                    "id": h.id,
                    "version": h.version,
                    "hash": h.hash,
                    "adopted": h.adopted,
                    "current": h.current,
                }
                for h in lines
            ],
            out,
        )
        return EXIT_OK
    write_lines(
        [
            f"{h.adopted}  {h.id} {h.version}  {h.hash[:12]}" + ("  (current)" if h.current else "")
            for h in lines
        ],
        out,
    )
    return EXIT_OK


def cmd_undo(args: argparse.Namespace, out: TextIO) -> int:
    with _campaign(args, editing=True) as c:
        done = rulesets.undo_adoption(c)
    out.write(f"{done.said()}{taken_back(done.later, done.backup)}")
    return EXIT_OK
