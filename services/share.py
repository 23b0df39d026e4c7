"""Share a posse (issue 20): its roster as a picture for a phone, or as one web page.

Both read the posse once, through `rostermgr.share.shared_posse`, and are written beside the
target and renamed into place (services.outputs); a refusal writes nothing.
"""

from __future__ import annotations

from pathlib import Path

from rostermgr.errors import Refused
from rostermgr.share import SharedPosse, shared_posse
from services import posses
from services.campaign import Campaign, in_campaign
from services.outputs import atomic_output, check_output, write_text

DEFAULT_WIDTH = 1080  # px: a phone screen's width (printables.share.DEFAULT_WIDTH)


@in_campaign
def shared(c: Campaign, name: str) -> SharedPosse:
    """What the image and the page show of the named posse; refused when there is none."""
    if not name:
        raise Refused("Select a posse to share.")
    return shared_posse(posses.load(c, name), c.rules)


@in_campaign
def image_bytes(c: Campaign, name: str, width: int = DEFAULT_WIDTH) -> bytes:
    """The posse's roster as PNG bytes, `width` px wide (the app copies them to the clipboard)."""
    from printables.share import posse_png

    return posse_png(shared(c, name), width)  # a width it cannot use: PrintRefused, a sentence


@in_campaign
def write_image(c: Campaign, name: str, target: str | Path, width: int = DEFAULT_WIDTH) -> Path:
    """Write the posse's picture as a PNG file; returns the path written."""
    path = check_output(target, c.path)
    data = image_bytes(c, name, width)
    with atomic_output(path) as temp:
        temp.write_bytes(data)
    return path


@in_campaign
def page_text(c: Campaign, name: str) -> str:
    """The posse as one self-contained HTML page."""
    from printables.share import posse_html

    return posse_html(shared(c, name))


@in_campaign
def write_page(c: Campaign, name: str, target: str | Path) -> Path:
    """Write the posse's web page (UTF-8); returns the path written."""
    path = check_output(target, c.path)
    write_text(path, page_text(c, name))
    return path
