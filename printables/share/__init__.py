"""A posse to share (issue 20): a picture sized for a phone, and one self-contained web page."""

from printables.share.image import DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH, posse_png
from printables.share.page import posse_html

__all__ = ["DEFAULT_WIDTH", "MAX_WIDTH", "MIN_WIDTH", "posse_html", "posse_png"]
