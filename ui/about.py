"""Help > About: the version, the ruleset, the campaign and the fonts' licences."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.host import Host

# The fonts the printables embed, and their licence (printables/fonts/LICENSE-DejaVu.txt,
# shipped beside them and in the bundle's share/doc/rostermgr; tests/packaging checks this
# sentence against that file).
FONT_LICENCES = (
    "DejaVu Sans and DejaVu Serif: the Bitstream Vera Fonts licence "
    "(DejaVu's changes are in the public domain). Droid Sans Fallback (Chinese, Japanese and "
    "Korean names): the Apache License 2.0. The licence files ship with the fonts."
)


def app_version() -> str:
    """The installed rostermgr's version, as --version says it (setuptools-scm wrote it from git
    at install)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rostermgr")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def about_text(w: Host) -> str:
    """The About box's rich text: the version, the ruleset's, the campaign, the font licences."""
    from html import escape

    from services import games

    games_count = len(games.listing(w.campaign))
    return (
        f"<b>rostermgr</b> {escape(app_version())}: the campaign and roster manager for "
        f"Last Hope Frontier.<br>"
        f"Ruleset: {escape(w.rules.name)} {escape(str(w.rules.version))}.<br>"
        f"Campaign: {escape(w.campaign.where)} ({games_count} games).<br><br>"
        f"Fonts: {escape(FONT_LICENCES)}"
    )
