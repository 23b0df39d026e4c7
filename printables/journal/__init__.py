"""The posse journal (RULES R19): an A5 PDF, or an A4 booklet to print double-sided and fold."""

from printables.journal.booklet import booklet_sides, padded
from printables.journal.writer import Progress, write_journal

__all__ = ["Progress", "booklet_sides", "padded", "write_journal"]
